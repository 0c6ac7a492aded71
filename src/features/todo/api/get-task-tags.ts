import type { TaskTag } from '@machines/todo/types';
import { apiClient } from '@/lib/api-client';

/** GET /api/apps/todo/tags */
export function getTaskTags(signal?: AbortSignal): Promise<TaskTag[]> {
  return apiClient.get<TaskTag[]>('/api/apps/todo/tags', signal ? { signal } : {});
}
