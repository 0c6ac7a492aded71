import type { OperatingSystem } from '../../machines/domain/types';
import { changeCountOf, insertSeedRows, table, type MirageDb } from '../db';
import type { TimeSlicer } from '../seed-slices';
import { filterAndSort, type ListParams, type ListSpec } from '../list';
import { compareTexts } from '../../core/list-query';
import { unitListSpec, type OrganizationScope, type ServiceUnitListRepository } from '../../core/service-unit-list';
import type { MirageContext, MirageDomain } from '../types';
import { isReporting } from '../../machines/service-units/unit-status';
import { eventStore } from '../events';
import { historyPruneDue, pruneHistory, sweepUnitStatuses as sweepStatuses } from '../../api/services/unit-status';
import { credentialFromSecret, memorySimulatedSecret, secretHash } from '../agent-credentials';
import { createRandom } from '../../core/random';
import { processStore } from './processes';
import { commandStore } from '../commands';
import { captureStore } from '../capture-requests';
import { unitStore, unitsTable, UNITS, type ServiceUnitRow, type UnitAgentRow } from '../unit-store';

/**
 * Service units: CRUD, bulk actions, CSV-export data and tags under /api/service-units (see docs/domain.md).
 *
 * A unit's status follows its agent's heartbeats (mirage/domains/agents.ts): nothing about them is
 * simulated here. Every change is announced as a live event (mirage/events.ts) in the same unit of work;
 * `sweepUnitStatuses` runs the status sweep.
 */

export type { ServiceUnitRow, UnitAgentRow };

/** At most this many seeded units get a simulated agent (mirage/simulated-agents.ts drives each): the large
 * seed's other units are seeded offline, so its heartbeats stay a few a second (docs/domain.md). */
export const SIMULATED_AGENT_CAP = 300;
/** The heartbeat interval of agents when the context does not set one (MirageContext.agentHeartbeatS). */
export const DEFAULT_HEARTBEAT_S = 30;

const units = unitsTable;

const lastHistoryPrune = new WeakMap<object, number>();

/**
 * The browser's sweep (api/services/unit-status.ts has its rules): the units whose heartbeat window passed
 * are announced offline, and once a minute the history is pruned. Returns how many units went offline.
 */
export async function sweepUnitStatuses(db: MirageDb, now: number): Promise<number> {
  const offline = await sweepStatuses({ units: unitStore(db), events: eventStore(db) }, now);
  if (historyPruneDue(lastHistoryPrune.get(db), now)) {
    lastHistoryPrune.set(db, now);
    await pruneHistory(
      { events: eventStore(db), processes: processStore(db), commands: commandStore(db), captureRequests: captureStore(db) },
      now,
    );
  }
  return offline;
}

const inScope = (scope: OrganizationScope) => {
  if (scope === 'all') return null;
  const ids = new Set(scope);
  return (row: Readonly<ServiceUnitRow>) => row.organizationId !== null && ids.has(String(row.organizationId));
};

/** Columns whose order changes only when a unit is written (not with the clock or the heartbeat). */
const STABLE_SORTS = new Set(['name', 'hostname', 'ipAddress', 'operatingSystem', 'location', 'agentVersion', 'createdAt', 'updatedAt']);
const sortedCache = new WeakMap<object, { changes: number; byKey: Map<string, readonly Readonly<ServiceUnitRow>[]> }>();

/**
 * The list's rows: filtered, searched and sorted. For a stable column the sorted order of every unit is
 * kept until a unit changes (computing every name's sort key is the slow part of a list answer), so a page
 * change, a filter or a search is one pass over it; status and last-seen order follow the clock and sort each time.
 */
function listRows(
  db: MirageDb,
  scope: OrganizationScope,
  params: ListParams,
  spec: ListSpec<Readonly<ServiceUnitRow>>,
): readonly Readonly<ServiceUnitRow>[] {
  const readable = inScope(scope);
  if (!STABLE_SORTS.has(params.sort)) return filterAndSort(readable ? units(db).rows().filter(readable) : units(db).rows(), params, spec);
  const changes = changeCountOf(db, UNITS);
  let cache = sortedCache.get(db);
  if (!cache || cache.changes !== changes) sortedCache.set(db, (cache = { changes, byKey: new Map() }));
  const key = `${params.sort}:${params.order}`;
  let sorted = cache.byKey.get(key);
  if (!sorted) {
    sorted = filterAndSort(units(db).rows(), { ...params, search: '', filters: {} }, spec);
    cache.byKey.set(key, sorted);
  }
  const filters = Object.entries(params.filters);
  if (!readable && filters.length === 0 && !params.search) return sorted;
  return sorted.filter((row) => {
    if (readable && !readable(row)) return false;
    for (const [name, values] of filters) if (!(spec.filters?.[name]?.(row, values) ?? true)) return false;
    return !params.search || !spec.searchIn || spec.searchIn(row).some((text) => text.toLowerCase().includes(params.search));
  });
}

