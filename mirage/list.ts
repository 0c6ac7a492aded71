import type { Request } from 'miragejs';
import type { Page } from '../machines/domain/types';

/**
 * Server-side paging, sorting, filtering and search shared by every list endpoint.
 *
 * Query string: `page` (1-based), `pageSize` (≤ maxPageSize), `sort` (a sortable column), `order` (asc|desc),
 * `search` (or `q`), and filters as repeated keys or comma lists (`status=online&status=offline` or
 * `status=online,offline`). Unknown sort columns fall back to the default; bad numbers to defaults.
 */

export interface ListParams {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  search: string;
  filters: Record<string, string[]>;
}

export interface ListSpec<T> {
  /** Column → the value it sorts by. */
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

/** All query values of a request, repeated keys kept (Pretender's queryParams keeps only one). */
export function queryValues(request: Request, name: string): string[] {
  const url = new URL(request.url, 'http://localhost');
  return url.searchParams
    .getAll(name)
    .concat(url.searchParams.getAll(`${name}[]`))
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function intParam(request: Request, name: string): number | null {
  const raw = queryValues(request, name)[0];
  if (raw === undefined || !/^\d{1,7}$/.test(raw)) return null;
  return Number(raw);
}

export function readListParams<T>(request: Request, spec: ListSpec<T>): ListParams {
  const max = spec.maxPageSize ?? 100;
  const pageSize = Math.min(max, Math.max(1, intParam(request, 'pageSize') ?? spec.defaultPageSize ?? 25));
  const page = Math.max(1, intParam(request, 'page') ?? 1);
  const sortRaw = queryValues(request, 'sort')[0];
  const sort = sortRaw !== undefined && sortRaw in spec.sortBy ? sortRaw : spec.defaultSort;
  const orderRaw = queryValues(request, 'order')[0];
  const order = orderRaw === 'desc' || orderRaw === 'asc' ? orderRaw : (spec.defaultOrder ?? 'asc');
  const url = new URL(request.url, 'http://localhost');
  const search = (url.searchParams.get('search') ?? url.searchParams.get('q') ?? '').trim().toLowerCase();
  const filters: Record<string, string[]> = {};
  for (const key of Object.keys(spec.filters ?? {})) {
    const values = queryValues(request, key);
    if (values.length > 0) filters[key] = values;
  }
  return { page, pageSize, sort, order, search, filters };
}

/** Rows matching the params' filters and search, sorted (stable, then by id), not yet paged. */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The id as a number when it is written as one without leading zeros (safe integers only), else NaN. */
const plainNumber = (id: string | number): number => {
  const n = typeof id === 'number' ? id : /^(0|[1-9]\d{0,14})$/.test(id) ? Number(id) : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
};

export function filterAndSort<T extends { id: string | number }>(rows: readonly T[], params: ListParams, spec: ListSpec<T>): T[] {
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
  const by = spec.sortBy[params.sort] ?? spec.sortBy[spec.defaultSort];
  if (!by) return matched;
  const dir = params.order === 'desc' ? -1 : 1;
  // Decorate once: computing the key inside the comparator would cost n·log n key computations. Ids that
  // are plain numbers (Mirage's) break ties as numbers, which is the collator's numeric order without its cost.
  const keyed = matched.map((row) => ({ row, key: by(row), id: plainNumber(row.id) }));
  keyed.sort((a, b) => {
    const x = a.key;
    const y = b.key;
    let c: number;
    if (typeof x === 'string' && typeof y === 'string') c = collator.compare(x, y);
    else c = x < y ? -1 : x > y ? 1 : 0;
    if (c === 0) c = Number.isNaN(a.id) || Number.isNaN(b.id) ? collator.compare(String(a.row.id), String(b.row.id)) : a.id - b.id;
    return c * dir;
  });
  return keyed.map((k) => k.row);
}

export function pageOf<T>(rows: readonly T[], params: ListParams): Page<T> {
  const start = (params.page - 1) * params.pageSize;
  return { items: rows.slice(start, start + params.pageSize), total: rows.length, page: params.page, pageSize: params.pageSize };
}

/** Ids from a `{ ids: [...] }` body, as strings, or null when the body is not that shape. */
export function idsOf(body: unknown): string[] | null {
  if (typeof body !== 'object' || body === null || !('ids' in body) || !Array.isArray(body.ids)) return null;
  const ids = body.ids.filter((id): id is string | number => typeof id === 'string' || typeof id === 'number').map(String);
  return ids.length === body.ids.length ? ids : null;
}
