import { chartOf } from '../../machines/statecharts/chart';
import { MACHINES } from '../../machines/statecharts/registry';
import { expect, test, type Page } from './support/test';
import { expectNoViolations, scanThemes, VIEWPORTS } from './support/a11y';
import { DEMO_PASSWORD, signIn } from './support/auth';

/**
 * The machine explorer (issue 11, docs/statecharts.md): every machine drawn from its definition, the
 * live actors of the tab through XState's inspect API, the event log with secrets masked.
 */

const session =
  MACHINES.find((m) => m.name === 'session') ??
  (() => {
    throw new Error('The registry has no session machine');
  })();
const state = (page: Page, id: string) => page.getByTestId('statechart').locator(`[data-state="${id}"]`);

test('lists every machine and draws the session chart from a deep link, without signing in', async ({ page }) => {
  await page.goto('/dev/statecharts');
  await expect(page.getByRole('heading', { level: 1, name: 'Statecharts' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Machines' });
  await expect(nav.getByRole('link')).toHaveText(MACHINES.map((m) => m.name));
  // No machine in the link: the explorer opens on this tab's session actor (signed out here).
  await expect(page.getByRole('list', { name: 'Running actors' }).getByRole('button', { name: /^session signedOut/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/dev/statecharts?machine=session');
  await expect(page.getByRole('heading', { level: 2, name: /^session/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'session', exact: true })).toHaveAttribute('aria-current', 'page');
  // Drawn folded (statecharts-fold.spec.ts): every top-level state, a compound one opens on click with its states inside.
  const graph = chartOf(session.machine);
  const topLevel = graph.nodes.filter((n) => n.parent === null);
  await expect(page.getByTestId('statechart').locator('[data-state]')).toHaveCount(topLevel.length);
  await page.getByRole('button', { name: /^Expand confirming: \d+ states$/ }).click();
  for (const node of graph.nodes.filter((n) => n.parent === 'confirming')) {
    await expect(page.locator(`.react-flow__node[data-id="${node.id}"]`)).toHaveCount(1);
    await expect(state(page, node.id)).toBeVisible();
  }
  await expect(page.getByText('session.login', { exact: true }).first()).toBeVisible();
  // Nothing runs the chart: no state is current.
  await expect(page.locator('[aria-current="true"]')).toHaveCount(0);

  // Scenarios: the shortest path to every state, replayed step by step on a fresh actor.
  await page.getByRole('tab', { name: 'Scenarios' }).click();
  await expect(page.getByRole('heading', { name: /^Scenarios \(\d+\)$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Replay signingIn', exact: true }).click();
  await page.getByRole('button', { name: /^Next step/ }).click();
  await page.getByRole('button', { name: /^Next step/ }).click();
  await expect(page.getByText('reached', { exact: true })).toHaveCount(2);
  await expect(state(page, 'signingIn')).toHaveAttribute('aria-current', 'true');
  await expectNoViolations(await scanThemes(page, 'statecharts session'));
  await page.setViewportSize(VIEWPORTS.phone);
  await expectNoViolations(await scanThemes(page, 'statecharts session @phone'));
  await page.setViewportSize(VIEWPORTS.desktop);
  // After the resize the chart re-fits and the panel moves: a click can land while it moves (CI once clicked
  // beside "Stop replay" and waited 60 s for a download). Stop the replay until its end shows, then export.
  const stop = page.getByRole('button', { name: 'Stop replay' });
  const exportJson = page.getByRole('button', { name: 'Export JSON' });
  await expect(async () => {
    if (await stop.isVisible()) await stop.click({ timeout: 2_000 });
    await expect(exportJson).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), exportJson.click()]);
  expect(download.suggestedFilename()).toBe('session.scenarios.json');

  await page.goto('/dev/statecharts?machine=nope');
  await expect(page.getByRole('alert')).toContainText('There is no machine named “nope”');
});

test('after sign-in the live session actor shows its state, takes an offered event, and its log masks the password', async ({ page }) => {
  await signIn(page, 'admin');
  // Through the user menu: the same tab, so the inspection buffer still holds the sign-in.
  await page.getByRole('button', { name: /Account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Statecharts', exact: true }).click();
  await expect(page).toHaveURL(/\/dev\/statecharts$/);

  await page
    .getByRole('list', { name: 'Running actors' })
    .getByRole('button', { name: /^session signedIn/ })
    .click();
  await expect(page).toHaveURL(/machine=session&actor=/);
  const current = page.getByTestId('statechart').locator('[aria-current="true"]');
  await expect(state(page, 'signedIn')).toHaveAttribute('aria-current', 'true');
  await expect(current.and(page.locator('[data-state$=".active"]'))).toHaveCount(1);
  await expect(state(page, 'signedOut')).not.toHaveAttribute('aria-current', 'true');
  await expect(page.getByText(/^Current state: .*active/)).toBeVisible();

  const log = page.getByRole('list', { name: 'Event log, newest first' });
  const login = log.getByRole('listitem').filter({ has: page.getByText('session.login', { exact: true }) });
  await expect(login).toContainText('"username": "admin"');
  await expect(login).toContainText('"password": "••••••"');
  await expect(log).not.toContainText(DEMO_PASSWORD);
  await expect(login).toContainText('→ signingIn');
  await expect(log).not.toContainText(/"accessToken": "(?!••)/);

  await page.getByRole('button', { name: 'session.lock', exact: true }).click();
  await expect(current.and(page.locator('[data-state$=".locked"]'))).toHaveCount(1);
  await expect(current.and(page.locator('[data-state$=".active"]'))).toHaveCount(0);
  await expect(log.getByRole('listitem').first()).toContainText(/session\.lock|xstate\.done\.actor\.lock/);
  await expectNoViolations(await scanThemes(page, 'statecharts live'));
});

test('a window of its own inspects the screen of the tab that opened it, live, while that screen keeps running', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: /Account menu$/ }).click();
  const [explorer] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('menuitem', { name: 'Statecharts in a new window' }).click(),
  ]);
  await expect(explorer).toHaveURL(/\/dev\/statecharts$/);
  await expect(explorer.getByText('Showing the window that opened this one')).toBeVisible();

  // The dashboard's actor and its cards, running in the other tab.
  const actors = explorer.getByRole('list', { name: 'Running actors' });
  await expect(actors.getByRole('button', { name: /^admin-dashboard/ }).first()).toBeVisible();
  await actors.getByRole('button', { name: /\(summary\)\s*loaded/ }).click();
  await explorer.getByRole('button', { name: 'resource.reload', exact: true }).click();
  const log = explorer.getByRole('list', { name: 'Event log, newest first' });
  await expect(log.getByRole('listitem').filter({ has: explorer.getByText('resource.reload', { exact: true }) })).toHaveCount(1);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expectNoViolations(await scanThemes(explorer, 'statecharts window'));
  await explorer.close();
});

test('on a phone a whole chart opens on the initial state at a readable zoom, and the fit button shows the whole machine', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  // A machine drawn whole, wider than a phone (the session is drawn folded, statecharts-fold.spec.ts).
  const viewer = MACHINES.find((m) => m.name === 'screenshot-viewer');
  if (!viewer) throw new Error('The registry has no screenshot-viewer machine');
  await page.goto('/dev/statecharts?machine=screenshot-viewer');
  const initial = chartOf(viewer.machine).nodes.find((n) => n.parent === null && n.initial);
  if (!initial) throw new Error('The screenshot-viewer machine has no initial state');
  const chart = page.getByTestId('statechart');
  await chart.scrollIntoViewIfNeeded();
  await expect(state(page, initial.id)).toBeInViewport();
  // React Flow draws the chart inside one transformed layer: its scale is the zoom the reader sees.
  const zoom = () => page.locator('.react-flow__viewport').evaluate((layer) => new DOMMatrixReadOnly(getComputedStyle(layer).transform).a);
  expect(await zoom()).toBeGreaterThanOrEqual(0.6);
  expect((await chart.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(420);

  await page.getByRole('button', { name: 'Fit the chart' }).click();
  await expect.poll(zoom).toBeLessThan(0.6);
  const everyStateInside = () =>
    chart.evaluate((box) => {
      const outer = box.getBoundingClientRect();
      return [...box.querySelectorAll('[data-state]')].every((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= outer.left - 1 && r.right <= outer.right + 1 && r.top >= outer.top - 1 && r.bottom <= outer.bottom + 1;
      });
    });
  await expect.poll(everyStateInside).toBe(true);
});
