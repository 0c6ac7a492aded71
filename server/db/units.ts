import type { ListQuery } from '../../core/list-query';
import { textSortKey } from '../../core/list-query';
import { compareIds } from '../../core/record-ids';
import { STATUS_ORDER, UNIT_LIST_VERSION, unitListEntry, type OrganizationScope } from '../../core/service-unit-list';
import type { ServiceUnitRepository } from '../../core/service-units';
import { onlineWindowMs } from '../../machines/service-units/unit-status';
import type { AgentSystem, AgentUrlPolicy } from '../../machines/domain/types';
import { newRecordId } from '../../mirage/record-ids';
import { seenChanges, type ServiceUnitRow } from '../../mirage/unit-store';
import { ensureKeyVersion, upsertStatement, type UpsertInput } from './entity-table';
import { parameters, searchCondition, searchText, type Parameters } from './list-table';
import { storable } from './records';
import { isoText, prepared, type Prepared, type Queryable } from './sql';
import { noteWritten, reader, writer, writeRows } from './unit-of-work';

/**
 * The service units in SQL: their tables (server/migrations/024_service_units.sql), `service_units` with the
 * list's keys as columns and `unit_agents`, one row per unit that has an agent; how a unit is read from them
 * and written to them; and the server's ServiceUnitRepository (core/service-units.ts) on them. A repository
 * write runs its statements here, in the request's transaction, and notes what it wrote so the commit wakes
 * who waits for the unit. The database refuses a second unit of one name in an organization
 * (service_units_name_unique): the write is run again, and the rerun's own duplicate check answers 409.
 * The list (unit-list.ts) reads the same columns.
 */

/** The units' collection: the name a change batch of the unit of work gives them. */
export const UNITS = 'serviceUnits';

const iso = isoText;

/** A unit with its agent, as columns (the table aliases are `u` and `a`). */
export const UNIT_COLUMNS = `u.id, u.organization_id, u.name, u.hostname, u.ip_address, u.operating_system, u.agent_version,
  u.location, u.description, u.tags, ${iso('u.last_seen_at')} AS last_seen_at, u.maintenance, u.screenshot_interval_minutes,
  ${iso('u.created_at')} AS created_at, ${iso('u.updated_at')} AS updated_at, u.version, u.updated_by, u.announced_status,
  a.kind AS agent_kind, ${iso('a.enrolled_at')} AS agent_enrolled_at, ${iso('a.revoked_at')} AS agent_revoked_at,
  a.heartbeat_interval_s AS agent_heartbeat_interval_s, a.credential_hash AS agent_credential_hash, a.system AS agent_system,
  a.url_policy AS agent_url_policy, a.url_policy IS NULL AS agent_url_policy_absent`;
/** A unit's agent, joined to `service_units u`. */
export const UNIT_JOINS = 'LEFT JOIN unit_agents a ON a.unit_id = u.id';
/** The units and their agents. */
export const UNITS_FROM = `service_units u ${UNIT_JOINS}`;

export interface UnitColumns {
  id: string;
  organization_id: string;
  name: string;
  hostname: string;
  ip_address: string;
  operating_system: ServiceUnitRow['operatingSystem'];
  agent_version: string;
  location: string;
  description: string;
  tags: string[];
  last_seen_at: string | null;
  maintenance: boolean;
  screenshot_interval_minutes: number;
  created_at: string;
  updated_at: string;
  version: number;
  updated_by: string | null;
  announced_status: 'online' | 'offline' | null;
  agent_kind: 'simulated' | 'enrolled' | null;
  agent_enrolled_at: string | null;
  agent_revoked_at: string | null;
  agent_heartbeat_interval_s: number | null;
  agent_credential_hash: string | null;
  agent_system: AgentSystem | null;
  agent_url_policy: AgentUrlPolicy | null;
  agent_url_policy_absent: boolean | null;
}

