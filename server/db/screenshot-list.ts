import {
  SCREENSHOT_LIST_VERSION,
  screenshotListEntry,
  type ScreenshotListEntry,
  type ScreenshotListQuery,
  type ScreenshotListRepository,
  type ScreenshotListSource,
} from '../../core/screenshot-list';
import type { OrganizationScope } from '../../core/service-unit-list';
import type { Row } from '../../mirage/db';
import { listTable, type Parameters, searchCondition, searchText, tablePage } from './list-table';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';

/**
 * The screenshots' list as SQL on `screenshot_list` (server/migrations/004_screenshot_list.sql): the same
 * query the embedded backend runs in memory (mirage/domains/screenshots.ts), in the same order, because
 * both order by core/screenshot-list.ts's keys compared by code point. The table is written in the same
 * transaction as the screenshots' rows (screenshotListTable, from the row store), so it is never behind them.
 */

/** The screenshots' collection in `rows`. */
export const SCREENSHOTS = 'screenshots';

const COLUMNS = ['id', 'organization_id', 'service_unit_id', 'captured_key', 'id_key', 'flagged', 'search', 'search_text'] as const;
type Column = (typeof COLUMNS)[number];
const asRecord = (entry: ScreenshotListEntry): Record<Column, unknown> => ({
  id: entry.id,
  organization_id: entry.organizationId,
  service_unit_id: entry.serviceUnitId,
  captured_key: entry.capturedKey,
  id_key: entry.idKey,
  flagged: entry.flagged,
  search: entry.search,
  search_text: searchText(entry.search),
});

/** The screenshots' list table (server/migrations/004_screenshot_list.sql), written with the screenshots' rows. */
export const screenshotListTable = listTable({
  table: 'screenshot_list',
  collection: SCREENSHOTS,
  metaKey: 'screenshotList',
  version: SCREENSHOT_LIST_VERSION,
  columns: COLUMNS,
  types: { flagged: 'boolean', search: 'text[]' },
  record: (row) => asRecord(screenshotListEntry(row as ScreenshotListSource & Row)),
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

/** The list as SQL; rows are the screenshots' stored records (the same `data` the row store keeps). */
export function createSqlScreenshotList<R>(sql: Queryable): ScreenshotListRepository<R> {
  return {
    async list(query, scope) {
      if (holdsNul(query)) return { rows: [], total: 0 };
      const direction = query.ascending ? 'ASC' : 'DESC';
      return tablePage<R>(reader(sql), screenshotListTable, {
        alias: 's',
        where: (params) => conditions(params, scope, query),
        orderBy: () => `s.captured_key ${direction}, s.id_key ${direction}`,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  };
}
