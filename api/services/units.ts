import type { Change } from '../results';
import type { ServiceUnit, UnitAgent, UnitStatus } from '../../machines/domain/types';
import type { Action } from '../../machines/permissions/can';
import { unitStatus } from '../../machines/service-units/unit-status';
import { idsOf } from '../../core/list-query';
import type { ServiceUnitRow, UnitAgentRow } from '../../core/service-units';
import { readUnitInput } from '../../core/unit-input';
import { bulkVersionsOf, changedSince, ifMatchHolds, versionOf } from '../../core/versions';
import { access, forbidden, organizationScope, splitBulk, type Access } from '../access';
import type { Account, ApiEnv } from '../env';
import { isRecord, problem } from '../http';

/**
 * Service units (docs/domain.md): who may read and change one is `can()`'s with the unit's organization
 * (api/access.ts); a name is unique per organization in any case (`duplicateName`); every change is announced
 * as a live event in the same unit of work, and a deleted unit takes its screenshots, processes, rules and
 * commands with it. A unit's status follows its agent's heartbeats (machines/service-units/unit-status.ts).
 */

export type ServiceUnitView = Omit<ServiceUnit, 'agent'> & { status: UnitStatus; agent: UnitAgent | null };

export const CURRENT_AGENT_VERSION = '4.2.1';
const NOT_FOUND = 'Service unit not found';
const MAX_BULK = 1000;

export function agentView(agent: UnitAgentRow | null | undefined): UnitAgent | null {
  if (!agent) return null;
  return {
    kind: agent.kind,
    enrolledAt: agent.enrolledAt,
    revokedAt: agent.revokedAt,
    heartbeatIntervalS: agent.heartbeatIntervalS,
    system: agent.system ? { ...agent.system, ipAddresses: [...agent.system.ipAddresses] } : null,
    urlPolicy: agent.urlPolicy
      ? { ...agent.urlPolicy, browsers: [...agent.urlPolicy.browsers], rules: agent.urlPolicy.rules.map((r) => ({ ...r })) }
      : null,
  };
}

/** A unit as the API answers it: its status at `now`, its agent without the credential's hash. */
export function toView(row: Readonly<ServiceUnitRow>, now: number): ServiceUnitView {
  return {
    id: String(row.id),
    organizationId: String(row.organizationId),
    name: row.name,
    hostname: row.hostname,
    ipAddress: row.ipAddress,
    operatingSystem: row.operatingSystem,
    agentVersion: row.agentVersion,
    location: row.location,
    description: row.description,
    tags: [...row.tags],
    lastSeenAt: row.lastSeenAt,
    maintenance: row.maintenance,
    screenshotIntervalMinutes: row.screenshotIntervalMinutes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: versionOf(row),
    ...(row.updatedBy ? { updatedBy: row.updatedBy } : {}),
    status: unitStatus(row, now),
    agent: agentView(row.agent),
  };
}

export type UnitEventType = 'unit.created' | 'unit.changed' | 'unit.online' | 'unit.offline';

/** Announces a unit's change with its view, in the change's own unit of work. */
export function announceUnit(env: Pick<ApiEnv, 'events'>, now: number, type: UnitEventType, row: Readonly<ServiceUnitRow>): void {
  env.events.append({
    type,
    at: new Date(now).toISOString(),
    organizationId: row.organizationId === null || row.organizationId === '' ? null : String(row.organizationId),
    subjectId: String(row.id),
    unitId: String(row.id),
    data: { unit: toView(row, now) },
  });
}

/** The organizations whose units a caller reads. */
export const unitScope = (caller: Account) => organizationScope(caller, 'serviceUnit');

export type UnitResult = Change<ServiceUnitView>;

/** The unit when the caller may do `action` to it (404 when absent or unreadable, 403 with the reason). */
export async function unitFor(env: ApiEnv, caller: Account, action: Action, id: string): Promise<Access<Readonly<ServiceUnitRow>>> {
  return access(caller, action, 'serviceUnit', await env.units.get(id), NOT_FOUND);
}

/** Whether another unit of the organization has this name, in any case. */
async function duplicateName(env: ApiEnv, organizationId: string | number | null, name: string, exceptId?: string): Promise<boolean> {
  const named = await env.units.withNames(String(organizationId), [name.toLowerCase()]);
  return named.some((unit) => String(unit.id) !== exceptId);
}

/** A unit added by hand, in the caller's organization: it has no agent (one enrols with a token) and counts as seen now. */
export async function createUnit(env: ApiEnv, caller: Account, body: unknown): Promise<UnitResult> {
  const { value, errors } = readUnitInput(body);
  if (!errors['name'] && (await duplicateName(env, caller.organizationId, value.name))) errors['name'] = 'duplicateName';
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const now = env.now();
  const at = new Date(now).toISOString();
  const row = await env.units.insert({
    ...value,
    organizationId: String(caller.organizationId),
    agentVersion: CURRENT_AGENT_VERSION,
    lastSeenAt: at,
    createdAt: at,
    updatedAt: at,
    agent: null,
    announcedStatus: 'online',
  });
  announceUnit(env, now, 'unit.created', row);
  return { kind: 'saved', record: toView(row, now), created: true };
}

