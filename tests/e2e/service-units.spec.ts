import { expect, test } from './support/test';

// Every test starts signed in as the demo user (tests/e2e/support/test.ts): none of them is about signing in.
test.use({ signedInAs: 'user' });

test.describe('Service Unit Management', () => {
  test('create a service unit; after a reload it is still there', async ({ page }) => {
    await page.goto('/user/manage-service-units');
    await expect(page.getByRole('table', { name: 'Service units' })).toBeVisible();
    const name = `E2E Kiosk ${Date.now() % 100000}`;
    await page.getByRole('button', { name: 'New unit' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service unit' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^Hostname/ }).fill('e2e-kiosk-01.acme.example');
    await dialog.getByRole('combobox', { name: /^Operating system/ }).click();
    await page.getByRole('option', { name: 'Linux' }).click();
    await dialog.getByRole('button', { name: 'Create unit' }).click();
    await expect(page.getByText(`“${name}” was created`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search units' }).fill(name);
    await expect(page).toHaveURL(/q=E2E/);
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search units' })).toHaveValue(name);
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  });

  test('a bookmarked list URL (page 2, sorted, filtered) reopens in the same state, and back/forward works', async ({ page }) => {
    await page.goto('/user/manage-service-units?page=2&pageSize=10&sort=name&order=desc&status=offline&status=online');
    const table = page.getByRole('table', { name: 'Service units' });
    await expect(page.getByText(/^11–20 of \d+$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');
    const names = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(names).toHaveLength(10);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base', numeric: true })));
    await expect(table.getByText('Maintenance', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(page.getByText(/^21–/)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^11–20 of/)).toBeVisible();
  });

  test('another organization’s unit id gives a clear "not found", not a crash', async ({ page }) => {
    // Default seed: ids 1–42 are Acme's units, 43–80 Globex's.
    await page.goto('/user/manage-service-units?unit=60');
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Service unit not found')).toBeVisible();
    await drawer.getByRole('button', { name: 'Back to the list' }).click();
    await expect(page).not.toHaveURL(/unit=60/);
    await expect(page.getByRole('table', { name: 'Service units' })).toBeVisible();
  });
});
