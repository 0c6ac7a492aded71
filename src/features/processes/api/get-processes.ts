import type { ProcessSample } from '@machines/processes/process-monitor.machine';
import type { UnitProcess } from '@machines/domain/types';
import { apiClient } from '@/lib/api-client';

export async function getProcesses(unitId: string, signal?: AbortSignal): Promise<ProcessSample> {
  const body = await apiClient.get<{ items: UnitProcess[]; sampledAt: string }>(`/api/service-units/${encodeURIComponent(unitId)}/processes`, signal ? { signal } : {});
  return { unitId, items: body.items, sampledAt: body.sampledAt };
}
