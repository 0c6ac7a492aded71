import { expect, test } from './support/test';
import { signIn } from './support/auth';

test('the process table updates live; pausing stops the updates', async ({ page }) => {
  // The page's clock flows as usual, and can be moved on at once while the table is paused.
  await page.clock.install();
  await signIn(page, 'user');
  await page.goto('/user/manage-process');
  await page.getByRole('combobox', { name: 'Service unit' }).click();
  await page.getByRole('option').first().click();
  await expect(page).toHaveURL(/\/user\/manage-process\?unit=/);

  const cpuColumn = () => page.getByTestId('total-cpu').textContent();
  await expect(page.getByRole('button', { name: /^End .* \(PID \d+\)$/ }).first()).toBeVisible();
  await page.getByText('2 s', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '2 s' })).toBeChecked();
  await expect(page.getByRole('tabpanel', { name: 'Processes' }).getByText('Live', { exact: true })).toBeVisible();

  const first = await cpuColumn();
  await expect.poll(cpuColumn, { timeout: 15_000 }).not.toBe(first);

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();
  const rows = async () => (await page.locator('tbody tr').allTextContents()).join('|');
  const frozen = await rows();
  const frozenCpu = await cpuColumn();
  // Five seconds of the page's time, two and a half polls at 2 s, pass at once: the timers due meanwhile fire.
  await page.clock.runFor(5_000);
  expect(await rows()).toBe(frozen);
  expect(await cpuColumn()).toBe(frozenCpu);

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Processes' }).getByText('Live', { exact: true })).toBeVisible();
  await expect.poll(cpuColumn, { timeout: 15_000 }).not.toBe(frozenCpu);
});

test("a deep link to another organization's unit says it is not found", async ({ page }) => {
  await signIn(page, 'globex');
  await page.goto('/user/manage-process?unit=1');
  await expect(page.getByText('This unit does not exist or is not in your organization.').first()).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This unit does not exist or is not in your organization.');
});
