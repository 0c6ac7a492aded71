import { idempotent } from '../idempotency';
import { json, problem } from '../http';
import { createTask, listTasks, TASK_TAGS, updateTask, type TaskResult } from '../services/tasks';
import type { SignedInRoutes } from './types';

/** The to-do app's /api/apps/todo (docs/api/openapi.yaml): HTTP in, the tasks service's rules, HTTP out. */

function answer(result: TaskResult): Response {
  switch (result.kind) {
    case 'tasks':
      return json(200, result.tasks);
    case 'task':
      return json(200, result.task);
    case 'created':
      return json(201, { id: result.id });
    case 'invalid':
      return problem(422, result.message, { errors: result.errors });
    case 'missing':
      return problem(404, 'Task not found');
  }
}

export const taskRoutes: SignedInRoutes = {
  getTasks: async ({ env, caller, request }) => answer(await listTasks(env, caller, new URL(request.url).searchParams.get('filter'))),
  createTask: async ({ env, caller, body, text, request }) =>
    idempotent(env.idempotency, request, text, caller.id, env.now(), async () => answer(await createTask(env, caller, body))),
  getTaskTags: () => Promise.resolve(json(200, TASK_TAGS)),
  updateTask: async ({ env, caller, body, params }) => answer(await updateTask(env, caller, params['id'] ?? '', body)),
};
