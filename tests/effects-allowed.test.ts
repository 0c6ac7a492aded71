import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Components only render machine state and send events (docs/architecture.md, "Effects"). Every `useEffect` in
 * src/ is listed here by file, in order, with its kind; a new one fails this test until it is listed (or, better,
 * moved into a machine), and one that goes must leave the list, so the list only shrinks.
 *
 * Kinds that send to an actor or subscribe to something:
 * - `events`: an actor's emitted events shown (toasts, a download, a navigation). Screens use `useActorEvents`.
 * - `router`: the router or a prop told to an actor, or the other way round. Screens use `useSendOnChange`.
 * - `dom`: a DOM or window listener, or a browser timer, that no machine can own.
 * And one that does neither:
 * - `render`: DOM-only work for the view (the title, focus, a chart, form errors), no actor, no subscription.
 * Nothing else: an actor starts with the app or its page's loader (the session: src/main.tsx, src/app/routes.ts) or
 * in its parent machine; timers, live events and actors that coordinate are machines' (invoked actors, delayed
 * transitions, a screen machine).
 */
type Kind = 'events' | 'router' | 'dom' | 'render';
type Allowed = [Kind, string];

const ALLOWED: Record<string, Allowed[]> = {
  'src/components/actor-bridges/actor-bridges.ts': [
    ['render', 'useActorEvents keeps the latest handlers'],
    ['events', 'useActorEvents: the one subscription to an actor’s emitted events'],
    ['router', 'useSendOnChange: the one bridge from the router or a prop to an actor'],
  ],
  'src/app/layout/app-layout.tsx': [['render', 'closes the phone menu after a navigation']],
  'src/app/router.tsx': [['render', 'document.title']],
  'src/app/session-effects.tsx': [['dom', 'the embedded backend’s storage events (window) as toasts']],
  'src/components/charts/uplot-chart.tsx': [
    ['render', 'new data into the chart'],
    ['render', 'the chart follows its box’s size'],
  ],
  'src/components/form-drawer/editor-drawer.tsx': [['render', 'the machine’s field errors into the form']],
  'src/components/form-drawer/form-parts.tsx': [['dom', 'beforeunload while the form is dirty']],
  'src/features/auth/components/lock-screen.tsx': [['router', 'unlocked: back to the page the tab was on']],
  'src/features/auth/components/register-form.tsx': [['render', 'the server’s field errors into the form']],
  'src/features/dashboard/admin-dashboard-page.tsx': [['render', 'preloads the chart’s chunk']],
  'src/features/email/components/mail-detail/mail-detail.tsx': [['render', 'focus on the heading']],
  'src/features/email/components/mail-list/mail-list.tsx': [['render', 'focus back on the row']],
  'src/features/reports/prediction-report-page.tsx': [['render', 'preloads the forecast chart’s chunk']],
  'src/features/statecharts/components/chart-view.tsx': [['render', 'fits the chart to its box once, when it is laid out']],
  'src/features/statecharts/statecharts-page.tsx': [['events', 'the sandbox actor’s snapshots']],
  'src/features/users/set-password-page.tsx': [['render', 'the server’s field errors into the form']],
  'src/lib/list-query.ts': [['router', 'back/forward (popstate) to the list actor']],
};

/** Effects that send to an actor or subscribe: at most 8 (issue 47); lower it as the list shrinks, never raise it. */
const MOST_THAT_SEND_OR_SUBSCRIBE = 7;
const CEILING = 8;

/** Text that shows an effect sends to an actor or subscribes: such an effect cannot be listed as `render`. */
const SENDS_OR_SUBSCRIBES = /\.send\(|\.on\(|\.subscribe\(|addEventListener|setTimeout|setInterval|sessionCommands|notifications\./;

const ROOT = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text of each `useEffect(…)` call in `source`, in order. */
function effectsOf(source: string): string[] {
  const found: string[] = [];
  for (let at = source.indexOf('useEffect('); at !== -1; at = source.indexOf('useEffect(', at + 1)) {
    let depth = 0;
    let end = at + 'useEffect'.length;
    for (; end < source.length; end += 1) {
      if (source[end] === '(') depth += 1;
      else if (source[end] === ')' && --depth === 0) break;
    }
    found.push(source.slice(at, end + 1));
  }
  return found;
}

const effects = Object.fromEntries(
  sourceFiles(join(ROOT, 'src'))
    .map((file) => [relative(ROOT, file).split('\\').join('/'), effectsOf(readFileSync(file, 'utf8'))] as const)
    .filter(([, found]) => found.length > 0),
);

describe('effects in src/', () => {
  it('are the listed ones, file by file (a new one: move it into a machine, or list it with its kind)', () => {
    const counts = (record: Record<string, unknown[]>) => Object.fromEntries(Object.entries(record).map(([f, list]) => [f, list.length]));
    expect(counts(effects)).toEqual(counts(ALLOWED));
  });

  it('listed as render only when they neither send to an actor nor subscribe', () => {
    const wrong = Object.entries(ALLOWED).flatMap(([file, listed]) =>
      listed.flatMap(([kind, why], i) =>
        kind === 'render' && SENDS_OR_SUBSCRIBES.test(effects[file]?.[i] ?? '') ? [`${file}: ${why}`] : [],
      ),
    );
    expect(wrong).toEqual([]);
  });

  it(`send to an actor or subscribe in ${MOST_THAT_SEND_OR_SUBSCRIBE} places, no more (and the figure goes down with the list)`, () => {
    const sending = Object.values(ALLOWED)
      .flat()
      .filter(([kind]) => kind !== 'render');
    expect(sending.length).toBe(MOST_THAT_SEND_OR_SUBSCRIBE);
    expect(MOST_THAT_SEND_OR_SUBSCRIBE).toBeLessThanOrEqual(CEILING);
  });
});
