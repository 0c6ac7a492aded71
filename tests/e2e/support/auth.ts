import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

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

/** What `browserContext.storageState()` gives: cookies, and per origin its localStorage and IndexedDB. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signs `account` in once, through the real login form in a context of its own, and returns that context's
 * storage: the session's keys (localStorage) and the embedded backend's database (IndexedDB) as it is right after
 * the sign-in, with the session row but not yet the seed, which the app stores in the background. A context that
 * starts from it opens any screen signed in without the login form (`test.use({ signedInAs: 'user' })`,
 * tests/e2e/support/test.ts); its page makes the seed again. Waiting for the whole seed (~4,900 rows, 1.3 MB)
 * made the state 4-6 s slower to make, and a screen opened from it in 1.6-2.3 s against 2.3-2.5 s through the
 * login form.
 */
export async function signedInState(browser: Browser, baseURL: string, account: DemoAccount): Promise<StorageState> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, account);
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

/** `state` with `items` put in each origin's localStorage: a context that starts from it has them at its first load. */
export function withLocalStorage(state: StorageState, items: Record<string, string>): StorageState {
  const added = Object.entries(items).map(([name, value]) => ({ name, value }));
  return {
    ...state,
    origins: state.origins.map((o) => ({ ...o, localStorage: [...o.localStorage.filter((item) => !(item.name in items)), ...added] })),
  };
}

/** Navigates inside the SPA without a full reload (keeps in-memory state). */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The lists a screen shows: a table, or on a phone its cards (a named list). */
const LISTS = ['main table', 'main ul[aria-label]'];

/**
 * Opens another list inside the app, as a person does from the side menu (a full load would start the embedded
 * backend again), and waits for it. The lists on screen are marked first, so the new one is told from the one left
 * behind, which is gone when this returns: what the caller reads next is the new list's.
 */
export async function openListInApp(page: Page, path: string): Promise<void> {
  await page.locator(LISTS.join(', ')).evaluateAll((left) => left.forEach((list) => list.setAttribute('data-left', '')));
  await clientNavigate(page, path);
  await expect(page.locator(LISTS.map((list) => `${list}:not([data-left])`).join(', ')).first()).toBeAttached();
  await expect(page.locator('[data-left]')).toHaveCount(0);
}
