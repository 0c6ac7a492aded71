import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

test('capture now shows a pending tile, then the new screenshot arrives', async ({ page }) => {
  await signIn(page, 'user');
  await page.goto('/user/manage-screenshots');
  await expect(page.getByRole('button', { name: /^Open screenshot of / }).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Service unit' }).click();
  await page.getByRole('option', { name: /Online/ }).first().click();
  await expect(page).toHaveURL(/unit=/);
  const unitName = (await page.getByRole('combobox', { name: 'Service unit' }).inputValue()).trim();

  await page.getByRole('button', { name: 'Capture now' }).click();
  await expect(page.getByRole('status', { name: 'Capturing… waiting for the unit' })).toBeVisible();
  await expect(page.getByText(`New screenshot from ${unitName}`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status', { name: 'Capturing… waiting for the unit' })).toBeHidden();
  // Newest first: the delivered capture is the first tile, taken moments ago.
  await page.getByRole('button', { name: /^Open screenshot of / }).first().click();
  await expect(page.getByRole('dialog')).toContainText(unitName);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog')).toContainText('2 of');
});
