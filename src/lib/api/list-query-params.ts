import type { ListQuery } from '@machines/list/list.machine';
import type { QueryValue } from '@/lib/api-client';

/** The list query as the server's query string (docs/domain.md, "Lists"); `paged: false` for an export of every match. */
export function toQueryParams(query: ListQuery, paged = true): Record<string, QueryValue> {
  const params: Record<string, QueryValue> = {};
  if (paged) {
    params['page'] = query.page;
    params['pageSize'] = query.pageSize;
  }
  if (query.sort) {
    params['sort'] = query.sort.column;
    params['order'] = query.sort.direction;
  }
  if (query.search) params['search'] = query.search;
  for (const [key, value] of Object.entries(query.filters)) params[key] = Array.isArray(value) ? value.join(',') : value;
  return params;
}
