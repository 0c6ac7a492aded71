import { expect, test } from '@playwright/test';
import { signIn, type DemoAccount } from './support/auth';

const ACCOUNTS: DemoAccount[] = ['superadmin', 'admin', 'operator', 'user', 'globex'];

test.describe('session', () => {
  for (const account of ACCOUNTS) {
    test(`${account} signs in and lands on its dashboard`, async ({ page }) => {
      await signIn(page, account);
      const stored = await page.evaluate(() => ({
        sessionKey: localStorage.getItem('session_key'),
        authValues: localStorage.getItem('auth-values'),
        loggedIn: localStorage.getItem('loggedIn'),
      }));
      expect(stored.sessionKey).toBeTruthy();
      expect(stored.loggedIn).toBe('true');
      expect(JSON.parse(stored.authValues ?? '{}')).toHaveProperty('user_default_role_id');
    });
  }
});