const listSpec = unitListSpec;

/** The units' list answered from the rows in memory (the embedded backend; the default of every server). */
export function memoryUnitList(db: MirageDb): ServiceUnitListRepository<Readonly<ServiceUnitRow>> {
  return {
    list(query, scope, now) {
      const rows = listRows(db, scope, query, listSpec(now));
      const start = (query.page - 1) * query.pageSize;
      return Promise.resolve({ rows: rows.slice(start, start + query.pageSize), total: rows.length });
    },
    tags(scope) {
      const readable = inScope(scope);
      const tags = new Set<string>();
      for (const unit of units(db).rows()) if (!readable || readable(unit)) for (const tag of unit.tags) tags.add(tag);
      return Promise.resolve([...tags].sort(compareTexts));
    },
  };
}

/** The units' list in memory (the embedded backend's). */
export const unitListStore = (db: MirageDb): ServiceUnitListRepository<Readonly<ServiceUnitRow>> => memoryUnitList(db);

// --- seed -------------------------------------------------------------------------------------

interface OrgProfile {
  domain: string;
  sites: { location: string; code: string }[];
  roles: { name: string; code: string; tags: string[]; os: OperatingSystem[] }[];
  extraTags: string[];
  subnet: number;
}

const PROFILES: Record<string, OrgProfile> = {
  acme: {
    domain: 'acme.example',
    subnet: 10,
    sites: [
      { location: 'Hamburg Depot', code: 'ham' },
      { location: 'Rotterdam Hub', code: 'rtm' },
      { location: 'Lyon Warehouse', code: 'lys' },
      { location: 'Porto Dock 3', code: 'opo' },
      { location: 'Berlin HQ, 4th floor', code: 'ber' },
      { location: 'Milan Cross-dock', code: 'mxp' },
      { location: 'Gdańsk Terminal', code: 'gdn' },
    ],
    roles: [
      { name: 'Dispatch Terminal', code: 'dispatch', tags: ['dispatch', 'shared'], os: ['windows', 'windows', 'linux'] },
      { name: 'Gate Kiosk', code: 'kiosk', tags: ['kiosk', '24x7'], os: ['linux'] },
      { name: 'Scanner Station', code: 'scan', tags: ['scanner', 'warehouse'], os: ['windows', 'linux'] },
      { name: 'Yard Office PC', code: 'yard', tags: ['office'], os: ['windows', 'macos'] },
      { name: 'Signage Display', code: 'sign', tags: ['signage', '24x7'], os: ['linux'] },
      { name: 'Label Printer Host', code: 'label', tags: ['printing', 'warehouse'], os: ['windows'] },
    ],
    extraTags: ['pilot', 'ground-floor', 'cold-storage', 'customs'],
  },
  globex: {
    domain: 'globex.example',
    subnet: 172,
    sites: [
      { location: 'Springfield Mall', code: 'spf' },
      { location: 'Shelbyville Outlet', code: 'shv' },
      { location: 'Capital City Flagship', code: 'cap' },
      { location: 'Ogdenville Store', code: 'ogd' },
      { location: 'North Haverbrook', code: 'nhv' },
    ],
    roles: [
      { name: 'Checkout POS', code: 'pos', tags: ['pos', 'front-desk'], os: ['windows', 'linux'] },
      { name: 'Self-checkout', code: 'sco', tags: ['pos', 'self-service'], os: ['linux'] },
      { name: 'Price Checker', code: 'price', tags: ['kiosk', 'self-service'], os: ['linux'] },
      { name: 'Back Office Mac', code: 'office', tags: ['office'], os: ['macos'] },
      { name: 'Window Display', code: 'display', tags: ['signage'], os: ['linux', 'windows'] },
    ],
    extraTags: ['pilot', 'refit-2026', 'high-traffic'],
  },
};

const AGENT_VERSIONS = ['4.2.1', '4.2.1', '4.2.1', '4.2.0', '4.1.3', '3.9.7'];
const DESCRIPTIONS = [
  '',
  'Replaced in spring after water damage.',
  'Shared by the morning and evening shifts.',
  'Touchscreen; keyboard in the drawer below.',
  'Mounted behind the counter, UPS-backed.',
  'Loaner unit until the new hardware arrives.',
];

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

