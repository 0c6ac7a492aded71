import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** The signed-in user as the server knows them (GET /api/me): the organization buttons are judged against. */
export type Viewer = ApiResponse<'/api/me', 'get'>;

export function getViewer(signal?: AbortSignal): Promise<Viewer> {
  return apiClient.get<ApiResponse<'/api/me', 'get'>>('/api/me', { signal });
}
