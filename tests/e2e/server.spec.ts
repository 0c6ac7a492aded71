import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openScreen } from './support/a11y';
import { signIn, type DemoAccount } from './support/auth';
import { recordContract } from './support/contract-recorder';
import {
  freshServerData,
  serverAppBuilt,
  serverProcess,
  SERVER_DIST,
  SERVER_PORT,
  type ServerData,
  type ServerProcess,
} from './support/server-process';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from './support/test';

/**
 * The remote build against the real server (npm run server: the domains over PostgreSQL), served by the server itself
 * (STATIC_DIR), so the app and its API share one origin, as in a one-process deployment. The spec starts the server
 * on fresh data (PGlite in a temporary folder, or a new database on E2E_DATABASE_URL) and kills it itself: one test
 * kills it with SIGKILL and starts it again on the same data (tests/e2e/support/server-process.ts).
 *
 * Unlike remote.spec.ts (Prism's examples), the screens show the seeded data, every write is stored, and what one
 * person changes another sees. Sign-ins are shared between tests: each account signs in once, and later tests open
 * contexts with its stored session.
 */

const APP = `http://127.0.0.1:${SERVER_PORT}`;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** An Acme unit of the default seed (ids 1–42 are Acme's, 43–80 Globex's). */
const UNIT = '1';

interface Screen {
  path: string;
  /** What the screen shows once its data is in (the seed's rows, not an empty state). */
  shows?: (page: Page) => Locator;
}

const tableRows = (name: string) => (page: Page) => page.getByRole('table', { name }).locator('tbody tr').first();

const ADMIN_SCREENS: readonly Screen[] = [
  { path: '/admin/dashboard' },
  { path: '/admin/manage-organizations', shows: tableRows('Organizations') },
  { path: '/admin/manage-users', shows: tableRows('Users') },
  { path: '/admin/reporting/prediction', shows: tableRows('Prediction for every service unit') },
  { path: '/apps/todo' },
  { path: '/apps/email' },
  { path: '/admin/my-profile' },
];

/** Every user screen, and one unit's processes, URL rules, detail drawer and screenshots (consecutive headings differ). */
const USER_SCREENS: readonly Screen[] = [
  { path: '/user/dashboard' },
  { path: '/user/manage-service-units', shows: tableRows('Service units') },
  { path: `/user/manage-process?unit=${UNIT}`, shows: (page) => page.locator('main table tbody tr').first() },
  { path: '/user/manage-screenshots', shows: (page) => page.getByRole('button', { name: /^Open screenshot of / }).first() },
  { path: `/user/url-restrictions?unit=${UNIT}`, shows: tableRows('URL rules') },
  // The detail drawer is named by its unit.
  { path: `/user/manage-service-units?unit=${UNIT}`, shows: (page) => page.getByRole('dialog').getByRole('heading', { level: 2 }) },
  { path: `/user/manage-screenshots?unit=${UNIT}`, shows: (page) => page.getByRole('button', { name: /^Open screenshot of / }).first() },
  { path: '/user/url-restrictions', shows: tableRows('URL rules') },
  { path: '/apps/todo' },
  { path: '/apps/email' },
  { path: '/user/my-profile' },
];

const DISPLAY_NAMES: Record<DemoAccount, string> = {
  superadmin: 'Sophie Admin',
  admin: 'Adam Manager',
  operator: 'Olivia Operator',
  user: 'Ulysses User',
  globex: 'Greta Globex',
};

let data: ServerData | null = null;
let server: ServerProcess | null = null;
const sessions = new Map<DemoAccount, StorageState>();

test.skip(process.env.E2E_SERVER === '0', 'E2E_SERVER=0 skips the real-server suite');
test.use({ baseURL: APP });

test.beforeAll(async () => {
  if (!serverAppBuilt()) {
    throw new Error(`${SERVER_DIST}/index.html is missing: run with E2E_SERVER=1 (the globalSetup builds it) or build it yourself`);
  }
  data = await freshServerData();
  server = serverProcess(data);
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  await data?.drop();
});

test.afterEach(async ({ browserName: _browserName }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && server) await testInfo.attach('server output', { body: server.output() });
});

function running(): ServerProcess {
  if (!server) throw new Error('The server is not running');
  return server;
}

/** The server's failures (5xx) each page saw: a screen may show a failed request gently, the suite does not let it pass. */
const failures = new WeakMap<Page, string[]>();

/** A new browser context on the app; with `state`, signed in already. */
async function openContext(browser: Browser, state?: StorageState, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: APP, viewport, ...(state ? { storageState: state } : {}) });
  const page = await context.newPage();
  const seen: string[] = [];
  failures.set(page, seen);
  page.on('response', (response) => {
    if (response.status() >= 500 && new URL(response.url()).pathname.startsWith('/api/')) {
      seen.push(`${response.request().method()} ${response.url()} -> ${response.status()}`);
    }
  });
  return page;
}

