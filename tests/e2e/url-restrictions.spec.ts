import { expect, test } from './support/test';

// Starts signed in as the demo user (tests/e2e/support/test.ts): not about signing in, and the login form cost a
// page load and the dashboard's render.
test.use({ signedInAs: 'user' });

test('test a URL against a rule: a new block rule decides, and why', async ({ page }) => {
  await page.goto('/user/url-restrictions');
  await expect(page.getByRole('table', { name: 'URL rules' })).toBeVisible();

  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New URL rule' });
  await dialog.getByRole('textbox', { name: /^Pattern/ }).fill('games.example.org');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('No games at work');
  await dialog.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByText('Rule “games.example.org” was created')).toBeVisible();

  const tester = page.getByRole('region', { name: 'Test a URL' });
  await tester.getByRole('textbox', { name: /^URL/ }).fill('https://play.games.example.org/lobby');
  await tester.getByRole('button', { name: 'Test' }).click();
  const result = tester.getByRole('status');
  await expect(result).toContainText('Blocked');
  await expect(result).toContainText('games.example.org');
  await expect(result).toContainText('No games at work');
  await expect(result).toContainText('A domain rule matches');

  await tester.getByRole('textbox', { name: /^URL/ }).fill('https://teams.microsoft.com/meeting');
  await tester.getByRole('button', { name: 'Test' }).click();
  await expect(result).toContainText('Allowed');
  await expect(result).toContainText('teams.microsoft.com');
});
