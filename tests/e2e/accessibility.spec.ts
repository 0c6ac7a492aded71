import { expect, test, type Browser, type Page } from './support/test';
import {
  animationsSettled,
  currentTheme,
  expectNoViolations,
  openScreen,
  scanInTheme,
  scanThemesInPlace,
  themesFrom,
  VIEWPORTS,
  type ViewportName,
} from './support/a11y';
import { clientNavigate, DEMO_PASSWORD, type DemoAccount, type StorageState } from './support/auth';
import { ADMIN_SCREENS, PUBLIC_SCREENS, USER_SCREENS } from './support/screens';

/**
 * The product standard is WCAG 2.2 AA (axe tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa): every
 * screen, and every drawer, modal, menu and the lightbox opened on it, in all three themes, at
 * 1280×800 and 390×844. Any violation fails.
 *
 * Only what a theme can change is scanned again per theme (see scanThemes). To stay fast, each area starts signed in once (the worker's signed-in state) and keeps one page (one worker runs the tests in order; after a
 * failure the next worker signs in again); a screen is opened once and scanned at both sizes, the theme switched in place through the stored preference.
 */

const PUBLIC_PAGES = PUBLIC_SCREENS;
const USER_PAGES = USER_SCREENS;
/** The admin area as far as it is built: each screen is audited as it renders. */
const ADMIN_PAGES = ADMIN_SCREENS;

const SIZES = Object.keys(VIEWPORTS) as ViewportName[];
const OVERLAY = '[role="dialog"], [role="menu"]';

/**
 * Scans what the page shows now at both sizes and in every theme. Theme by theme, starting with the one the page
 * shows, the sizes there and back (light at desktop and phone, dark at phone and desktop, …): two theme switches
 * a screen instead of four, since a switch re-styles the whole app.
 */
async function scanEverywhere(page: Page, where: string, include?: string, sizes: readonly ViewportName[] = SIZES): Promise<string[]> {
  const found: string[] = [];
  let shown = await currentTheme(page);
  const order = [...sizes];
  for (const theme of themesFrom(shown)) {
    for (const size of order) {
      await resize(page, size);
      const scanned = await scanInTheme(page, theme, shown, `${where} @${size}`, include);
      found.push(...scanned.found);
      shown = scanned.shown;
    }
    order.reverse();
  }
  await resize(page, 'desktop');
  return found;
}

/** Gives the page another size, and lets the layout's transitions (the menu sliding away) end. */
async function resize(page: Page, size: ViewportName): Promise<void> {
  const { width, height } = VIEWPORTS[size];
  const current = page.viewportSize();
  if (current?.width === width && current.height === height) return;
  await page.setViewportSize({ width, height });
  await animationsSettled(page);
}

/**
 * Opens an overlay at each size, scans it in every theme, closes it again with Escape.
 * `open` returns the locator of what it opened.
 */
async function scanOverlay(
  page: Page,
  where: string,
  open: () => Promise<void>,
  include = OVERLAY,
  sizes: readonly ViewportName[] = SIZES,
): Promise<string[]> {
  const found: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize(VIEWPORTS[size]);
    await frameSettled(page, size);
    await open();
    await expect(page.locator(include).filter({ visible: true }).first()).toBeVisible();
    await animationsSettled(page);
    found.push(...(await scanThemesInPlace(page, `${where} @${size}`, include)));
    await page.keyboard.press('Escape');
    await expect(page.locator(include).filter({ visible: true })).toHaveCount(0);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  return found;
}

/**
 * The app frame has taken a new window size: on a phone the menu is behind its button and out of view, on a
 * desktop it is in view. Until then the page is re-laying out (the menu slides away, the table's pinned action
 * column moves), and a click aimed at a row's button can land on the old layout and be lost.
 */
async function frameSettled(page: Page, size: ViewportName): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  if ((await menu.count()) === 0) return;
  if (size === 'phone') {
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await expect(menu).not.toBeInViewport();
  } else {
    await expect(menu).toBeInViewport();
  }
}

/**
 * Opens the delete question of the first unit once the list shows its rows and is not loading, and waits for
 * that question (by its title), not for any dialog. The click is repeated only while the question is not shown
 * (a click that fell on a layout being replaced), never on top of an open question.
 */
