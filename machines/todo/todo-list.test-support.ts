import { createActor, fromPromise } from 'xstate';
import { taskMachine, type UpdateTaskInput } from './task.machine';
import { todoListMachine, type CreateTaskInput, type TodoListEmitted } from './todo-list.machine';
import type { Task, TaskFilter, TaskTag } from './types';

/** Shared by todo-list.machine.test.ts and todo-list.creating.test.ts (split to keep each file under 450 lines). */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export const task = (id: number, title: string, extra: Partial<Task> = {}): Task => ({
  id,
  title,
  desc: '',
  tags: [],
  isImportant: false,
  isStarred: false,
  isCompleted: false,
  isTrashed: false,
  ...extra,
});
export const TAGS: TaskTag[] = [{ id: 1, text: 'Bug', value: 'bug', color: 'danger' }];

interface Pending<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** Fakes whose answers the test gives by hand. */
export function fakes() {
  const loads: Pending<{ filter: TaskFilter }, Task[]>[] = [];
  const tagLoads: Pending<unknown, TaskTag[]>[] = [];
  const creates: Pending<CreateTaskInput, { id: number }>[] = [];
  const updates: Pending<UpdateTaskInput, Task>[] = [];
  const restores: Pending<{ id: number }, Task>[] = [];
  const pending =
    <I, O>(list: Pending<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => list.push({ input, resolve, reject }));
  const machine = todoListMachine.provide({
    actors: {
      loadTasks: fromPromise(pending(loads)),
      loadTags: fromPromise(pending(tagLoads)),
      createTask: fromPromise(pending(creates)),
      restoreTask: fromPromise(pending(restores)),
      task: taskMachine.provide({ actors: { updateTask: fromPromise(pending(updates)) } }),
    },
  });
  return { machine, loads, tagLoads, creates, updates, restores };
}

export async function start(
  filter: TaskFilter = 'all',
  tasks: Task[] = [task(3, 'Charlie'), task(2, 'alpha'), task(1, 'Bravo', { desc: 'needle in desc' })],
) {
  const f = fakes();
  const actor = createActor(f.machine, { input: { filter } });
  const emitted: TodoListEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  f.loads[0]?.resolve(tasks);
  f.tagLoads[0]?.resolve(TAGS);
  await flush();
  return { ...f, actor, emitted };
}
