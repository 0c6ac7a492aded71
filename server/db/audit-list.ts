import {
  AUDIT_LIST_VERSION,
  auditListEntry,
  type AuditListEntry,
  type AuditListQuery,
  type AuditLogRepository,
  type AuditListRepository,
  type AuditListSource,
} from '../../core/audit-list';
import type { Row } from '../../mirage/db';
import { listTable, tablePage, type Parameters } from './list-table';
import type { Queryable } from './sql';
import { newRecordId } from '../../mirage/record-ids';
import { reader, stage } from './unit-of-work';

/**
 * The audit log's list as SQL on `audit_list` (server/migrations/005_audit_list.sql): the same query the
 * embedded backend runs in memory (mirage/domains/audit.ts), newest first by the same keys of
 * core/audit-list.ts compared by code point. The table is written in the same transaction as the entries'
 * rows (auditListTable, from the row store), so it is never behind them.
 */

/** The audit log's collection in `rows`. */
export const AUDIT_LOG = 'auditLog';

const COLUMNS = ['id', 'at_key', 'id_key', 'resource', 'actor_id', 'organization_id', 'record_id'] as const;
type Column = (typeof COLUMNS)[number];
const asRecord = (entry: AuditListEntry): Record<Column, unknown> => ({
  id: entry.id,
  at_key: entry.atKey,
  id_key: entry.idKey,
  resource: entry.resource,
  actor_id: entry.actorId,
  organization_id: entry.organizationId,
  record_id: entry.recordId,
});

/** The audit log's list table (server/migrations/005_audit_list.sql), written with the entries' rows. */
export const auditListTable = listTable({
  table: 'audit_list',
  collection: AUDIT_LOG,
  metaKey: 'auditList',
  version: AUDIT_LIST_VERSION,
  columns: COLUMNS,
  types: {},
  record: (row) => asRecord(auditListEntry(row as AuditListSource & Row)),
});

/** The WHERE clause of the query's filters (an empty list filters nothing). */
function conditions(params: Parameters, query: AuditListQuery): string {
  const where: string[] = [];
  const filters: [string, readonly string[]][] = [
    ['a.resource', query.resources],
    ['a.actor_id', query.actorIds],
    ['a.organization_id', query.organizationIds],
    ['a.record_id', query.recordIds],
  ];
  for (const [column, values] of filters) {
    if (values.length > 0) where.push(`${column} = ANY(${params.add([...values], 'text[]')})`);
  }
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/**
 * The query as PostgreSQL can bind it, or null when it matches nothing: text there holds no NUL and no
 * stored value contains one, so such a value matches no entry (a filter left without values, none), as in memory.
 */
function bindable(query: AuditListQuery): AuditListQuery | null {
  const kept = (values: readonly string[]) => values.filter((value) => !value.includes('\0'));
  const bound = {
    ...query,
    resources: kept(query.resources),
    actorIds: kept(query.actorIds),
    organizationIds: kept(query.organizationIds),
    recordIds: kept(query.recordIds),
  };
  const emptied = (['resources', 'actorIds', 'organizationIds', 'recordIds'] as const).some(
    (key) => query[key].length > 0 && bound[key].length === 0,
  );
  return emptied ? null : bound;
}

/** The audit log as SQL, newest first; rows are the entries' stored records. */
export function createSqlAuditList<R>(sql: Queryable): AuditListRepository<R> {
  return {
    async list(asked) {
      const query = bindable(asked);
      if (!query) return { rows: [], total: 0 };
      return tablePage<R>(reader(sql), auditListTable, {
        alias: 'a',
        where: (params) => conditions(params, query),
        orderBy: () => 'a.at_key DESC, a.id_key DESC',
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  };
}

/**
 * The audit log in PostgreSQL only: its list as SQL, and entries appended when the request's unit of work
 * succeeds (with the rest of its changes, before the answer). No process holds the log in memory.
 */
export function createSqlAuditLog<R extends Row>(sql: Queryable): AuditLogRepository<R> {
  return {
    list: (query) => createSqlAuditList<R>(reader(sql)).list(query),
    append(entry) {
      stage(AUDIT_LOG, { ...entry, id: newRecordId() });
    },
  };
}
