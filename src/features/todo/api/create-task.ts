import type { TaskFields } from '@machines/todo/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** POST /api/apps/todo/tasks/ with {task}: answers 201 {id}. Idempotent per submission: a retry after a lost answer creates no second task. */
export function createTask(task: TaskFields): Promise<{ id: number }> {
  return apiClient.post<ApiResponse<'/api/apps/todo/tasks', 'post'>>('/api/apps/todo/tasks/', { task }, { idempotent: true });
}
