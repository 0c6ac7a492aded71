import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMachine, setup } from 'xstate';
import { clearInspection, liveActors, loggedEvents, startInspection } from './index';
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
    expect(loggedEvents(result.current.sessionId).at(-1)).toMatchObject({ type: 'screen.filter', payload: { filter: 'starred' }, state: 'filtered' });

    unmount();
    expect(liveActors()).toEqual([]);
  });

  it('records nothing while the developer tools are off', () => {
    const { result } = renderHook(() => useScreenActor(screen, { input: { filter: 'all' } }));
    result.current.send({ type: 'screen.filter', filter: 'starred' });
    expect(liveActors()).toEqual([]);
    expect(loggedEvents()).toEqual([]);
  });
});

describe('screen actors', () => {
  const src = join(import.meta.dirname, '../..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [join(dir, d.name)] : []));
  // Not yet moved over: the sign-in callback screen is being changed by the OpenID work (docs/auth.md).
  const pending = new Set(['features/auth/components/identity-callback.tsx']);

  it('are all created through useScreenActor, so the explorer can inspect every screen', () => {
    const direct = files(src)
      .map((file) => relative(src, file))
      .filter((file) => file !== 'lib/inspection/use-screen-actor.ts' && !pending.has(file))
      .filter((file) => /\buse(ActorRef|Machine)\(/.test(readFileSync(join(src, file), 'utf8')));
    expect(direct).toEqual([]);
  });
});
