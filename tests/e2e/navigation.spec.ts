import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { clientNavigate, signIn, type DemoAccount } from './support/auth';

// The route table itself (src/app/routes.ts), read as text so a new route is walked without touching this file.
const table = readFileSync(new URL('../../src/app/routes.ts', import.meta.url), 'utf8');
const routePaths = [...table.matchAll(/\{\s*path: '([^']+)'/g)].map((m) => m[1] ?? '');
const redirectPaths = [...table.matchAll(/\{\s*from: '([^']+)'/g)].map((m) => m[1] ?? '');

const DASHBOARD: Record<DemoAccount, string> = {
  superadmin: '/admin/dashboard',
  admin: '/admin/dashboard',
  operator: '/admin/dashboard',
  user: '/user/dashboard',
  globex: '/user/dashboard',
};

/** The page shows something: a visible heading with text, and the boot overlay is gone. */
async function expectRenderedPage(page: Page, from: string) {
  const heading = page.getByRole('heading').filter({ hasText: /\S/ }).first();
  // Generous: /dev/api parses the whole contract, and on a first visit the demo seed is stored meanwhile.
  await expect(heading, `in-app navigation to ${from} ended on ${page.url()} with no visible heading`).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#loading-bg')).toBeHidden();
  const text = await page.locator('#app').innerText();
  expect(text.trim().length, `${from} → ${page.url()} rendered no text`).toBeGreaterThan(0);
}

test('the route table was read', () => {
  expect(routePaths.length).toBeGreaterThan(15);
  expect(routePaths).toContain('/login');
  expect(redirectPaths).toContain('/');
});

test('signed out: every route and redirect, navigated inside the app, ends on a rendered page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  for (const path of [...routePaths, ...redirectPaths]) {
    await clientNavigate(page, path);
    await expectRenderedPage(page, path);
  }
});

for (const account of Object.keys(DASHBOARD) as DemoAccount[]) {
  test.describe(() => {
    // One signed-in page for both tests of the account (one worker runs them in order; after a failure the next worker
    // signs in again). The walk comes last: it ends on the lock screen, which may lock the session.
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext()).newPage();
      await signIn(page, account);
    });
    test.afterAll(async () => page.context().close());

    test(`as ${account}: the brand link, and in-app navigation to / and /login, end on the dashboard`, async () => {
      const dashboard = new RegExp(`${DASHBOARD[account]}(\\?|$)`);
      await clientNavigate(page, '/apps/todo');
      await expectRenderedPage(page, '/apps/todo');
      await page.getByRole('link', { name: /Service Unit Admin/ }).click();
      await expect(page).toHaveURL(dashboard);
      await expectRenderedPage(page, 'the brand link');

      for (const path of ['/', '/login']) {
        await clientNavigate(page, '/apps/todo');
        await expectRenderedPage(page, '/apps/todo');
        await clientNavigate(page, path);
        await expect(page).toHaveURL(dashboard);
        await expectRenderedPage(page, path);
      }
    });

    test(`as ${account}: every route and redirect, navigated inside the app, ends on a rendered page`, async () => {
      test.setTimeout(180_000);
      // The lock screen last: it may lock the session, after which every page leads back to it.
      const walk = [...routePaths.filter((p) => p !== '/pages/lock-screen'), ...redirectPaths, '/pages/lock-screen'];
      for (const path of walk) {
        await clientNavigate(page, path);
        await expectRenderedPage(page, path);
      }
    });
  });
}

test('the opened email is in the URL: Back closes it, Forward and a deep link open it', async ({ page }) => {
  await signIn(page, 'user');
  await clientNavigate(page, '/apps/email/inbox');
  const row = page.getByRole('list', { name: 'Inbox' }).getByRole('listitem').first().locator('[data-subject]');
  const subject = ((await row.textContent()) ?? '').trim();
  await row.click();
  const heading = page.getByRole('heading', { name: subject, level: 2 });
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(/\/apps\/email\/inbox\/\d+$/);
  const emailUrl = page.url();

  await page.goBack();
  await expect(page).toHaveURL(/\/apps\/email\/inbox$/);
  await expect(heading).toBeHidden();
  await expect(page.getByRole('list', { name: 'Inbox' })).toBeVisible();

  await page.goForward();
  await expect(heading).toBeVisible();

  await page.goto(emailUrl);
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();

  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/\/apps\/email\/inbox$/);
  await expect(heading).toBeHidden();
});
