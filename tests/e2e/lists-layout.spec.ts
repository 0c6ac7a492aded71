import { expect, test, type Page } from './support/test';
import { openListInApp, withLocalStorage, type DemoAccount } from './support/auth';
import { setTheme } from './support/a11y';
import { word, type Language } from './support/locales';

/**
 * Every list at the two sizes people use (issue 23 §1), in English and Portuguese (the longest words; LISTS_LANGUAGES=de,fr for others):
 * - 390×844: cards, not a table; at least 4 cards whole on the first screen; no sideways scrolling; each card's actions in its menu.
 * - 1280×800: at least 8 whole rows on the first screen, no name cut short, every row's actions on screen.
 * LISTS_SHOTS=<folder> also saves a screenshot of each (to look at the layout).
 */

// LISTS_LANGUAGES=de,fr measures German and French too (all met there as well, measured before each change to a list's layout).
const LANGUAGES = (process.env['LISTS_LANGUAGES']?.split(',') ?? ['en', 'pt']) as Language[];

interface ListScreen {
  name: string;
  account: DemoAccount;
  /** With 100 rows a page: every seeded name is measured at 1280 px, not only the first page's. */
  path: string;
  namespace: string;
  /** The list's accessible name (table and cards). */
  label: string;
  /** The title of the column holding the names. */
  nameColumn: string;
  /** A goal this list still misses at 1280×800 (its test is marked fixme with the reason). */
  laptopGap?: string;
}

const SCREENS: ListScreen[] = [
  {
    name: 'units',
    account: 'user',
    path: '/user/manage-service-units?pageSize=100',
    namespace: 'service-units',
    label: 'tableLabel',
    nameColumn: 'columns.name',
  },
  {
    name: 'URL rules',
    account: 'user',
    path: '/user/url-restrictions?pageSize=100',
    namespace: 'url-restrictions',
    label: 'tableLabel',
    nameColumn: 'columns.pattern',
  },
  {
    name: 'processes',
    account: 'user',
    path: '/user/manage-process?unit=1',
    namespace: 'processes',
    label: 'tabProcesses',
    nameColumn: 'columns.name',
  },
  {
    name: 'organizations',
    account: 'superadmin',
    path: '/admin/manage-organizations?pageSize=100',
    namespace: 'organizations',
    label: 'tableLabel',
    nameColumn: 'columns.name',
  },
  {
    name: 'users',
    account: 'superadmin',
    path: '/admin/manage-users?pageSize=100',
    namespace: 'users',
    label: 'tableLabel',
    nameColumn: 'columns.fullName',
  },
];

async function open(page: Page, screen: ListScreen, language: Language): Promise<void> {
  const at = page.url();
  if (!at.startsWith('http')) await page.goto(screen.path);
  // The next list opens inside the app, as a person moves between lists.
  else if (new URL(at).pathname !== new URL(screen.path, at).pathname) await openListInApp(page, screen.path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root').filter({ visible: true })).toHaveCount(0);
}

async function shot(page: Page, file: string): Promise<void> {
  const folder = process.env['LISTS_SHOTS'];
  if (folder) await page.screenshot({ path: `${folder}/${file}.png` });
}

/** With LISTS_SHOTS, the screen in the dark theme too. */
async function darkShot(page: Page, file: string): Promise<void> {
  if (!process.env['LISTS_SHOTS']) return;
  await setTheme(page, 'dark');
  await shot(page, `${file}-dark`);
  await setTheme(page, 'light');
}

/** How many of the elements lie whole inside the window's height (sideways: see sidewaysOverflow and actionsOutOfView). */
function wholeInWindow(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (s) =>
      [...document.querySelectorAll(s)].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
      }).length,
    selector,
  );
}

/** The names (in the column titled `title`) whose cell or text is cut: wider than the box that shows it. */
function cutNames(page: Page, title: string): Promise<string[]> {
  return page.evaluate((t) => {
    const table = document.querySelector('table');
    if (!table) return ['no table'];
    const headers = [...table.querySelectorAll('thead th')];
    const column = headers.findIndex((th) => th.textContent?.trim() === t);
    if (column < 0) return [`no column ${t}`];
    const cut: string[] = [];
    for (const row of table.querySelectorAll('tbody tr')) {
      const cell = row.children[column];
      if (!cell) continue;
      for (const el of [cell, ...cell.querySelectorAll('*')]) {
        if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
          cut.push(`${cell.textContent ?? '?'} (${el.scrollWidth} > ${el.clientWidth})`);
          break;
        }
      }
    }
    return cut;
  }, title);
}

