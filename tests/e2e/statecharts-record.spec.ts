import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from './support/test';
import { expectNoViolations, scanThemes } from './support/a11y';
import { clientNavigate, DEMO_PASSWORD, signIn } from './support/auth';

/**
 * Issue 45: the machine explorer records a live session and exports a Vitest file that replays it on the
 * real machine (docs/testing-machines.md § "From a bug report to a test"); it opens on the session actor,
 * and a screen's actors leave its list when the screen does.
 */

const ROOT = process.cwd();

interface VitestJson {
  testResults: { name: string; assertionResults: { status: string; failureMessages: string[] }[] }[];
}

/** `npx vitest run <files>`, as a person would run the downloaded file. */
function runVitest(files: string[], out: string): Promise<VitestJson> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', ...files, '--reporter=json', `--outputFile=${out}`],
      { cwd: ROOT, timeout: 170_000 },
      () => {
        try {
          resolve(JSON.parse(readFileSync(out, 'utf8')) as VitestJson);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
  });
}

/** The session machine with one target changed: a refreshed token leads to `expired`, not `valid`. */
const MUTANT = `import { createMachine } from 'xstate';
import { sessionMachine as real } from '@machines/session/session.machine';

const config = real.config as any;
const token = config.states.signedIn.states.token;
const refreshing = { ...token.states.refreshing, invoke: { ...token.states.refreshing.invoke, onDone: { ...token.states.refreshing.invoke.onDone, target: 'expired' } } };
const patched = { ...config, states: { ...config.states, signedIn: { ...config.states.signedIn, states: { ...config.states.signedIn.states, token: { ...token, states: { ...token.states, refreshing } } } } } };
export const sessionMachine = createMachine(patched, real.implementations as any);
`;

