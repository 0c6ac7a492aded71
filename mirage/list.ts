import type { Request } from 'miragejs';
import { queryValues as valuesOf } from '../core/list-query';

/**
 * The list endpoints' query read from a Mirage request; the rules themselves (paging, sorting, filtering,
 * search, the ordering rule) are core/list-query.ts, which a SQL store runs too.
 */

export { filterAndSort, pageOf, type ListParams, type ListSpec } from '../core/list-query';

const searchParamsOf = (request: Request) => new URL(request.url, 'http://localhost').searchParams;

/** All query values of a request, repeated keys kept (Pretender's queryParams keeps only one). */
export function queryValues(request: Request, name: string): string[] {
  return valuesOf(searchParamsOf(request), name);
}
