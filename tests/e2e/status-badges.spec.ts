import { expect, test, type Page } from './support/test';
import type { DemoAccount } from './support/auth';

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
const LANGUAGES = ['en', 'de', 'fr', 'pt'];

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
        const cut: string[] = [];
        for (const language of LANGUAGES) {
          // The stored choice, set before the next load (the last script added runs last, so this language wins).
          await page.addInitScript((l) => localStorage.setItem('language', l), language);
          for (const { path } of LISTS.filter((l) => l.account === account)) {
            await page.goto(path);
            await expect(page.locator('html')).toHaveAttribute('lang', language);
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
