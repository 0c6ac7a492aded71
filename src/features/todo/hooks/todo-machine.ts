import { fromPromise } from 'xstate';
import { taskMachine, type UpdateTaskInput } from '@machines/todo/task.machine';
import { todoListMachine, type CreateTaskInput } from '@machines/todo/todo-list.machine';
import type { Task, TaskFilter, TaskTag } from '@machines/todo/types';
import { createTask } from '../api/create-task';
import { getTaskTags } from '../api/get-task-tags';
import { getTasks } from '../api/get-tasks';
import { updateTask } from '../api/update-task';

/** The list machine with the app's API calls as its actors. */
export function createTodoLogic() {
  return todoListMachine.provide({
    actors: {
      loadTasks: fromPromise<Task[], { filter: TaskFilter }>(({ input, signal }) => getTasks(input.filter, signal)),
      loadTags: fromPromise<TaskTag[]>(({ signal }) => getTaskTags(signal)),
      createTask: fromPromise<{ id: number }, CreateTaskInput>(({ input }) => createTask(input.task)),
      restoreTask: fromPromise<Task, { id: number }>(({ input }) => updateTask(input.id, { isTrashed: false })),
      task: taskMachine.provide({
        actors: { updateTask: fromPromise<Task, UpdateTaskInput>(({ input }) => updateTask(input.id, input.patch)) },
      }),
    },
  });
}

export type TodoLogic = ReturnType<typeof createTodoLogic>;
