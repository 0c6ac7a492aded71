import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { clientNavigate, signIn, type DemoAccount } from './support/auth';

/**
 * The product standard: every control labelled, colour contrast AA, in all three themes.
 * axe (WCAG 2 A/AA) scans each screen once its data has loaded; any violation fails.
 */

const THEMES = ['light', 'dark', 'semi-dark'] as const;

const PUBLIC_PAGES = ['/login', '/register', '/pages/error-404', '/pages/not-authorized'];
const USER_PAGES = [
  '/user/dashboard',
  '/user/manage-service-units',
  '/user/manage-process',
  '/user/manage-screenshots',
  '/user/url-restrictions',
  '/apps/todo',
  '/apps/email',
];
const ADMIN_PAGES = ['/admin/dashboard'];

/** Waits until the screen shows data: its heading is up and no loader, skeleton or busy region is left. */
async function waitForLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root').filter({ visible: true })).toHaveCount(0);
  // Transitions (fade-ins) finish before colours are measured.
  await page.waitForTimeout(300);
}

async function scan(page: Page, path: string, inApp: boolean): Promise<string[]> {
  if (inApp && new URL(page.url()).pathname === path) {
    // already there (signing in lands on the dashboard)
  } else if (inApp) {
    // Inside the app a client-side navigation is enough (and far faster than rebooting it);
    // the heading changing tells the new screen is rendered.
    const previous = await page.getByRole('heading', { level: 1 }).first().textContent();
    await clientNavigate(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText(previous ?? '');
  } else {
    await page.goto(path);
  }
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await waitForLoaded(page);
  // The pointer left over a table row would make its hover colour part of one run only.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${path}: ${v.id} at ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`));
}

async function scanAll(page: Page, paths: string[], account?: DemoAccount): Promise<void> {
  if (account) await signIn(page, account);
  const found: string[] = [];
  for (const path of paths) found.push(...(await scan(page, path, account !== undefined)));
  expect(found, `axe violations:\n${found.join('\n')}`).toHaveLength(0);
}

for (const mode of THEMES) {
  test.describe(`accessibility in the ${mode} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('theme-mode', m), mode);
    });

    test('public screens', async ({ page }) => {
      await scanAll(page, PUBLIC_PAGES);
    });

    test('user screens', async ({ page }) => {
      await scanAll(page, USER_PAGES, 'user');
    });

    test('admin screens', async ({ page }) => {
      await scanAll(page, ADMIN_PAGES, 'admin');
    });
  });
}
