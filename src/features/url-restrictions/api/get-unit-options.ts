import { apiClient } from '@/lib/api-client';
import type { UnitOption } from './types';

/** Units for the scope and tester pickers: the first 100 by name (the pickers filter them as you type). */
export async function getUnitOptions(): Promise<UnitOption[]> {
  const page = await apiClient.get<{ items: { id: string; name: string; hostname: string }[] }>('/api/service-units', {
    query: { pageSize: 100, sort: 'name', order: 'asc' },
  });
  return page.items.map((u) => ({ value: u.id, label: `${u.name} (${u.hostname})` }));
}
