import { expect, test } from './support/test';

// Starts signed in as the demo user (tests/e2e/support/test.ts): not about signing in, and the login form cost a
// page load and the dashboard's render.
test.use({ signedInAs: 'user' });

test('capture now shows a pending tile, then the new screenshot arrives', async ({ page }) => {
  await page.goto('/user/manage-screenshots');
  await expect(page.getByRole('button', { name: /^Open screenshot of / }).first()).toBeVisible();
  const count = page.getByText(/^\d+ screenshots?$/);
  const unfiltered = await count.textContent();
  await page.getByRole('combobox', { name: 'Service unit' }).click();
  await page
    .getByRole('option', { name: /Online/ })
    .first()
    .click();
  await expect(page).toHaveURL(/unit=/);
  await expect(count).not.toHaveText(unfiltered ?? '');
  const unitName = (await page.getByRole('combobox', { name: 'Service unit' }).inputValue()).trim();

  const before = Number.parseInt((await count.textContent()) ?? '0', 10);
  await page.getByRole('button', { name: 'Capture now' }).click();
  await expect(page.getByRole('status', { name: 'Capturing… waiting for the unit' })).toBeVisible();
  // The live event naming the capture's command settles it (the unit's name unknown yet); a poll names the unit.
  const escaped = unitName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page.getByText(new RegExp(`^(The new screenshot arrived|New screenshot from ${escaped})$`))).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('status', { name: 'Capturing… waiting for the unit' })).toBeHidden();
  await expect(count).toHaveText(`${before + 1} screenshots`);
  // Newest first: the delivered capture is the first tile, taken moments ago.
  await page
    .getByRole('button', { name: /^Open screenshot of / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toContainText(unitName);
  await expect(page.getByRole('dialog')).toContainText(`1 of ${before + 1}`);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog')).toContainText(`2 of ${before + 1}`);
});
