import { expect, test } from './support/test';
import { signIn } from './support/auth';

test('the dashboard cards show numbers and link to their screens', async ({ page }) => {
  await signIn(page, 'user');
  for (const [name, path] of [
    [/^Units online \d+$/, '/user/manage-service-units?status=online'],
    [/^Units offline \d+$/, '/user/manage-service-units?status=offline'],
    [/^Units in maintenance \d+$/, '/user/manage-service-units?status=maintenance'],
    [/^Processes blocked today \d+$/, '/user/manage-process'],
    [/^Screenshots today \d+$/, '/user/manage-screenshots'],
    [/^Active URL rules \d+$/, '/user/url-restrictions'],
  ] as const) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  await expect(page.getByRole('region', { name: 'Latest screenshots' }).getByRole('link').first()).toBeVisible();

  await page.getByRole('link', { name: /^Screenshots today \d+$/ }).click();
  await expect(page).toHaveURL(/\/user\/manage-screenshots$/);
  await expect(page.getByRole('button', { name: /^Open screenshot of / }).first()).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: /^Units online \d+$/ }).click();
  await expect(page).toHaveURL(/\/user\/manage-service-units\?status=online/);
});

test.describe('phone, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('two numbers share a row, so the first list starts on the first screen', async ({ page }) => {
    await signIn(page, 'user');
    const online = page.getByRole('link', { name: /^Units online \d+$/ });
    const offline = page.getByRole('link', { name: /^Units offline \d+$/ });
    await expect(offline).toBeVisible();
    const [left, right] = [await online.boundingBox(), await offline.boundingBox()];
    expect(right?.y).toBe(left?.y);
    expect(right?.x).toBeGreaterThanOrEqual((left?.x ?? 0) + (left?.width ?? 0));
    await expect(page.getByRole('region', { name: 'Recently offline' })).toBeInViewport();
  });
});
