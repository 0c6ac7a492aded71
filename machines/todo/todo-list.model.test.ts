import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { deferredActor } from '../testing/deferred';
import { aTask } from '../testing/fixtures';
import { taskMachine, type UpdateTaskInput } from './task.machine';
import type { Task } from './types';
import { todoListMachine } from './todo-list.machine';
const machine = todoListMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { filter: 'all' },
  // Each task is a real task actor (the list asks it what it can do); its own requests never answer here.
  actors: { task: taskMachine.provide({ actors: { updateTask: deferredActor<Task, UpdateTaskInput>().logic } }) },
  events: [
    { type: 'xstate.done.actor.loadTasks', output: [aTask()] },
    { type: 'xstate.done.actor.loadTasks', output: [] },
    { type: 'xstate.error.actor.loadTasks', error: new Error('offline') },
    { type: 'xstate.done.actor.refreshTasks', output: [aTask({ title: 'Refreshed' })] },
    { type: 'xstate.done.actor.refreshTasks', output: [] },
    { type: 'xstate.error.actor.refreshTasks', error: new Error('offline') },
    { type: 'xstate.done.actor.loadTags', output: [] },
    { type: 'xstate.error.actor.loadTags', error: new Error('offline') },
    { type: 'xstate.done.actor.restoreTask', output: aTask() },
    { type: 'xstate.error.actor.restoreTask', error: new Error('offline') },
    { type: 'xstate.done.actor.createTask', output: aTask({ id: 8, title: 'Created' }) },
    { type: 'xstate.error.actor.createTask', error: new Error('offline') },
    { type: 'create.change', patch: { title: 'Created' } },
    { type: 'create.change', patch: { title: '' } },
    { type: 'filter.change', filter: 'important' },
    { type: 'search.change', search: 'cert' },
    { type: 'sort.change', sort: 'titleAsc' },
    { type: 'task.editClosed', id: 7 },
    { type: 'task.failed', task: aTask(), change: 'isStarred', error: { message: 'Server refused', status: 500 } },
    { type: 'task.open', id: 7 },
    { type: 'task.updated', task: aTask({ isTrashed: true }) },
    { type: 'task.undoTrash', id: 7, title: 'Renew the certificate' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      n: snapshot.context.tasks.length,
      trashed: snapshot.context.tasks.some((t: { task: Task }) => t.task.isTrashed),
      draft: snapshot.context.newDraft,
      editing: snapshot.context.editingId,
    }),
};

describe('todo-list machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
