import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { createEditorMachine } from './editor.machine';
const machine = createEditorMachine<{ name: string }, unknown>();

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { empty: { name: '' }, undoMs: 5_000 },
  events: [
    { type: 'editor.open.edit', id: 'r1', values: { name: 'Unit 1' } },
    { type: 'editor.change', values: { name: 'Renamed' } },
    { type: 'editor.delete', target: { id: 'r1', label: 'Unit 1' } },
    { type: 'editor.undo', id: 'r1' },
    { type: 'editor.undo', id: 'another' },
    { type: 'xstate.done.actor.validate', output: {} },
    { type: 'xstate.done.actor.validate', output: { name: 'required' } },
    { type: 'xstate.done.actor.save', output: { id: 'r1', name: 'Renamed' } },
    { type: 'xstate.error.actor.save', error: new Error('offline') },
    {
      type: 'xstate.error.actor.save',
      error: { conflict: { theirs: { name: 'Theirs' }, version: '"2"', changedBy: 'Ada', changedAt: '2026-12-06T06:00:00.000Z' } },
    },
    { type: 'editor.conflict.takeTheirs' },
    { type: 'editor.conflict.keepMine' },
    { type: 'editor.conflict.cancel' },
    { type: 'xstate.done.actor.removeNow', output: null },
    { type: 'xstate.error.actor.removeNow', error: new Error('offline') },
    { type: 'xstate.done.actor.remove', output: null },
    { type: 'xstate.error.actor.remove', error: new Error('offline') },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      values: snapshot.context.values,
      id: snapshot.context.id ?? null,
      version: snapshot.context.version,
      conflict: snapshot.context.conflict !== null,
    }),
};

describe('editor machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