async function openDeleteQuestion(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]').filter({ visible: true })).toHaveCount(0);
  const question = page.getByRole('dialog', { name: /^Delete “.+”\?$/ });
  await expect(async () => {
    if (!(await question.isVisible())) await unitAction(page, /^Delete /, 'Delete', 2_000);
    await expect(question).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The first unit's action: its button in the table, or on a phone (cards, ListCards) the item of its card's menu. */
async function unitAction(page: Page, button: RegExp, menuItem: string, timeout?: number): Promise<void> {
  if ((page.viewportSize()?.width ?? VIEWPORTS.desktop.width) < 576) {
    const list = page.getByRole('list', { name: 'Service units' });
    await list
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click({ timeout });
    await page.getByRole('menuitem', { name: menuItem, exact: true }).click({ timeout });
    return;
  }
  const table = page.getByRole('table', { name: 'Service units' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await table.getByRole('button', { name: button }).first().click({ timeout });
}

/**
 * A page in a context of its own, at the desktop size: the area it signs in to stays apart from every other test.
 */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  return context.newPage();
}

/** A page of its own signed in from the worker's state (tests/e2e/support/test.ts), on the account's dashboard. */
async function signedInPage(browser: Browser, state: StorageState, account: DemoAccount): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, storageState: state });
  const page = await context.newPage();
  const dashboard = account === 'user' || account === 'globex' ? '/user/dashboard' : '/admin/dashboard';
  await page.goto(dashboard);
  await expect(page).toHaveURL(new RegExp(`${dashboard}$`));
  return page;
}

/** The overlays of the app frame, on whichever screen is open. */
function frameOverlayTests(getPage: () => Page) {
  test('account menu, language menu, theme menu', async () => {
    const page = getPage();
    const found: string[] = [];
    for (const name of [/Account menu$/, /^Language/, /^Theme/]) {
      found.push(...(await scanOverlay(page, `menu ${String(name)}`, () => page.getByRole('button', { name }).click(), '[role="menu"]')));
    }
    expectNoViolations(found);
  });

  test('page search (spotlight) and the reset-demo-data question', async () => {
    const page = getPage();
    const found = await scanOverlay(page, 'spotlight', async () => {
      await page.getByRole('button', { name: /^Search pages/ }).click();
      await page.getByRole('textbox', { name: 'Search pages' }).fill('a');
    });
    found.push(
      ...(await scanOverlay(page, 'reset demo data', async () => {
        await page.getByRole('button', { name: /Account menu$/ }).click();
        await page.getByRole('menuitem', { name: 'Reset demo data' }).click();
      })),
    );
    expectNoViolations(found);
  });

  test('phone menu', async () => {
    const page = getPage();
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeInViewport();
    await animationsSettled(page);
    // Semi-dark darkens exactly this sidebar.
    const found = await scanThemesInPlace(page, 'phone menu @phone', 'nav[aria-label="Main menu"]', 'nav[aria-label="Main menu"]');
    await menu.getByRole('button', { name: 'Close navigation' }).click();
    await expect(menu).not.toBeInViewport();
    await page.setViewportSize(VIEWPORTS.desktop);
    expectNoViolations(found);
  });
}

