import { checkCall, recordContract } from './support/contract-recorder';
import { scanThemes, setTheme, VIEWPORTS } from './support/a11y';
import { signIn, clientNavigate } from './support/auth';
import { expect, test } from './support/test';

/**
 * The browser suite's contract recorder (support/contract-recorder.ts) sees the calls the app makes to
 * the embedded backend (answered inside the page) and checks them against docs/api/openapi.yaml.
 */
test('the app’s API calls on the admin screens match the contract', async ({ page, context }) => {
  const contract = await recordContract(context);
  await signIn(page, 'admin');
  await clientNavigate(page, '/admin/manage-organizations');
  await expect(page.getByRole('cell', { name: 'Acme Logistics' }).first()).toBeVisible();
  await clientNavigate(page, '/admin/manage-users');
  await expect(page.getByRole('cell', { name: 'Adam Manager' }).first()).toBeVisible();
  await expect
    .poll(() => contract.calls.map((c) => new URL(c.url).pathname))
    .toEqual(expect.arrayContaining(['/api/UserLogin', '/api/me', '/api/organizations', '/api/users']));
  const mismatches = await contract.finish();
  expect(mismatches, mismatches.join('\n')).toEqual([]);
});

test('a response that breaks the contract is reported', () => {
  const lines = checkCall({ method: 'GET', url: 'http://127.0.0.1/api/me', requestBody: null, status: 200, responseText: '{"uid":1}' });
  expect(lines.join('\n')).toContain('GET /api/me → 200');
  expect(checkCall({ method: 'GET', url: 'http://127.0.0.1/api/me', requestBody: null, status: 418, responseText: '' })[0]).toContain(
    'status 418 is not documented',
  );
  expect(
    checkCall({ method: 'GET', url: 'http://127.0.0.1/api/nothing-here', requestBody: null, status: 200, responseText: '' })[0],
  ).toContain('no such operation');
});

test('the API reference at /dev/api opens as its own page, passes axe, in light and dark and on a phone', async ({ page }) => {
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    await page.setViewportSize(viewport);
    await page.goto('/dev/api');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    const units = page.getByRole('region', { name: 'Service units' });
    const operation = units.getByRole('button', { name: /GET\s*\/api\/service-units\s*One page/ });
    // A click that lands while the page still lays out can be lost (CI saw the panel never open): click until it is open.
    await expect(async () => {
      if ((await operation.getAttribute('aria-expanded')) !== 'true') await operation.click();
      await expect(operation).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }).toPass();
    await expect(units.getByRole('cell', { name: /pageSize/ })).toBeVisible();
    expect(await scanThemes(page, `/dev/api ${viewport.width}px`)).toEqual([]);
    if (process.env['E2E_SHOTS']) {
      await setTheme(page, 'dark');
      await page.screenshot({ path: `/tmp/contract/dev-api-${viewport.width}-dark.png` });
    }
  }
});
