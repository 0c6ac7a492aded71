import { expect, test, type Page } from './support/test';
import { openListInApp, type DemoAccount } from './support/auth';
import { word } from './support/locales';

/**
 * A status badge in a list shows its whole word at 1280 px in every language: Mantine's badge cuts its label with an
 * ellipsis when the column is narrower than the word ("DESATIVA…", "DEAKTIVI…" in the users list). Each list is read
 * in all four languages; a label whose text is wider than its box is named with the screen and language.
 */
const LISTS: { account: DemoAccount; path: string }[] = [
  { account: 'superadmin', path: '/admin/manage-users' },
  { account: 'superadmin', path: '/admin/manage-organizations' },
  { account: 'user', path: '/user/manage-service-units' },
];
/** Each language's words the test looks for, from the app's own translations. */
const LANGUAGES = (['en', 'de', 'fr', 'pt'] as const).map((language) => ({
  language,
  // The header's language button ("Sprache: Deutsch"), the language's item in its menu, the main menu's label.
  button: word(language, 'layout', 'language'),
  item: word(language, 'layout', `languages.${language}`),
  mainMenu: word(language, 'layout', 'mainMenu'),
}));
const LANGUAGE_BUTTON = new RegExp(`^(${LANGUAGES.map((l) => l.button).join('|')}):`);

async function cutBadges(page: Page): Promise<string[]> {
  return page
    .locator('table .mantine-Badge-label')
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 0.5).map((label) => label.textContent ?? ''));
}

test.describe('status badges in lists', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const account of [...new Set(LISTS.map((l) => l.account))]) {
    test.describe(account, () => {
      // Starts signed in (tests/e2e/support/test.ts): the test is not about signing in.
      test.use({ signedInAs: account });
      test(`never cut their word (${account})`, async ({ page }) => {
        const paths = LISTS.filter((l) => l.account === account).map((l) => l.path);
        const cut: string[] = [];
        // One load; the language is then chosen in the header, as a person does, and the lists are opened inside the
        // app: a full load per list and language started the embedded backend again each time.
        await page.goto(paths[0] ?? '/');
        for (const { language, item, mainMenu } of LANGUAGES) {
          await page.getByRole('button', { name: LANGUAGE_BUTTON }).click();
          await page.getByRole('menuitem', { name: item }).click();
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          // The menu's label is rendered in the commit that renders the table's words in the language.
          await expect(page.getByRole('navigation', { name: mainMenu, exact: true })).toBeVisible();
          for (const path of paths) {
            if (new URL(page.url()).pathname !== path) await openListInApp(page, path);
            await expect(page).toHaveURL(new RegExp(`${path}$`));
            // The rows are in: the table is not busy and shows its first badge.
            await expect(page.locator('table .mantine-Badge-label').first()).toBeVisible();
            await expect(page.locator('[aria-busy="true"]').filter({ visible: true })).toHaveCount(0);
            cut.push(...(await cutBadges(page)).map((word) => `${path} [${language}]: ${word}`));
          }
        }
        expect(cut).toEqual([]);
      });
    });
  }
});
