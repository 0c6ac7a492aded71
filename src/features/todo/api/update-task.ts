import type { Task, TaskPatch } from '@machines/todo/types';
import { apiClient } from '@/lib/api-client';

/** POST /api/apps/todo/task/{id} with {task}: merges the fields and answers the task. */
export function updateTask(id: number, patch: TaskPatch): Promise<Task> {
  return apiClient.post<Task>(`/api/apps/todo/task/${id}`, { task: patch });
}