/** A unit as the domain reads it (mirage/unit-store.ts's row): optional fields only when set. */
export function unitOf(row: UnitColumns): ServiceUnitRow {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    hostname: row.hostname,
    ipAddress: row.ip_address,
    operatingSystem: row.operating_system,
    agentVersion: row.agent_version,
    location: row.location,
    description: row.description,
    tags: row.tags,
    lastSeenAt: row.last_seen_at ?? '',
    maintenance: row.maintenance,
    screenshotIntervalMinutes: row.screenshot_interval_minutes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    ...(row.updated_by !== null ? { updatedBy: row.updated_by } : {}),
    ...(row.announced_status !== null ? { announcedStatus: row.announced_status } : {}),
    agent:
      row.agent_kind === null
        ? null
        : {
            kind: row.agent_kind,
            enrolledAt: row.agent_enrolled_at ?? '',
            revokedAt: row.agent_revoked_at,
            heartbeatIntervalS: Number(row.agent_heartbeat_interval_s),
            system: row.agent_system,
            credentialHash: row.agent_credential_hash ?? '',
            ...(row.agent_url_policy_absent ? {} : { urlPolicy: row.agent_url_policy }),
          },
  };
}

/** An instant the API wrote (ISO text) as a timestamptz parameter; null for none, or for a time never read (''). */
function instant(value: string | null | undefined): string | null {
  if (value === null || value === undefined || Number.isNaN(Date.parse(value))) return null;
  return new Date(value).toISOString();
}

const UNIT_TYPES: Record<string, string> = {
  id: 'text',
  organization_id: 'text',
  name: 'text',
  name_lower: 'text',
  hostname: 'text',
  ip_address: 'text',
  operating_system: 'text',
  agent_version: 'text',
  location: 'text',
  description: 'text',
  tags: 'text[]',
  last_seen_at: 'timestamptz',
  maintenance: 'boolean',
  screenshot_interval_minutes: 'integer',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  version: 'integer',
  updated_by: 'text',
  announced_status: 'text',
  id_key: 'text',
  name_key: 'text',
  hostname_key: 'text',
  ip_address_key: 'text',
  operating_system_key: 'text',
  location_key: 'text',
  agent_version_key: 'text',
  last_seen_key: 'text',
  created_key: 'text',
  updated_key: 'text',
  online_until_ms: 'bigint',
  search: 'text[]',
  search_text: 'text',
};
const AGENT_TYPES: Record<string, string> = {
  unit_id: 'text',
  kind: 'text',
  enrolled_at: 'timestamptz',
  revoked_at: 'timestamptz',
  heartbeat_interval_s: 'integer',
  credential_hash: 'text',
  system: 'jsonb',
  url_policy: 'jsonb',
};
/**
 * An agent that said it has no URL policy (null) and one that never said (an older agent: absent) stay
 * apart: jsonb null and SQL NULL. A JSON null in the record reads as SQL NULL, so `url_policy_said` tells.
 */
const AGENT_INPUTS: UpsertInput = {
  fields: { url_policy_said: 'boolean' },
  expressions: { url_policy: `CASE WHEN e.url_policy_said THEN coalesce(e.url_policy, 'null'::jsonb) END` },
};

function unitRecord(row: Readonly<ServiceUnitRow>): Record<string, unknown> {
  const lastSeenAt = instant(row.lastSeenAt);
  // The keys of the unit as it is read back (a time never read is '').
  const entry = unitListEntry({ ...row, lastSeenAt: lastSeenAt ?? '' });
  return {
    id: entry.id,
    organization_id: String(row.organizationId),
    name: row.name,
    name_lower: entry.search[0],
    hostname: row.hostname,
    ip_address: row.ipAddress,
    operating_system: row.operatingSystem,
    agent_version: row.agentVersion,
    location: row.location,
    description: row.description,
    tags: row.tags,
    last_seen_at: lastSeenAt,
    maintenance: row.maintenance,
    screenshot_interval_minutes: row.screenshotIntervalMinutes,
    created_at: instant(row.createdAt),
    updated_at: instant(row.updatedAt),
    version: row.version ?? 1,
    updated_by: row.updatedBy ?? null,
    announced_status: row.announcedStatus ?? null,
    id_key: entry.idKey,
    name_key: entry.keys.name,
    hostname_key: entry.keys.hostname,
    ip_address_key: entry.keys.ipAddress,
    operating_system_key: entry.keys.operatingSystem,
    location_key: entry.keys.location,
    agent_version_key: entry.keys.agentVersion,
    last_seen_key: entry.keys.lastSeenAt,
    created_key: entry.keys.createdAt,
    updated_key: entry.keys.updatedAt,
    online_until_ms: entry.onlineUntil,
    search: entry.search,
    search_text: searchText(entry.search),
  };
}

