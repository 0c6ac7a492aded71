import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useRouter } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import type { ActorRefFrom } from 'xstate';
import { sameJson } from '@machines/shared/same-json';
import {
  initialQuery,
  normalizeFilters,
  sameQuery,
  type ListFilters,
  type ListMachine,
  type ListQuery,
  type ListRow,
} from '@machines/list/list.machine';

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
  if (query.sort && !sameJson(query.sort, defaults.sort)) {
    params.set('sort', query.sort.column);
    params.set('order', query.sort.direction);
  }
  if (query.search) params.set('q', query.search);
  for (const [key, value] of Object.entries(normalizeFilters(query.filters))) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params.toString();
}

/** The history events wouter's browser location dispatches (it patches pushState/replaceState), and the browser's own. */
const URL_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

/**
 * The list's query from the address bar at the time the screen mounts; later URLs reach the machine through
 * `useListUrl`. Reading it once here, not with `useSearch`, keeps the screen from re-rendering on every URL change.
 */
export function useInitialListQuery(schema: ListQuerySchema): ListQuery {
  const [initial] = useState(() => parseListQuery(window.location.search, schema));
  return initial;
}

/**
 * Binds a list machine to the browser's address bar at the event boundary, without a render in between:
 * - a query change in the machine (a page, sort, filter or search) pushes a history entry from the actor's
 *   own notification, before React renders it;
 * - a URL change (back/forward, a link, `history.pushState`) is sent to the machine as `list.query.sync` from
 *   the history event itself, so the machine's loading state is the first and only render of it.
 * So a page change is one event and one commit of the screen. The component that calls it does not re-render
 * on URL changes (it reads no URL). Only for the app's browser router (wouter's default `useBrowserLocation`);
 * URLs of another path (the screen is being left) are ignored.
 */
export function useListUrl<T extends ListRow>(actor: ActorRefFrom<ListMachine<T>>, schema: ListQuerySchema): void {
  const { hook } = useRouter();
  if (hook !== useBrowserLocation) throw new Error('useListUrl needs the browser location (wouter Router without a custom hook)');
  useEffect(() => {
    const path = window.location.pathname;
    const fromUrl = () => {
      if (window.location.pathname !== path) return;
      actor.send({ type: 'list.query.sync', query: parseListQuery(window.location.search, schema) });
    };
    let last = actor.getSnapshot().context.query;
    const subscription = actor.subscribe((snapshot) => {
      const { query } = snapshot.context;
      if (query === last) return;
      last = query;
      const { pathname, search } = window.location;
      if (pathname !== path || sameQuery(parseListQuery(search, schema), query)) return;
      const next = serializeListQuery(query, schema, search);
      window.history.pushState(null, '', next ? `${path}?${next}` : path);
    });
    for (const type of URL_EVENTS) window.addEventListener(type, fromUrl);
    // The address may have changed between the first render and this subscription.
    fromUrl();
    return () => {
      subscription.unsubscribe();
      for (const type of URL_EVENTS) window.removeEventListener(type, fromUrl);
    };
  }, [actor, schema]);
}

function subscribeToUrl(callback: () => void): () => void {
  for (const type of URL_EVENTS) window.addEventListener(type, callback);
  return () => {
    for (const type of URL_EVENTS) window.removeEventListener(type, callback);
  };
}

/**
 * One query parameter of the browser's address (e.g. the open record, `?user=12`) on the path the screen was
 * opened at: the component renders again when that parameter changes, not on every page, sort or search of the
 * list beside it. On another path (the screen is being left) it is null, so a parameter of the next page is
 * never taken for this screen's.
 */
export function useUrlParam(name: string): string | null {
  const [path] = useState(() => window.location.pathname);
  const read = useCallback(
    () => (window.location.pathname === path ? new URLSearchParams(window.location.search).get(name) : null),
    [name, path],
  );
  return useSyncExternalStore(subscribeToUrl, read);
}

/**
 * The address `path` with the current query string and one parameter set, or removed when `value` is null
 * (e.g. the open record, `?user=12`). Reads the address when called, so the screen need not render for it.
 */
export function withUrlParam(path: string, name: string, value: string | null): string {
  const params = new URLSearchParams(window.location.search);
  if (value) params.set(name, value);
  else params.delete(name);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A filter's values as a list: the address gives a single value as a string. */
export function filterValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** How many filter values are set: the count on the toolbar's "Filters (n)" button. */
export function activeFilterCount(filters: Record<string, string | string[] | undefined>): number {
  return Object.values(filters).reduce((n, v) => n + filterValues(v).filter((x) => x !== '').length, 0);
}