/**
 * Closes a context this spec opened, after checking its API calls against the contract: the shared fixture checks
 * only the contexts still open when the test ends (tests/e2e/support/test.ts).
 */
async function closeChecked(page: Page): Promise<void> {
  const context = page.context();
  const mismatches = await (await recordContract(context)).finish();
  await context.close();
  expect(mismatches, `API calls that break docs/api/openapi.yaml:\n${mismatches.join('\n')}`).toEqual([]);
  expect(failures.get(page), 'requests the server failed').toEqual([]);
}

/** A page signed in as `account`: the first time through the login form, then from the stored session. */
async function signedIn(browser: Browser, account: DemoAccount, viewport?: { width: number; height: number }): Promise<Page> {
  let state = sessions.get(account);
  if (!state) {
    const page = await openContext(browser);
    await signIn(page, account);
    state = await page.context().storageState();
    sessions.set(account, state);
    await closeChecked(page);
  }
  return openContext(browser, state, viewport);
}

/** The screen shows its data, not an error: no alert (list error, request error) and no error page. */
async function expectRendered(page: Page, screen: Screen): Promise<void> {
  await openScreen(page, screen.path, true);
  await expect(page.locator('main [role="alert"]').filter({ visible: true }), `${screen.path} shows an error`).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/pages\/(error-500|not-authorized)/);
  if (screen.shows) await expect(screen.shows(page), `${screen.path} shows the seeded data`).toBeVisible();
}

const unitsTable = (page: Page) => page.getByRole('table', { name: 'Service units' });

/** Creates a unit through the "New unit" drawer and waits for the server's 201 and the success notification; the list is open. */
async function createUnit(page: Page, name: string, hostname: string): Promise<void> {
  await page.getByRole('button', { name: 'New unit' }).click();
  const drawer = page.getByRole('dialog', { name: 'New service unit' });
  await drawer.getByRole('textbox', { name: /^Name/ }).fill(name);
  await drawer.getByRole('textbox', { name: /^Hostname/ }).fill(hostname);
  await drawer.getByRole('combobox', { name: /^Operating system/ }).click();
  await page.getByRole('option', { name: 'Linux' }).click();
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/service-units');
  await drawer.getByRole('button', { name: 'Create unit' }).click();
  // The server answers 201 once the row is committed (server/backend.ts); then the screen says so.
  expect((await answered).status()).toBe(201);
  await expect(page.getByText(`“${name}” was created`)).toBeVisible();
  await expect(drawer).toBeHidden();
}

/** Opens the units list searched for `text` (a full load: what the server has now). */
async function searchUnits(page: Page, text: string): Promise<void> {
  await page.goto(`/user/manage-service-units?q=${encodeURIComponent(text)}`);
  await expect(page.getByRole('searchbox', { name: 'Search units' })).toHaveValue(text);
  await expect(page.locator('[aria-busy="true"]').filter({ visible: true })).toHaveCount(0);
}

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

for (const account of ['superadmin', 'admin', 'operator', 'user'] as const) {
  const area = account === 'user' ? 'user' : 'admin';
  test(`${account} signs in, lands on the ${area} dashboard, and every ${area} screen renders the server's data`, async ({ browser }) => {
    const page = await openContext(browser);
    await signIn(page, account);
    await expect(page).toHaveURL(new RegExp(`/${area}/dashboard$`));
    sessions.set(account, await page.context().storageState());
    for (const screen of area === 'user' ? USER_SCREENS : ADMIN_SCREENS) await expectRendered(page, screen);
    // The first screen is the dashboard the account landed on; the last is the own profile: the account's own row, from the server.
    await expect(page.getByLabel('Display name')).toHaveValue(DISPLAY_NAMES[account]);
    await closeChecked(page);
  });
}

