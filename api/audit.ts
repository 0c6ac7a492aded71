import type { AuditEntry, AuditLogRepository } from '../core/audit-list';
import type { EventRepository } from '../core/events';

/**
 * The audit log's entries (docs/users.md, docs/organizations.md): every change an administrator makes to a user
 * or an organization is written with its actor, before and after, and announced as a live event in the same
 * unit of work. The embedded backend's remaining routes write theirs through this one too (mirage/domains/audit.ts).
 */

export interface AuditInput {
  actor: { id: string | number; roleId: number; fullName: string };
  organizationId: string | number | null | undefined;
  resource: string;
  action: string;
  recordId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason?: string;
}

export interface AuditEnv {
  events: EventRepository;
  audit: Pick<AuditLogRepository<AuditEntry>, 'append'>;
}

const idText = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/** The live event an audited change of a user or an organization is announced with. */
function announce(env: AuditEnv, now: number, input: AuditInput): void {
  if (input.resource !== 'user' && input.resource !== 'organization') return;
  const change = input.before === null ? 'created' : input.after === null ? 'deleted' : 'updated';
  env.events.append({
    type: input.resource === 'user' ? 'user.changed' : 'organization.changed',
    at: new Date(now).toISOString(),
    organizationId: idText(input.resource === 'organization' ? input.recordId : input.organizationId),
    subjectId: String(input.recordId),
    unitId: null,
    data: { change },
  });
}

/** Writes an audit entry; a change of a user or an organization is also announced as a live event, in the same unit of work. */
export function recordAudit(env: AuditEnv, now: number, input: AuditInput): void {
  announce(env, now, input);
  env.audit.append({
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
