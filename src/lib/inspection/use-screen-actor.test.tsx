import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Suspense } from 'react';
import { act, render, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, setup } from 'xstate';
import { clearInspection, isInspecting, liveActors, loggedEvents, openerInspection, startInspection, subscribeInspection } from './index';
import { useScreenActor } from './use-screen-actor';

const row = createMachine({ id: 'row', initial: 'shown', states: { shown: {} } });
const screen = setup({
  types: {} as { input: { filter: string }; context: { filter: string }; events: { type: 'screen.filter'; filter: string } },
  actors: { row },
}).createMachine({
  id: 'screen',
  context: ({ input }) => ({ filter: input.filter }),
  invoke: { id: 'row-1', src: 'row' },
  initial: 'ready',
  states: { ready: { on: { 'screen.filter': { target: 'filtered' } } }, filtered: {} },
});

afterEach(() => {
  startInspection(false);
  clearInspection({ actors: true });
});

describe('useScreenActor', () => {
  it('runs the screen actor like useActorRef and lists it live with its children while the screen is shown', () => {
    startInspection(true);
    const { result, unmount } = renderHook(() => useScreenActor(screen, { input: { filter: 'all' } }));
    expect(result.current.getSnapshot().context.filter).toBe('all');

    expect(liveActors().map((a) => [a.id, a.machine.id])).toEqual([
      [result.current.id, 'screen'],
      ['row-1', 'row'],
    ]);
    result.current.send({ type: 'screen.filter', filter: 'starred' });
    expect(loggedEvents(result.current.sessionId).at(-1)).toMatchObject({
      type: 'screen.filter',
      payload: { filter: 'starred' },
      state: 'filtered',
    });

    unmount();
    expect(liveActors()).toEqual([]);
  });

  it('lists only actors that started: one React created in a render it threw away is not left "running" (issue 45)', async () => {
    startInspection(true);
    // A sibling suspends on the first render (a lazy chunk, a translation namespace): React discards that
    // render, the screen's actor created in it is never started nor stopped, and the retry creates another.
    let waiting = true;
    let release: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    const resume = () => {
      waiting = false;
      release();
    };
    function Screen() {
      useScreenActor(screen, { input: { filter: 'all' } });
      return null;
    }
    function Slow() {
      if (waiting) throw ready;
      return <p>ready</p>;
    }
    const view = render(
      <Suspense fallback={null}>
        <Screen />
        <Slow />
      </Suspense>,
    );
    await act(async () => resume());
    expect(await view.findByText('ready')).toBeInTheDocument();
    expect(liveActors().filter((a) => a.machine.id === 'screen')).toHaveLength(1);

    view.unmount();
    expect(liveActors().map((a) => `${a.machine.id}: ${String(a.ref.getSnapshot().value)}`)).toEqual([]);
  });

  it('records nothing while the developer tools are off', () => {
    const { result } = renderHook(() => useScreenActor(screen, { input: { filter: 'all' } }));
    result.current.send({ type: 'screen.filter', filter: 'starred' });
    expect(liveActors()).toEqual([]);
    expect(loggedEvents()).toEqual([]);
  });
});

describe('an explorer window opened from a screen', () => {
  afterEach(() => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true });
  });

  it('shows the live actors and events of the tab that opened it, and its own once that tab is gone', async () => {
    // The tab with the screen: a module instance of its own, recording (as src/main.tsx starts it).
    vi.resetModules();
    const tab = await import('./index');
    tab.startInspection(true);
    const actor = createActor(screen, tab.withInspect({ input: { filter: 'all' } })).start();
    // This window is the explorer window it opened (same origin), not recording itself.
    const opener = { closed: false, __appInspection: Reflect.get(window, '__appInspection') as unknown };
    Reflect.set(window, '__appInspection', undefined);
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });

    expect(openerInspection()).not.toBeNull();
    expect(isInspecting()).toBe(true);
    expect(liveActors().map((a) => a.machine.id)).toEqual(['screen', 'row']);
    let heard = 0;
    const unsubscribe = subscribeInspection(() => (heard += 1));
    actor.send({ type: 'screen.filter', filter: 'starred' });
    expect(heard).toBeGreaterThan(0);
    expect(loggedEvents(actor.sessionId).at(-1)).toMatchObject({ type: 'screen.filter', state: 'filtered' });
    unsubscribe();

    opener.closed = true;
    expect(openerInspection()).toBeNull();
    expect(liveActors()).toEqual([]);
    actor.stop();
    tab.startInspection(false);
  });
});

describe('screen actors', () => {
  const src = join(import.meta.dirname, '../..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? files(join(dir, d.name)) : /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
    );

  it('are all created through useScreenActor, so the explorer can inspect every screen', () => {
    const direct = files(src)
      .map((file) => relative(src, file))
      .filter((file) => file !== 'lib/inspection/use-screen-actor.ts')
      .filter((file) => /\buse(ActorRef|Machine)\(/.test(readFileSync(join(src, file), 'utf8')));
    expect(direct).toEqual([]);
  });
});
