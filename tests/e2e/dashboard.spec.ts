import { expect, test } from './support/test';
import { setTheme } from './support/a11y';
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

test('the admin trend is drawn on a canvas in every theme, with a tooltip for the day under the pointer and its table for screen readers', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const figure = page.getByRole('figure', { name: 'Units online and offline per day' });
  await expect(figure.getByRole('table', { name: 'Units online and offline per day' }).getByRole('row')).toHaveCount(31);
  const canvas = figure.locator('canvas');
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width).toBeGreaterThan(500);
  expect(box?.height).toBe(220);
  // The canvas has pixels of the theme's teal (the units online) once drawn.
  const teal = () =>
    canvas.evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext('2d')?.getImageData(0, 0, c.width, c.height) ?? { data: [] };
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if ((data[i + 1] ?? 0) > (data[i] ?? 0) + 60 && (data[i + 2] ?? 0) > (data[i] ?? 0) + 30) n += 1;
      return n;
    });
  expect(await teal()).toBeGreaterThan(1000);
  const over = figure.locator('.u-over');
  const plot = await over.boundingBox();
  await page.mouse.move((plot?.x ?? 0) + (plot?.width ?? 0) - 2, (plot?.y ?? 0) + (plot?.height ?? 0) / 2);
  const tooltip = figure.locator('.mantine-Paper-root');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(/Units online\s*\d+\s*Units offline\s*\d+/);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  for (const theme of ['dark', 'semi-dark', 'light']) {
    await setTheme(page, theme as 'dark' | 'semi-dark' | 'light');
    await expect(canvas).toBeVisible();
    expect(await teal()).toBeGreaterThan(1000);
  }
});
