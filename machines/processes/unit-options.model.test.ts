import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { unitOptionsMachine } from './unit-options.machine';
const machine = unitOptionsMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { debounceMs: 250 },
  events: [
    { type: 'units.search', search: 'web' },
    { type: 'units.resolve', id: 'u7' },
    { type: 'units.known', unit: { id: 'u7', name: 'Unit 7' } },
    { type: 'xstate.done.actor.searchUnits', output: [{ id: 'u1', name: 'Web 1' }] },
    { type: 'xstate.error.actor.searchUnits', error: new Error('offline') },
    { type: 'xstate.done.actor.fetchUnit', output: { id: 'u7', name: 'Unit 7' } },
    { type: 'xstate.error.actor.fetchUnit', error: Object.assign(new Error('Not found'), { status: 404 }) },
    { type: 'xstate.error.actor.fetchUnit', error: Object.assign(new Error('Server error'), { status: 500 }) },
    // The multi-select: a saved id to look up, one a search listed, then none.
    { type: 'units.chosen', ids: ['u7'] },
    { type: 'units.chosen', ids: ['u1'] },
    { type: 'units.chosen', ids: [] },
    { type: 'xstate.done.actor.fetchUnits', output: [{ id: 'u7', name: 'Unit 7' }] },
    { type: 'xstate.error.actor.fetchUnits', error: new Error('offline') },
  ],
};

describe('unit-options machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
