import type { Task, TaskPatch } from '@machines/todo/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** POST /api/apps/todo/task/{id} with {task}: merges the fields and answers the task. */
export function updateTask(id: number, patch: TaskPatch): Promise<Task> {
  return apiClient.post<ApiResponse<'/api/apps/todo/task/{id}', 'post'>>(`/api/apps/todo/task/${id}`, { task: patch });
}
