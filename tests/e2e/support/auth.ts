import { expect, type Page } from '@playwright/test';

export type DemoAccount = 'superadmin' | 'admin' | 'operator' | 'user' | 'globex';
export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the real login form and waits for the account's dashboard. */
export async function signIn(page: Page, account: DemoAccount, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const dashboard = account === 'user' || account === 'globex' ? '/user/dashboard' : '/admin/dashboard';
  await expect(page).toHaveURL(new RegExp(`${dashboard}`));
}

/** Navigates inside the SPA without a full reload (keeps in-memory state). */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
