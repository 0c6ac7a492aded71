import {
  can,
  inReadScope,
  isRoleId,
  readScope,
  ROLE,
  type Action,
  type PermissionReason,
  type Resource,
  type Subject,
} from '../machines/permissions/can';
import type { OrganizationScope } from '../core/service-unit-list';
import { errorBody } from '../core/error-shape';
import { json, problem } from './http';

/**
 * The one door to the organization-scoped records (service units, URL rules, process rules, processes,
 * screenshots): every rule that reads, changes or lists them asks `can()` (the same one the screens ask,
 * machines/permissions) with the record's organization (docs/permissions.md). The embedded backend's
 * remaining routes (mirage/access.ts) decide with these functions too.
 */

type OrganizationId = string | number | null | undefined;

/** What `can()` needs of an account. */
export interface Member {
  id: string | number;
  roleId: number;
  organizationId?: OrganizationId;
  accountStatus?: unknown;
}

/**
 * The permission subject of a signed-in account: the one place a row becomes a subject. A role id that is
 * not 1–4 gets the least privilege (role 4), and an empty organization is none (null), so an odd row never
 * matches another odd row's "organization".
 */
export function subjectOf(user: Member): Subject {
  const status = user.accountStatus;
  const organizationId = user.organizationId;
  return {
    id: String(user.id),
    roleId: isRoleId(user.roleId) ? user.roleId : ROLE.user,
    organizationId: organizationId === undefined || organizationId === null || organizationId === '' ? null : String(organizationId),
    ...(status === 'invited' || status === 'active' || status === 'disabled' ? { status } : {}),
  };
}

/** The organizations whose records of `resource` the user may read, as a repository takes them (can.ts readScope). */
export function organizationScope(user: Member, resource: Resource): OrganizationScope {
  const scope = readScope(subjectOf(user), resource);
  if (scope.kind === 'all') return 'all';
  return scope.kind === 'own' && scope.organizationId !== null ? [scope.organizationId] : [];
}

/** A list's filter: whether the user may read a record of this organization. */
export function readsOrganization(user: Member, resource: Resource): { (organizationId: OrganizationId): boolean; all: boolean } {
  const scope = readScope(subjectOf(user), resource);
  return Object.assign((organizationId: OrganizationId) => inReadScope(scope, organizationId), { all: scope.kind === 'all' });
}

const organizationKey = (value: OrganizationId): string | null =>
  value === undefined || value === null || value === '' ? null : String(value);

/**
 * 'missing' for an absent record or one the user may not even read (another organization's, for role 4:
 * its existence stays hidden), 'allowed', or the reason of the refusal.
 */
export function decide(
  user: Member,
  action: Action,
  resource: Resource,
  record: { organizationId: OrganizationId } | undefined,
): 'missing' | 'allowed' | PermissionReason {
  if (record === undefined) return 'missing';
  const subject = subjectOf(user);
  const scoped = { organizationId: organizationKey(record.organizationId) };
  if (!can(subject, 'read', resource, scoped).allowed) return 'missing';
  const decision = action === 'read' ? { allowed: true, reason: 'readAccess' as const } : can(subject, action, resource, scoped);
  return decision.allowed ? 'allowed' : decision.reason;
}

/** The 403 body: the reason code the screens translate (`permissions.reason.<code>`). */
export const forbidden = (reason: PermissionReason, extra: Record<string, unknown> = {}): Response =>
  json(403, { ...errorBody('Forbidden', { reason }), ...extra });

export type Access<T> = { ok: true; row: T } | { ok: false; response: Response };

/** The record when the user may do `action` to it; else 404 `notFound` (absent or unreadable) or 403 with the reason. */
export function access<T extends { organizationId: OrganizationId }>(
  user: Member,
  action: Action,
  resource: Resource,
  row: T | undefined,
  notFound: string,
): Access<T> {
  const decision = decide(user, action, resource, row);
  if (row === undefined || decision === 'missing') return { ok: false, response: problem(404, notFound) };
  return decision === 'allowed' ? { ok: true, row } : { ok: false, response: forbidden(decision) };
}

/** The 403 when the user may not create a record of this resource in their own organization, else null. */
export function createRefusal(user: Member, resource: Resource): Response | null {
  const subject = subjectOf(user);
  const decision = can(subject, 'create', resource, { organizationId: subject.organizationId });
  return decision.allowed ? null : forbidden(decision.reason);
}

export interface BulkSplit {
  /** Ids the user may change: the only ones the action applies to. */
  allowed: string[];
  /** Ids the user may read but not change (another organization's, or a read-only role). */
  refused: number;
  /** Ids that do not exist or that the user may not even read. */
  missing: number;
  /** Why the first refused id was refused. */
  reason: PermissionReason | null;
}

/** Splits a bulk request's ids by what `can()` says of each record: not one refused row changes. */
export function splitBulk<T>(
  user: Member,
  action: Action,
  resource: Resource,
  ids: readonly string[],
  find: (id: string) => T | undefined,
  organizationOf: (row: T) => OrganizationId,
): BulkSplit {
  const split: BulkSplit = { allowed: [], refused: 0, missing: 0, reason: null };
  for (const id of ids) {
    const row = find(id);
    const decision = decide(user, action, resource, row === undefined ? undefined : { organizationId: organizationOf(row) });
    if (decision === 'allowed') split.allowed.push(id);
    else if (decision === 'missing') split.missing += 1;
    else {
      split.refused += 1;
      split.reason ??= decision;
    }
  }
  return split;
}
