import { expect, test, type Page } from './support/test';
import { signIn } from './support/auth';

const UNITS = '/user/manage-service-units';
const LANGUAGES = ['en', 'de', 'fr', 'pt'] as const;
const TABLE_NAME: Record<(typeof LANGUAGES)[number], string> = {
  en: 'Service units',
  de: 'Service-Einheiten',
  fr: 'Unités de service',
  pt: 'Unidades de serviço',
};

/** The language the next page loads start in (the stored preference, set before the app reads it). */
async function useLanguage(page: Page, language: string) {
  await page.addInitScript((l) => localStorage.setItem('language', l), language);
}

// Every test starts signed in as the demo user (tests/e2e/support/test.ts): none of them is about signing in.
test.use({ signedInAs: 'user' });

/**
 * Every row's action buttons, measured against the window and against the table's own scroll box:
 * returns the rows whose actions are cut off or lie outside the window.
 */
async function rowsWithActionsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const offenders: string[] = [];
    const rows = [...document.querySelectorAll('table tbody tr')];
    for (const row of rows) {
      const buttons = [...row.querySelectorAll('td:last-child button')];
      if (buttons.length === 0) offenders.push(`${row.textContent ?? '?'}: no action buttons`);
      for (const button of buttons) {
        const box = button.getBoundingClientRect();
        let clip = { left: 0, right: window.innerWidth };
        for (let el = button.parentElement; el; el = el.parentElement) {
          const style = getComputedStyle(el);
          if (style.overflowX !== 'visible') {
            const r = el.getBoundingClientRect();
            clip = { left: Math.max(clip.left, r.left), right: Math.min(clip.right, r.right) };
          }
        }
        if (box.width === 0 || box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
          offenders.push(
            `${button.getAttribute('aria-label') ?? '?'} at ${Math.round(box.left)}–${Math.round(box.right)}, visible ${Math.round(clip.left)}–${Math.round(clip.right)}`,
          );
        }
      }
    }
    return offenders;
  });
}

