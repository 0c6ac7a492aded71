import type { UnitOption } from '@machines/processes/unit-options.machine';
import { apiClient } from '@/lib/api-client';
import type { ApiResponse } from '@/lib/api';

/** Units to filter the report by: a name or hostname search within an optional organization. */
export async function searchReportUnits(search: string, organizationId: string, signal?: AbortSignal): Promise<UnitOption[]> {
  const query: Record<string, string> = {};
  if (search) query['search'] = search;
  if (organizationId) query['organizationId'] = organizationId;
  const answer = await apiClient.get<ApiResponse<'/api/reports/prediction/units', 'get'>>('/api/reports/prediction/units', {
    query,
    ...(signal ? { signal } : {}),
  });
  return answer.items;
}

/** One unit by id (a link's unit filter), for its name; rejects with 404 when it is unknown. */
export async function getReportUnit(id: string, signal?: AbortSignal): Promise<UnitOption> {
  const answer = await apiClient.get<ApiResponse<'/api/reports/prediction/units', 'get'>>('/api/reports/prediction/units', {
    query: { id },
    ...(signal ? { signal } : {}),
  });
  const unit = answer.items[0];
  if (!unit) throw Object.assign(new Error('Service unit not found'), { status: 404 });
  return unit;
}
