import {
  AUDIT_LIST_VERSION,
  auditListEntry,
  type AuditListQuery,
  type AuditLogRepository,
  type AuditListRepository,
  type AuditListSource,
} from '../../core/audit-list';
import type { Row } from '../../mirage/db';
import { ensureKeyVersion, storeWhole, upsertStatement } from './entity-table';
import type { EntitySource, Parameters } from './list-table';
import { tablePage } from './list-table';
import { isoText, type Queryable } from './sql';
import { newRecordId } from '../../mirage/record-ids';
import { reader, stage } from './unit-of-work';

/**
 * The audit log's table (server/migrations/033_audit_log.sql) and its list as SQL: the same query the
 * embedded backend runs in memory (mirage/domains/audit.ts), newest first by the same keys of
 * core/audit-list.ts compared by code point, columns of the entries' own rows. Entries are appended with the
 * request's unit of work (the store's writeBatch), never changed.
 */

/** The audit log's collection, as the store's writeBatch names it. */
export const AUDIT_LOG = 'auditLog';

/** An entry as the log stores it (mirage/domains/audit.ts, AuditRow). */
export interface AuditEntry extends AuditListSource {
  actorName: string;
  actorRoleId: number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string;
}

interface AuditColumns {
  id: string;
  at: string;
  actor_id: string;
  actor_name: string;
  actor_role_id: number;
  organization_id: string;
  resource: string;
  action: string;
  record_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string;
}

/** An entry, as columns (alias `a`): its `at` as written, its list key. */
const COLUMNS = `a.id, a.at_key AS at, a.actor_id, a.actor_name, a.actor_role_id, a.organization_id, a.resource, a.action,
  a.record_id, a.before, a.after, a.reason`;

const entryOf = (row: AuditColumns): AuditEntry => ({
  id: row.id,
  at: row.at,
  actorId: row.actor_id,
  actorName: row.actor_name,
  actorRoleId: Number(row.actor_role_id),
  organizationId: row.organization_id,
  resource: row.resource,
  action: row.action,
  recordId: row.record_id,
  before: row.before,
  after: row.after,
  reason: row.reason,
});

const TYPES: Record<string, string> = {
  id: 'text',
  at: 'timestamptz',
  actor_id: 'text',
  actor_name: 'text',
  actor_role_id: 'integer',
  organization_id: 'text',
  resource: 'text',
  action: 'text',
  record_id: 'text',
  before: 'jsonb',
  after: 'jsonb',
  reason: 'text',
  at_key: 'text',
  id_key: 'text',
};

const record = (entry: AuditEntry): Record<string, unknown> => {
  const keys = auditListEntry(entry);
  return {
    id: keys.id,
    at: Number.isNaN(Date.parse(entry.at)) ? new Date(0).toISOString() : entry.at,
    actor_id: keys.actorId,
    actor_name: entry.actorName,
    actor_role_id: entry.actorRoleId,
    organization_id: keys.organizationId,
    resource: keys.resource,
    action: entry.action,
    record_id: keys.recordId,
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
    at_key: keys.atKey,
    id_key: keys.idKey,
  };
};

const UPSERT = upsertStatement('audit_log', 'id', TYPES);

/** Stores entries whole (and deletes entries), in the caller's transaction (the store's writeBatch). */
export async function writeAuditLog(tx: Queryable, put: readonly AuditEntry[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'audit_log', upsert: UPSERT, record }, put, deleted);
}

const UPDATE_KEYS = `UPDATE audit_log a SET at_key = e.at_key, id_key = e.id_key
  FROM jsonb_to_recordset($1::jsonb) AS e(id text, at_key text, id_key text) WHERE a.id = e.id`;
const CHUNK = 1_000;

/** Computes every entry's list keys again when they were made by another version of core's projection. At start. */
export async function ensureAuditKeys(tx: Queryable): Promise<boolean> {
  return ensureKeyVersion(tx, 'auditList', AUDIT_LIST_VERSION, async () => {
    // `at` as written is the key itself: a lost key is the typed instant's ISO text.
    const entries = (
      await tx.query<AuditColumns>(`SELECT ${COLUMNS.replace('a.at_key AS at', `${isoText('a.at')} AS at`)} FROM audit_log a`)
    ).rows.map(entryOf);
    for (let start = 0; start < entries.length; start += CHUNK) {
      const keys = entries.slice(start, start + CHUNK).map((entry) => {
        const { id, atKey, idKey } = auditListEntry(entry);
        return { id, at_key: atKey, id_key: idKey };
      });
      await tx.query(UPDATE_KEYS, [JSON.stringify(keys)]);
    }
  });
}

/** The table as a list's source, its entries read as the caller's rows (the domain's AuditRow). */
const sourceOf = <R>(): EntitySource<AuditColumns, R> => ({
  table: 'audit_log',
  columns: COLUMNS,
  joins: '',
  record: (row) => entryOf(row) as R,
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
      return tablePage<R, AuditColumns>(reader(sql), sourceOf<R>(), {
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