test('a unit is created, edited, and deleted with undo; each step survives a reload', async ({ browser }) => {
  const page = await signedIn(browser, 'user');
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE' && request.url().includes('/api/service-units/')) deletes.push(request.url());
  });
  const name = unique('E2E Server Kiosk');
  await page.goto('/user/manage-service-units');
  await expect(unitsTable(page).locator('tbody tr').first()).toBeVisible();
  await createUnit(page, name, 'e2e-server-kiosk.acme.example');

  await searchUnits(page, name);
  const table = unitsTable(page);
  await expect(table.getByRole('button', { name, exact: true })).toBeVisible();

  // Edit its name in the drawer.
  const renamed = `${name} renamed`;
  await table.getByRole('button', { name: `Edit ${name}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit service unit' });
  await drawer.getByRole('textbox', { name: /^Name/ }).fill(renamed);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`“${renamed}” was saved`)).toBeVisible();
  await expect(drawer).toBeHidden();
  await page.reload();
  await expect(table.getByRole('button', { name: renamed, exact: true })).toBeVisible();

  // Delete, then undo within the undo window: nothing is deleted on the server.
  await table.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page
    .getByRole('dialog', { name: `Delete “${renamed}”?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  const pending = page.getByRole('alert').filter({ hasText: `“${renamed}” will be deleted` });
  await pending.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`“${renamed}” was kept`)).toBeVisible();
  await expect(table.getByRole('button', { name: renamed, exact: true })).toBeVisible();
  await page.reload();
  await expect(table.getByRole('button', { name: renamed, exact: true })).toBeVisible();
  expect(deletes).toEqual([]);

  // Delete without undo: once the window is over the server deletes it, and a reload shows it gone.
  await table.getByRole('button', { name: `Delete ${renamed}` }).click();
  await page
    .getByRole('dialog', { name: `Delete “${renamed}”?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(`“${renamed}” was deleted`)).toBeVisible({ timeout: 15_000 });
  expect(deletes).toHaveLength(1);
  await page.reload();
  await expect(page.getByText('No results')).toBeVisible();
  await expect(table.getByRole('button', { name: renamed, exact: true })).toHaveCount(0);
  await closeChecked(page);
});

test('two people of one organization see each other’s units; another organization never does', async ({ browser }) => {
  // The seed has one active role-4 account in Acme (`user`): an Acme admin invites a colleague, who sets a password.
  const admin = await signedIn(browser, 'admin');
  const colleague = `nina${Date.now().toString(36)}`;
  await admin.goto('/admin/manage-users');
  await admin.getByRole('button', { name: 'Invite user' }).click();
  const invite = admin.getByRole('dialog', { name: 'Invite a user' });
  await invite.getByLabel('Full name').fill('Nina Newcomer');
  await invite.getByLabel('Username').fill(colleague);
  await invite.getByLabel('E-mail').fill(`${colleague}@acme.example`);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  const linkDialog = admin.getByRole('dialog', { name: 'Nina Newcomer is invited' });
  const link = new URL(await linkDialog.getByLabel('Set-password link').inputValue());
  expect(link.origin).toBe(APP);
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  await closeChecked(admin);

  const nina = await openContext(browser);
  await nina.goto(link.pathname + link.search);
  await expect(nina.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await nina.getByLabel('New password').fill('nina-pass-1');
  await nina.getByLabel('Repeat the password').fill('nina-pass-1');
  await nina.getByRole('button', { name: 'Set password' }).click();
  await expect(nina.getByText('Your password is set')).toBeVisible();
  await nina.getByRole('link', { name: 'Sign in' }).click();
  await nina.getByLabel('Username').fill(colleague);
  await nina.getByLabel('Password', { exact: true }).fill('nina-pass-1');
  await nina.getByRole('button', { name: 'Log in' }).click();
  await expect(nina).toHaveURL(/\/user\/dashboard/);

  // Nina has the list open; Ulysses creates a unit in his own browser.
  const name = unique('E2E Shared Unit');
  await searchUnits(nina, name);
  await expect(nina.getByText('No results')).toBeVisible();
  const user = await signedIn(browser, 'user');
  await user.goto('/user/manage-service-units');
  await createUnit(user, name, 'e2e-shared.acme.example');
  await searchUnits(user, name);
  await unitsTable(user).getByRole('button', { name, exact: true }).click();
  await expect(user).toHaveURL(/[?&]unit=[0-9a-f-]+(&|$)/);
  const id = new URL(user.url()).searchParams.get('unit') ?? '';
  await expect(user.getByRole('dialog', { name })).toBeVisible();

  // After a refresh Nina sees it, and opens it.
  await nina.reload();
  await expect(unitsTable(nina).getByRole('button', { name, exact: true })).toBeVisible();
  await nina.goto(`/user/manage-service-units?unit=${id}`);
  await expect(nina.getByRole('dialog', { name })).toBeVisible();

  // Greta of Globex never sees it: not in her list, and its id is "not found" to her.
  const greta = await signedIn(browser, 'globex');
  await searchUnits(greta, name);
  await expect(greta.getByText('No results')).toBeVisible();
  await greta.goto(`/user/manage-service-units?unit=${id}`);
  await expect(greta.getByRole('dialog').getByText('Service unit not found')).toBeVisible();

  await closeChecked(nina);
  await closeChecked(user);
  await closeChecked(greta);
});

test('two people editing one unit: the later save shows the earlier change beside its own, and neither is lost', async ({ browser }) => {
  const first = await signedIn(browser, 'user');
  const name = unique('E2E Conflict Kiosk');
  await first.goto('/user/manage-service-units');
  await expect(unitsTable(first).locator('tbody tr').first()).toBeVisible();
  await createUnit(first, name, 'e2e-conflict.acme.example');
  await searchUnits(first, name);
  const second = await signedIn(browser, 'user');
  await searchUnits(second, name);

  // Both open the unit's form; the first saves a new location.
  const drawerOf = (page: Page) => page.getByRole('dialog', { name: 'Edit service unit' });
  await unitsTable(first)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await unitsTable(second)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await drawerOf(first)
    .getByRole('textbox', { name: /^Location/ })
    .fill('Dock 1 (first)');
  await drawerOf(first).getByRole('button', { name: 'Save' }).click();
  await expect(first.getByText(`“${name}” was saved`)).toBeVisible();

  // The second, who read the unit before that save, is told, with both values, and keeps what was typed.
  const location = drawerOf(second).getByRole('textbox', { name: /^Location/ });
  await location.fill('Dock 2 (second)');
  const refused = second.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/service-units/'));
  await drawerOf(second).getByRole('button', { name: 'Save' }).click();
  expect((await refused).status()).toBe(412);
  await expect(drawerOf(second).getByRole('alert', { name: /Changed by Ulysses User at .* while you were editing/ })).toBeVisible();
  const row = drawerOf(second)
    .getByRole('table', { name: 'Their values and yours' })
    .getByRole('row', { name: /Location/ });
  await expect(row).toContainText('Dock 1 (first)');
  await expect(row).toContainText('Dock 2 (second)');
  await expect(location).toHaveValue('Dock 2 (second)');

  // Keep mine: saved against their version; the first sees it after a reload.
  await drawerOf(second).getByRole('button', { name: 'Keep mine' }).click();
  await expect(second.getByText(`“${name}” was saved`)).toBeVisible();
  await first.reload();
  await unitsTable(first)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await expect(drawerOf(first).getByRole('textbox', { name: /^Location/ })).toHaveValue('Dock 2 (second)');
  await closeChecked(first);
  await closeChecked(second);
});

test('a server killed with SIGKILL and started again on the same data has every acknowledged write, and the session goes on', async ({
  browser,
}) => {
  const page = await signedIn(browser, 'user');
  const run = unique('E2E Restart');
  const before = `${run} before`;
  await page.goto('/user/manage-service-units');
  await expect(unitsTable(page).locator('tbody tr').first()).toBeVisible();
  // Acknowledged: the server answered 201 and the screen said "created".
  await createUnit(page, before, 'e2e-before-kill.acme.example');

  await running().stop('SIGKILL');
  await running().start();

  await page.reload();
  await expect(page).toHaveURL(/\/user\/manage-service-units/);
  await searchUnits(page, before);
  await expect(unitsTable(page).getByRole('button', { name: before, exact: true })).toBeVisible();
  // The session was stored too: the same sign-in writes again without being asked to sign in.
  const after = `${run} after`;
  await page.goto('/user/manage-service-units');
  await createUnit(page, after, 'e2e-after-restart.acme.example');
  await searchUnits(page, run);
  await expect(unitsTable(page).getByRole('button', { name: before, exact: true })).toBeVisible();
  await expect(unitsTable(page).getByRole('button', { name: after, exact: true })).toBeVisible();
  await closeChecked(page);
});

/** Screenshots of the units list at both sizes and in two languages; E2E_SERVER_SHOTS names a folder to keep them in. */
for (const language of ['en', 'pt'] as const) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`the units list in ${language} at ${size} shows the server's units`, async ({ browser }, testInfo) => {
      const page = await signedIn(browser, 'user', viewport);
      await page.context().addInitScript((l) => localStorage.setItem('language', l), language);
      await page.goto('/user/manage-service-units');
      const label = language === 'en' ? 'Service units' : 'Unidades de serviço';
      const list = viewport.width < 576 ? page.getByRole('list', { name: label }) : page.getByRole('table', { name: label });
      await expect(list.locator(viewport.width < 576 ? 'li' : 'tbody tr').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root').filter({ visible: true })).toHaveCount(0);
      await expect(page.locator('main [role="alert"]').filter({ visible: true })).toHaveCount(0);
      const folder = process.env.E2E_SERVER_SHOTS;
      if (folder) mkdirSync(folder, { recursive: true });
      const file = folder ? join(folder, `units-${language}-${size}.png`) : testInfo.outputPath(`units-${language}-${size}.png`);
      await page.screenshot({ path: file, fullPage: false });
      await closeChecked(page);
    });
  }
}
