import { expect, test, type Page } from './support/test';
import { setTheme, THEMES, waitForLoaded } from './support/a11y';
import { clientNavigate, signIn } from './support/auth';

/** The colour behind an element: the first background an ancestor paints (white if none). */
const SURFACE_OF = `(el) => {
  for (let at = el; at; at = at.parentElement) {
    const background = getComputedStyle(at).backgroundColor;
    if (!/^rgba\\(.*, 0\\)$/.test(background) && background !== 'transparent') return background;
  }
  return 'rgb(255, 255, 255)';
}`;

/** WCAG 2.x contrast of a colour with alpha laid over an opaque surface (both 'rgb(…)'/'rgba(…)' or arrays). */
const CONTRAST = `(fill, surface) => {
  const parse = (c) => (Array.isArray(c) ? c : (c.match(/[\\d.]+/g) ?? []).map(Number));
  const [fr = 0, fg = 0, fb = 0, fa = 1] = parse(fill);
  const [sr = 0, sg = 0, sb = 0] = parse(surface);
  const seen = [fr * fa + sr * (1 - fa), fg * fa + sg * (1 - fa), fb * fa + sb * (1 - fa)];
  const luminance = ([r, g, b]) => {
    const linear = (c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [hi, lo] = [luminance(seen), luminance([sr, sg, sb])].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}`;

/**
 * The contrast of a chart's axis labels, drawn on its canvas, against the surface behind it: the strongest pixel
 * outside the plot (where only the labels are drawn), which is the labels' colour where a glyph is solid. axe does
 * not judge text on a canvas.
 */
function canvasLabelContrast(page: Page, figure: string): Promise<number> {
  return page.locator(`figure[aria-label="${figure}"] [data-testid="uplot-chart"]`).evaluate(
    (box, [surfaceOf, contrast]) => {
      const canvas = box.querySelector('canvas');
      const plot = box.querySelector('.u-over');
      if (!canvas || !plot) return 0;
      const surface = (0, eval)(surfaceOf)(box) as string;
      const ratioOf = (0, eval)(contrast) as (fill: number[], surface: string) => number;
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const c = canvas.getBoundingClientRect();
      const p = plot.getBoundingClientRect();
      const left = (p.left - c.left) * scale;
      const bottom = (p.bottom - c.top) * scale;
      const context = canvas.getContext('2d');
      if (!context) return 0;
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      let best = 1;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (x >= left && y <= bottom) continue;
          const i = (y * width + x) * 4;
          const [r = 0, g = 0, b = 0, a = 0] = data.subarray(i, i + 4);
          best = Math.max(best, ratioOf([r, g, b, a / 255], surface));
        }
      }
      return best;
    },
    [SURFACE_OF, CONTRAST] as const,
  );
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
    // The chart is drawn (uPlot's canvas) and has its table alternative.
    await expect(page.locator('figure[aria-label="Actual and predicted downtime"] [data-testid="uplot-chart"] canvas')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Actual and predicted downtime' })).toBeAttached();

    await clientNavigate(page, '/admin/reporting/prediction?band=high');
    const table = page.getByRole('table', { name: 'Prediction for every service unit' });
    await expect(table.getByRole('row').nth(1)).toContainText('High ·');
    await page.goBack();
    await expect(page).toHaveURL(/unitId=/);
  });

  test.describe(() => {
    // No test here is about signing in: each opens its screen directly, signed in from the worker's state.
    test.use({ signedInAs: 'admin' });

    test('the report exports a CSV of its filters', async ({ page }) => {
      await page.goto('/admin/reporting/prediction?band=low');
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

    test('a unit’s forecast chart draws its axis labels at 4.5:1 on the surface behind them in every theme', async ({ page }) => {
      await page.goto('/admin/reporting/prediction');
      await waitForLoaded(page);
      await expect(page.locator('figure[aria-label="Actual and predicted downtime"] [data-testid="uplot-chart"] canvas')).toBeVisible();
      for (const theme of THEMES) {
        await setTheme(page, theme);
        // A new colour scheme draws the chart again, in its colours.
        await expect.poll(() => canvasLabelContrast(page, 'Actual and predicted downtime'), { message: theme }).toBeGreaterThanOrEqual(4.5);
      }
    });

    test('a saved display name shows in the header at once and survives a reload', async ({ page }) => {
      await page.goto('/admin/my-profile');
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
      await page.goto('/admin/reporting/prediction');
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

  test('a user gets 403 from the report and the admin dashboard endpoints', async ({ page }) => {
    await signIn(page, 'user');
    const statuses = await page.evaluate(async () => {
      const token = localStorage.getItem('accessToken') ?? '';
      const paths = ['/api/reports/prediction', '/api/admin/dashboard/summary', '/api/admin/dashboard/top-risk'];
      return Promise.all(paths.map(async (p) => (await fetch(p, { headers: { Authorization: `Bearer ${token}` } })).status));
    });
    expect(statuses).toEqual([403, 403, 403]);
  });
});
