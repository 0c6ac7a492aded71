import type { ProcessSample } from '@machines/processes/process-monitor.machine';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

export async function getProcesses(unitId: string, signal?: AbortSignal): Promise<ProcessSample> {
  const body = await apiClient.get<ApiResponse<'/api/service-units/{id}/processes', 'get'>>(
    `/api/service-units/${encodeURIComponent(unitId)}/processes`,
    signal ? { signal } : {},
  );
  return { unitId, items: body.items, sampledAt: body.sampledAt };
}
