import type { Request } from 'miragejs';
import { table, type MirageDb, type Row } from '../db';
import { errorResponse, permits, json, subjectOf, withAuth, type UserRow } from '../http';
import { readScope } from '../../machines/permissions/can';
import { pageOf, queryValues, readListParams, type ListSpec } from '../list';
import type { MirageContext, MirageDomain } from '../types';
import { emitEvent } from '../events';
import { compareIds } from '../../core/record-ids';

/**
 * The audit log: every change an administrator makes through the organizations and users endpoints
 * (and any other domain that calls `recordAudit`). Rows are append-only.
 *
 * GET /api/audit-log?resource=&actorId=&organizationId=&recordId=&page=&pageSize= — newest first.
 * Super admins read every organization's entries; admins only their own organization's; others 403.
 */

export type AuditResource = 'organization' | 'user';

export interface AuditRow extends Row {
  at: string;
  actorId: string;
  actorName: string;
  actorRoleId: number;
  /** The organization the changed record belongs to ('' for none). */
  organizationId: string;
  resource: AuditResource | string;
  action: string;
  recordId: string;
  /** What the record was before (null on create) and after (null on delete), secrets left out. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Optional reason given by the admin (suspend, activate…). */
  reason: string;
}

export const auditTable = (db: MirageDb) => table<AuditRow>(db, 'auditLog');

export interface AuditInput {
  actor: Pick<UserRow, 'id' | 'roleId' | 'fullName'>;
  organizationId: string | number | null | undefined;
  resource: string;
  action: string;
  recordId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string;
}

/** The live event an audited change of a user or an organization is announced with (mirage/events.ts). */
function announce(db: MirageDb, now: number, input: AuditInput): void {
  if (input.resource !== 'user' && input.resource !== 'organization') return;
  const change = input.before === null ? 'created' : input.after === null ? 'deleted' : 'updated';
  emitEvent(db, now, {
    type: input.resource === 'user' ? 'user.changed' : 'organization.changed',
    organizationId: input.resource === 'organization' ? input.recordId : input.organizationId,
    subjectId: input.recordId,
    unitId: null,
    data: { change },
  });
}

/** Writes an audit entry; a change of a user or an organization is also announced as a live event, in the same unit of work. */
export function recordAudit(db: MirageDb, now: number, input: AuditInput): AuditRow {
  announce(db, now, input);
  return auditTable(db).insert({
    at: new Date(now).toISOString(),
    actorId: String(input.actor.id),
    actorName: input.actor.fullName,
    actorRoleId: input.actor.roleId,
    organizationId: input.organizationId === null || input.organizationId === undefined ? '' : String(input.organizationId),
    resource: input.resource,
    action: input.action,
    recordId: String(input.recordId),
    before: input.before,
    after: input.after,
    reason: input.reason ?? '',
  });
}

const AUDIT_SPEC: ListSpec<AuditRow> = {
  sortBy: { at: (r) => r.at },
  defaultSort: 'at',
  defaultOrder: 'desc',
  filters: {},
  maxPageSize: 100,
  defaultPageSize: 25,
};

/** One page of entries matching the request's filters, newest first; `scope` narrows to one organization. */
export function auditPage(db: MirageDb, request: Request, scope: { organizationId?: string; resource?: string; recordId?: string }) {
  const params = readListParams(request, AUDIT_SPEC);
  const resources = scope.resource ? [scope.resource] : queryValues(request, 'resource');
  const actors = queryValues(request, 'actorId');
  const orgs = scope.organizationId !== undefined ? [scope.organizationId] : queryValues(request, 'organizationId');
  const records = scope.recordId ? [scope.recordId] : queryValues(request, 'recordId');
  const rows = auditTable(db).where(
    (r) =>
      (resources.length === 0 || resources.includes(r.resource)) &&
      (actors.length === 0 || actors.includes(r.actorId)) &&
      (orgs.length === 0 || orgs.includes(r.organizationId)) &&
      (records.length === 0 || records.includes(r.recordId)),
  );
  // Inserted in time order: newest first is the reverse, ties by id.
  rows.sort((a, b) => (a.at === b.at ? compareIds(b.id, a.id) : a.at < b.at ? 1 : -1));
  return pageOf(rows, params);
}

function routes(server: Parameters<MirageDomain['routes']>[0], _ctx: MirageContext): void {
  server.get(
    '/audit-log',
    withAuth(server, ({ db, request, user }) => {
      if (!permits(user, 'read', 'auditLog', { organizationId: String(user.organizationId) })) return errorResponse(403, 'Forbidden');
      // Whoever reads only their own organization's trail is narrowed to it whatever they ask for.
      const readable = readScope(subjectOf(user), 'auditLog');
      const scope = readable.kind === 'all' ? {} : { organizationId: String(user.organizationId) };
      return json(200, auditPage(db, request, scope));
    }),
  );
}

export const auditDomain: MirageDomain = {
  name: 'audit',
  routes,
};