function agentRecord(row: Readonly<ServiceUnitRow>): Record<string, unknown> | null {
  const agent = row.agent;
  if (!agent) return null;
  return {
    unit_id: String(row.id),
    kind: agent.kind,
    enrolled_at: instant(agent.enrolledAt) ?? new Date(0).toISOString(),
    revoked_at: agent.revokedAt === null ? null : (instant(agent.revokedAt) ?? new Date(0).toISOString()),
    heartbeat_interval_s: agent.heartbeatIntervalS,
    credential_hash: agent.credentialHash,
    system: agent.system,
    // jsonb null (the agent said "none") and SQL NULL (it never said) stay apart.
    url_policy: agent.urlPolicy ?? null,
    url_policy_said: agent.urlPolicy !== undefined,
  };
}

/** Units per statement. */
const CHUNK = 1_000;

/**
 * Stores units whole (with their agents, or without one) and deletes units (their agents go with them), in
 * the caller's transaction: one statement per chunk. The repository's writes, and the store's writeBatch for
 * UNITS (a whole seed), call it.
 */
export async function writeUnits(tx: Queryable, put: readonly Readonly<ServiceUnitRow>[], deleted: readonly string[]): Promise<void> {
  for (let start = 0; start < put.length; start += CHUNK) {
    const chunk = put.slice(start, start + CHUNK);
    const agents = chunk.flatMap((row) => agentRecord(row) ?? []);
    const agentless = chunk.filter((row) => !row.agent).map((row) => String(row.id));
    // The agents' statement runs after the units' in one query; their foreign key is checked at its end.
    await tx.query(
      `WITH units AS (${upsertStatement('service_units', 'id', UNIT_TYPES, '$1')} RETURNING id),
        agents AS (${upsertStatement('unit_agents', 'unit_id', AGENT_TYPES, '$2', AGENT_INPUTS)} RETURNING unit_id),
        gone AS (DELETE FROM unit_agents WHERE unit_id = ANY($3::text[]) RETURNING unit_id)
       SELECT (SELECT count(*) FROM units) AS units`,
      [JSON.stringify(chunk.map(unitRecord)), JSON.stringify(agents), agentless],
    );
  }
  const gone = deleted.filter(storable);
  if (gone.length > 0) await tx.query('DELETE FROM service_units WHERE id = ANY($1::text[])', [gone]);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `SET` of the columns whose value differs between two records of a table (its columns and their types),
 * with their values as parameters from $2 ($1 is the row's key); null when none differs.
 */
function changedColumns(types: Record<string, string>, before: Record<string, unknown>, after: Record<string, unknown>) {
  const columns = Object.keys(types).filter((column) => !same(before[column], after[column]));
  if (columns.length === 0) return null;
  return {
    set: columns.map((column, i) => `${column} = $${i + 2}::${types[column]}`).join(', '),
    values: columns.map((column) => after[column]),
  };
}

/** An agent's record with its JSON columns as JSON text; url_policy: 'null' when the agent said "none", SQL NULL when it never said. */
const agentParameters = (record: Record<string, unknown>): Record<string, unknown> => ({
  ...record,
  system: record['system'] === null ? null : JSON.stringify(record['system']),
  url_policy: record['url_policy_said'] ? JSON.stringify(record['url_policy'] ?? null) : null,
});

/**
 * Stores what changed between two states of one unit, and only that: the columns that differ (a heartbeat
 * changes its time, its list keys and what its agent reports; a rename, the name and its keys). Two writes
 * that change different columns of one unit both stay.
 */
export async function updateUnitColumns(tx: Queryable, before: Readonly<ServiceUnitRow>, after: Readonly<ServiceUnitRow>): Promise<void> {
  const id = String(after.id);
  const unit = changedColumns(UNIT_TYPES, unitRecord(before), unitRecord(after));
  if (unit) await tx.query(`UPDATE service_units SET ${unit.set} WHERE id = $1`, [id, ...unit.values]);
  const [had, has] = [agentRecord(before), agentRecord(after)];
  if (!has) {
    if (had) await tx.query('DELETE FROM unit_agents WHERE unit_id = $1', [id]);
  } else if (!had) {
    await tx.query(upsertStatement('unit_agents', 'unit_id', AGENT_TYPES, '$1', AGENT_INPUTS), [JSON.stringify([has])]);
  } else {
    const agent = changedColumns(AGENT_TYPES, agentParameters(had), agentParameters(has));
    if (agent) await tx.query(`UPDATE unit_agents SET ${agent.set} WHERE unit_id = $1`, [id, ...agent.values]);
  }
}

/** What a heartbeat changes of a unit (ServiceUnitRepository.recordSeen's `seen`). */
type Seen = Partial<Omit<ServiceUnitRow, 'id'>>;

/**
 * A heartbeat that changes only the time its unit was seen, its announced status and what its agent reports
 * (the machine, the URL policy), in one statement: the unit's lock, both updates and the unit as stored, as
 * mirage/unit-store.ts's seenChanges merges them. The columns it computes (the last-seen key, the end of the
 * online window) are unitRecord's for the agent's heartbeat interval the caller read: when the interval
 * changed meanwhile, or the heartbeat changes anything else (a new hostname), it answers null and the caller
 * takes the general path (locked read, then updateUnitColumns).
 */
export async function storeSeenAtOnce(
  tx: Queryable,
  id: string,
  seen: Seen,
): Promise<{ before: ServiceUnitRow; unit: ServiceUnitRow } | null> {
  const { agent, lastSeenAt, announcedStatus, ...others } = seen;
  if (Object.keys(others).length > 0 || lastSeenAt === undefined || !storable(id)) return null;
  const seenAt = instant(lastSeenAt);
  const seenMs = seenAt === null ? Number.NaN : Date.parse(seenAt);
  const values: unknown[] = [
    id,
    agent?.heartbeatIntervalS ?? null,
    seenAt,
    textSortKey(seenAt ?? ''),
    Number.isNaN(seenMs) ? null : seenMs + onlineWindowMs({ agent: agent ?? null }),
  ];
  const param = (value: unknown) => `$${values.push(value)}`;
  const unitSet = [
    'last_seen_at = $3::timestamptz',
    'last_seen_key = $4::text',
    'online_until_ms = $5::bigint',
    ...(announcedStatus !== undefined ? [`announced_status = ${param(announcedStatus)}::text`] : []),
  ];
  const agentSet = agent
    ? [
        `system = ${param(agent.system === null ? null : JSON.stringify(agent.system))}::jsonb`,
        // jsonb null (the agent said "none") and SQL NULL (it never said) stay apart: unsaid, it stays.
        ...(agent.urlPolicy !== undefined ? [`url_policy = ${param(JSON.stringify(agent.urlPolicy))}::jsonb`] : []),
      ]
    : [];
  // Prepared: of its four shapes (a URL policy said or not, a status or not) one is every heartbeat's.
  const statement = prepared(
    `WITH before AS (
       SELECT u.id, u.announced_status, ${iso('u.last_seen_at')} AS last_seen_at, a.system, a.url_policy, a.url_policy IS NULL AS url_policy_absent
       FROM ${UNITS_FROM} WHERE u.id = $1 AND a.heartbeat_interval_s IS NOT DISTINCT FROM $2::integer FOR UPDATE OF u
     ),
     ${agent ? `agent AS (UPDATE unit_agents a SET ${agentSet.join(', ')} FROM before WHERE a.unit_id = before.id RETURNING a.*),` : ''}
     unit AS (UPDATE service_units u SET ${unitSet.join(', ')} FROM before WHERE u.id = before.id RETURNING u.*)
     SELECT ${UNIT_COLUMNS}, b.announced_status AS before_status, b.last_seen_at AS before_last_seen_at,
       b.system AS before_system, b.url_policy AS before_url_policy, b.url_policy_absent AS before_url_policy_absent
     FROM before b JOIN unit u ON true ${agent ? 'LEFT JOIN agent a ON true' : UNIT_JOINS}`,
  );
  const { rows } = await tx.query<UnitColumns & BeforeColumns>(statement, values);
  const row = rows[0];
  if (!row) return null;
  const unit = unitOf(row);
  const before = unitOf({
    ...row,
    announced_status: row.before_status,
    last_seen_at: row.before_last_seen_at,
    agent_system: row.before_system,
    agent_url_policy: row.before_url_policy,
    agent_url_policy_absent: row.before_url_policy_absent,
  });
  return { before, unit };
}

/** The unit's columns as storeSeenAtOnce found them under the lock. */
interface BeforeColumns {
  before_status: UnitColumns['announced_status'];
  before_last_seen_at: string | null;
  before_system: AgentSystem | null;
  before_url_policy: AgentUrlPolicy | null;
  before_url_policy_absent: boolean | null;
}

/**
 * Computes every unit's list keys again when they were made by another version of core's projection (or by a
 * migration that could not compute them): `meta` holds the version they were made with. At start, under the
 * setup lock.
 */
export async function ensureUnitKeys(tx: Queryable): Promise<boolean> {
  return ensureKeyVersion(tx, 'unitList', UNIT_LIST_VERSION, async () => {
    const { rows } = await tx.query<UnitColumns>(`SELECT ${UNIT_COLUMNS} FROM ${UNITS_FROM}`);
    await writeUnits(tx, rows.map(unitOf), []);
  });
}

/** The WHERE clause of a scope, filters and search (with `now` for the status filter). */
export function conditions(params: Parameters, scope: OrganizationScope, query: Pick<ListQuery, 'filters' | 'search'> | null, now: number) {
  const where: string[] = [];
  if (scope !== 'all') {
    where.push(
      scope.length === 1
        ? `u.organization_id = ${params.add(scope[0], 'text')}`
        : `u.organization_id = ANY(${params.add([...scope], 'text[]')})`,
    );
  }
  if (query) {
    const status = query.filters['status'];
    if (status) where.push(`${statusExpression(params, now, 'name')} = ANY(${params.add(status, 'text[]')})`);
    const os = query.filters['os'];
    if (os) where.push(`u.operating_system = ANY(${params.add(os, 'text[]')})`);
    const tag = query.filters['tag'];
    if (tag) where.push(`u.tags && ${params.add(tag, 'text[]')}`);
    if (query.search) where.push(searchCondition(params, 'u', query.search));
  }
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** unitStatus as SQL on the entry: the status's name, or its place in STATUS_ORDER (how status sorts). */
export function statusExpression(params: Parameters, now: number, as: 'name' | 'order'): string {
  const value = (status: (typeof STATUS_ORDER)[number]) => (as === 'name' ? `'${status}'` : String(STATUS_ORDER.indexOf(status)));
  return `(CASE WHEN u.maintenance THEN ${value('maintenance')} WHEN ${params.add(now, 'bigint')} <= u.online_until_ms THEN ${value('online')} ELSE ${value('offline')} END)`;
}

const byId = (a: ServiceUnitRow, b: ServiceUnitRow) => compareIds(a.id, b.id);
const BY_ID = prepared(`SELECT ${UNIT_COLUMNS} FROM ${UNITS_FROM} WHERE u.id = $1`);
const LOCKED_BY_ID = prepared(`SELECT ${UNIT_COLUMNS} FROM ${UNITS_FROM} WHERE u.id = $1 FOR UPDATE OF u`);

export function createSqlUnits(sql: Queryable): ServiceUnitRepository<ServiceUnitRow> {
  const select = async (where: string | Prepared, values: readonly unknown[], db: Queryable = reader(sql)) =>
    (
      await db.query<UnitColumns>(typeof where === 'string' ? `SELECT ${UNIT_COLUMNS} FROM ${UNITS_FROM} ${where}` : where, [...values])
    ).rows.map(unitOf);
  const sorted = async (where: string, values: readonly unknown[]) => (await select(where, values)).sort(byId);
  // Every agent's request reads its unit by id (the credential's check).
  const get = async (id: string, db?: Queryable) => (storable(id) ? (await select(BY_ID, [id], db))[0] : undefined);
  /** The unit under its row lock (held to the end of the transaction): what a change merges with. */
  const locked = async (tx: Queryable, id: string) => (storable(id) ? (await select(LOCKED_BY_ID, [id], tx))[0] : undefined);
  const put = async (record: ServiceUnitRow): Promise<ServiceUnitRow> => {
    await writeRows(UNITS, writeUnits, [record]);
    return { ...record, version: record.version ?? 1 };
  };
  return {
    get: (id) => get(id),
    getMany(ids) {
      const wanted = [...new Set(ids)].filter(storable);
      return wanted.length === 0 ? Promise.resolve([]) : select('WHERE u.id = ANY($1::text[])', [wanted]);
    },
    async inScope(scope) {
      const params = parameters();
      const where = conditions(params, scope === 'all' ? 'all' : scope.filter(storable), null, 0);
      return sorted(where, params.values);
    },
    async withNames(organizationId, names) {
      const wanted = [...new Set(names)].filter(storable);
      if (wanted.length === 0 || !storable(organizationId)) return [];
      return sorted('WHERE u.organization_id = $1 AND u.name_lower = ANY($2::text[])', [organizationId, wanted]);
    },
    async countByStatus(scope, now) {
      const params = parameters();
      const where = conditions(params, scope === 'all' ? 'all' : scope.filter(storable), null, 0);
      const status = statusExpression(params, now, 'name');
      const { rows } = await reader(sql).query<{ status: string; n: number }>(
        `SELECT ${status} AS status, count(*)::int AS n FROM service_units u ${where} GROUP BY 1`,
        params.values,
      );
      const counts = { online: 0, offline: 0, maintenance: 0 };
      for (const row of rows)
        if (row.status === 'online' || row.status === 'offline' || row.status === 'maintenance') counts[row.status] = Number(row.n);
      return counts;
    },
    withSimulatedAgent: () => sorted(`WHERE a.kind = 'simulated' AND a.revoked_at IS NULL`, []),
    // Not announced offline, and not reporting (never seen, or seen longer ago than the online rule's window):
    // only those units' entries of the service_units_gone_quiet index. One conditional UPDATE: at READ
    // COMMITTED a row another sweep changed meanwhile is checked again once its lock is granted, and no
    // longer matches, so two sweeps never both answer a unit.
    async markQuietOffline(now) {
      const { tx } = await writer();
      const { rows } = await tx.query<UnitColumns>(
        `WITH u AS (
           UPDATE service_units SET announced_status = 'offline'
           WHERE announced_status IS DISTINCT FROM 'offline' AND (online_until_ms IS NULL OR online_until_ms < $1)
           RETURNING *)
         SELECT ${UNIT_COLUMNS} FROM u ${UNIT_JOINS}`,
        [now],
      );
      return rows.map(unitOf).sort(byId);
    },
    insert: (row) => put({ ...row, id: newRecordId() }),
    async update(id, patch) {
      const { tx } = await writer();
      const before = await locked(tx, id);
      if (!before) throw new Error(`No service unit ${id}`);
      const unit = { ...before, ...patch };
      await updateUnitColumns(tx, before, unit);
      // Its commit wakes who waits for the unit (a revoked agent's held poll).
      noteWritten([{ collection: UNITS, put: [unit], deleted: [] }]);
      return unit;
    },
    async recordSeen(id, seen) {
      const { tx } = await writer();
      const atOnce = await storeSeenAtOnce(tx, id, seen);
      if (atOnce) return atOnce;
      const before = await locked(tx, id);
      if (!before) return undefined;
      const unit = { ...before, ...seenChanges(before, seen) };
      await updateUnitColumns(tx, before, unit);
      return { before, unit };
    },
    async remove(id) {
      if (!storable(id)) return;
      const { tx } = await writer();
      // What refers to the unit goes with it or lets it go (the foreign keys' ON DELETE rules).
      const { rows } = await tx.query<{ id: string }>('DELETE FROM service_units WHERE id = $1 RETURNING id', [id]);
      if (rows.length > 0) noteWritten([{ collection: UNITS, put: [], deleted: [id] }]);
    },
  };
}
