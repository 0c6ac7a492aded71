import { expect, test } from './support/test';
import { clientNavigate, signIn } from './support/auth';

test.describe('admin dashboard, prediction report and profile', () => {
  test('the operator reads the dashboard, follows a risky unit to the report, and filters it through the URL', async ({ page }) => {
    await signIn(page, 'operator');
    const risky = page.getByRole('region', { name: 'Highest failure risk' });
    await expect(risky.getByRole('listitem')).toHaveCount(5);
    const first = risky.getByRole('link').nth(1);
    const unitName = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/admin\/reporting\/prediction\?unitId=/);
    await expect(page.getByRole('heading', { name: `Forecast for ${unitName}` })).toBeVisible();
    // The chart is drawn (Recharts SVG) and has its table alternative.
    await expect(page.locator('figure[aria-label="Actual and predicted downtime"] svg.recharts-surface')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Actual and predicted downtime' })).toBeAttached();

    await clientNavigate(page, '/admin/reporting/prediction?band=high');
    const table = page.getByRole('table', { name: 'Prediction for every service unit' });
    await expect(table.getByRole('row').nth(1)).toContainText('High ·');
    await page.goBack();
    await expect(page).toHaveURL(/unitId=/);
  });

  test('the report exports a CSV of its filters', async ({ page }) => {
    await signIn(page, 'admin');
    await clientNavigate(page, '/admin/reporting/prediction?band=low');
    await expect(page.getByRole('table', { name: 'Prediction for every service unit' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^prediction-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await file.createReadStream()).toArray();
    const csv = Buffer.concat(text).toString('utf8');
    expect(csv.split('\n')[0]).toContain('Service unit,Hostname,Organization,Risk,Band');
    expect(csv).not.toContain(',High,');
  });

  test('a user gets 403 from the report and the admin dashboard endpoints', async ({ page }) => {
    await signIn(page, 'user');
    const statuses = await page.evaluate(async () => {
      const token = localStorage.getItem('accessToken') ?? '';
      const paths = ['/api/reports/prediction', '/api/admin/dashboard/summary', '/api/admin/dashboard/top-risk'];
      return Promise.all(paths.map(async (p) => (await fetch(p, { headers: { Authorization: `Bearer ${token}` } })).status));
    });
    expect(statuses).toEqual([403, 403, 403]);
  });

  test('a saved display name shows in the header at once and survives a reload', async ({ page }) => {
    await signIn(page, 'admin');
    await clientNavigate(page, '/admin/my-profile');
    const name = page.getByRole('textbox', { name: /^Display name/ });
    await expect(name).toHaveValue('Adam Manager');
    await name.fill('Adam the Admin');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Adam the Admin');
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Display name/ })).toHaveValue('Adam the Admin');
    await expect(page.getByRole('banner')).toContainText('Adam the Admin');
  });

  test('on a phone the report filters are one width and the highest-risk table fits its card', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin');
    await clientNavigate(page, '/admin/reporting/prediction');
    const widths = await Promise.all(
      ['Organization', 'Service unit', 'Risk band'].map(
        async (name) => (await page.getByRole('combobox', { name, exact: true }).boundingBox())?.width,
      ),
    );
    expect(new Set(widths).size).toBe(1);
    const top = page.getByRole('table', { name: 'Highest risk' });
    await expect(top.getByRole('row').nth(1)).toBeVisible();
    // The Trend column ends inside the card (it was cut at the card's edge, scrolled out of sight).
    const room = await top.evaluate((table) => {
      const card = table.closest('.mantine-Card-root')?.getBoundingClientRect();
      const trend = table.querySelector('thead th:last-child')?.getBoundingClientRect();
      return card && trend ? card.right - trend.right : -1;
    });
    expect(room).toBeGreaterThanOrEqual(0);
  });
});
