import type { Page } from '@machines/domain/types';
import type { UnitOption } from '@machines/processes/unit-options.machine';
import { apiClient } from '@/lib/api-client';

/** A short, server-searched list of units (an organization may have 10,000). */
export async function searchUnitOptions(search: string, signal?: AbortSignal): Promise<UnitOption[]> {
  const page = await apiClient.get<Page<UnitOption>>('/api/service-units', {
    query: { page: 1, pageSize: 50, sort: 'name', order: 'asc', ...(search ? { search } : {}) },
    ...(signal ? { signal } : {}),
  });
  return page.items.map(({ id, name, hostname, status }) => ({ id, name, hostname, status }));
}

export async function getUnitOption(id: string, signal?: AbortSignal): Promise<UnitOption> {
  const unit = await apiClient.get<UnitOption>(`/api/service-units/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return { id: unit.id, name: unit.name, hostname: unit.hostname, status: unit.status };
}
