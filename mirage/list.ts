/**
 * The list endpoints' query read from a Mirage request; the rules themselves (paging, sorting, filtering,
 * search, the ordering rule) are core/list-query.ts, which a SQL store runs too.
 */

export { filterAndSort, pageOf, type ListParams, type ListSpec } from '../core/list-query';
