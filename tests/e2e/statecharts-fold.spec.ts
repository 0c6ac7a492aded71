import { activeIds, chartOf } from '../../machines/statecharts/chart';
import { foldChart } from '../../machines/statecharts/fold';
import { MACHINES } from '../../machines/statecharts/registry';
import { expect, test, type Page } from './support/test';
import { expectNoViolations, scanThemes, VIEWPORTS } from './support/a11y';
import { signIn } from './support/auth';

/**
 * A readable session chart (issue 45 §4, docs/statecharts.md § The chart): at 1280×800 the session machine is drawn
 * folded, Fit the chart never takes a label under 10 px, and a folded state opens on click.
 */

const session =
  MACHINES.find((m) => m.name === 'session') ??
  (() => {
    throw new Error('The registry has no session machine');
  })();
const whole = chartOf(session.machine);
const chart = (page: Page) => page.getByTestId('statechart');
const state = (page: Page, id: string) => chart(page).locator(`[data-state="${id}"]`);
// React Flow draws the chart inside one transformed layer: its scale is the zoom the reader sees.
const zoom = (page: Page) =>
  page.locator('.react-flow__viewport').evaluate((layer) => new DOMMatrixReadOnly(getComputedStyle(layer).transform).a);

/** Every piece of text drawn in the chart, as the reader sees it: its font size times the chart's scale. */
const renderedTextSizes = (page: Page) =>
  chart(page).evaluate((box) => {
    const layer = box.querySelector('.react-flow__viewport');
    const scale = layer ? new DOMMatrixReadOnly(getComputedStyle(layer).transform).a : 1;
    const sizes: { text: string; px: number }[] = [];
    const walker = document.createTreeWalker(box.querySelector('.react-flow__renderer') ?? box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !parent.closest('.react-flow__viewport, .react-flow__edgelabel-renderer')) continue;
      sizes.push({ text, px: parseFloat(getComputedStyle(parent).fontSize) * scale });
    }
    return sizes;
  });

const everyDrawnStateInsideWidth = (page: Page) =>
  chart(page).evaluate((box) => {
    const outer = box.getBoundingClientRect();
    return [...box.querySelectorAll('[data-state]')].every((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= outer.left - 1 && r.right <= outer.right + 1;
    });
  });

test('at 1280×800 the signed-out session chart is folded, Fit keeps every label at 10 px or more, and a folded state opens on click', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/dev/statecharts?machine=session');
  await expect(page.getByRole('heading', { level: 2, name: /^session/ })).toBeVisible();
  // No actor: the top-level states, each compound one a box with its count.
  const folded = foldChart(whole, { active: [] });
  await expect(chart(page).locator('[data-state]')).toHaveCount(folded.nodes.length);
  expect(folded.nodes.length).toBeLessThan(whole.nodes.length);
  const signedIn = page.getByRole('button', { name: 'Expand signedIn: 13 states' });
  await expect(signedIn).toHaveText('13 states +');
  await expect(signedIn).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Fit the chart' }).click();
  await expect.poll(() => zoom(page)).toBeGreaterThanOrEqual(0.91);
  const sizes = await renderedTextSizes(page);
  expect(sizes.length).toBeGreaterThan(folded.nodes.length + folded.edges.length);
  expect(sizes.filter((s) => s.px < 10)).toEqual([]);
  await expect.poll(() => everyDrawnStateInsideWidth(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('signed-out.png') });

  // Opening a folded state: its states are drawn, it can be folded again, and the labels stay readable.
  await signedIn.click();
  await expect(state(page, 'signedIn.token.renewingSilently')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Expand signedIn.token.renewingSilently: 2 states' })).toBeVisible();
  await page.getByRole('button', { name: 'Fit the chart' }).click();
  await expect.poll(() => zoom(page)).toBeGreaterThanOrEqual(0.91);
  expect((await renderedTextSizes(page)).filter((s) => s.px < 10)).toEqual([]);
  await expectNoViolations(await scanThemes(page, 'statecharts folded session'));
  // Folded again from the keyboard.
  await page.getByRole('button', { name: 'Collapse signedIn' }).focus();
  await page.keyboard.press('Enter');
  await expect(state(page, 'signedIn.access')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Expand signedIn: 13 states' })).toBeVisible();

  // The full text of a shortened or merged edge: its title, and the list under the chart.
  await page.getByText('Edges and the moves they stand for', { exact: false }).click();
  await expect(page.getByRole('cell', { name: /^done\(logout\): signingOut\.revoking → signedOut/ })).toBeVisible();
  await expect(chart(page).locator('[title^="done(logout): signingOut.revoking → signedOut"]')).toHaveText('done(logout) +3');

  // Other machines are drawn whole: every state, nothing to expand.
  const mailbox = MACHINES.find((m) => m.name === 'mailbox');
  if (!mailbox) throw new Error('The registry has no mailbox machine');
  await page.getByRole('navigation', { name: 'Machines' }).getByRole('link', { name: 'mailbox', exact: true }).click();
  await expect(chart(page).locator('[data-state]')).toHaveCount(chartOf(mailbox.machine).nodes.length);
  await expect(chart(page).getByRole('button', { name: /^Expand / })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Machines' }).getByRole('link', { name: 'session', exact: true }).click();
  await expect(chart(page).locator('[data-state]')).toHaveCount(folded.nodes.length);

  // On a phone the chart is wider than the view even at the floor: Fit keeps 10 px and the chart scrolls.
  await page.setViewportSize(VIEWPORTS.phone);
  await chart(page).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Fit the chart' }).click();
  await expect.poll(() => zoom(page)).toBeCloseTo(0.91, 5);
  expect((await renderedTextSizes(page)).filter((s) => s.px < 10)).toEqual([]);
});

test('signed in, the session chart keeps the current states open and stays readable when fitted', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, 'admin');
  await page.getByRole('button', { name: /Account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Statecharts', exact: true }).click();
  await page
    .getByRole('list', { name: 'Running actors' })
    .getByRole('button', { name: /^session signedIn/ })
    .click();
  const current = activeIds({ signedIn: { access: 'active', token: 'valid' } });
  for (const id of current) await expect(state(page, id)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('button', { name: 'Expand signedIn.access.locked: 3 states' })).toBeVisible();
  // A state on the current path cannot be folded.
  await expect(page.getByRole('button', { name: /^Collapse signedIn/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Fit the chart' }).click();
  await expect.poll(() => zoom(page)).toBeGreaterThanOrEqual(0.91);
  expect((await renderedTextSizes(page)).filter((s) => s.px < 10)).toEqual([]);
  await expect.poll(() => everyDrawnStateInsideWidth(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('signed-in.png') });

  // Locking moves the current state into the folded box: it opens by itself.
  await page.getByRole('button', { name: 'session.lock', exact: true }).click();
  await expect(chart(page).locator('[aria-current="true"][data-state^="signedIn.access.locked."]')).toHaveCount(1);
  await expectNoViolations(await scanThemes(page, 'statecharts folded session signed in'));
});
