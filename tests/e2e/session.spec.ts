import { expect, test, type Page } from './support/test';
import { clientNavigate, DEMO_PASSWORD, signIn, type DemoAccount } from './support/auth';

const ACCOUNTS: DemoAccount[] = ['superadmin', 'admin', 'operator', 'user', 'globex'];
const SESSION_KEYS = ['session_key', 'accessToken', 'auth-values', 'userInfo', 'tokenExpiry', 'loggedIn'];

const readSessionKeys = (page: Page) =>
  page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), SESSION_KEYS);

/** The requests Mirage answered since the page loaded (mirage/browser.ts keeps them on window). */
const handled = (page: Page) =>
  page.evaluate(() => (window as unknown as { mirageRequests?: { method: string; path: string; status: number }[] }).mirageRequests ?? []);

async function signOutFromUserMenu(page: Page) {
  await page.getByRole('button', { name: /– Account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe('session', () => {
  for (const account of ACCOUNTS) {
    test(`${account} signs in and lands on its dashboard`, async ({ page }) => {
      await signIn(page, account);
      const stored = await readSessionKeys(page);
      expect(stored['session_key']).toBeTruthy();
      expect(stored['loggedIn']).toBe('true');
      expect(JSON.parse(stored['auth-values'] ?? '{}')).toEqual({
        user_default_role_id: account === 'globex' ? 4 : ACCOUNTS.indexOf(account) + 1,
      });
    });
  }

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email Or Password Invalid')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reload keeps the session', async ({ page }) => {
    await signIn(page, 'operator');
    const before = await readSessionKeys(page);
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await expect(page.getByRole('button', { name: /– Account menu$/ })).toBeVisible();
    expect(await readSessionKeys(page)).toEqual(before);
  });

  test('sign-out clears every session key and shows the login page', async ({ page }) => {
    await signIn(page, 'admin');
    await signOutFromUserMenu(page);
    const after = await readSessionKeys(page);
    expect(Object.values(after).every((v) => v === null)).toBe(true);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login\?to=%2Fadmin%2Fdashboard/);
  });

  test('with a 2 s token lifetime, the next screen refreshes once and its data appears', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('mock-token-lifetime-s', '2'));
    // The page's clock flows as usual, and can be moved past the token's lifetime at once.
    await page.clock.install();
    await signIn(page, 'user');
    // The dashboard's own requests are answered first: one left waiting would be dropped with the screen.
    const dashboard = ['/api/dashboard/summary', '/api/dashboard/recent-offline', '/api/dashboard/latest-screenshots'];
    await expect
      .poll(async () => {
        const all = await handled(page);
        return dashboard.every((path) => all.some((r) => r.path === path && r.status === 200));
      })
      .toBe(true);
    // From here on: the live connection may be the first to meet the expired token while the page idles.
    const before = (await handled(page)).length;
    await page.clock.fastForward(3000);
    await clientNavigate(page, '/user/manage-service-units');
    await expect(page.getByRole('heading', { level: 1, name: 'Service Unit Management' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    // One refresh, and every request that got a 401 was sent again with the new token and answered after it.
    await expect
      .poll(async () => {
        const requests = (await handled(page)).slice(before);
        const refreshes = requests.filter((r) => r.path === '/api/auth/refresh-token');
        const at = requests.findIndex((r) => r.path === '/api/auth/refresh-token' && r.status === 200);
        const failed = requests.map((r, i) => ({ ...r, i })).filter((r) => r.status === 401);
        const retried = failed.filter((f) =>
          requests.slice(Math.max(f.i, at)).some((r) => r.path === f.path && r.method === f.method && r.status === 200),
        );
        return { refreshes, met: failed.length >= 1, retried: at >= 0 && retried.length === failed.length };
      })
      .toEqual({ refreshes: [{ method: 'POST', path: '/api/auth/refresh-token', status: 200 }], met: true, retried: true });
  });

  test('a registered account survives a reload and signs in with its email', async ({ page }) => {
    const email = `nina.${Date.now()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Nina Newcomer');
    await page.getByLabel('Phone number').fill('+49 30 1234567');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('You are successfully registered!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.reload();
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard/);
    const info = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { displayName?: string });
    expect(info.displayName).toBe('Nina Newcomer');
  });

  test('a second tab is signed out when the first signs out', async ({ page, context }) => {
    await signIn(page, 'superadmin');
    const second = await context.newPage();
    await second.goto('/admin/manage-users');
    await expect(second).toHaveURL(/\/admin\/manage-users/);
    await signOutFromUserMenu(page);
    await expect(second).toHaveURL(/\/login/);
    expect(Object.values(await readSessionKeys(second)).every((v) => v === null)).toBe(true);
  });

  test('the lock screen returns to the page where the session was locked', async ({ page }) => {
    await signIn(page, 'admin');
    await clientNavigate(page, '/admin/manage-organizations');
    await page.getByRole('button', { name: /– Account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Lock screen' }).click();
    await expect(page).toHaveURL(/\/pages\/lock-screen/);
    await expect(page.getByText('Adam Manager')).toBeVisible();
    // While locked, protected pages lead to the lock screen.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/pages\/lock-screen/);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Wrong password').first()).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-organizations/);
  });

  test('a refused refresh signs out and sends the visitor to the login with the page to come back to', async ({ page }) => {
    await signIn(page, 'user');
    // The server forgets every token: the next requests get 401 and the refresh is refused.
    await page.evaluate(() => {
      const db = (window as unknown as { server: { db: { sessions: { update(attrs: object): void } } } }).server.db;
      db.sessions.update({ revoked: true });
    });
    await clientNavigate(page, '/user/manage-service-units');
    await expect(page).toHaveURL(/\/login\?to=%2Fuser%2Fmanage-service-units/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
    expect(Object.values(await readSessionKeys(page)).every((v) => v === null)).toBe(true);
    const refreshes = (await handled(page)).filter((r) => r.path === '/api/auth/refresh-token');
    expect(refreshes).toEqual([{ method: 'POST', path: '/api/auth/refresh-token', status: 401 }]);
  });

  test('an unreadable stored database is replaced by fresh demo data, with a warning', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    // The fresh seed is stored in the background: damaged once it is all in (before, a reload seeds again).
    await page.waitForFunction(() => (window as { mirageStatus?: { storedAt?: number | null } }).mirageStatus?.storedAt != null);
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          // The demo database's row store (mirage/store): every row replaced by one that no schema accepts.
          const open = indexedDB.open('service-unit-admin-mirage');
          open.onsuccess = () => {
            const tx = open.result.transaction('rows', 'readwrite');
            const rows = tx.objectStore('rows');
            rows.clear();
            rows.put({ c: 'users', r: { id: 1, email: 42 } });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.reload();
    await expect(page.getByText('Demo data reset')).toBeVisible();
    expect(warnings.some((w) => w.includes('unreadable'))).toBe(true);
    await signIn(page, 'admin');
  });

  test('"Reset demo data" forgets changes: a registered account is gone', async ({ page }) => {
    const email = `gone.${Date.now()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Gone Soon');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'admin');
    await page.getByRole('button', { name: /– Account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Reset demo data' }).click();
    await page.getByRole('button', { name: 'Reset data' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email Or Password Invalid')).toBeVisible();
  });

  test('a tab opened before signing in follows the sign-in and can load data', async ({ page, context }) => {
    const second = await context.newPage();
    await second.goto('/login');
    await expect(second.getByRole('button', { name: 'Log in' })).toBeVisible();
    await signIn(page, 'user');
    // The other tab's embedded backend learns the new session from the shared database.
    await expect(second).toHaveURL(/\/user\/dashboard/);
    await second.goto('/user/manage-service-units');
    await expect(second.getByRole('heading', { level: 1, name: 'Service Unit Management' })).toBeVisible();
    await expect(second.getByRole('row').nth(1)).toBeVisible();
    await expect(page).toHaveURL(/\/user\/dashboard/);
    expect(await readSessionKeys(page)).toEqual(await readSessionKeys(second));
  });

  test('locking in one tab locks the other, unlocking there frees both', async ({ page, context }) => {
    await signIn(page, 'operator');
    const second = await context.newPage();
    await second.goto('/admin/manage-users');
    await expect(second).toHaveURL(/\/admin\/manage-users/);
    // The second tab's server has confirmed the session (its menu shows): else, still confirming when the
    // lock arrives, it must ask its own copy of the demo backend again after the unlock, and that copy,
    // loaded from storage while locked, still holds the lock (docs/auth.md, Known limitations).
    await expect(second.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.getByRole('button', { name: /– Account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Lock screen' }).click();
    await expect(page).toHaveURL(/\/pages\/lock-screen/);
    await expect(second).toHaveURL(/\/pages\/lock-screen/);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    // Each tab returns to its own page.
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await expect(second).toHaveURL(/\/admin\/manage-users/);
  });
});
