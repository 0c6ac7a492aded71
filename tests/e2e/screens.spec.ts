import { expect, test, type Page } from './support/test';
import { openScreen, VIEWPORTS } from './support/a11y';
import type { DemoAccount } from './support/auth';
import { USER_SCREENS } from './support/screens';

/**
 * What a user sees going through the screens: at 390 px no screen
 * scrolls sideways in German or Portuguese, long labels are not cut, and the service-unit list fits 1280 px.
 * One signed-in start per test (signedInAs) and in-app navigation keep the whole file well under a minute and a half.
 */

/**
 * Opens the account's dashboard signed in (signedInAs: no test here is about signing in) with `language` stored as the
 * user's choice before the first load; set once, so that a later choice and reload of the test's own holds.
 */
async function openIn(page: Page, account: DemoAccount, language: 'de' | 'pt'): Promise<void> {
  await page.addInitScript((l) => {
    if (sessionStorage.getItem('e2e-language')) return;
    sessionStorage.setItem('e2e-language', l);
    localStorage.setItem('language', l);
  }, language);
  await page.goto(account === 'user' ? '/user/dashboard' : '/admin/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test.use({ signedInAs: 'user' });

/** How far the page reaches past the right edge of the window, in CSS pixels (0 = no sideways scrolling). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Labels (badges, select values) in `scope` whose text is wider than their box, i.e. cut off. */
async function cutLabels(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${(e as HTMLInputElement).value || e.textContent} (${e.scrollWidth} > ${e.clientWidth} px)`),
    );
}

/** Empty inputs whose placeholder is wider than the room for it, i.e. cut off ("Beliebige Einheit (nur Regeln für"). */
async function cutPlaceholders(page: Page): Promise<string[]> {
  return page.locator('main input[placeholder]').evaluateAll((inputs) =>
    (inputs as HTMLInputElement[])
      .filter((i) => i.checkVisibility() && !i.value && i.placeholder)
      .flatMap((i) => {
        const cs = getComputedStyle(i);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return [];
        context.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const needed = context.measureText(i.placeholder).width;
        const room = i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        return needed > room + 1 ? [`"${i.placeholder}" (${Math.round(needed)} > ${Math.round(room)} px)`] : [];
      }),
  );
}

test.describe('screens at 390 px', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the user area in German: no sideways scrolling, URL rule badges whole', async ({ page }) => {
    await openIn(page, 'user', 'de');
    const overflowing: string[] = [];
    for (const path of USER_SCREENS.filter((p) => p.startsWith('/user/'))) {
      await openScreen(page, path, true);
      const over = await sidewaysOverflow(page);
      if (over > 0) overflowing.push(`${path}: ${over} px`);
      if (path === '/user/url-restrictions') {
        // A phone shows the rules as cards (ListCards).
        await expect(page.locator('[data-card] .mantine-Badge-label').first()).toBeVisible();
        // "ERLAUBEN" / "SPERREN" were cut to "ERLAU…" by a 100 px column.
        expect(await cutLabels(page, '[data-card] .mantine-Badge-label')).toEqual([]);
      }
    }
    expect(overflowing).toEqual([]);
  });

  test.describe('superadmin', () => {
    test.use({ signedInAs: 'superadmin' });
    test('the admin area and the apps in Portuguese: no sideways scrolling, readable sort and mail subjects', async ({ page }) => {
      await openIn(page, 'superadmin', 'pt');
      const overflowing: string[] = [];
      for (const path of [
        '/admin/dashboard',
        '/admin/manage-organizations',
        '/admin/manage-users',
        '/admin/reporting/prediction',
        '/admin/my-profile',
        '/apps/todo',
        '/apps/email',
      ]) {
        await openScreen(page, path, true);
        const over = await sidewaysOverflow(page);
        if (over > 0) overflowing.push(`${path}: ${over} px`);
        if (path === '/apps/todo') {
          // "Mais recentes primeiro" was cut to "Mais recentes prime" in a 190 px select.
          await expect(page.locator('main input[aria-label="Ordenar tarefas"]')).toHaveValue('Mais recentes primeiro');
          expect(await cutLabels(page, 'main input[aria-label="Ordenar tarefas"]')).toEqual([]);
        }
        if (path === '/apps/email') {
          // Checkbox, star, avatar, label dots and time left the subject about 100 px of the row.
          const subject = page.locator('main li [data-subject]').first();
          await expect(subject).toBeVisible();
          const room = await subject.evaluate((e) => (e.parentElement as HTMLElement).getBoundingClientRect().width);
          expect(room).toBeGreaterThanOrEqual(150);
          // An open mail: a long sender address wraps inside its card instead of running past its right edge.
          await subject.click();
          const card = page.locator('main article').first();
          await expect(card).toBeVisible();
          const past = await card.evaluate((a) => {
            const edge = a.getBoundingClientRect().right;
            return [...a.querySelectorAll('span, p')].filter((e) => e.getBoundingClientRect().right > edge + 1).map((e) => e.textContent);
          });
          expect(past).toEqual([]);
        }
      }
      expect(overflowing).toEqual([]);
    });
  });

  test('unit pickers, rule badges and the screenshot viewer in German and Portuguese: nothing cut', async ({ page }) => {
    await openIn(page, 'user', 'de');
    // The processes unit picker cut "Einheit nach Name oder Hostname suchen" (pt: "Pesquisar uma unidade por nome ou nome do
    // host"): on a phone the hint sits under the label, where it wraps.
    await openScreen(page, '/user/manage-process', true);
    await expect(page.getByText('Einheit nach Name oder Hostname suchen')).toBeVisible();
    expect(await cutPlaceholders(page)).toEqual([]);
    await page.getByRole('combobox', { name: 'Service-Einheit' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('tab', { name: 'Regeln' }).click();
    await expect(page.getByRole('table').locator('.mantine-Badge-label').first()).toBeVisible();
    // "ERLAUBEN" was cut to "ER…".
    expect(await cutLabels(page, 'table .mantine-Badge-label')).toEqual([]);
    // The URL tester cut "Beliebige Einheit (nur Regeln für alle Einheiten)".
    await openScreen(page, '/user/url-restrictions', true);
    expect(await cutPlaceholders(page)).toEqual([]);
    // The screenshot viewer cut "Zurück" and "Weiter".
    await openScreen(page, '/user/manage-screenshots', true);
    await page.locator('main img').first().click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Weiter' })).toBeVisible();
    expect(await cutLabels(page, '[role="dialog"] .mantine-Button-label')).toEqual([]);
    await page.keyboard.press('Escape');

    await page.evaluate(() => localStorage.setItem('language', 'pt'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    for (const path of ['/user/manage-process', '/user/url-restrictions']) {
      await openScreen(page, path, true);
      expect(await cutPlaceholders(page), path).toEqual([]);
    }
    // An open mail: the pt date beside the sender left it ~50 px (one syllable of the address per line), and the four
    // actions left the subject ~120 px; both now wrap below instead.
    await openScreen(page, '/apps/email', true);
    await page.getByRole('button', { name: /Overdue invoice #88412/ }).click();
    const message = page.getByRole('article', { name: 'Mensagem de Billing Notice' });
    await expect(message.locator('p').first()).toContainText('Billing Notice <billing@');
    expect((await message.locator('p').first().boundingBox())?.width).toBeGreaterThan(200);
    const subject = await page.getByRole('heading', { level: 2, name: /Overdue invoice #88412/ }).boundingBox();
    expect(subject?.width).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Voltar à lista' }).click();
    // The composer's buttons were three ragged rows on a phone; now one full-width column.
    await page.getByRole('button', { name: 'Escrever' }).click();
    const composer = page.getByRole('dialog', { name: 'Nova mensagem' });
    const widths = await Promise.all(
      ['Descartar', 'Salvar rascunho', 'Enviar'].map(async (name) =>
        Math.round((await composer.getByRole('button', { name, exact: true }).boundingBox())?.width ?? 0),
      ),
    );
    expect(widths[0]).toBeGreaterThan(250);
    expect(new Set(widths).size, widths.join(', ')).toBe(1);
  });
});

test('the user screens and the apps in Portuguese at 1280 px: a rule row opens its editor, nothing cut, fields and cards line up', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await openIn(page, 'user', 'pt');

  // URL rules: a click on any cell of a row opens the rule's editor, and so does Enter on its pattern.
  await openScreen(page, '/user/url-restrictions', true);
  expect(await cutPlaceholders(page)).toEqual([]);
  const row = page.getByRole('table', { name: 'Regras de URL' }).getByRole('row').filter({ hasText: 'maps.google.com' });
  const editor = page.getByRole('dialog', { name: 'Editar regra de URL' });
  await row.getByRole('cell', { name: 'Domínio', exact: true }).click();
  const pattern = editor.getByRole('textbox', { name: 'Padrão' });
  await expect(pattern).toHaveValue('maps.google.com');
  // Only the typed pattern is monospace: its hint was too ("ff" set the whole field's font).
  const hintId = ((await pattern.getAttribute('aria-describedby')) ?? '').split(' ')[0];
  const fontOf = (selector: string) => page.locator(selector).evaluate((e) => getComputedStyle(e).fontFamily);
  expect(await fontOf(`[id="${hintId}"]`)).not.toBe(await pattern.evaluate((e) => getComputedStyle(e).fontFamily));
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await row.getByRole('button', { name: 'maps.google.com', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(pattern).toHaveValue('maps.google.com');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // The processes unit hint "Pesquisar uma unidade por nome ou nome do host" was cut in a 360 px field.
  await openScreen(page, '/user/manage-process', true);
  expect(await cutPlaceholders(page)).toEqual([]);

  // Screenshots: "Mais recentes primeiro" whole, unit names not cut to "Rotterdam …", thumbnails of one height.
  await openScreen(page, '/user/manage-screenshots', true);
  await expect(page.locator('main button img').first()).toBeVisible();
  expect(await cutLabels(page, 'main input')).toEqual([]);
  expect(await cutLabels(page, 'main .mantine-Card-root .mantine-Stack-root > p:first-child')).toEqual([]);
  const heights = await page
    .locator('main button img')
    .evaluateAll((images) => images.slice(0, 9).map((i) => Math.round(i.getBoundingClientRect().height)));
  expect(new Set(heights).size, heights.join(', ')).toBe(1);

  // Mail: "Caixa de entrada" beside its unread badge stays on one line, as high as "Enviados".
  await openScreen(page, '/apps/email', true);
  const folders = page.getByRole('navigation', { name: 'Pastas de e-mail' });
  const inbox = await folders.getByRole('link', { name: /^Caixa de entrada/ }).boundingBox();
  const sent = await folders.getByRole('link', { name: /^Enviados/ }).boundingBox();
  expect(inbox?.height).toBe(sent?.height);

  // Profile: the display name's counter no longer pushes its input below the phone's.
  await openScreen(page, '/user/my-profile', true);
  const name = await page.getByRole('textbox', { name: 'Nome de exibição' }).boundingBox();
  const phone = await page.getByRole('textbox', { name: 'Telefone' }).boundingBox();
  expect(name?.y).toBe(phone?.y);
  // The new password's rule shows before the first try, tied to the field.
  await expect(page.getByLabel(/^Nova senha/)).toHaveAccessibleDescription('Pelo menos 8 caracteres, diferente da senha atual');
});

test("the service-unit list fits 1280 px: the tags column is not under the pinned actions; the URL tester's German unit placeholder whole", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/user/dashboard');
  await openScreen(page, '/user/manage-service-units', true);
  const headers = page.getByRole('table').getByRole('columnheader');
  const tags = await headers.filter({ hasText: 'Tags' }).boundingBox();
  const actions = await headers.last().boundingBox();
  expect(tags).not.toBeNull();
  expect(actions).not.toBeNull();
  if (tags && actions) expect(tags.x + tags.width).toBeLessThanOrEqual(actions.x + 1);
  // The URL tester's 280 px unit select cut "Beliebige Einheit (nur Regeln für alle Einheiten)" on a desktop too.
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await openScreen(page, '/user/url-restrictions', true);
  await expect(page.getByPlaceholder('Beliebige Einheit (nur Regeln für alle Einheiten)')).toBeVisible();
  expect(await cutPlaceholders(page)).toEqual([]);
  // The to-do sidebar (a quarter of the page) cut "Aufgabe hinzufügen" to "Aufgabe hinzufüg".
  await openScreen(page, '/apps/todo', true);
  await expect(page.getByRole('button', { name: 'Aufgabe hinzufügen' })).toBeVisible();
  expect(await cutLabels(page, 'main .mantine-Button-label')).toEqual([]);
});
