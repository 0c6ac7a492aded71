import { expect, test, type Page } from './support/test';
import { DEMO_PASSWORD, signIn } from './support/auth';

/**
 * Issue 8, session bullets: a stored role is never trusted (the server confirms it before anything
 * role-gated renders), and the lock is enforced by the server, not only by the lock screen.
 */

/** Sets the role 1 (super admin) in storage on whatever session is stored: what a curious user would try. */
async function tamperRoleToSuperAdmin(page: Page) {
  await page.evaluate(() => {
    localStorage.setItem('auth-values', JSON.stringify({ user_default_role_id: 1 }));
    const user = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('userInfo', JSON.stringify({ ...user, userRole: 'admin' }));
  });
}

/** Records, from the first script of every load, whether the Administration menu ever appeared. */
async function watchForAdminMenu(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { sawAdminMenu?: boolean };
    w.sawAdminMenu = false;
    const check = () => {
      for (const nav of document.querySelectorAll('nav')) if (nav.textContent?.includes('Administration')) w.sawAdminMenu = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const sawAdminMenu = (page: Page) => page.evaluate(() => (window as unknown as { sawAdminMenu?: boolean }).sawAdminMenu);

/** A data call made directly with the stored token, as a script ignoring the lock screen would. */
const statusWithStoredToken = (page: Page) =>
  page.evaluate(async () => {
    const token = localStorage.getItem('accessToken') ?? '';
    const response = await fetch('/api/apps/todo/tasks', { headers: { Authorization: `Bearer ${token}` } });
    return response.status;
  });

test.describe('session hardening', () => {
  test('a role set to 1 in storage on a user session is replaced by the server role and never shown', async ({ page }) => {
    await signIn(page, 'user');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await watchForAdminMenu(page);
    await tamperRoleToSuperAdmin(page);

    await page.reload();
    await expect(page).toHaveURL(/\/user\/dashboard/);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Administration')).toHaveCount(0);
    expect(await sawAdminMenu(page)).toBe(false);
    // The server's role was written back over the tampered one.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth-values') ?? '{}') as unknown)).toEqual({
      user_default_role_id: 4,
    });

    // Tampered again, straight to an admin page: refused, with the way back to the user's own dashboard.
    await tamperRoleToSuperAdmin(page);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/pages\/not-authorized/);
    await expect(page.getByRole('heading', { level: 1, name: 'You are not authorized' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to my dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(await sawAdminMenu(page)).toBe(false);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth-values') ?? '{}') as unknown)).toEqual({
      user_default_role_id: 4,
    });
  });

  test('a locked session is refused by the server until the password unlocks it', async ({ page }) => {
    await signIn(page, 'admin');
    expect(await statusWithStoredToken(page)).toBe(200);

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Lock screen' }).click();
    await expect(page).toHaveURL(/\/pages\/lock-screen/);
    // The lock reached the server: the same token now gets 423 for data.
    await expect.poll(() => statusWithStoredToken(page)).toBe(423);

    // Removing the lock flag from storage does not unlock anything: the server still says locked.
    await page.evaluate(() => localStorage.removeItem('session_locked'));
    await page.goto('/admin/manage-users');
    await expect(page).toHaveURL(/\/pages\/lock-screen/);
    await expect(page.getByText('Adam Manager')).toBeVisible();
    expect(await statusWithStoredToken(page)).toBe(423);
    // Still signed in: the 423 never turned into a sign-out.
    expect(await page.evaluate(() => localStorage.getItem('session_key'))).not.toBeNull();

    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Wrong password').first()).toBeVisible();
    expect(await statusWithStoredToken(page)).toBe(423);

    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-users/);
    expect(await statusWithStoredToken(page)).toBe(200);
  });
});
