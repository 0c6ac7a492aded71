import type { Task, TaskFilter } from '@machines/todo/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** GET /api/apps/todo/tasks?filter=…: the view's tasks, newest first. */
export function getTasks(filter: TaskFilter, signal?: AbortSignal): Promise<Task[]> {
  return apiClient.get<ApiResponse<'/api/apps/todo/tasks', 'get'>>('/api/apps/todo/tasks', {
    query: { filter },
    ...(signal ? { signal } : {}),
  });
}
