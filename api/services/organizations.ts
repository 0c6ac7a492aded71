import type { Change } from '../results';
import type { Action } from '../../machines/permissions/can';
import { can } from '../../machines/permissions/can';
import { idsOf } from '../../core/list-query';
import type { OrganizationCounts } from '../../core/organization-counts';
import { readOrganizationInput, type OrganizationInput } from '../../core/organization-input';
import type { OrganizationStatus } from '../../core/organization-list';
import { normalizeOrganization, type OrganizationRecord, type StoredOrganization } from '../../core/organizations';
import { bulkVersionsOf, changedSince, ifMatchHolds, versionOf } from '../../core/versions';
import { subjectOf } from '../access';
import { recordAudit } from '../audit';
import type { Account, ApiEnv } from '../env';
import { inputStatus, isRecord, problem } from '../http';

/**
 * Organizations (docs/organizations.md): only a super admin creates, deletes or changes the licence (code,
 * seat limit) of one; an admin edits their own. A code is unique; the seat limit never falls below the
 * organization's units. Suspending or archiving one (never the caller's own) ends its users' sessions; a
 * delete is refused while it has users or units, and takes its URL rules. Every change is audited and
 * announced as a live event, in the same unit of work.
 */

/** What the API answers for an organization: the stored fields (core/organization-input.ts's) and the counts. */
export interface OrganizationView extends OrganizationInput {
  id: string;
  status: OrganizationStatus;
  statusReason: string;
  createdAt: string;
  updatedAt: string;
  unitCount: number;
  userCount: number;
  /** Raised by every change made through the API (If-Match). */
  version: number;
  /** Who made the last change through the API, when known. */
  updatedBy?: string;
}

const NOT_FOUND = 'Organization not found';
const MAX_BULK = 1000;
const notFound = () => problem(404, NOT_FOUND);

export function organizationView(stored: StoredOrganization, counts: OrganizationCounts): OrganizationView {
  const row = normalizeOrganization(stored);
  return {
    id: String(row.id),
    name: row.name,
    code: row.code,
    contactEmail: row.contactEmail,
    phone: row.phone,
    address: row.address,
    timezone: row.timezone,
    status: row.status,
    statusReason: row.statusReason,
    seatLimit: row.seatLimit,
    screenshotPolicy: { ...row.screenshotPolicy },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    unitCount: counts.unitCount,
    userCount: counts.userCount,
    version: versionOf(row),
    ...(row.updatedBy ? { updatedBy: row.updatedBy } : {}),
  };
}

/** What the audit log keeps of an organization. */
function auditShape(row: OrganizationRecord): Record<string, unknown> {
  const { id: _id, ...rest } = row;
  return { ...rest, screenshotPolicy: { ...row.screenshotPolicy } };
}

const decision = (caller: Account, action: Action, organizationId?: string) =>
  can(subjectOf(caller), action, 'organization', organizationId === undefined ? {} : { organizationId });
const permits = (caller: Account, action: Action, organizationId?: string) => decision(caller, action, organizationId).allowed;
/** The 403 of a refused action, with can()'s reason (as every other resource's). */
const forbidden = (caller: Account, action: Action, organizationId?: string) =>
  problem(403, 'Forbidden', { reason: decision(caller, action, organizationId).reason });

/** Whether the caller reads the organizations' list (its options and export too). */
export const listsOrganizations = (caller: Account): boolean => permits(caller, 'read', String(caller.organizationId));

/** Whether the caller exports the list. */
export const exportsOrganizations = (caller: Account): boolean =>
  listsOrganizations(caller) && permits(caller, 'export', String(caller.organizationId));

/** The organization and its counts when the caller may read it; else the 404 or the 403. */
export async function organizationFor(env: ApiEnv, caller: Account, id: string): Promise<OrganizationView | Response> {
  const row = await env.organizations.get(id);
  if (!row) return notFound();
  if (!permits(caller, 'read', id)) return forbidden(caller, 'read', id);
  return organizationView(row, await env.organizationCounts.of(id));
}

/** Small id/name/code list for pickers: `search` (name or code) or `ids`, at most `limit` (≤ 2000, default 50) rows. */
export async function organizationOptions(env: ApiEnv, search: string, ids: readonly string[], limit: number) {
  const organizations = ids.length > 0 ? await env.organizations.getMany(ids) : await env.organizations.all();
  return organizations
    .map(normalizeOrganization)
    .filter((o) => ids.length > 0 || !search || o.name.toLowerCase().includes(search) || o.code.toLowerCase().includes(search))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, Math.min(2000, Math.max(1, limit || 50)))
    .map((o) => ({ id: String(o.id), name: o.name, code: o.code, status: o.status }));
}

async function duplicateCode(env: ApiEnv, code: string, exceptId?: string): Promise<boolean> {
  return (await env.organizations.all()).some((o) => normalizeOrganization(o).code === code && String(o.id) !== exceptId);
}