test.describe('accessibility (WCAG 2.2 AA)', () => {
  // A screen is scanned six times (two sizes, three themes).
  test.describe.configure({ timeout: 180_000 });
  test.describe('public screens', () => {
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await newPage(browser);
    });
    test.afterAll(async () => page.context().close());

    for (const path of PUBLIC_PAGES) {
      test(path, async () => {
        await openScreen(page, path, false);
        expectNoViolations(await scanEverywhere(page, path));
      });
    }
  });

  test.describe('user screens', () => {
    let page: Page;
    test.beforeAll(async ({ browser, signedInStates }) => {
      page = await signedInPage(browser, await signedInStates('user'), 'user');
    });
    test.afterAll(async () => page.context().close());

    for (const path of USER_PAGES) {
      test(path, async () => {
        await openScreen(page, path, true);
        expectNoViolations(await scanEverywhere(page, path));
      });
    }

    frameOverlayTests(() => page);

    test('service units: detail drawer, editor drawer, delete question', async () => {
      await openScreen(page, '/user/manage-service-units', true);
      const found = await scanOverlay(page, 'unit editor', () => unitAction(page, /^Edit /, 'Edit'));
      found.push(...(await scanOverlay(page, 'new unit', () => page.getByRole('button', { name: 'New unit' }).click())));
      found.push(...(await scanOverlay(page, 'delete unit', () => openDeleteQuestion(page))));
      found.push(
        ...(await scanOverlay(page, 'unit detail', async () => {
          await clientNavigate(page, '/user/manage-service-units?unit=1');
          await expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible();
        })),
      );
      expectNoViolations(found);
    });

    test("lists on a phone: a unit card's actions menu; the filters panel", async () => {
      await openScreen(page, '/user/manage-service-units', true);
      const found = await scanOverlay(
        page,
        'unit card menu',
        () =>
          page
            .getByRole('list', { name: 'Service units' })
            .getByRole('button', { name: /^Actions for / })
            .first()
            .click(),
        '[role="menu"]',
        ['phone'],
      );
      found.push(...(await scanOverlay(page, 'filters panel', () => page.getByRole('button', { name: /^Filters/ }).click())));
      expectNoViolations(found);
    });

    test('screenshots: lightbox', async () => {
      await openScreen(page, '/user/manage-screenshots', true);
      const found = await scanOverlay(page, 'lightbox', () =>
        page
          .getByRole('button', { name: /^Open screenshot of / })
          .first()
          .click(),
      );
      expectNoViolations(found);
    });

    test('url restrictions: rule editor, tester answers', async () => {
      await openScreen(page, '/user/url-restrictions', true);
      const found = await scanOverlay(page, 'new rule', () => page.getByRole('button', { name: 'New rule' }).click());
      found.push(
        ...(await scanOverlay(page, 'enforcement on units', async () => {
          await page.getByRole('button', { name: 'Enforcement on units' }).click();
          await expect(page.getByRole('table', { name: 'URL rules across units' })).toBeVisible();
        })),
      );
      const tester = page.getByRole('region', { name: 'Test a URL' });
      await tester.getByRole('textbox', { name: /^URL/ }).fill('not a url');
      await tester.getByRole('button', { name: 'Test' }).click();
      await expect(tester.getByRole('textbox', { name: /^URL/ })).toHaveAttribute('aria-invalid', 'true');
      found.push(...(await scanEverywhere(page, 'url tester, invalid URL', 'section[aria-labelledby="url-tester-title"]')));
      await tester.getByRole('textbox', { name: /^URL/ }).fill('https://www.example.com/');
      await tester.getByRole('button', { name: 'Test' }).click();
      await expect(tester.getByRole('status')).toBeVisible();
      found.push(...(await scanEverywhere(page, 'url tester, answer', 'section[aria-labelledby="url-tester-title"]')));
      expectNoViolations(found);
    });

    test('to-do: task drawer', async () => {
      await openScreen(page, '/apps/todo', true);
      const found = await scanOverlay(page, 'add task', () => page.getByRole('button', { name: 'Add task' }).first().click());
      expectNoViolations(found);
    });

    test('email: compose, an opened message', async () => {
      await openScreen(page, '/apps/email', true);
      const found = await scanOverlay(page, 'compose', () => page.getByRole('button', { name: 'Compose' }).first().click());
      // A row is named by what it shows ("Billing Notice Overdue invoice — … 10:42, unread").
      await page.getByRole('button', { name: / — / }).first().click();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      found.push(...(await scanEverywhere(page, 'email reader')));
      expectNoViolations(found);
    });

    test('lock screen', async () => {
      await page.getByRole('button', { name: /Account menu$/ }).click();
      await page.getByRole('menuitem', { name: 'Lock screen' }).click();
      await expect(page).toHaveURL(/\/pages\/lock-screen/);
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
      const found = await scanEverywhere(page, '/pages/lock-screen');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(/lock-screen/);
      expectNoViolations(found);
    });
  });

  test.describe('admin screens', () => {
    let page: Page;
    test.beforeAll(async ({ browser, signedInStates }) => {
      page = await signedInPage(browser, await signedInStates('admin'), 'admin');
    });
    test.afterAll(async () => page.context().close());

    for (const path of ADMIN_PAGES) {
      test(path, async () => {
        await openScreen(page, path, true);
        expectNoViolations(await scanEverywhere(page, path));
      });
    }

    test('account menu', async () => {
      const found = await scanOverlay(
        page,
        'admin account menu',
        () => page.getByRole('button', { name: /Account menu$/ }).click(),
        '[role="menu"]',
      );
      expectNoViolations(found);
    });
  });
});
