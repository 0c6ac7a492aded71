import { expect, test, type Page } from './support/test';
import { signIn as signInThroughForm, type DemoAccount } from './support/auth';

/**
 * The foundation: routing and the guard, the page frame, the layout's language and theme.
 * Stored-session tests assert routing only: the fake token is unknown to the backend.
 */

/** Stores a complete-looking session of a role before the app boots (once, so sign-out sticks). */
async function storeSession(page: Page, role: number, overrides: Record<string, string> = {}) {
  await page.addInitScript(
    ({ role, overrides }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      const values: Record<string, string> = {
        session_key: 'e2e-session-key',
        accessToken: 'e2e-access-token',
        loggedIn: 'true',
        tokenExpiry: String(Date.now() + 3_600_000),
        'auth-values': JSON.stringify({ user_default_role_id: role }),
        userInfo: JSON.stringify({
          uid: 'e2e',
          displayName: 'E2E User',
          about: '',
          photoURL: '',
          status: 'online',
          userRole: 'admin',
          email: 'e2e@example.com',
          providerId: 'demo',
        }),
        ...overrides,
      };
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { role, overrides },
  );
}

/** Signs in through the real login form (shared helper) and waits for the app shell. */
async function signIn(page: Page, account: DemoAccount) {
  await signInThroughForm(page, account);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('routing and the guard', () => {
  test('/ goes to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('#loading-bg')).toBeHidden();
  });

  test('an unknown path goes to the 404 page', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/pages\/error-404$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
    await expect(page).toHaveTitle('Error 404 | Service Unit Admin');
  });

  test('a protected page signed out goes to login with the wanted path', async ({ page }) => {
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/login\?to=%2Fuser%2Fdashboard$/);
  });

  // A stored session counts only once the server confirms it (GET /api/me): these sign in for real.
  test('with a stored role-2 session, /login goes to the admin dashboard', async ({ page }) => {
    await signInThroughForm(page, 'admin');
    await Promise.all([page.waitForURL(/\/admin\/dashboard\?to=%2Flogin$/), page.goto('/login')]);
  });

  test('a stored session the server does not know is ended, and the visitor signs in again', async ({ page }) => {
    await storeSession(page, 2);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login\?to=%2Fadmin%2Fdashboard$/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('session_key'))).toBeNull();
  });

  test('role 4 at an admin page lands on not-authorized with a link to its dashboard', async ({ page }) => {
    await signInThroughForm(page, 'user');
    await page.goto('/admin/manage-users');
    await expect(page).toHaveURL(/\/pages\/not-authorized$/);
    await expect(page.getByRole('heading', { level: 1, name: 'You are not authorized' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to my dashboard' })).toHaveAttribute('href', '/user/dashboard');
  });

  test('corrupted auth-values: the bad keys are cleared and the visitor signs in again, without an error', async ({ page }) => {
    const errors = collectPageErrors(page);
    await storeSession(page, 2, { 'auth-values': '{not json' });
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.locator('#loading-bg')).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: /something went wrong|could not be loaded/i })).toHaveCount(0);
    const stored = await page.evaluate(() => ({ auth: localStorage.getItem('auth-values'), key: localStorage.getItem('session_key') }));
    expect(stored).toEqual({ auth: null, key: null });
    expect(errors).toEqual([]);
  });
});

test.describe('layout', () => {
  test('switching to German changes the menu and survives a reload', async ({ page }) => {
    await signIn(page, 'admin');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'User Management' })).toBeVisible();
    await page.getByRole('button', { name: /^Language:/ }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    const hauptmenu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await expect(hauptmenu.getByRole('link', { name: 'Benutzerverwaltung' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.reload();
    await expect(hauptmenu.getByRole('link', { name: 'Benutzerverwaltung' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the dark theme survives a reload; semi-dark darkens only the sidebar', async ({ page }) => {
    await signIn(page, 'user');
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitem', { name: 'Dark', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitem', { name: 'Semi dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('#loading-bg is hidden after navigating, and the breadcrumb follows', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.locator('#loading-bg')).toBeHidden();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Organization Management' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-organizations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Organization Management' })).toBeVisible();
    await expect(page.locator('#loading-bg')).toBeHidden();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  test('Ctrl+K searches the pages of the role and opens one', async ({ page }) => {
    await signIn(page, 'operator');
    await page.keyboard.press('Control+k');
    const search = page.getByRole('textbox', { name: 'Search pages' });
    await expect(search).toBeVisible();
    await search.fill('predict');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/reporting\/prediction$/);
  });

  test('a starred page shows in the navbar and survives a reload', async ({ page }) => {
    await signIn(page, 'user');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Url Restrictions' }).click();
    await page.getByRole('button', { name: 'Add to starred pages' }).click();
    const starred = page.getByRole('navigation', { name: 'Starred pages' });
    await expect(starred.getByRole('link', { name: 'Url Restrictions' })).toBeVisible();
    await page.reload();
    await expect(starred.getByRole('link', { name: 'Url Restrictions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from starred pages' })).toBeVisible();
  });
});
