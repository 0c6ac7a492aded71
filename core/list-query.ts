import type { Page } from '../machines/domain/types';
import { compareCodePoints, plainNumber } from './record-ids';

/**
 * Paging, sorting, filtering and search of every list endpoint, storage-neutral: the embedded backend
 * runs them on its rows (filterAndSort), and a SQL store runs the same query with the same order, because
 * both compare the same keys (textSortKey, idSortKey) by code point.
 *
 * Query string: `page` (1-based), `pageSize` (≤ maxPageSize), `sort` (a sortable column), `order` (asc|desc),
 * `search` (or `q`), and filters as repeated keys or comma lists (`status=online&status=offline` or
 * `status=online,offline`). Unknown sort columns fall back to the default; bad numbers to defaults.
 */

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  /** Trimmed and lower-cased (String.prototype.toLowerCase); '' for none. */
  search: string;
  filters: Record<string, string[]>;
}

export type ListParams = ListQuery;

export interface ListSpec<T> {
  /** Column → the value it sorts by (a string sorts by its textSortKey). */
  sortBy: Record<string, (row: T) => string | number | boolean>;
  defaultSort: string;
  defaultOrder?: 'asc' | 'desc';
  /** Filter key → does the row match one of the values. */
  filters?: Record<string, (row: T, values: string[]) => boolean>;
  /** The texts a search looks in (case-insensitive substring). */
  searchIn?: (row: T) => readonly string[];
  maxPageSize?: number;
  defaultPageSize?: number;
}

/** All values of a query parameter, repeated keys (and `name[]`) kept, comma lists split, blanks dropped. */
export function queryValues(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .concat(query.getAll(`${name}[]`))
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function intParam(query: URLSearchParams, name: string): number | null {
  const raw = queryValues(query, name)[0];
  if (raw === undefined || !/^\d{1,7}$/.test(raw)) return null;
  return Number(raw);
}

export function parseListQuery<T>(query: URLSearchParams, spec: ListSpec<T>): ListQuery {
  const max = spec.maxPageSize ?? 100;
  const pageSize = Math.min(max, Math.max(1, intParam(query, 'pageSize') ?? spec.defaultPageSize ?? 25));
  const page = Math.max(1, intParam(query, 'page') ?? 1);
  const sortRaw = queryValues(query, 'sort')[0];
  const sort = sortRaw !== undefined && Object.hasOwn(spec.sortBy, sortRaw) ? sortRaw : spec.defaultSort;
  const orderRaw = queryValues(query, 'order')[0];
  const order = orderRaw === 'desc' || orderRaw === 'asc' ? orderRaw : (spec.defaultOrder ?? 'asc');
  const search = (query.get('search') ?? query.get('q') ?? '').trim().toLowerCase();
  const filters: Record<string, string[]> = {};
  for (const key of Object.keys(spec.filters ?? {})) {
    const values = queryValues(query, key);
    if (values.length > 0) filters[key] = values;
  }
  return { page, pageSize, sort, order, search, filters };
}

// --- the one ordering rule ----------------------------------------------------------------------

/** Digit runs are left-padded to this width, so "unit-9" sorts before "unit-10". */
const DIGIT_WIDTH = 20;
const ZEROS = '0'.repeat(DIGIT_WIDTH);
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const MARKS = /\p{M}/gu;
const DIGITS = /\d+/g;

/**
 * What a text sorts by, compared by code point (compareCodePoints, which is PostgreSQL's COLLATE "C" on
 * UTF-8): compatibility-decomposed (NFKD) without combining marks, so "É" sorts as "e"; lower-cased, with
 * ß as "ss"; every run of ASCII digits left-padded to 20 digits, so numbers inside names sort by value.
 * A store keeps this key beside the record and orders by it; the embedded backend compares it directly.
 */
export function textSortKey(text: string): string {
  let key = PRINTABLE_ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(/ß/g, 'ss');
  if (/\d/.test(key)) key = key.replace(DIGITS, (run) => (run.length >= DIGIT_WIDTH ? run : ZEROS.slice(run.length) + run));
  return key;
}

/**
 * What an id sorts by, compared by code point, in compareIds' order: a plain number as "0" and its
 * 16-digit value (numbers first, by value), any other id as "1" and itself (by code point).
 */
export function idSortKey(id: string | number): string {
  const n = plainNumber(id);
  return Number.isNaN(n) ? `1${String(id)}` : `0${String(n).padStart(16, '0')}`;
}

/** Orders texts by textSortKey, then (equal keys) by code point: a list of plain strings such as tags. */
export function compareTexts(a: string, b: string): number {
  return compareCodePoints(textSortKey(a), textSortKey(b)) || compareCodePoints(a, b);
}

/** Rows matching the query's filters and search, sorted (ties by id, compareIds; desc reverses both), not yet paged. */
export function filterAndSort<T extends { id: string | number }>(rows: readonly T[], params: ListQuery, spec: ListSpec<T>): T[] {
  const filters = Object.entries(params.filters);
  const matched = rows.filter((row) => {
    for (const [key, values] of filters) {
      const test = spec.filters?.[key];
      if (test && !test(row, values)) return false;
    }
    if (params.search && spec.searchIn) {
      return spec.searchIn(row).some((text) => text.toLowerCase().includes(params.search));
    }
    return true;
  });
  // Own keys only: `constructor` is no column.
  const by = (Object.hasOwn(spec.sortBy, params.sort) ? spec.sortBy[params.sort] : undefined) ?? spec.sortBy[spec.defaultSort];
  if (!by) return matched;
  const dir = params.order === 'desc' ? -1 : 1;
  // Decorate once: computing the keys inside the comparator would cost n·log n key computations. The id's
  // key orders as compareIds does.
  const keyed = matched.map((row) => {
    const value = by(row);
    return { row, key: typeof value === 'string' ? textSortKey(value) : value, id: idSortKey(row.id) };
  });
  keyed.sort((a, b) => {
    const x = a.key;
    const y = b.key;
    let c: number;
    if (typeof x === 'string' && typeof y === 'string') c = compareCodePoints(x, y);
    else c = x < y ? -1 : x > y ? 1 : 0;
    if (c === 0) c = compareCodePoints(a.id, b.id);
    return c * dir;
  });
  return keyed.map((k) => k.row);
}

export function pageOf<T>(rows: readonly T[], params: Pick<ListQuery, 'page' | 'pageSize'>): Page<T> {
  const start = (params.page - 1) * params.pageSize;
  return { items: rows.slice(start, start + params.pageSize), total: rows.length, page: params.page, pageSize: params.pageSize };
}

/** Ids from a `{ ids: [...] }` body, as strings, or null when the body is not that shape. */
export function idsOf(body: unknown): string[] | null {
  if (typeof body !== 'object' || body === null || !('ids' in body) || !Array.isArray(body.ids)) return null;
  const ids = body.ids.filter((id): id is string | number => typeof id === 'string' || typeof id === 'number').map(String);
  return ids.length === body.ids.length ? ids : null;
}
