import type { RiskBand } from './types';

/**
 * The prediction report's query, kept in the URL (`?organizationId=2&band=high&unitId=17&page=2`)
 * so a filtered report can be shared and Back undoes a filter. Parsing validates every value: a bad or
 * stale link falls back to the defaults, never to an error.
 */

export const REPORT_SORTS = ['risk', 'name', 'organization', 'downtime', 'disk', 'trend'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const isReportSort = (value: string): value is ReportSort => (REPORT_SORTS as readonly string[]).includes(value);
export const REPORT_PAGE_SIZES = [10, 25, 50, 100] as const;
const BANDS: readonly RiskBand[] = ['low', 'medium', 'high', 'insufficient'];

export interface ReportQuery {
  organizationId: string;
  unitId: string;
  band: RiskBand | '';
  page: number;
  pageSize: number;
  sort: ReportSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_REPORT_QUERY: ReportQuery = {
  organizationId: '',
  unitId: '',
  band: '',
  page: 1,
  pageSize: 25,
  sort: 'risk',
  order: 'desc',
};

const ID = /^[\w-]{1,64}$/;
const KEYS = ['organizationId', 'unitId', 'band', 'page', 'pageSize', 'sort', 'order'] as const;

export function parseReportQuery(search: string): ReportQuery {
  const params = new URLSearchParams(search);
  const id = (key: string) => {
    const v = params.get(key)?.trim() ?? '';
    return ID.test(v) ? v : '';
  };
  const band = params.get('band') ?? '';
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort') ?? '';
  const order = params.get('order');
  const isSort = isReportSort(sort);
  return {
    organizationId: id('organizationId'),
    unitId: id('unitId'),
    band: (BANDS as readonly string[]).includes(band) ? (band as RiskBand) : '',
    page: Number.isInteger(page) && page >= 1 && page < 1e7 ? page : 1,
    pageSize: (REPORT_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_REPORT_QUERY.pageSize,
    sort: isReportSort(sort) ? sort : DEFAULT_REPORT_QUERY.sort,
    order: isSort && (order === 'asc' || order === 'desc') ? order : DEFAULT_REPORT_QUERY.order,
  };
}

/** The search string (no `?`) for a query, defaults left out, other parameters of `base` kept. */
export function serializeReportQuery(query: ReportQuery, base = ''): string {
  const params = new URLSearchParams(base);
  for (const key of KEYS) params.delete(key);
  for (const key of KEYS) {
    const value = query[key];
    if (value !== DEFAULT_REPORT_QUERY[key]) params.set(key, String(value));
  }
  return params.toString();
}

export const sameReportQuery = (a: ReportQuery, b: ReportQuery) => KEYS.every((key) => a[key] === b[key]);

/** The query as API parameters (every key, for the request). */
export function reportQueryParams(query: ReportQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of KEYS) if (query[key] !== '') out[key] = String(query[key]);
  return out;
}
