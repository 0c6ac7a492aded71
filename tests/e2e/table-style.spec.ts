import { expect, test, type Page } from './support/test';

/**
 * mantine-datatable measures its table with a ResizeObserver and writes what it found (scroll shadows, the footer's
 * place, the last row's border, the header's height) as CSS variables on the table's root. Each new value there makes
 * the browser recompute the style of the whole table, in the frame that shows the rows. The tables start with the
 * values a table with no height of its own ends with (src/components/data-list/settled-table-vars.ts), so that
 * measurement changes only the header's height, which depends on the columns' words (and the selection column's width,
 * which the library writes again when it mounts its header anew).
 */

declare global {
  interface Window {
    tableVarChanges?: string[];
  }
}

async function recordTableVarChanges(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const changes: string[] = [];
    window.tableVarChanges = changes;
    const vars = (style: string | null) =>
      new Map(
        (style ?? '')
          .split(';')
          .map((part) => part.split(':').map((s) => s.trim()))
          .filter(([name]) => name?.startsWith('--mantine-datatable-'))
          .map(([name, value]) => [name ?? '', value ?? ''] as const),
      );
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as Element;
        if (!element.classList.contains('mantine-datatable')) continue;
        const before = vars(record.oldValue);
        const after = vars(element.getAttribute('style'));
        for (const name of new Set([...before.keys(), ...after.keys()])) if (before.get(name) !== after.get(name)) changes.push(name);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'], attributeOldValue: true });
  });
}

const changed = (page: Page) => page.evaluate(() => [...new Set(window.tableVarChanges ?? [])].sort());

test.describe('a user’s list', () => {
  test.use({ signedInAs: 'user', viewport: { width: 1280, height: 800 } });

  test('the units table’s measurement writes no shadow, footer or border value: only its header and selection column', async ({ page }) => {
    await recordTableVarChanges(page);
    await page.goto('/user/manage-service-units');
    const table = page.getByRole('table', { name: 'Service units' });
    await expect(table.locator('tbody tr')).toHaveCount(25);
    await expect.poll(() => changed(page)).toContain('--mantine-datatable-header-height');
    // The library measures these two again whenever it mounts the header anew (it resets them to 0 first).
    const measured = ['--mantine-datatable-header-height', '--mantine-datatable-selection-column-width'];
    expect((await changed(page)).filter((name) => !measured.includes(name))).toEqual([]);
  });
});

test.describe('an admin’s report', () => {
  test.use({ signedInAs: 'admin', viewport: { width: 1280, height: 800 } });

  test('the report’s table, wider than the page, starts with its right shadow: only its header height changes', async ({ page }) => {
    await recordTableVarChanges(page);
    await page.goto('/admin/reporting/prediction');
    const table = page.getByRole('table', { name: 'Prediction for every service unit' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect.poll(() => changed(page)).toContain('--mantine-datatable-header-height');
    expect(await changed(page)).toEqual(['--mantine-datatable-header-height']);
  });
});
