import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { initialQuery, normalizeFilters, sameQuery, type ListFilters, type ListMachine, type ListQuery, type ListRow } from '@machines/list/list.machine';

/**
 * A list's query lives in the URL so a list is shareable and back/forward works:
 * `?page=2&pageSize=50&sort=name&order=desc&q=kiosk&status=online&tag=a&tag=b`.
 * Parsing validates every value against the list's schema; a bad value falls back to the default,
 * so a hand-edited or stale link never breaks the screen. Other parameters (e.g. `unit`) are kept.
 */

export interface FilterSpec {
  /** Allowed values; omitted = any non-empty text. */
  values?: readonly string[];
  /** Several values (repeated parameter) or one. */
  multiple?: boolean;
}

export interface ListQuerySchema {
  sortColumns: readonly string[];
  filters: Record<string, FilterSpec>;
  pageSizes: readonly number[];
  defaults: ListQuery;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const RESERVED = ['page', 'pageSize', 'sort', 'order', 'q'];

export function defineListQuerySchema(schema: {
  sortColumns: readonly string[];
  filters?: Record<string, FilterSpec>;
  pageSizes?: readonly number[];
  /** Page size and sort when the URL says nothing (filters always start empty, so "no filter" is expressible). */
  defaults?: Partial<Pick<ListQuery, 'pageSize' | 'sort'>>;
}): ListQuerySchema {
  return {
    sortColumns: schema.sortColumns,
    filters: schema.filters ?? {},
    pageSizes: schema.pageSizes ?? PAGE_SIZES,
    defaults: initialQuery(schema.defaults),
  };
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export function parseListQuery(search: string, schema: ListQuerySchema): ListQuery {
  const params = new URLSearchParams(search);
  const { defaults } = schema;
  const page = positiveInt(params.get('page')) ?? defaults.page;
  const size = positiveInt(params.get('pageSize'));
  const pageSize = size !== null && schema.pageSizes.includes(size) ? size : defaults.pageSize;
  const column = params.get('sort');
  const order = params.get('order');
  const sort =
    column !== null && schema.sortColumns.includes(column)
      ? { column, direction: order === 'desc' ? ('desc' as const) : ('asc' as const) }
      : defaults.sort;
  const filters: ListFilters = {};
  for (const [key, spec] of Object.entries(schema.filters)) {
    const values = params
      .getAll(key)
      .map((v) => v.trim())
      .filter((v) => v !== '' && (!spec.values || spec.values.includes(v)));
    if (values.length === 0) continue;
    filters[key] = spec.multiple ? [...new Set(values)] : (values[0] as string);
  }
  return {
    page,
    pageSize,
    sort,
    filters: normalizeFilters(filters),
    search: (params.get('q') ?? defaults.search).trim().slice(0, 200),
  };
}

/** The search string for a query (without `?`), keeping unrelated parameters of `base`; defaults are left out. */
export function serializeListQuery(query: ListQuery, schema: ListQuerySchema, base = ''): string {
  const params = new URLSearchParams(base);
  for (const key of [...RESERVED, ...Object.keys(schema.filters)]) params.delete(key);
  const { defaults } = schema;
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== defaults.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.sort && JSON.stringify(query.sort) !== JSON.stringify(defaults.sort)) {
    params.set('sort', query.sort.column);
    params.set('order', query.sort.direction);
  }
  if (query.search) params.set('q', query.search);
  for (const [key, value] of Object.entries(normalizeFilters(query.filters))) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params.toString();
}


/**
 * Keeps a list machine and the URL in step: a query change pushes a history entry, and a URL change
 * (back/forward, a pasted link) is sent to the machine as `list.query.sync`.
 */
export function useListQuerySync<T extends ListRow>(actor: ActorRefFrom<ListMachine<T>>, schema: ListQuerySchema): void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = useSelector(actor, (s) => s.context.query, sameQuery);

  // URL → machine (runs first: after back/forward the machine already holds the URL's query below)
  useEffect(() => {
    actor.send({ type: 'list.query.sync', query: parseListQuery(search, schema) });
  }, [actor, search, schema]);

  // machine → URL. Reads the actor itself, not `query`, which is one render behind after a sync.
  useEffect(() => {
    const current = actor.getSnapshot().context.query;
    if (sameQuery(parseListQuery(search, schema), current)) return;
    const next = serializeListQuery(current, schema, search);
    navigate(next ? `${location}?${next}` : location);
  }, [actor, query, search, schema, location, navigate]);
}
