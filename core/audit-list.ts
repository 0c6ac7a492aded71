import type { ListQuery } from './list-query';
import { idSortKey } from './list-query';
import { compareCodePoints } from './record-ids';

/**
 * The audit log's list (GET /api/audit-log and the per-record trails) behind one async interface, as the
 * units' and users' lists: the embedded backend answers it from memory (mirage/domains/audit.ts), the
 * server as SQL (server/db/audit-list.ts). Newest first: by `at` (its text, compared by code point), ties
 * by idSortKey, both descending; every filter is a list of exact values (empty: no filter).
 */

export interface AuditListQuery extends Pick<ListQuery, 'page' | 'pageSize'> {
  resources: readonly string[];
  actorIds: readonly string[];
  organizationIds: readonly string[];
  recordIds: readonly string[];
}

export interface AuditListPage<R> {
  rows: R[];
  /** How many entries match the query (all pages). */
  total: number;
}

export interface AuditListRepository<R> {
  list(query: AuditListQuery): Promise<AuditListPage<R>>;
}

/**
 * The audit log itself: its list, and where every domain appends an entry. The server keeps it in
 * PostgreSQL only (server/db/audit-list.ts), appended in the request's unit of work; the embedded backend
 * in memory. Nothing reads an entry back within the request that wrote it.
 */
export interface AuditLogRepository<R extends { id: string | number }> extends AuditListRepository<R> {
  append(entry: Omit<R, 'id'>): void;
}

/** An entry of the audit log as stored. */
export interface AuditEntry {
  id: string | number;
  at: string;
  actorId: string;
  actorName: string;
  actorRoleId: number;
  /** The organization the changed record belongs to ('' for none). */
  organizationId: string;
  /** 'organization', 'user', … */
  resource: string;
  action: string;
  recordId: string;
  /** What the record was before (null on create) and after (null on delete), secrets left out. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Optional reason given by the admin (suspend, activate…). */
  reason: string;
}

/** Raise with any change to auditListEntry: a store that keeps entries fills them again. */
export const AUDIT_LIST_VERSION = 1;

/** What the list needs of an audit row. */
export interface AuditListSource {
  id: string | number;
  at: string;
  resource: string;
  actorId: string | number;
  organizationId: string | number | null;
  recordId: string | number;
}

/** An entry as the list sees it: what every store orders and filters by. */
export interface AuditListEntry {
  id: string;
  /** `at` as stored (an ISO time): its code-point order is its time order. */
  atKey: string;
  idKey: string;
  resource: string;
  actorId: string;
  /** '' for none. */
  organizationId: string;
  recordId: string;
}

/** A field as the list compares it: text, '' for none (rows older than a field). */
const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

export function auditListEntry(row: AuditListSource): AuditListEntry {
  return {
    id: String(row.id),
    atKey: text(row.at),
    idKey: idSortKey(row.id),
    resource: text(row.resource),
    actorId: text(row.actorId),
    organizationId: text(row.organizationId),
    recordId: text(row.recordId),
  };
}

const matchesOne = (values: readonly string[], value: string | number | null | undefined): boolean =>
  values.length === 0 || values.includes(text(value));

/** Whether a row passes the query's filters (the same fields as auditListEntry, without computing its keys). */
export function auditMatches(row: AuditListSource, query: AuditListQuery): boolean {
  return (
    matchesOne(query.resources, row.resource) &&
    matchesOne(query.actorIds, row.actorId) &&
    matchesOne(query.organizationIds, row.organizationId) &&
    matchesOne(query.recordIds, row.recordId)
  );
}

/** Oldest first (the order entries are written in); newest first is its reverse. */
export function compareAuditEntries(a: AuditListSource, b: AuditListSource): number {
  return compareCodePoints(text(a.at), text(b.at)) || compareCodePoints(idSortKey(a.id), idSortKey(b.id));
}

/** What a caller may narrow the query to whatever it asks for (one organization's, one record's trail). */
export interface AuditScope {
  organizationId?: string;
  resource?: string;
  recordId?: string;
}

/** The query of a request's filter values (`values(name)`, repeated or comma lists), fixed where the scope says. */
export function auditListQuery(
  values: (name: string) => string[],
  page: Pick<ListQuery, 'page' | 'pageSize'>,
  scope: AuditScope,
): AuditListQuery {
  return {
    page: page.page,
    pageSize: page.pageSize,
    resources: scope.resource ? [scope.resource] : values('resource'),
    actorIds: values('actorId'),
    organizationIds: scope.organizationId !== undefined ? [scope.organizationId] : values('organizationId'),
    recordIds: scope.recordId ? [scope.recordId] : values('recordId'),
  };
}
