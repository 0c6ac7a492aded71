import { sameJson } from '../shared/same-json';

/** The list's query, pure: what a query is, how a change applies to it, and where a row created elsewhere belongs. */

export type SortDirection = 'asc' | 'desc';
export interface ListSort {
  column: string;
  direction: SortDirection;
}
export type ListFilters = Record<string, string | string[]>;

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: ListSort | null;
  filters: ListFilters;
  search: string;
}

export const DEFAULT_QUERY: ListQuery = { page: 1, pageSize: 25, sort: null, filters: {}, search: '' };

export function initialQuery(partial: Partial<ListQuery> = {}): ListQuery {
  return { ...DEFAULT_QUERY, ...partial, filters: { ...(partial.filters ?? {}) } };
}

/** Filters with empty values dropped, keys sorted: two queries that mean the same compare equal. */
export function normalizeFilters(filters: ListFilters): ListFilters {
  const out: ListFilters = {};
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = [...value].sort();
    } else if (value !== '') out[key] = value;
  }
  return out;
}

export function sameQuery(a: ListQuery, b: ListQuery): boolean {
  return (
    a.page === b.page &&
    a.pageSize === b.pageSize &&
    a.search === b.search &&
    sameJson(a.sort, b.sort) &&
    sameJson(normalizeFilters(a.filters), normalizeFilters(b.filters))
  );
}

/** Applies a partial change; any change other than the page itself starts again from page 1. */
export function applyQueryChange(current: ListQuery, patch: Partial<ListQuery>): ListQuery {
  const next: ListQuery = {
    ...current,
    ...patch,
    filters: normalizeFilters(patch.filters ?? current.filters),
  };
  const resetsPage =
    next.pageSize !== current.pageSize ||
    next.search !== current.search ||
    !sameJson(next.sort, current.sort) ||
    !sameJson(next.filters, normalizeFilters(current.filters));
  if (resetsPage && patch.page === undefined) next.page = 1;
  return next;
}

export const isNewRowsOrder = (query: ListQuery, newRowsSort: ListSort | null) => newRowsSort === null || sameJson(query.sort, newRowsSort);

/** Where a row created elsewhere belongs for the query: excluded by a filter, on the page in view, or elsewhere (counted). */
export function newRowPlace(
  query: ListQuery,
  newRowsSort: ListSort | null,
  match: Record<string, string> | undefined,
): 'filteredOut' | 'onPage' | 'elsewhere' {
  let known = true;
  for (const [key, value] of Object.entries(normalizeFilters(query.filters))) {
    const rowValue = match?.[key];
    if (rowValue === undefined) known = false;
    else if (!(Array.isArray(value) ? value : [value]).includes(rowValue)) return 'filteredOut';
  }
  return known && query.page === 1 && query.search === '' && isNewRowsOrder(query, newRowsSort) ? 'onPage' : 'elsewhere';
}
