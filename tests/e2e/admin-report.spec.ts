import { expect, test, type Page } from './support/test';
import { setTheme, THEMES, waitForLoaded } from './support/a11y';
import { clientNavigate, signIn } from './support/auth';

/**
 * The lowest contrast of the charts' axis labels against the surface behind them: axe's color-contrast does not judge
 * SVG text (the suite's scans passed with these labels at 1.5:1). Each label's fill, its alpha laid over the first
 * background an ancestor paints, against that background (WCAG 2.x).
 */
function lowestAxisLabelContrast(page: Page): Promise<{ ratio: number; label: string; fill: string; surface: string }> {
  return page.locator('svg.recharts-surface text.recharts-cartesian-axis-tick-value').evaluateAll((labels) => {
    const rgba = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    let lowest = { ratio: Infinity, label: '', fill: '', surface: '' };
    for (const label of labels) {
      let surface = 'rgb(255, 255, 255)';
      for (let at: Element | null = label; at; at = at.parentElement) {
        const background = getComputedStyle(at).backgroundColor;
        if (rgba(background).a > 0) {
          surface = background;
          break;
        }
      }
      const fill = getComputedStyle(label).fill;
      const [f, s] = [rgba(fill), rgba(surface)];
      const seen = { r: f.r * f.a + s.r * (1 - f.a), g: f.g * f.a + s.g * (1 - f.a), b: f.b * f.a + s.b * (1 - f.a) };
      const [hi, lo] = [luminance(seen), luminance(s)].sort((x, y) => y - x) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < lowest.ratio) lowest = { ratio, label: label.textContent ?? '', fill, surface };
    }
    return lowest;
  });
}

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

  test('the charts’ axis labels reach 4.5:1 on the surface behind them in every theme, on the report and a unit’s forecast', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await clientNavigate(page, '/admin/reporting/prediction');
    await waitForLoaded(page);
    const labels = page.locator('svg.recharts-surface text.recharts-cartesian-axis-tick-value');
    await expect(labels.first()).toBeVisible();
    for (const theme of THEMES) {
      await setTheme(page, theme);
      const lowest = await lowestAxisLabelContrast(page);
      expect(lowest.ratio, `report [${theme}]: ${JSON.stringify(lowest)}`).toBeGreaterThanOrEqual(4.5);
    }
    const unit = page.getByRole('table', { name: 'Highest risk' }).getByRole('button').nth(1);
    const unitName = (await unit.textContent()) ?? '';
    await unit.click();
    await expect(page.getByRole('heading', { name: `Forecast for ${unitName}` })).toBeVisible();
    await waitForLoaded(page);
    await expect(page.locator('figure[aria-label="Actual and predicted downtime"] svg.recharts-surface')).toBeVisible();
    for (const theme of THEMES) {
      await setTheme(page, theme);
      const lowest = await lowestAxisLabelContrast(page);
      expect(lowest.ratio, `forecast [${theme}]: ${JSON.stringify(lowest)}`).toBeGreaterThanOrEqual(4.5);
    }
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
