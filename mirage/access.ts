import type { Response } from 'miragejs';
import { can, inReadScope, readScope, type Action, type PermissionReason, type Resource } from '../machines/permissions/can';
import { errorResponse, json, subjectOf, type UserRow } from './http';
import { errorBody } from '../core/error-shape';
import type { OrganizationScope } from '../core/service-unit-list';

/**
 * The one door to the organization-scoped records (service units, URL rules, process rules, processes,
 * screenshots): every handler of those resources reads, changes and lists them through these functions,
 * which ask `can()` with the record's organization (docs/permissions.md).
 */

type OrganizationId = string | number | null | undefined;
const ABSENT = Symbol('absent');

/** A list's filter: whether the user may read a record of this organization (`readScope()` of can.ts). */
export interface Readable {
  (organizationId: OrganizationId): boolean;
  /** Every organization is readable: a list may skip the filter. */
  all: boolean;
}

export function readableBy(user: UserRow, resource: Resource): Readable {
  const scope = readScope(subjectOf(user), resource);
  return Object.assign((organizationId: OrganizationId) => inReadScope(scope, organizationId), { all: scope.kind === 'all' });
}

/** The organizations whose records of `resource` the user may read, as a repository takes them (can.ts readScope). */
export function organizationScope(user: UserRow, resource: Resource): OrganizationScope {
  const scope = readScope(subjectOf(user), resource);
  if (scope.kind === 'all') return 'all';
  return scope.kind === 'own' && scope.organizationId !== null ? [scope.organizationId] : [];
}

export type Access<T> = { ok: true; row: T } | { ok: false; response: Response };

/** The 403 body: the reason code the screens translate (`permissions.reason.<code>`). */
export function refusal(reason: PermissionReason, extra: Record<string, unknown> = {}): Response {
  return json(403, { ...errorBody('Forbidden', { reason }), ...extra });
}

/**
 * The record when the user may do `action` to it. A record that is absent, or that the user may not even
 * read (another organization's, for role 4), is a 404 with `notFound` (its existence stays hidden); one
 * they may read but not change is a 403 with the reason.
 */
export function access<T>(
  user: UserRow,
  action: Action,
  resource: Resource,
  row: T | undefined,
  organizationOf: (row: T) => OrganizationId,
  notFound: string,
): Access<T> {
  const decision = decide(user, action, resource, row === undefined ? ABSENT : organizationOf(row));
  if (row === undefined || decision === 'missing') return { ok: false, response: errorResponse(404, notFound) };
  return decision === 'allowed' ? { ok: true, row } : { ok: false, response: refusal(decision) };
}

/** 'missing' for an absent or unreadable record, 'allowed', or the reason of the refusal. */
function decide(
  user: UserRow,
  action: Action,
  resource: Resource,
  organizationId: OrganizationId | typeof ABSENT,
): 'missing' | 'allowed' | PermissionReason {
  if (organizationId === ABSENT) return 'missing';
  const subject = subjectOf(user);
  const record = { organizationId: organizationKey(organizationId) };
  if (!can(subject, 'read', resource, record).allowed) return 'missing';
  const decision = action === 'read' ? { allowed: true, reason: 'readAccess' as const } : can(subject, action, resource, record);
  return decision.allowed ? 'allowed' : decision.reason;
}

/** May the user create a record of this resource in their own organization (the 403 when not). */
export function createRefusal(user: UserRow, resource: Resource): Response | null {
  const subject = subjectOf(user);
  const decision = can(subject, 'create', resource, { organizationId: subject.organizationId });
  return decision.allowed ? null : refusal(decision.reason);
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
  user: UserRow,
  action: Action,
  resource: Resource,
  ids: readonly string[],
  find: (id: string) => T | undefined,
  organizationOf: (row: T) => OrganizationId,
): BulkSplit {
  const split: BulkSplit = { allowed: [], refused: 0, missing: 0, reason: null };
  for (const id of ids) {
    const row = find(id);
    const decision = decide(user, action, resource, row === undefined ? ABSENT : organizationOf(row));
    if (decision === 'allowed') split.allowed.push(id);
    else if (decision === 'missing') split.missing += 1;
    else {
      split.refused += 1;
      split.reason ??= decision;
    }
  }
  return split;
}

function organizationKey(value: OrganizationId): string | null {
  return value === undefined || value === null || value === '' ? null : String(value);
}