/** The rows' action buttons (last cell) that are not whole inside the window and their scroll boxes, among the rows in view. */
function actionsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const offenders: string[] = [];
    for (const row of document.querySelectorAll('table tbody tr')) {
      const r = row.getBoundingClientRect();
      if (r.bottom > window.innerHeight) continue;
      const buttons = [...row.querySelectorAll('td:last-child button')];
      if (buttons.length === 0) offenders.push(`${row.textContent ?? '?'}: no action buttons`);
      for (const button of buttons) {
        const box = button.getBoundingClientRect();
        let clip = { left: 0, right: window.innerWidth };
        for (let el = button.parentElement; el; el = el.parentElement) {
          if (getComputedStyle(el).overflowX !== 'visible') {
            const c = el.getBoundingClientRect();
            clip = { left: Math.max(clip.left, c.left), right: Math.min(clip.right, c.right) };
          }
        }
        if (box.width === 0 || box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
          offenders.push(button.getAttribute('aria-label') ?? '?');
      }
    }
    return offenders;
  });
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const language of LANGUAGES) {
  for (const account of ['user', 'superadmin'] as const) {
    const screens = SCREENS.filter((s) => s.account === account);
    test.describe(`${language}, ${account}`, () => {
      // One signed-in page for these tests, which only look (one worker runs them in order; after a failure the next
      // worker starts again): a sign-in, and a fresh demo database stored, per test were most of their time. It starts
      // from the worker's signed-in state (tests/e2e/support/test.ts) in its language, without the login form.
      let page: Page;
      test.beforeAll(async ({ browser, signedInStates }) => {
        const storageState = withLocalStorage(await signedInStates(account), { language });
        page = await (await browser.newContext({ storageState })).newPage();
      });
      test.afterAll(async () => page.context().close());

      test(`at 390×844 ${screens.map((s) => s.name).join(', ')} show cards with their actions in a menu`, async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        for (const screen of screens) {
          await open(page, screen, language);
          const list = page.getByRole('list', { name: word(language, screen.namespace, screen.label), exact: true });
          await expect(list.getByRole('listitem').first()).toBeVisible();
          const items = await list.getByRole('listitem').count();
          await expect(page.locator('table').filter({ visible: true })).toHaveCount(0);
          await shot(page, `${screen.name}-${language}-390`);
          await darkShot(page, `${screen.name}-${language}-390`);
          const cards = await wholeInWindow(page, '[data-card]');
          console.info(`measured ${language} ${screen.name} 390×844: ${cards} whole cards of ${items}`);
          expect.soft(cards, `${screen.name}: whole cards on the first screen`).toBeGreaterThanOrEqual(Math.min(4, items));
          expect(items, `${screen.name}: the seed has enough rows to measure`).toBeGreaterThanOrEqual(4);
          expect.soft(await sidewaysOverflow(page), `${screen.name}: sideways scroll`).toBeLessThanOrEqual(0);
          // The first card's actions: its menu opens and lists them by their words.
          const menuButton = list
            .getByRole('listitem')
            .first()
            .getByRole('button', { name: word(language, 'data-list', 'rowActions').replace('{{name}}', '') });
          await menuButton.click();
          const menu = page.getByRole('menu');
          await expect(menu).toBeVisible();
          await expect(menu.getByRole('menuitem').first()).toBeVisible();
          await shot(page, `${screen.name}-${language}-390-menu`);
          await page.keyboard.press('Escape');
          await expect(menu).toBeHidden();
        }
      });

      for (const screen of screens) {
        // Each list its own test at this size: a known miss (laptopGap) is marked without hiding the others' results.
        test(`at 1280×800 ${screen.name} shows 8 whole rows, names whole, actions on screen`, async () => {
          test.fixme(screen.laptopGap !== undefined, screen.laptopGap);
          await page.setViewportSize({ width: 1280, height: 800 });
          await open(page, screen, language);
          const table = page.locator('table').filter({ visible: true });
          await expect(table.locator('tbody tr').first()).toBeVisible();
          const count = await table.locator('tbody tr').count();
          await shot(page, `${screen.name}-${language}-1280`);
          await darkShot(page, `${screen.name}-${language}-1280`);
          const rows = await wholeInWindow(page, 'table tbody tr');
          console.info(`measured ${language} ${screen.name} 1280×800: ${rows} whole rows of ${count}`);
          expect.soft(rows, `${screen.name}: whole rows on the first screen`).toBeGreaterThanOrEqual(Math.min(8, count));
          expect.soft(await cutNames(page, word(language, screen.namespace, screen.nameColumn)), `${screen.name}: cut names`).toEqual([]);
          expect.soft(await actionsOutOfView(page), `${screen.name}: actions out of view`).toEqual([]);
          expect.soft(await sidewaysOverflow(page), `${screen.name}: sideways scroll`).toBeLessThanOrEqual(0);
        });
      }
    });
  }
}
