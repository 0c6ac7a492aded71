import type { Response } from 'miragejs';
import { can, type Action, type PermissionReason, type Resource } from '../machines/permissions/can';
import { decide, organizationScope } from '../api/access';
import { errorResponse, json, subjectOf, type UserRow } from './http';
import { errorBody } from '../core/error-shape';

/**
 * The one door to the organization-scoped records (service units, URL rules, process rules, processes,
 * screenshots): every handler of those resources reads, changes and lists them through these functions,
 * which ask `can()` with the record's organization (docs/permissions.md).
 */

type OrganizationId = string | number | null | undefined;

export { organizationScope };

export type Access<T> = { ok: true; row: T } | { ok: false; response: Response };

/** The 403 body: the reason code the screens translate (`permissions.reason.<code>`). */
export function refusal(reason: PermissionReason, extra: Record<string, unknown> = {}): Response {
  return json(403, { ...errorBody('Forbidden', { reason }), ...extra });
}

const recordOf = <T>(row: T | undefined, organizationOf: (row: T) => OrganizationId) =>
  row === undefined ? undefined : { organizationId: organizationOf(row) };

/**
 * The record when the user may do `action` to it. A record that is absent, or that the user may not even
 * read (another organization's, for role 4), is a 404 with `notFound` (its existence stays hidden); one
 * they may read but not change is a 403 with the reason (api/access.ts decides).
 */
export function access<T>(
  user: UserRow,
  action: Action,
  resource: Resource,
  row: T | undefined,
  organizationOf: (row: T) => OrganizationId,
  notFound: string,
): Access<T> {
  const decision = decide(user, action, resource, recordOf(row, organizationOf));
  if (row === undefined || decision === 'missing') return { ok: false, response: errorResponse(404, notFound) };
  return decision === 'allowed' ? { ok: true, row } : { ok: false, response: refusal(decision) };
}

/** May the user create a record of this resource in their own organization (the 403 when not). */
export function createRefusal(user: UserRow, resource: Resource): Response | null {
  const subject = subjectOf(user);
  const decision = can(subject, 'create', resource, { organizationId: subject.organizationId });
  return decision.allowed ? null : refusal(decision.reason);
}
