import { describe, expect, it } from 'vitest';
import { emit, fromPromise, not, setup } from 'xstate';
import { describeMachine } from './describe';
import { toMarkdown } from './markdown';
import { toMermaid } from './mermaid';
import { emittedFromSource, eventPayloadsFromSource } from './source';

const machine = setup({
  types: {} as {
    events: { type: 'demo.start'; id: string } | { type: 'demo.stop' } | { type: 'demo.note' };
    emitted: { type: 'demo.done' };
  },
  actors: { fetchThing: fromPromise(async () => 1) },
  guards: { isReady: () => true, isUnused: () => false },
  delays: { patience: 1000 },
  actions: { announce: emit({ type: 'demo.done' }) },
}).createMachine({
  id: 'demo',
  type: 'parallel',
  states: {
    work: {
      initial: 'idle',
      states: {
        idle: { on: { 'demo.start': { target: 'loading', guard: 'isReady' }, 'demo.note': { actions: 'announce' } } },
        loading: {
          invoke: { id: 'thing', src: 'fetchThing', onDone: 'done', onError: { target: 'idle', guard: not('isReady') } },
          after: { patience: 'idle', 500: 'done' },
          on: { 'demo.stop': 'idle' },
        },
        done: { type: 'final' },
      },
    },
    light: { initial: 'off', states: { off: { always: { target: 'on', guard: 'isReady' } }, on: {} } },
  },
});

describe('statechart generator', () => {
  const chart = toMermaid(machine);

  it('draws nested and parallel states with their initial and final states', () => {
    expect(chart).toContain('state "work" as work {\n    [*] --> work_idle');
    expect(chart).toContain('    work_done --> [*]');
    expect(chart).toContain('state "light" as light {\n    [*] --> light_off');
    // A parallel root has no single initial state.
    expect(chart).not.toMatch(/^ {2}\[\*\] -->/m);
  });

  it('labels transitions with their event and guard, including actors, delays and eventless ones', () => {
    expect(chart).toContain('work_idle --> work_loading: demo.start [isReady]');
    expect(chart).toContain('work_loading --> work_done: done(thing)');
    expect(chart).toContain('work_loading --> work_idle: error(thing) [!isReady]');
    expect(chart).toContain('work_loading --> work_idle: after(patience)');
    expect(chart).toContain('work_loading --> work_done: after(500)');
    expect(chart).toContain('light_off --> light_on: always [isReady]');
    // Action-only transitions are not moves.
    expect(chart).not.toContain('demo.note');
  });

  it('lists events, guards, actors, delays and emitted events', () => {
    const d = describeMachine(machine);
    expect(d.events).toEqual([
      { type: 'demo.note', handledIn: ['work.idle'] },
      { type: 'demo.start', handledIn: ['work.idle'] },
      { type: 'demo.stop', handledIn: ['work.loading'] },
    ]);
    expect(d.guards).toEqual([
      { name: 'isReady', usedOn: ['work.idle: demo.start', 'work.loading: error(thing)', 'light.off: always'] },
      { name: 'isUnused', usedOn: [] },
    ]);
    expect(d.actors).toEqual([{ id: 'thing', src: 'fetchThing', state: 'work.loading' }]);
    expect(d.delays).toEqual([
      { delay: '500', state: 'work.loading', target: 'work.done' },
      { delay: 'patience', state: 'work.loading', target: 'work.idle' },
    ]);
    expect(d.emitted).toEqual(['demo.done']);
  });

  it('reads payload types and emitted events from the source text, not from value literals', () => {
    const source =
      "events: { type: 'a.go'; id: string; at?: number } | { type: 'a.stop' };\nemitted: { type: 'a.done'; ok: boolean };\nsendTo('x', { type: 'b.go', id: context.id });\nemit(({ context }) => ({ type: 'a.failed', error: context.e }))";
    const payloads = eventPayloadsFromSource(source);
    expect(payloads.get('a.go')).toBe('id: string; at?: number');
    expect(payloads.get('a.stop')).toBe('');
    expect(payloads.has('b.go')).toBe(false);
    expect(emittedFromSource(source)).toEqual(['a.done', 'a.failed']);
  });

  it('reads emitted events declared as a named union of the same file', () => {
    const source =
      "export type Report<T> =\n  | { type: 'r.saved'; record: T }\n  | { type: 'r.failed'; error: unknown };\nsetup({ types: {} as { emitted: Report<T>; } })";
    expect(emittedFromSource(source)).toEqual(['r.failed', 'r.saved']);
  });

  it('writes one page with the chart and the tables', () => {
    const page = toMarkdown(
      { name: 'demo', file: 'machines/demo.machine.ts', description: 'A demo.', machine },
      "{ type: 'demo.start'; id: string }",
    );
    expect(page).toContain('```mermaid\nstateDiagram-v2');
    expect(page).toContain('| `demo.start` | `{ id: string }` | work.idle |');
    expect(page).toContain('| `demo.stop` | ? | work.loading |');
    expect(page).toContain('| `thing` | `fetchThing` | work.loading |');
    expect(page).toContain('The root state is parallel');
  });
});
