import { expect, test, type Page } from './support/test';
import { DEMO_PASSWORD, signIn } from './support/auth';

/**
 * Issue 8, "Data loss": what the backend acknowledged survives a reload at once. The embedded backend
 * answers a write only after IndexedDB committed it (docs/persistence.md).
 */

const ROUNDS = 20;

test.beforeEach(async ({ page }) => {
  // No simulated latency: the loops test storage, not waiting.
  await page.addInitScript(() => localStorage.setItem('mock-latency-ms', '0'));
});

/** Waits until the embedded backend has loaded the stored database after a (re)load. */
const backendReady = (page: Page) => page.waitForFunction(() => window.server !== undefined);

test('a task, a unit and a URL rule created just before a reload are still there, 20 times', async ({ page }) => {
  // About 1.5 s a round on an idle 2-core machine; the budget leaves room for a loaded one.
  test.setTimeout(150_000);
  await signIn(page, 'admin');
  // The rounds reload a bare status page: the backend starts on every page, and the admin dashboard, rendered again
  // on each reload, was a quarter of the test's CPU.
  await page.goto('/pages/error-404');
  await backendReady(page);
  for (let round = 0; round < ROUNDS; round++) {
    const statuses = await page.evaluate(async (n) => {
      const headers = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
      };
      const post = (path: string, body: unknown) =>
        fetch(path, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.status);
      return Promise.all([
        post('/api/apps/todo/tasks/', {
          task: {
            title: `Durable task ${n}`,
            desc: '',
            tags: [],
            isImportant: false,
            isStarred: false,
            isCompleted: false,
            isTrashed: false,
          },
        }),
        post('/api/service-units', {
          name: `Durable unit ${n}`,
          hostname: `durable-${n}.example.com`,
          operatingSystem: 'linux',
          tags: [],
          screenshotIntervalMinutes: 0,
        }),
        post('/api/url-restrictions', {
          pattern: `durable-${n}.example.com`,
          matchType: 'domain',
          action: 'block',
          scope: { kind: 'all' },
          schedule: { kind: 'always' },
          reason: '',
        }),
      ]);
    }, round);
    expect(statuses, `round ${round}`).toEqual([201, 201, 201]);
    // At once: no waiting for a debounce or for the page to hide.
    await page.reload();
    await backendReady(page);
    const found = await page.evaluate((n) => {
      const db = window.server?.db as unknown as Record<string, { where(q: object): unknown[] }>;
      return [
        db['tasks']?.where({ title: `Durable task ${n}` }).length,
        db['serviceUnits']?.where({ name: `Durable unit ${n}` }).length,
        db['urlRestrictions']?.where({ pattern: `durable-${n}.example.com` }).length,
      ];
    }, round);
    expect(found, `round ${round}: task, unit, rule after the reload`).toEqual([1, 1, 1]);
  }
});

test('signing in and opening a protected page at once keeps the session, 20 times', async ({ page }) => {
  // About 1.5 s a round on an idle 2-core machine; the budget leaves room for a loaded one.
  test.setTimeout(150_000);
  await page.goto('/login');
  for (let round = 0; round < ROUNDS; round++) {
    // Signed out without signing out: the previous sign-in simply stays behind in the backend.
    await page.evaluate(() => {
      for (const key of ['session_key', 'accessToken', 'auth-values', 'userInfo', 'tokenExpiry', 'loggedIn']) localStorage.removeItem(key);
    });
    if (round > 0) await page.goto('/login');
    await page.getByLabel('Username').fill('user');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    // The moment the app holds the new token, open a bookmarked page with a full load.
    await page.waitForFunction(() => Boolean(localStorage.getItem('session_key')));
    await page.goto('/apps/todo');
    // The page's list request was answered with the stored session, never with a 401.
    await page.waitForFunction(() => (window.mirageRequests ?? []).some((r) => r.path === '/api/apps/todo/tasks'));
    const answers = await page.evaluate(() => (window.mirageRequests ?? []).map((r) => `${r.status} ${r.path}`));
    expect(
      answers.filter((a) => a.startsWith('401')),
      `round ${round}`,
    ).toEqual([]);
    await expect(page, `round ${round}`).toHaveURL(/\/apps\/todo$/);
  }
});
