import { openScreen } from './support/a11y';
import { signIn } from './support/auth';
import { expect, test, type Page, type Response } from './support/test';

/**
 * The remote build (VITE_API_MODE=remote) against a backend no one here wrote: Stoplight Prism mocking
 * docs/api/openapi.yaml (playwright.config.ts starts both; docs/deploy.md). Prism checks every request
 * against the document and answers with its examples, so a screen that renders here renders against any
 * backend that keeps the contract. The app is served from another origin than the API: CORS is exercised.
 */

const APP = `http://127.0.0.1:${process.env.E2E_REMOTE_PORT ?? 4189}`;
const API = `http://127.0.0.1:${process.env.E2E_PRISM_PORT ?? 4192}`;

const ADMIN_PAGES = [
  '/admin/manage-organizations',
  '/admin/manage-users',
  '/admin/reporting/prediction',
  '/admin/my-profile',
  '/apps/todo',
  '/apps/email',
];
/**
 * Every user screen, and one unit's processes, screenshots, URL rules and detail drawer (unit 33 is the first of the
 * document's unit examples). Consecutive entries show different headings (openScreen waits for the heading to change).
 */
const UNIT = '33';
const USER_PAGES = [
  '/user/dashboard',
  '/user/manage-service-units',
  `/user/manage-process?unit=${UNIT}`,
  '/user/manage-screenshots',
  `/user/url-restrictions?unit=${UNIT}`,
  `/user/manage-service-units?unit=${UNIT}`,
  `/user/manage-screenshots?unit=${UNIT}`,
  '/user/url-restrictions',
  '/apps/todo',
  '/apps/email',
  '/user/my-profile',
];

test.use({ baseURL: APP });

interface Seen {
  api: Response[];
  scripts: string[];
}

/** Records every API answer and every script the page downloads. */
function watch(page: Page): Seen {
  const seen: Seen = { api: [], scripts: [] };
  page.on('response', (response) => {
    if (response.url().startsWith(API)) seen.api.push(response);
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.url().endsWith('.js')) seen.scripts.push(request.url());
  });
  return seen;
}

/** Prism names each way a request breaks the contract in `sl-violations`, and answers 422 for an invalid one. */
async function refusals(seen: Seen): Promise<string[]> {
  const lines: string[] = [];
  for (const response of seen.api) {
    const violations = (await response.allHeaders())['sl-violations'];
    if (violations || response.status() === 422) {
      lines.push(`${response.request().method()} ${response.url()} -> ${response.status()} ${violations ?? ''}`);
    }
  }
  return lines;
}

/** The page shows its screen, not an error: no alert (list error, request error) and no error page. */
async function expectRendered(page: Page, path: string): Promise<void> {
  await openScreen(page, path, true);
  await expect(page.locator('main [role="alert"]').filter({ visible: true }), `${path} shows an error`).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/pages\/(error-500|not-authorized)/);
}

async function expectContractKept(seen: Seen): Promise<void> {
  expect(seen.api.length).toBeGreaterThan(0);
  expect(await refusals(seen), 'requests Prism refused as breaking docs/api/openapi.yaml').toEqual([]);
  // The embedded backend (mirage/browser.ts and MirageJS) is never downloaded in a remote build.
  expect(seen.scripts.filter((url) => /\/assets\/(browser|mirage|pretender)[-.]/i.test(url))).toEqual([]);
}

test('admin: sign-in lands on the dashboard and every admin screen renders from the contract examples', async ({ page }) => {
  const seen = watch(page);
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const path of ADMIN_PAGES) await expectRendered(page, path);
  await expectContractKept(seen);
});

test('user: sign-in lands on the user dashboard and every user screen renders from the contract examples', async ({ page }) => {
  const seen = watch(page);
  // Prism answers sign-in, the session check and the own profile with the document's `user` examples when asked
  // for them (the first example of each is an admin).
  await page.route(/\/api\/(UserLogin|me|me\/profile)$/, (route) =>
    route.continue({ headers: { ...route.request().headers(), prefer: 'example=user' } }),
  );
  await signIn(page, 'user');
  for (const path of USER_PAGES) await expectRendered(page, path);
  // The last screen, the own profile, is the role-4 account's (the `user` example), not the administrator's.
  await expect(page.getByLabel('Display name')).toHaveValue('Ulysses User');
  await expectContractKept(seen);
});

test('the API answers the app across origins (CORS)', async ({ page }) => {
  const seen = watch(page);
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const login = seen.api.find((r) => r.url().endsWith('/api/UserLogin'));
  // The dashboard's requests carry the token (a header that needs a CORS preflight).
  await expect.poll(() => seen.api.filter((r) => !r.url().endsWith('/api/UserLogin')).length).toBeGreaterThan(0);
  const authorized = seen.api.find((r) => !r.url().endsWith('/api/UserLogin'));
  expect((await authorized?.request().allHeaders())?.['authorization']).toMatch(/^Bearer \S+/);
  expect(login?.ok()).toBe(true);
  expect(authorized?.ok()).toBe(true);
  for (const response of [login, authorized]) {
    const allowed = (await response?.allHeaders())?.['access-control-allow-origin'];
    expect([APP, '*']).toContain(allowed);
  }
  // The app's origin is not the API's: every one of these requests crossed origins under the enforced policy.
  expect(new URL(page.url()).origin).toBe(APP);
  expect(new URL(API).origin).not.toBe(APP);
});