/** Changes a unit: refused as stale when `ifMatch` names another version (none: the change goes on, for scripts). */
export async function updateUnit(
  env: ApiEnv,
  caller: Account,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<UnitResult> {
  const found = await unitFor(env, caller, 'update', id);
  if (!found.ok) return { kind: 'refused', response: found.response };
  const existing = found.row;
  const now = env.now();
  if (!ifMatchHolds(ifMatch, versionOf(existing))) return { kind: 'stale', current: toView(existing, now) };
  const { value, errors } = readUnitInput(body);
  if (!errors['name'] && (await duplicateName(env, existing.organizationId, value.name, id))) errors['name'] = 'duplicateName';
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const row = await env.units.update(id, {
    ...value,
    updatedAt: new Date(now).toISOString(),
    version: versionOf(existing) + 1,
    updatedBy: caller.displayName,
  });
  announceUnit(env, now, 'unit.changed', row);
  return { kind: 'saved', record: toView(row, now) };
}

/** Removes a unit and what belongs to it; URL rules scoped to it forget it. */
async function removeEverywhere(env: ApiEnv, unit: Readonly<ServiceUnitRow>, now: number): Promise<void> {
  const id = String(unit.id);
  await env.units.remove(id);
  env.events.append({
    type: 'unit.deleted',
    at: new Date(now).toISOString(),
    organizationId: unit.organizationId === null || unit.organizationId === '' ? null : String(unit.organizationId),
    subjectId: id,
    unitId: id,
    data: {},
  });
  await env.screenshots.removeOfUnit(id);
  await env.processes.removeOfUnit(id);
  await env.processRules.removeOfUnit(id);
  await env.commands.removeOfUnit(id);
  await env.urlRules.forgetUnit(id);
}

export async function removeUnit(env: ApiEnv, caller: Account, id: string, ifMatch: string | undefined): Promise<UnitResult> {
  const found = await unitFor(env, caller, 'delete', id);
  if (!found.ok) return { kind: 'refused', response: found.response };
  const now = env.now();
  if (!ifMatchHolds(ifMatch, versionOf(found.row))) return { kind: 'stale', current: toView(found.row, now) };
  await removeEverywhere(env, found.row, now);
  return { kind: 'done' };
}

/** What a bulk action did: the rows it changed, those refused, and those changed elsewhere since the list showed them. */
export interface BulkOutcome {
  count: number;
  refused: number;
  changedElsewhere: ServiceUnitView[];
}

/**
 * The units a bulk action applies to: only those the caller may change. An unknown (or unreadable) id is a 404
 * for the whole request; ids of units the caller may read but not change are left out and counted in `refused`,
 * and when none is left the answer is the 403. A unit whose version is not the one the list showed is left as
 * it is and answered as it is now.
 */
async function bulkUnits(env: ApiEnv, caller: Account, action: Action, body: unknown) {
  const ids = idsOf(body);
  if (!ids || ids.length === 0) return problem(422, 'Validation failed', { errors: { ids: 'required' } });
  if (ids.length > MAX_BULK) return problem(422, 'Validation failed', { errors: { ids: 'tooMany' } });
  const found = new Map((await env.units.getMany(ids)).map((unit) => [String(unit.id), unit]));
  const split = splitBulk(
    caller,
    action,
    'serviceUnit',
    ids,
    (id) => found.get(id),
    (unit) => unit.organizationId,
  );
  if (split.missing > 0) return problem(404, NOT_FOUND);
  if (split.allowed.length === 0 && split.reason) return forbidden(split.reason, { refused: split.refused });
  const versions = bulkVersionsOf(body);
  const allowed = split.allowed.flatMap((id) => found.get(id) ?? []);
  return {
    units: allowed.filter((unit) => !changedSince(versions, String(unit.id), unit)),
    refused: split.refused,
    changed: allowed.filter((unit) => changedSince(versions, String(unit.id), unit)),
  };
}

export async function bulkDelete(env: ApiEnv, caller: Account, body: unknown): Promise<BulkOutcome | Response> {
  const bulk = await bulkUnits(env, caller, 'delete', body);
  if (bulk instanceof Response) return bulk;
  const now = env.now();
  for (const unit of bulk.units) await removeEverywhere(env, unit, now);
  return { count: bulk.units.length, refused: bulk.refused, changedElsewhere: bulk.changed.map((unit) => toView(unit, now)) };
}

export async function bulkMaintenance(env: ApiEnv, caller: Account, body: unknown): Promise<BulkOutcome | Response> {
  if (!isRecord(body) || typeof body['maintenance'] !== 'boolean')
    return problem(422, 'Validation failed', { errors: { maintenance: 'required' } });
  const maintenance = body['maintenance'];
  const bulk = await bulkUnits(env, caller, 'update', body);
  if (bulk instanceof Response) return bulk;
  const now = env.now();
  const updatedAt = new Date(now).toISOString();
  for (const unit of bulk.units) {
    const row = await env.units.update(String(unit.id), {
      maintenance,
      updatedAt,
      version: versionOf(unit) + 1,
      updatedBy: caller.displayName,
    });
    announceUnit(env, now, 'unit.changed', row);
  }
  return { count: bulk.units.length, refused: bulk.refused, changedElsewhere: bulk.changed.map((unit) => toView(unit, now)) };
}
