import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { activeIds, chartOf, scenariosOf } from './chart';
import { MACHINES } from './registry';

const machine = setup({
  types: {} as { events: { type: 'demo.start' } | { type: 'demo.stop' } | { type: 'demo.note' } },
  actors: { fetchThing: fromPromise(async () => 1) },
  guards: { isReady: () => true },
  delays: { patience: 1000 },
}).createMachine({
  id: 'demo',
  type: 'parallel',
  states: {
    work: {
      initial: 'idle',
      states: {
        idle: { on: { 'demo.start': { target: 'loading', guard: 'isReady' }, 'demo.note': {} } },
        loading: {
          invoke: { id: 'thing', src: 'fetchThing', onDone: 'done', onError: 'idle' },
          after: { patience: 'idle' },
          on: { 'demo.stop': 'idle' },
        },
        done: { type: 'final' },
      },
    },
    light: { initial: 'off', states: { off: { always: { target: 'on', guard: 'isReady' } }, on: {} } },
  },
});

describe('chartOf', () => {
  const chart = chartOf(machine);

  it('has every state with its parent, kind, initial mark and invoked actors', () => {
    expect(chart.rootType).toBe('parallel');
    expect(chart.nodes.map((n) => n.id)).toEqual(['work', 'work.idle', 'work.loading', 'work.done', 'light', 'light.off', 'light.on']);
    const byId = Object.fromEntries(chart.nodes.map((n) => [n.id, n]));
    expect(byId['work']).toMatchObject({
      parent: null,
      type: 'compound',
      initial: false,
      children: ['work.idle', 'work.loading', 'work.done'],
    });
    expect(byId['work.idle']).toMatchObject({ parent: 'work', initial: true, handles: ['demo.note'] });
    expect(byId['work.loading']).toMatchObject({ initial: false, invokes: [{ id: 'thing', src: 'fetchThing' }] });
    expect(byId['work.done']?.type).toBe('final');
  });

  it('has every move with its event, guard and kind', () => {
    const moves = chart.edges.map((e) => `${e.source} -${e.label}${e.guard ? ` [${e.guard}]` : ''}/${e.kind}-> ${e.target}`);
    expect(moves).toEqual(
      expect.arrayContaining([
        'work.idle -demo.start [isReady]/event-> work.loading',
        'work.loading -done(thing)/done-> work.done',
        'work.loading -error(thing)/error-> work.idle',
        'work.loading -after(patience)/after-> work.idle',
        'work.loading -demo.stop/event-> work.idle',
        'light.off -always [isReady]/always-> light.on',
      ]),
    );
    expect(moves).toHaveLength(6);
  });

  it('turns a state value into the ids of its active nodes', () => {
    expect(activeIds({ work: 'loading', light: 'on' })).toEqual(['work', 'work.loading', 'light', 'light.on']);
    expect(activeIds('idle')).toEqual(['idle']);
  });
});

describe('scenariosOf', () => {
  it('finds the shortest path to every state combination, with the real event types', () => {
    const scenarios = scenariosOf(machine);
    const names = scenarios.map((s) => s.name);
    expect(names).toContain('work.loading, light.off');
    const done = scenarios.find((s) => s.name === 'work.done, light.off');
    expect(done?.steps.map((s) => s.eventType)).toEqual(['demo.start', 'xstate.done.actor.thing']);
    expect(done?.steps[0]?.guard).toBe('isReady');
    expect(done?.steps.at(-1)?.state).toEqual({ work: 'done', light: 'off' });
  });

  it('reaches every state node of every registered machine', () => {
    for (const { name, machine: m } of MACHINES) {
      const reached = new Set(scenariosOf(m).flatMap((s) => activeIds(s.state)));
      // History pseudo-states are never "in"; every other node is reached by some scenario.
      const missing = chartOf(m)
        .nodes.filter((n) => n.type !== 'history' && !reached.has(n.id))
        .map((n) => n.id);
      expect({ name, missing }).toEqual({ name, missing: [] });
    }
  });

  it('replays on the real machine with a never-settling fake: the steps end where the scenario says', () => {
    const scenario = scenariosOf(machine).find((s) => s.name === 'work.done, light.on');
    const actor = createActor(machine.provide({ actors: { fetchThing: fromPromise(() => new Promise<number>(() => undefined)) } })).start();
    expect(scenario?.steps.map((s) => s.kind).sort()).toEqual(['always', 'done', 'event']);
    for (const step of scenario?.steps ?? []) {
      // An eventless move happens by itself; the invoked actor's outcome is sent as its done event.
      if (step.kind === 'event') actor.send({ type: 'demo.start' });
      if (step.kind === 'done') actor.send({ type: step.eventType, output: 1 } as never);
    }
    expect(actor.getSnapshot().value).toEqual({ work: 'done', light: 'on' });
  });
});
