import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { taskMachine } from './task.machine';
const machine = taskMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: {
    task: {
      id: 7,
      title: 'Original',
      desc: '<p>Body</p>',
      tags: ['doc'],
      isImportant: false,
      isStarred: false,
      isCompleted: false,
      isTrashed: false,
    },
  },
  events: [
    { type: 'task.toggle', flag: 'isStarred' },
    {
      type: 'task.refresh',
      task: {
        ...{
          id: 7,
          title: 'Original',
          desc: '<p>Body</p>',
          tags: ['doc'],
          isImportant: false,
          isStarred: false,
          isCompleted: false,
          isTrashed: false,
        },
        title: 'Renamed',
      },
    },
    { type: 'edit.change', patch: { title: '' } },
    { type: 'edit.change', patch: { title: 'Better' } },
    {
      type: 'xstate.done.actor.updateFlags',
      output: {
        ...{
          id: 7,
          title: 'Original',
          desc: '<p>Body</p>',
          tags: ['doc'],
          isImportant: false,
          isStarred: false,
          isCompleted: false,
          isTrashed: false,
        },
        isStarred: true,
      },
    },
    {
      type: 'xstate.done.actor.updateFlags',
      output: {
        id: 7,
        title: 'Original',
        desc: '<p>Body</p>',
        tags: ['doc'],
        isImportant: false,
        isStarred: false,
        isCompleted: false,
        isTrashed: true,
      },
    },
    { type: 'xstate.error.actor.updateFlags', error: Object.assign(new Error('Server refused'), { status: 500 }) },
    {
      type: 'xstate.done.actor.saveDraft',
      output: {
        ...{
          id: 7,
          title: 'Original',
          desc: '<p>Body</p>',
          tags: ['doc'],
          isImportant: false,
          isStarred: false,
          isCompleted: false,
          isTrashed: false,
        },
        title: 'Better',
      },
    },
    { type: 'xstate.error.actor.saveDraft', error: Object.assign(new Error('Server refused'), { status: 500 }) },
  ],
  // Driven alone, the task has no list to report to (task.machine.test.ts checks the reports).
  actions: { notifyUpdated: () => {}, notifyRolledBack: () => {}, notifyEditClosed: () => {} },
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, task: snapshot.context.task, draft: snapshot.context.draft, queued: snapshot.context.queued }),
};

describe('todo-task machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
