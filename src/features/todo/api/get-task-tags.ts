import type { TaskTag } from '@machines/todo/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** GET /api/apps/todo/tags */
export function getTaskTags(signal?: AbortSignal): Promise<TaskTag[]> {
  return apiClient.get<ApiResponse<'/api/apps/todo/tags', 'get'>>('/api/apps/todo/tags', signal ? { signal } : {});
}
