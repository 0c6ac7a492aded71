import type { UnitProcess } from '@machines/domain/types';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export function endProcess(processId: string): Promise<UnitProcess> {
  return apiClient.post<ApiResponse<'/api/processes/{id}/end', 'post'>>(`/api/processes/${encodeURIComponent(processId)}/end`);
}