test('records a sign-in and a token refresh with queued requests; the exported test passes, and fails on a changed target', async ({
  page,
}) => {
  test.setTimeout(240_000);
  test.slow();
  // Every answer takes a second, so requests sent together are all still waiting when the first 401 comes back.
  await page.addInitScript(() => localStorage.setItem('mock-latency-ms', '1000'));
  await page.goto('/login');
  const [explorer] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => {
      window.open('/dev/statecharts', 'statecharts', 'popup');
    }),
  ]);
  await expect(explorer.getByText('Showing the window that opened this one')).toBeVisible();
  await explorer
    .getByRole('list', { name: 'Running actors' })
    .getByRole('button', { name: /^session signedOut/ })
    .click();
  await explorer.getByRole('button', { name: 'Record', exact: true }).click();

  await page.getByLabel('Username').fill('user');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard/);
  const handled = () =>
    page.evaluate(() => (window as unknown as { mirageRequests?: { path: string; status: number }[] }).mirageRequests ?? []);
  // The dashboard's own requests are answered first: one left waiting would be dropped with the screen.
  const DASHBOARD = ['/api/dashboard/summary', '/api/dashboard/recent-offline', '/api/dashboard/latest-screenshots'];
  await expect
    .poll(async () => {
      const all = await handled();
      return DASHBOARD.every((path) => all.some((r) => r.path === path && r.status === 200));
    })
    .toBe(true);
  // The server lets the access token expire while the client still holds it as valid (its clock is not the
  // server's), so the units screen sends its requests with it at once: each gets 401 and waits in the queue for
  // the one refresh, then is retried with the new token. A token only the server expired keeps this independent
  // of how fast the machine runs; the new one lives the usual lifetime.
  const before = (await handled()).length;
  await page.evaluate(() => {
    const db = (window as unknown as { server: { db: { sessions: { update(attrs: object): void } } } }).server.db;
    db.sessions.update({ expiresAt: Date.now() - 1000 });
  });
  await clientNavigate(page, '/user/manage-service-units');
  await expect(page.getByRole('heading', { level: 1, name: 'Service Unit Management' })).toBeVisible();
  // One refresh served every request that met the expired token (the live stream's too, whichever came first),
  // and each of them was answered after it.
  await expect
    .poll(
      async () => {
        const all = (await handled()).slice(before);
        const refreshes = all.filter((r) => r.path === '/api/auth/refresh-token');
        const at = all.findIndex((r) => r.path === '/api/auth/refresh-token' && r.status === 200);
        const failed = all.map((r, i) => ({ ...r, i })).filter((r) => r.status === 401);
        const retried = failed.filter((f) => all.slice(Math.max(f.i, at)).some((r) => r.path === f.path && r.status === 200));
        return { refreshes: refreshes.length, refreshed: at >= 0, met: failed.length >= 2, retried: retried.length === failed.length };
      },
      { timeout: 20_000 },
    )
    .toEqual({ refreshes: 1, refreshed: true, met: true, retried: true });

  await explorer.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(explorer.getByText(/^Recorded session: \d+ steps, \d+ API calls\.$/)).toBeVisible();
  await explorer.getByRole('button', { name: 'Export test…' }).click();
  const dialog = explorer.getByRole('dialog', { name: 'Export the recording as a test' });
  const steps = dialog.getByRole('region', { name: 'Recorded steps' });
  await expect(steps).toContainText('session.login');
  await expect(steps).toContainText('done(login)');
  await expect(steps).toContainText('done(refreshToken)');
  await expect(steps).toContainText('POST /api/auth/refresh-token');
  // Two or more requests met the expired token and waited for the one refresh.
  expect(await steps.getByRole('row').filter({ hasText: 'session.unauthorized' }).count()).toBeGreaterThanOrEqual(2);
  await expectNoViolations(await scanThemes(explorer, 'statecharts export dialog'));

  const [download] = await Promise.all([
    explorer.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download session.recorded.test.ts' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('session.recorded.test.ts');
  const dir = join(ROOT, 'tests', `recorded-e2e-${process.pid}`);
  try {
    mkdirSync(join(dir, 'mutant'), { recursive: true });
    const passing = join(dir, 'session.recorded.test.ts');
    await download.saveAs(passing);
    const file = readFileSync(passing, 'utf8');
    expect(file).not.toContain(DEMO_PASSWORD);
    expect(file).toContain('password: PASSWORD_');
    const failing = join(dir, 'mutant', 'session.recorded.test.ts');
    writeFileSync(join(dir, 'mutant', 'machine.ts'), MUTANT);
    writeFileSync(failing, file.replace("from '@machines/session/session.machine'", "from './machine'"));

    const result = await runVitest([relative(ROOT, passing), relative(ROOT, failing)], join(dir, 'result.json'));
    const byFile = new Map(result.testResults.map((r) => [relative(ROOT, r.name), r.assertionResults]));
    expect(byFile.get(relative(ROOT, passing))?.map((a) => [a.status, a.failureMessages.join('\n').slice(0, 800)])).toEqual([
      ['passed', ''],
    ]);
    const failed = byFile.get(relative(ROOT, failing)) ?? [];
    expect(failed.map((a) => a.status)).toEqual(['failed']);
    expect(failed[0]?.failureMessages[0] ?? '').toMatch(
      /step \d+ of \d+, done\(refreshToken\): the state is signedIn\.\(access\.active, token\.expired\), the recording says signedIn\.\(access\.active, token\.valid\)/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('opened from the user menu after sign-in, the explorer shows the session, and the dashboard that was left is not listed', async ({
  page,
}) => {
  await signIn(page, 'user');
  await expect(page).toHaveURL(/\/user\/dashboard/);
  await page.getByRole('button', { name: /Account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Statecharts', exact: true }).click();
  await expect(page).toHaveURL(/\/dev\/statecharts$/);

  const actors = page.getByRole('list', { name: 'Running actors' });
  await expect(actors.getByRole('button', { name: /^session signedIn/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 2, name: /^session/ })).toBeVisible();
  // The sign-in is in the selected actor's log.
  await expect(page.getByRole('list', { name: 'Event log, newest first' })).toContainText('session.login');
  // The dashboard's actors stopped with it: none is left "running".
  await expect(actors.getByRole('button', { name: /^session/ })).toBeVisible();
  await expect(actors.getByRole('button', { name: /user-dashboard/ })).toHaveCount(0);
});

test('the timeline steps back to the sign-in with its state highlighted, and a sandbox continues from there while the app stays signed in', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: /Account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Statecharts', exact: true }).click();
  const chartState = (id: string) => page.getByTestId('statechart').locator(`[data-state="${id}"]`);
  await expect(chartState('signedIn')).toHaveAttribute('aria-current', 'true');

  const timeline = page.getByRole('group', { name: 'Timeline' });
  await timeline.focus();
  // Back through the log with the arrow key, three entries and on until the sign-in, one moment per press.
  const position = timeline.getByText(/^\d+ of \d+: after /);
  await page.keyboard.press('ArrowLeft');
  await expect(position).toBeVisible();
  const indexOf = async () => Number(/^(\d+) of/.exec((await position.textContent()) ?? '')?.[1]);
  for (let step = 0; step < 30 && !/after session\.login →/.test((await position.textContent()) ?? ''); step += 1) {
    const before = await indexOf();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(indexOf).toBe(before - 1);
  }
  await expect(timeline.getByText(/after session\.login → signingIn/)).toBeVisible();
  await expect(chartState('signingIn')).toHaveAttribute('aria-current', 'true');
  await expect(chartState('signedIn')).not.toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('State then: signingIn')).toBeVisible();
  await expect(timeline.getByRole('region', { name: 'Context at that moment' })).not.toContainText(DEMO_PASSWORD);
  await expectNoViolations(await scanThemes(page, 'statecharts timeline'));

  await timeline.getByRole('button', { name: 'Continue from here' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sandbox' })).toContainText('never touches the app');
  await expect(page.getByText('Sandbox state: signingIn')).toBeVisible();
  await page.getByRole('button', { name: 'session.logout', exact: true }).click();
  await expect(page.getByText('Sandbox state: signedOut')).toBeVisible();
  await expect(chartState('signedOut')).toHaveAttribute('aria-current', 'true');

  // The app's own session is still signed in.
  await page.getByRole('button', { name: 'End the sandbox' }).click();
  await page.getByRole('group', { name: 'Timeline' }).getByRole('button', { name: 'Live' }).click();
  await expect(page.getByText(/^Current state: .*active/)).toBeVisible();
  await expect(chartState('signedIn')).toHaveAttribute('aria-current', 'true');
});
