import type { ScreenshotListQuery, ScreenshotListRepository } from '../../core/screenshot-list';
import type { OrganizationScope } from '../../core/service-unit-list';
import { type EntitySource, type Parameters, searchCondition, tablePage } from './list-table';
import { SCREENSHOT_COLUMNS, screenshotOf, type ScreenshotColumns } from './screenshot-table';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';

/**
 * The screenshots' list as SQL on their table (server/migrations/035_screenshots.sql): the same query the
 * embedded backend runs in memory (mirage/domains/screenshots.ts), in the same order, because both order by
 * core/screenshot-list.ts's keys compared by code point, columns of the screenshots' own rows.
 */

/** The table as a list's source, its screenshots read as the caller's rows (the domain's ScreenshotRecord). */
const sourceOf = <R>(): EntitySource<ScreenshotColumns, R> => ({
  table: 'screenshots',
  columns: SCREENSHOT_COLUMNS,
  joins: '',
  record: (row) => screenshotOf(row) as R,
});

/** The WHERE clause of a scope, the unit, day-range and flag filters and the search. */
function conditions(params: Parameters, scope: OrganizationScope, query: ScreenshotListQuery): string {
  const where: string[] = [];
  if (scope !== 'all') where.push(`s.organization_id = ANY(${params.add([...scope], 'text[]')})`);
  if (query.unitId !== null) where.push(`s.service_unit_id = ${params.add(query.unitId, 'text')}`);
  if (query.fromIso !== null) where.push(`s.captured_key >= ${params.add(query.fromIso, 'text')}`);
  if (query.toIso !== null) where.push(`s.captured_key <= ${params.add(query.toIso, 'text')}`);
  if (query.flagged !== null) where.push(`s.flagged = ${params.add(query.flagged, 'boolean')}`);
  if (query.search) where.push(searchCondition(params, 's', query.search));
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** PostgreSQL text holds no NUL: no stored screenshot or unit id contains one, so such a query matches nothing. */
const holdsNul = (query: ScreenshotListQuery): boolean => query.search.includes('\0') || (query.unitId?.includes('\0') ?? false);

/** The list as SQL; rows are the screenshots as the domain reads them. */
export function createSqlScreenshotList<R>(sql: Queryable): ScreenshotListRepository<R> {
  return {
    async list(query, scope) {
      if (holdsNul(query)) return { rows: [], total: 0 };
      const direction = query.ascending ? 'ASC' : 'DESC';
      return tablePage<R, ScreenshotColumns>(reader(sql), sourceOf<R>(), {
        alias: 's',
        where: (params) => conditions(params, scope, query),
        orderBy: () => `s.captured_key ${direction}, s.id_key ${direction}`,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  };
}