test.describe('units list at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const language of LANGUAGES) {
    test(`${language}: every row's actions are on screen, one line per row`, async ({ page }) => {
      await useLanguage(page, language);
      await page.goto(`${UNITS}?pageSize=25`);
      const table = page.getByRole('table', { name: TABLE_NAME[language] });
      await expect(table.locator('tbody tr').nth(9)).toBeVisible();
      expect(await rowsWithActionsOutOfView(page)).toEqual([]);
      // One line per row: no name wrapping to 3–4 lines. 10 rows fit in a 800 px high window.
      const heights = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
      expect(Math.max(...heights)).toBeLessThan(56);
    });
  }

  test('the column chooser and density are remembered for this user only', async ({ page }) => {
    await page.goto(UNITS);
    const table = page.getByRole('table', { name: 'Service units' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.getByRole('button', { name: /^OS\b/ })).toHaveCount(0);
    const rowHeight = async () => (await table.locator('tbody tr').first().boundingBox())?.height ?? 0;
    // Measured once the first row shows its unit (before that the body holds a 2 px placeholder row).
    await expect(table.locator('tbody tr').first().getByRole('button', { name: /\S/ }).first()).toBeVisible();
    await expect.poll(rowHeight).toBeGreaterThan(30);
    const comfortable = await rowHeight();

    await page.getByRole('button', { name: 'Table settings' }).click();
    const settings = page.getByRole('dialog');
    await settings.getByRole('checkbox', { name: 'OS', exact: true }).check();
    await settings.getByRole('checkbox', { name: 'Tags', exact: true }).uncheck();
    await settings.getByText('Compact', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('button', { name: /^OS\b/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);
    await expect.poll(rowHeight).toBeLessThan(comfortable);
    expect(await rowsWithActionsOutOfView(page)).toEqual([]);

    await page.reload();
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.getByRole('button', { name: /^OS\b/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);
    expect(await rowHeight()).toBeLessThan(comfortable);

    // Another person on the same browser keeps the default table: sign out (the session's keys only, the
    // table choices stay in localStorage), then sign in as globex.
    await page.evaluate(() => {
      for (const key of ['session_key', 'accessToken', 'auth-values', 'userInfo', 'tokenExpiry', 'loggedIn', 'session_locked'])
        localStorage.removeItem(key);
    });
    await signIn(page, 'globex');
    await page.goto(UNITS);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Tags' })).toBeVisible();
    await expect(table.getByRole('button', { name: /^OS\b/ })).toHaveCount(0);
  });

  test('the edit drawer keeps Save on screen', async ({ page }) => {
    await page.goto(UNITS);
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Edit/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  });

  test('the screenshot lightbox keeps Save and Delete on screen', async ({ page }) => {
    await page.goto('/user/manage-screenshots');
    await page
      .getByRole('button', { name: /^Open screenshot of / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('img', { name: /^Screenshot of / })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeInViewport({ ratio: 1 });
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width}×${viewport.height}: unit detail → Edit shows the edit form on top, focused`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(UNITS);
    // The first unit's name: in the table, or on a phone in its card (ListCards).
    const first =
      viewport.width < 576
        ? page.getByRole('list', { name: 'Service units' }).getByRole('listitem').first().getByRole('button').first()
        : page
            .getByRole('table', { name: 'Service units' })
            .locator('tbody tr')
            .first()
            .getByRole('button')
            .filter({ hasNotText: /^$/ })
            .first();
    const name = (await first.innerText()).trim();
    await first.click();
    const detail = page.getByRole('dialog', { name });
    await expect(detail).toBeVisible();
    await detail.getByRole('button', { name: 'Edit', exact: true }).click();

    const editor = page.getByRole('dialog', { name: /^Edit/ });
    await expect(editor).toBeVisible();
    await expect(detail).toBeHidden();
    const nameField = editor.getByRole('textbox', { name: /^Name/ });
    await expect(nameField).toBeFocused();
    await expect(nameField).toHaveValue(name);
    // Topmost: the point at the centre of the name field belongs to the editor (once the detail drawer's
    // overlay has finished fading out; it takes the point meanwhile).
    const editorTitle = await editor.getAttribute('aria-labelledby');
    await expect
      .poll(async () => {
        const box = await nameField.boundingBox();
        if (!box) return null;
        return page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="dialog"]')?.getAttribute('aria-labelledby') ?? null,
          {
            x: box.x + box.width / 2,
            y: box.y + box.height / 2,
          },
        );
      })
      .toBe(editorTitle);
    await expect(editor.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
  });
}

test.describe('phone, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('units: the filters wait behind a "Filters (n)" button, and the list starts on the first screen', async ({ page }) => {
    await page.goto(`${UNITS}?status=online`);
    // A phone shows the units as cards (ListCards), not as a table.
    const list = page.getByRole('list', { name: 'Service units' });
    await expect(list.getByRole('listitem').first()).toBeInViewport();
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeHidden();
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByLabel('Operating system').click();
    await page.getByRole('option', { name: 'Linux' }).click();
    await expect(page).toHaveURL(/os=linux/);
    await page.keyboard.press('Escape');
    await drawer.getByRole('button', { name: 'Show results' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    await expect(list.getByRole('listitem').first()).toBeInViewport();
  });

  test('email: folders behind one button, and a tapped email opens at the top of the screen', async ({ page }) => {
    await page.goto('/apps/email/inbox');
    const list = page.getByRole('list', { name: 'Inbox' });
    await expect(list.getByRole('listitem').first()).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Mail folders' })).toBeHidden();

    await page.getByRole('button', { name: 'Folders and labels: Inbox' }).click();
    const drawer = page.getByRole('dialog', { name: 'Folders and labels' });
    await drawer.getByRole('link', { name: /^Sent/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/apps\/email\/sent$/);
    await expect(page.getByRole('button', { name: 'Folders and labels: Sent' })).toBeVisible();

    await page.getByRole('button', { name: 'Folders and labels: Sent' }).click();
    await page
      .getByRole('dialog', { name: 'Folders and labels' })
      .getByRole('link', { name: /^Inbox/ })
      .click();
    // The list keeps the Sent rows on screen (busy) until the inbox arrives: read a row only once it has.
    const inbox = page.getByRole('list', { name: 'Inbox' });
    await expect(inbox).toHaveAttribute('aria-busy', 'false');
    const row = inbox.getByRole('listitem').nth(3).locator('[data-subject]');
    const subject = ((await row.textContent()) ?? '').trim();
    await row.click();
    const heading = page.getByRole('heading', { name: subject, level: 2 });
    await expect(heading).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Back to the list' })).toBeInViewport({ ratio: 1 });
  });
});

test('1280×800 German: every sidebar entry shows its whole label (long ones on two lines)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await useLanguage(page, 'de');
  await page.goto('/user/dashboard');
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('link', { name: 'Screenshots der Service-Einheit' })).toBeVisible();
  const cut = await menu
    .locator('[data-menu-label]')
    .evaluateAll((labels) =>
      labels.filter((l) => l.scrollWidth > l.clientWidth + 1 || l.scrollHeight > l.clientHeight + 1).map((l) => l.textContent),
    );
  expect(cut).toEqual([]);
});

test('390×844: the theme and language buttons hide their tooltip while their menu is open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/dashboard');
  for (const [button, menuLabel] of [
    [/^Theme: /, 'Light'],
    [/^Language: /, 'Deutsch'],
  ] as const) {
    await page.getByRole('banner').getByRole('button', { name: button }).click();
    await expect(page.getByRole('menuitem', { name: menuLabel })).toBeVisible();
    await expect(page.locator('.mantine-Tooltip-tooltip')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: menuLabel })).toBeHidden();
  }
});