/** Deterministic units for one organization; `count` beyond the natural ~40 numbers the units on. */
export function generateUnits(
  organizationId: string,
  profile: OrgProfile,
  count: number,
  now: number,
  seed: number,
  agents: { heartbeatS: number; left: number } = { heartbeatS: DEFAULT_HEARTBEAT_S, left: SIMULATED_AGENT_CAP },
) {
  const rand = createRandom(seed);
  const rows: Omit<ServiceUnitRow, 'id'>[] = [];
  const perRole = new Map<string, number>();
  const day = 86_400_000;
  for (let i = 0; i < count; i += 1) {
    const site = profile.sites[i % profile.sites.length] as OrgProfile['sites'][number];
    const role = pick(rand, profile.roles);
    const key = `${site.code}-${role.code}`;
    const n = (perRole.get(key) ?? 0) + 1;
    perRole.set(key, n);
    const num = String(n).padStart(count > 500 ? 4 : 2, '0');
    const os = pick(rand, role.os);
    const roll = rand();
    // ~62 % alive (online), ~10 % in maintenance, the rest offline for minutes to weeks.
    const maintenance = roll > 0.62 && roll < 0.72;
    // Beyond the cap of simulated agents, a unit that would be alive is seeded offline (its agent stopped).
    const alive = roll <= 0.62 && agents.left > 0;
    const group = i % 6;
    const offlineFor = 5 * 60_000 + Math.floor(rand() ** 2 * 30 * day);
    // Alive units last reported a few seconds apart, as their staggered agents do.
    const lastSeenAt = new Date(alive ? now - group * 5_000 : now - offlineFor).toISOString();
    const createdAt = new Date(now - (30 + Math.floor(rand() * 600)) * day).toISOString();
    const updatedAt = new Date(Math.min(now, Date.parse(createdAt) + Math.floor(rand() * 400) * day)).toISOString();
    const tags = [...role.tags];
    if (rand() < 0.25) tags.push(pick(rand, profile.extraTags));
    const ipv6 = rand() < 0.08;
    const ipAddress = ipv6
      ? `fd00:${profile.subnet.toString(16)}:${(i % 250).toString(16)}::${(10 + (i % 200)).toString(16)}`
      : profile.subnet === 10
        ? `10.${20 + (i % 7)}.${Math.floor(i / 250) % 250}.${10 + (i % 240)}`
        : `172.16.${(i % 7) * 10 + (Math.floor(i / 240) % 10)}.${10 + (i % 240)}`;
    rows.push({
      organizationId,
      name: `${site.location.split(',')[0]} ${role.name} ${num}`,
      hostname: `${site.code}-${role.code}-${num}.${profile.domain}`,
      ipAddress,
      operatingSystem: os,
      agentVersion: pick(rand, AGENT_VERSIONS),
      location: site.location,
      description: pick(rand, DESCRIPTIONS),
      tags: [...new Set(tags)],
      lastSeenAt,
      maintenance,
      screenshotIntervalMinutes: pick(rand, [0, 5, 10, 15, 15, 30, 60]),
      createdAt,
      updatedAt,
      agent: null,
    });
    const reporting = (alive || (maintenance && rand() < 0.5)) && agents.left > 0;
    if (reporting) {
      agents.left -= 1;
      (rows[rows.length - 1] as Omit<ServiceUnitRow, 'id'>).lastSeenAt = new Date(now - group * 5_000).toISOString();
      // Its simulated agent's enrolment: the credential (derived, see seed()) is filled in once the id is known.
      (rows[rows.length - 1] as Omit<ServiceUnitRow, 'id'>).agent = {
        kind: 'simulated',
        enrolledAt: createdAt,
        revokedAt: null,
        heartbeatIntervalS: agents.heartbeatS,
        system: null,
        credentialHash: '',
      };
    }
  }
  return rows;
}

async function seed(db: MirageDb, ctx: MirageContext, slicer: TimeSlicer): Promise<void> {
  const orgs = table<{ id: string; name: string }>(db, 'organizations').rows();
  const now = ctx.now();
  const acme = orgs[0];
  const globex = orgs[1];
  const all: Omit<ServiceUnitRow, 'id'>[] = [];
  const agents = { heartbeatS: ctx.agentHeartbeatS ?? DEFAULT_HEARTBEAT_S, left: SIMULATED_AGENT_CAP };
  // Globex first: at the large seed, Acme's 10,000 units would take every simulated agent.
  if (globex) all.push(...generateUnits(String(globex.id), PROFILES['globex'] as OrgProfile, 38, now, 2002, agents));
  if (acme)
    all.push(...generateUnits(String(acme.id), PROFILES['acme'] as OrgProfile, ctx.seed === 'large' ? 10_000 : 42, now, 1001, agents));
  await slicer.breathe();
  // Acme's units keep the lower ids, as before (the seed's well-known ids, e.g. unit 33).
  const inserted = insertSeedRows<ServiceUnitRow>(db, UNITS, [...all.slice(globex ? 38 : 0), ...all.slice(0, globex ? 38 : 0)]);
  const secret = memorySimulatedSecret(db);
  // The seed's own rows, set before anyone reads them: the status announced, the simulated agent's credential.
  for (const row of inserted) {
    const announcedStatus = isReporting(row, now) ? 'online' : 'offline';
    row.agent = row.agent ? { ...row.agent, credentialHash: secretHash(credentialFromSecret(secret, row.id)) } : null;
    row.announcedStatus = announcedStatus;
  }
}

/** Its seed; its endpoints are the API app's (api/routes/units.ts). */
export const serviceUnitsDomain: MirageDomain = {
  name: 'service-units',
  seedLater: seed,
  routes: () => undefined,
};