export type OrganizationResult = Change<OrganizationView>;

export async function createOrganization(env: ApiEnv, caller: Account, body: unknown): Promise<OrganizationResult> {
  if (!permits(caller, 'create')) return { kind: 'refused', response: forbidden(caller, 'create') };
  const { value, errors } = readOrganizationInput(body);
  if (!errors['code'] && (await duplicateCode(env, value.code))) errors['code'] = 'duplicateCode';
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const now = env.now();
  const at = new Date(now).toISOString();
  const row = await env.organizations.insert({
    ...value,
    domain: value.contactEmail.split('@')[1] ?? '',
    status: 'active',
    statusReason: '',
    createdAt: at,
    updatedAt: at,
  });
  recordAudit(env, now, {
    actor: caller,
    organizationId: row.id,
    resource: 'organization',
    action: 'create',
    recordId: row.id,
    before: null,
    after: auditShape(normalizeOrganization(row)),
  });
  return { kind: 'saved', record: organizationView(row, { userCount: 0, unitCount: 0 }), created: true };
}

/** Changes an organization: refused as stale when `ifMatch` names another version (none: the change goes on, for scripts). */
export async function updateOrganization(
  env: ApiEnv,
  caller: Account,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<OrganizationResult> {
  const raw = await env.organizations.get(id);
  if (!raw) return { kind: 'refused', response: notFound() };
  const before = normalizeOrganization(raw);
  if (!permits(caller, 'update', id)) return { kind: 'refused', response: forbidden(caller, 'update', id) };
  const counts = await env.organizationCounts.of(id);
  if (!ifMatchHolds(ifMatch, versionOf(raw))) return { kind: 'stale', current: organizationView(raw, counts) };
  const { value, errors } = readOrganizationInput(body);
  // Licensing fields belong to the super admin: an admin editing their organization keeps them.
  if ((value.code !== before.code || value.seatLimit !== before.seatLimit) && !permits(caller, 'changeLicense', id)) {
    return { kind: 'refused', response: problem(403, 'Only a super admin may change the code or the seat limit.') };
  }
  if (!errors['code'] && (await duplicateCode(env, value.code, id))) errors['code'] = 'duplicateCode';
  if (!errors['seatLimit'] && value.seatLimit < counts.unitCount) errors['seatLimit'] = 'belowUnitCount';
  if (Object.keys(errors).length > 0) {
    return { kind: 'refused', response: problem(inputStatus(errors), 'Validation failed', { errors, unitCount: counts.unitCount }) };
  }
  const now = env.now();
  const after = normalizeOrganization(
    await env.organizations.update(id, {
      ...value,
      updatedAt: new Date(now).toISOString(),
      version: versionOf(raw) + 1,
      updatedBy: caller.displayName,
    }),
  );
  recordAudit(env, now, {
    actor: caller,
    organizationId: id,
    resource: 'organization',
    action: 'update',
    recordId: id,
    before: auditShape(before),
    after: auditShape(after),
  });
  return { kind: 'saved', record: organizationView(after, counts) };
}

/** Removes an empty organization and its URL rules; one with users or units is refused (archive it instead). */
export async function removeOrganization(
  env: ApiEnv,
  caller: Account,
  id: string,
  ifMatch: string | undefined,
): Promise<OrganizationResult> {
  const raw = await env.organizations.get(id);
  if (!raw) return { kind: 'refused', response: notFound() };
  if (!permits(caller, 'delete', id)) return { kind: 'refused', response: forbidden(caller, 'delete', id) };
  const counts = await env.organizationCounts.of(id);
  if (!ifMatchHolds(ifMatch, versionOf(raw))) return { kind: 'stale', current: organizationView(raw, counts) };
  if (counts.userCount > 0 || counts.unitCount > 0) {
    const message = `The organization still has ${counts.userCount} users and ${counts.unitCount} units. Remove them first, or archive the organization.`;
    return { kind: 'refused', response: problem(409, message, { errors: { organization: 'notEmpty' }, ...counts }) };
  }
  // Its URL rules go with it (the server's schema cascades the same way).
  for (const rule of await env.urlRules.all([id])) await env.urlRules.remove(String(rule.id));
  await env.organizations.remove(id);
  recordAudit(env, env.now(), {
    actor: caller,
    organizationId: id,
    resource: 'organization',
    action: 'delete',
    recordId: id,
    before: auditShape(normalizeOrganization(raw)),
    after: null,
  });
  return { kind: 'done' };
}

// --- status changes -------------------------------------------------------------------------------

export type StatusAction = 'suspend' | 'activate' | 'archive';
const TARGET: Record<StatusAction, OrganizationStatus> = { suspend: 'suspended', activate: 'active', archive: 'archived' };
const ALLOWED_FROM: Record<StatusAction, readonly OrganizationStatus[]> = {
  suspend: ['active'],
  activate: ['suspended', 'archived'],
  archive: ['active', 'suspended'],
};

function reasonOf(body: unknown, required: boolean): { reason: string; error?: string } {
  const reason = isRecord(body) && typeof body['reason'] === 'string' ? body['reason'].trim() : '';
  if (required && !reason) return { reason, error: 'required' };
  if (reason.length > 500) return { reason, error: 'tooLong' };
  return { reason };
}

async function changeStatus(env: ApiEnv, caller: Account, id: string, action: StatusAction, reason: string): Promise<OrganizationResult> {
  const raw = await env.organizations.get(id);
  if (!raw) return { kind: 'refused', response: notFound() };
  const before = normalizeOrganization(raw);
  if (!permits(caller, action, id)) return { kind: 'refused', response: forbidden(caller, action, id) };
  if (action !== 'activate' && id === String(caller.organizationId)) {
    const refusal = problem(409, 'You cannot suspend or archive your own organization.', { errors: { status: 'ownOrganization' } });
    return { kind: 'refused', response: refusal };
  }
  if (!ALLOWED_FROM[action].includes(before.status)) {
    return {
      kind: 'refused',
      response: problem(409, `The organization is ${before.status}.`, { errors: { status: 'invalidTransition' } }),
    };
  }
  const now = env.now();
  const after = normalizeOrganization(
    await env.organizations.update(id, {
      ...before,
      status: TARGET[action],
      statusReason: reason,
      updatedAt: new Date(now).toISOString(),
      // A change of status is a change: an edit or a bulk that read the older version is refused.
      version: versionOf(raw) + 1,
      updatedBy: caller.displayName,
    }),
  );
  // Every open session of the organization's users ends: their next request answers 401.
  if (action !== 'activate') await env.sessions.revokeOfUsers(await env.users.idsInOrganization(id));
  recordAudit(env, now, {
    actor: caller,
    organizationId: id,
    resource: 'organization',
    action,
    recordId: id,
    before: auditShape(before),
    after: auditShape(after),
    reason,
  });
  return { kind: 'saved', record: organizationView(after, await env.organizationCounts.of(id)) };
}

/** Suspends, activates or archives one organization, with a reason (required but to archive). */
export async function setStatus(
  env: ApiEnv,
  caller: Account,
  id: string,
  action: StatusAction,
  body: unknown,
): Promise<OrganizationResult> {
  const { reason, error } = reasonOf(body, action !== 'archive');
  if (!(await env.organizations.get(id))) return { kind: 'refused', response: notFound() };
  if (!permits(caller, action, id)) return { kind: 'refused', response: forbidden(caller, action, id) };
  if (error) return { kind: 'invalid', status: 422, errors: { reason: error } };
  return changeStatus(env, caller, id, action, reason);
}

export interface BulkStatusOutcome {
  updated: number;
  skipped: number;
  skippedIds: string[];
  changedElsewhere: OrganizationView[];
}

/**
 * Bulk suspend / activate: `{ ids, action, reason }`. All or nothing on permission and existence; rows already
 * in the target status (or the caller's own organization for suspend) are skipped and reported, and one whose
 * version is not the one the list showed is left as it is and answered as it is now.
 */
export async function bulkStatus(env: ApiEnv, caller: Account, body: unknown): Promise<BulkStatusOutcome | Response> {
  const invalid = (errors: Record<string, string>) => problem(422, 'Validation failed', { errors });
  const action = isRecord(body) ? body['action'] : undefined;
  if (action !== 'suspend' && action !== 'activate') return invalid({ action: 'required' });
  if (!permits(caller, action)) return forbidden(caller, action);
  const ids = idsOf(body);
  if (!ids || ids.length === 0) return invalid({ ids: 'required' });
  if (ids.length > MAX_BULK) return invalid({ ids: 'tooMany' });
  const { reason, error } = reasonOf(body, true);
  if (error) return invalid({ reason: error });
  const found = new Map((await env.organizations.getMany(ids)).map((row) => [String(row.id), row]));
  if (found.size < new Set(ids).size) return notFound();
  const versions = bulkVersionsOf(body);
  const outcome: BulkStatusOutcome = { updated: 0, skipped: 0, skippedIds: [], changedElsewhere: [] };
  for (const id of ids) {
    const row = found.get(id);
    if (row && changedSince(versions, id, row)) {
      outcome.changedElsewhere.push(organizationView(row, await env.organizationCounts.of(id)));
      continue;
    }
    const done = await changeStatus(env, caller, id, action, reason);
    if (done.kind === 'saved') outcome.updated += 1;
    else {
      outcome.skipped += 1;
      outcome.skippedIds.push(id);
    }
  }
  return outcome;
}
