import type { UnitProcess } from '@machines/domain/types';
import { apiClient } from '@/lib/api-client';

export function endProcess(processId: string): Promise<UnitProcess> {
  return apiClient.post<UnitProcess>(`/api/processes/${encodeURIComponent(processId)}/end`);
}
