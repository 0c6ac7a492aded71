import type { Task, TaskFilter } from '@machines/todo/types';
import { apiClient } from '@/lib/api-client';

/** GET /api/apps/todo/tasks?filter=…: the view's tasks, newest first. */
export function getTasks(filter: TaskFilter, signal?: AbortSignal): Promise<Task[]> {
  return apiClient.get<Task[]>('/api/apps/todo/tasks', { query: { filter }, ...(signal ? { signal } : {}) });
}
