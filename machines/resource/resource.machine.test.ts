import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { deferredActor, flush } from '../testing/deferred';
import { shapeOf } from '../testing/graph';
import { createResourceMachine, resourceStatusOf } from './resource.machine';

const machine = createResourceMachine<string>('testResource');

function start() {
  const load = deferredActor<string>();
  const actor = createActor(machine.provide({ actors: { load: load.logic } }));
  actor.start();
  return { actor, load };
}

describe('resource machine', () => {
  it('loads, and keeps the shown data through a reload until the new answer', async () => {
    const { actor, load } = start();
    expect(resourceStatusOf(actor.getSnapshot())).toBe('loading');
    load.last().resolve('first');
    await flush();
    expect(actor.getSnapshot().context.data).toBe('first');
    actor.send({ type: 'resource.reload' });
    expect(resourceStatusOf(actor.getSnapshot())).toBe('loading');
    expect(actor.getSnapshot().context.data).toBe('first');
    load.last().resolve('second');
    await flush();
    expect(actor.getSnapshot().context).toEqual({ data: 'second', error: null });
  });

  it('shows a failure with its error, keeps the old data, and retries', async () => {
    const { actor, load } = start();
    load.last().resolve('shown');
    await flush();
    actor.send({ type: 'resource.reload' });
    const error = new Error('down');
    load.last().reject(error);
    await flush();
    expect(resourceStatusOf(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context).toEqual({ data: 'shown', error });
    actor.send({ type: 'resource.retry' });
    expect(load.calls).toHaveLength(3);
  });

  it('stops a request that a reload replaced, so its late answer is ignored', async () => {
    const { actor, load } = start();
    const first = load.last();
    actor.send({ type: 'resource.reload' });
    expect(first.signal.aborted).toBe(true);
    load.last().resolve('new');
    first.resolve('old');
    await flush();
    expect(actor.getSnapshot().context.data).toBe('new');
  });
});

const model = setup({
  types: {
    events: {} as
      { type: 'resource.retry' } | { type: 'resource.reload' } | { type: 'xstate.done.actor.load' } | { type: 'xstate.error.actor.load' },
  },
}).createMachine({
  id: 'model',
  initial: 'loading',
  states: {
    loading: {
      on: {
        'xstate.done.actor.load': 'loaded',
        'xstate.error.actor.load': 'failed',
        'resource.reload': { target: 'loading', reenter: true },
      },
    },
    loaded: { on: { 'resource.reload': 'loading' } },
    failed: { on: { 'resource.retry': 'loading', 'resource.reload': 'loading' } },
  },
});

describe('resource machine: model-based', () => {
  it('has the same states and edges as its test model', () => {
    expect(shapeOf(model)).toEqual(shapeOf(machine));
  });

  const paths = createTestModel(model).getSimplePaths();
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const { actor, load } = start();
    for (const step of path.steps) {
      if (step.event.type === 'xstate.done.actor.load') load.last().resolve('data');
      else if (step.event.type === 'xstate.error.actor.load') load.last().reject(new Error('down'));
      else if (step.event.type === 'resource.retry' || step.event.type === 'resource.reload') actor.send({ type: step.event.type });
      await flush();
      expect(actor.getSnapshot().value, `after ${step.event.type}`).toBe(step.state.value);
    }
  });
});
