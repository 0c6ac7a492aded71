import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { expectNoViolations, scanThemes } from './support/a11y';
import { signIn } from './support/auth';

/**
 * Issue 45 §3: a recording of the session seen as a sequence. "What happens on a 401" reads top to bottom: the
 * request that failed, the session told of it, one refresh call, the request retried with the new token. The
 * Mermaid export of the same recording renders with the mermaid library (a dev dependency, no part of the app).
 */

const ROOT = process.cwd();

interface Handled {
  method: string;
  path: string;
  status: number;
}

test('the Sequence tab of a 401 reads: the failing request, one refresh call, the retried request; its Mermaid export renders', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // 2 s tokens: the live events' next poll meets an expired token, gets 401, waits for one refresh and is retried.
  await page.addInitScript(() => {
    localStorage.setItem('mock-token-lifetime-s', '2');
    localStorage.setItem('mock-latency-ms', '200');
  });
  await signIn(page, 'user');
  await page.getByRole('button', { name: /Account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Statecharts', exact: true }).click();
  await page
    .getByRole('list', { name: 'Running actors' })
    .getByRole('button', { name: /^session/ })
    .click();
  const handled = () => page.evaluate(() => (window as unknown as { mirageRequests?: Handled[] }).mirageRequests ?? []);
  const from = (await handled()).length;
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  // Recorded: a 401, the refresh after it, and the same request answered 200 after that.
  await expect
    .poll(
      async () => {
        const all = (await handled()).slice(from);
        const failed = all.findIndex((r) => r.status === 401);
        const refresh = all.findIndex((r, i) => i > failed && r.path === '/api/auth/refresh-token' && r.status === 200);
        return failed >= 0 && refresh > failed && all.some((r, i) => i > refresh && r.path === all[failed]?.path && r.status === 200);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();

  await page.getByRole('tab', { name: 'Sequence' }).click();
  const lifelines = page.getByRole('list', { name: 'Lifelines' }).getByRole('listitem');
  for (const name of ['App (screens)', 'session', 'token region', 'refreshToken', 'API client'])
    await expect(lifelines.filter({ hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) })).toHaveCount(1);

  const items = await page.getByRole('list', { name: 'Arrows, in the order they happened' }).getByRole('listitem').allTextContents();
  const calls = items.flatMap((text, i) => {
    const request = /^App \(screens\) → API client(\w+ \S+)$/.exec(text);
    const status = /^API client → App \(screens\)(\d+) in/.exec(items[i + 1] ?? '');
    return request?.[1] && status?.[1] ? [{ at: i, call: request[1], status: Number(status[1]) }] : [];
  });
  const failed = calls.find((c) => c.status === 401 && c.call !== 'POST /api/auth/refresh-token');
  expect(failed, items.join('\n')).toBeDefined();
  const retried = calls.find((c) => c.at > (failed?.at ?? 0) && c.call === failed?.call && c.status === 200);
  expect(retried, items.join('\n')).toBeDefined();
  const between = (a: number, b: number) => items.slice(a, b);
  const window = between(failed?.at ?? 0, retried?.at ?? 0);
  // In order: the failure, the session told of it, exactly one refresh call (answered), the retry.
  expect(window.filter((text) => text === 'App (screens) → API clientPOST /api/auth/refresh-token')).toHaveLength(1);
  const told = window.findIndex((text) => text === 'App (screens) → sessionsession.unauthorized');
  const refreshed = window.indexOf('App (screens) → API clientPOST /api/auth/refresh-token');
  const answered = window.indexOf('refreshToken → sessiondone(refreshToken)');
  expect([told > 0, refreshed > told, answered > refreshed], window.join('\n')).toEqual([true, true, true]);
  await expectNoViolations(await scanThemes(page, 'statecharts sequence tab'));

  const [mmd] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as Mermaid (sequence)' }).click(),
  ]);
  expect(mmd.suggestedFilename()).toBe('session.sequence.mmd');
  const text = readFileSync(await mmd.path(), 'utf8');
  if (process.env['KEEP_SEQUENCE']) writeFileSync(process.env['KEEP_SEQUENCE'], text);
  expect(text).toMatch(/^sequenceDiagram\n {2}participant app as App \(screens\)\n {2}participant m as session\n/);

  // Rendered in a page of its own, by the library a bug report's reader or the docs would use.
  const blank = await page.context().newPage();
  await blank.setContent('<main></main>');
  await blank.addScriptTag({ path: join(ROOT, 'node_modules/mermaid/dist/mermaid.min.js') });
  const svg = await blank.evaluate(async (source) => {
    const { mermaid } = window as unknown as {
      mermaid: { initialize: (options: object) => void; render: (id: string, text: string) => Promise<{ svg: string }> };
    };
    mermaid.initialize({ startOnLoad: false });
    return (await mermaid.render('sequence', source)).svg;
  }, text);
  expect(svg).toMatch(/^<svg/);
  expect(svg).toContain('POST /api/auth/refresh-token');
  expect(svg).toContain('token region');
  expect(svg).toContain('session.unauthorized');
  await blank.close();
});
