import { describe, expect, it } from 'vitest';
import type { ServiceUnitRepository } from '../../core/service-units';
import type { OrganizationScope } from '../../core/service-unit-list';
import { memoryUnits, type ServiceUnitRow, type UnitAgentRow } from '../../mirage/unit-store';
import { sqlTargets } from '../test-support/database';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlUnits, UNITS } from './units';

/*
 * The service units in PostgreSQL answer what the embedded backend answers from memory: by id, by
 * organization, by name in any case (Unicode among them), the counts by status at an instant, the units
 * with an active simulated agent and those the status sweep announces offline, in creation order, and the
 * same after a change, a new unit and a delete. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const NOW = Date.parse('2026-12-02T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const agent = (kind: UnitAgentRow['kind'], extra: Partial<UnitAgentRow> = {}): UnitAgentRow => ({
  kind,
  enrolledAt: '2025-01-10T09:00:00.000Z',
  revokedAt: null,
  heartbeatIntervalS: 30,
  system: null,
  credentialHash: 'hash',
  ...extra,
});
const unit = (id: string, name: string, organizationId: string, extra: Partial<ServiceUnitRow> = {}): ServiceUnitRow => ({
  id,
  organizationId,
  name,
  hostname: `${id}.example.test`,
  ipAddress: '10.0.0.1',
  operatingSystem: 'linux',
  agentVersion: '4.2.1',
  location: '',
  description: '',
  tags: [],
  lastSeenAt: ago(60_000),
  maintenance: false,
  screenshotIntervalMinutes: 0,
  createdAt: '2025-01-10T09:00:00.000Z',
  updatedAt: '2025-01-10T09:00:00.000Z',
  version: 1,
  agent: null,
  ...extra,
});

// Written out of order: "10" and "9" sort before "2" as text, UUIDs after every number.
const records: ServiceUnitRow[] = [
  // Its agent's window (3 × 30 s) ended 10 s ago, still announced online: the sweep's.
  unit('10', 'Übersee Kiosk', '2', { agent: agent('simulated'), lastSeenAt: ago(100_000), announcedStatus: 'online' }),
  // Reporting within its window.
  unit('0192f3a0-0002-7abc-8def-000000000002', 'Dock', '1', {
    agent: agent('simulated'),
    lastSeenAt: ago(5_000),
    announcedStatus: 'online',
  }),
  // A revoked simulated agent; quiet for an hour, announced offline already.
  unit('2', 'dock', '2', {
    agent: agent('simulated', { revokedAt: ago(3_600_000) }),
    lastSeenAt: ago(3_600_000),
    announcedStatus: 'offline',
  }),
  // No agent: a 4-minute window, and never announced.
  unit('9', 'ÜBERSEE KIOSK', '1', { lastSeenAt: ago(300_000) }),
  // In maintenance and quiet: maintenance counts, and the sweep still announces it offline.
  unit('0192f3a0-0001-7abc-8def-000000000001', 'Gate', '1', { maintenance: true, lastSeenAt: ago(900_000), announcedStatus: 'online' }),
  // Never seen (an unreadable time): offline, announced offline.
  unit('1', 'Never seen', '1', { agent: agent('enrolled'), lastSeenAt: '', announcedStatus: 'offline' }),
  // Exactly at the edge of its window: still online.
  unit('3', 'Edge', '2', { agent: agent('simulated', { heartbeatIntervalS: 10 }), lastSeenAt: ago(30_000) }),
];

/** The organizations the units belong to (a unit's organization must exist). */
const ORGANIZATIONS = ['1', '2', '3'].map((id) => ({
  id,
  name: `Organization ${id}`,
  domain: `o${id}.example`,
  createdAt: '2025-01-01T00:00:00.000Z',
}));

const SYSTEM = { hostname: 'pier', osName: 'Debian 12', ipAddresses: ['10.0.0.9'], uptimeS: 60, agentVersion: '4.2.1' };

const IDS = ['1', '2', '9', '10', '0192f3a0-0002-7abc-8def-000000000002', '4', '01', 'x\0', ''];
const SCOPES: OrganizationScope[] = ['all', ['1'], ['2'], ['1', '2'], ['3'], [], ['x\0']];
const NAMES: [string, string[]][] = [
  ['1', ['übersee kiosk']],
  ['2', ['übersee kiosk', 'dock']],
  ['1', ['dock', 'gate', 'none']],
  ['2', ['DOCK']],
  ['x\0', ['dock']],
  ['1', ['x\0']],
  ['1', []],
];
const INSTANTS = [NOW, NOW - 60_000, NOW + 3_600_000];

describe.each(sqlTargets())('the service units in PostgreSQL on $name', (target) => {
  const suite = repositoryParity(target, { organizations: ORGANIZATIONS, [UNITS]: records });
  const { write } = suite;
  const { memory, stored } = repositoryPair<ServiceUnitRepository<ServiceUnitRow>>(suite, memoryUnits, createSqlUnits);
  const ids = (rows: readonly ServiceUnitRow[]) => rows.map((row) => String(row.id));

  const expectAlike = async () => {
    for (const id of IDS) expect(await stored.get(id), id).toEqual(await memory.get(id));
    expect(ids(await stored.getMany(IDS)).sort()).toEqual(ids(await memory.getMany(IDS)).sort());
    for (const scope of SCOPES) {
      expect(await stored.inScope(scope), String(scope)).toEqual(await memory.inScope(scope));
      for (const at of INSTANTS)
        expect(await stored.countByStatus(scope, at), `${String(scope)} ${at}`).toEqual(await memory.countByStatus(scope, at));
    }
    for (const [org, names] of NAMES)
      expect(await stored.withNames(org, names), `${org} ${names.join()}`).toEqual(await memory.withNames(org, names));
    expect(await stored.withSimulatedAgent()).toEqual(await memory.withSimulatedAgent());
  };

  it('find units by id, organization and name, count them by status, find the simulated agents’ and announce the quiet ones offline once, as memory does', async () => {
    await expectAlike();
    expect(ids(await stored.inScope(['1']))).toEqual([
      '1',
      '9',
      '0192f3a0-0001-7abc-8def-000000000001',
      '0192f3a0-0002-7abc-8def-000000000002',
    ]);
    expect(ids(await stored.withNames('2', ['übersee kiosk', 'dock']))).toEqual(['2', '10']);
    expect(await stored.countByStatus('all', NOW)).toEqual({ online: 2, offline: 4, maintenance: 1 });
    expect(ids(await stored.withSimulatedAgent())).toEqual(['3', '10', '0192f3a0-0002-7abc-8def-000000000002']);
    // The sweep's change: the quiet units not announced offline yet, each once; the next sweep finds none.
    const swept = await write(() => stored.markQuietOffline(NOW));
    expect(swept.map((row) => [String(row.id), row.announcedStatus])).toEqual([
      ['9', 'offline'],
      ['10', 'offline'],
      ['0192f3a0-0001-7abc-8def-000000000001', 'offline'],
    ]);
    expect(await memory.markQuietOffline(NOW)).toEqual(swept);
    expect(await write(() => stored.markQuietOffline(NOW))).toEqual([]);
    expect(await memory.markQuietOffline(NOW)).toEqual([]);
    await expectAlike();
  });

  it('store a change, a heartbeat (its own fields only), a new unit and a delete as memory does, and find them by what changed', async () => {
    const patch: Partial<ServiceUnitRow> = {
      name: 'Renamed',
      lastSeenAt: ago(1_000),
      announcedStatus: 'online',
      agent: agent('simulated'),
    };
    expect(await write(() => stored.update('9', patch))).toMatchObject({ id: '9', ...patch, hostname: '9.example.test' });
    await memory.update('9', patch);
    await write(() => stored.update('10', { announcedStatus: 'offline' }));
    await memory.update('10', { announcedStatus: 'offline' });
    // A heartbeat, sent with the unit as its agent read it before a rename: its own fields change, the name stays.
    const read = (await stored.get('3')) as ServiceUnitRow;
    await write(() => stored.update('3', { name: 'Pier' }));
    await memory.update('3', { name: 'Pier' });
    const seen = { lastSeenAt: ago(0), announcedStatus: 'online' as const, agent: { ...(read.agent as UnitAgentRow), system: SYSTEM } };
    const recorded = await write(() => stored.recordSeen('3', seen));
    expect(recorded?.before.announcedStatus).toBeUndefined();
    expect(recorded?.unit).toEqual({ ...read, name: 'Pier', ...seen });
    expect(await stored.get('3')).toEqual(recorded?.unit);
    expect(await memory.recordSeen('3', seen)).toEqual(recorded);
    await write(() => stored.remove('0192f3a0-0002-7abc-8def-000000000002'));
    await memory.remove('0192f3a0-0002-7abc-8def-000000000002');
    await expectAlike();
    expect(await stored.withNames('1', ['übersee kiosk'])).toEqual([]);
    expect(ids(await stored.withNames('1', ['renamed']))).toEqual(['9']);
    expect(ids(await stored.withNames('2', ['dock', 'pier']))).toEqual(['2', '3']);
    // An hour on, the units announced online since (a change, a heartbeat) have gone quiet.
    const later = await write(() => stored.markQuietOffline(NOW + 3_600_000));
    expect(ids(later)).toEqual(['3', '9']);
    expect(await memory.markQuietOffline(NOW + 3_600_000)).toEqual(later);
    expect(ids(await stored.withSimulatedAgent())).toEqual(['3', '9', '10']);

    const { id: _none, ...row } = unit('new', 'Neu', '2', { lastSeenAt: ago(0), announcedStatus: 'online' });
    const created = await write(() => stored.insert(row));
    expect(String(created.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(await stored.get(String(created.id))).toEqual(created);
    expect(ids(await stored.withNames('2', ['neu']))).toEqual([String(created.id)]);
    expect(await stored.countByStatus(['2'], NOW)).toEqual({ online: 2, offline: 2, maintenance: 0 });
  });

  it('keep a revocation made after the agent was read when its heartbeat is recorded, and answer undefined for a unit that is gone', async () => {
    const read = (await stored.get('10')) as ServiceUnitRow;
    await write(() => stored.update('10', { agent: { ...(read.agent as UnitAgentRow), revokedAt: ago(0) } }));
    const recorded = await write(() =>
      stored.recordSeen('10', { lastSeenAt: ago(0), agent: { ...(read.agent as UnitAgentRow), system: SYSTEM } }),
    );
    expect(recorded?.unit.agent).toEqual({ ...read.agent, revokedAt: ago(0), system: SYSTEM });
    expect((await stored.get('10'))?.agent?.revokedAt).toBe(ago(0));
    expect(await write(() => stored.recordSeen('no-such-unit', { lastSeenAt: ago(0) }))).toBeUndefined();
  });

  it('record heartbeats with the list keys a whole write gives, when the agent’s interval changed meanwhile, a URL policy is said or not, and the machine is renamed', async () => {
    const id = '3';
    const read = (await stored.get(id)) as ServiceUnitRow;
    const readAgent = read.agent as UnitAgentRow;
    // The interval changes (10 s to 600 s) after the agent's credential was read: the window is the new interval's (3 × 600 s).
    const slower = { agent: { ...readAgent, heartbeatIntervalS: 600 } };
    await write(() => stored.update(id, slower));
    await memory.update(id, slower);
    const heartbeats: Partial<ServiceUnitRow>[] = [
      { lastSeenAt: ago(0), announcedStatus: 'online', agent: { ...readAgent, system: SYSTEM } },
      { lastSeenAt: ago(-1_000), hostname: 'pier-2', agent: { ...readAgent, heartbeatIntervalS: 600, system: SYSTEM } },
      { lastSeenAt: ago(-2_000), agent: { ...readAgent, heartbeatIntervalS: 600, system: SYSTEM, urlPolicy: null } },
      // An older agent says nothing of a URL policy: the one it had stays.
      { lastSeenAt: ago(-3_000), agent: { ...readAgent, heartbeatIntervalS: 600, system: { ...SYSTEM, uptimeS: 90 } } },
    ];
    for (const seen of heartbeats) {
      const recorded = await write(() => stored.recordSeen(id, seen));
      expect(recorded).toEqual(await memory.recordSeen(id, seen));
      expect(await stored.get(id)).toEqual(recorded?.unit);
    }
    expect((await stored.get(id))?.agent).toMatchObject({ heartbeatIntervalS: 600, urlPolicy: null, system: { ...SYSTEM, uptimeS: 90 } });
    expect((await stored.get(id))?.hostname).toBe('pier-2');
    // Online for 30 minutes after the last heartbeat, by the stored keys, as in memory: the only one of its organization.
    expect((await stored.countByStatus(['2'], NOW + 1_700_000)).online).toBe(1);
    expect((await stored.countByStatus(['2'], NOW + 1_900_000)).online).toBe(0);
    expect(await stored.get(id)).toEqual(await memory.get(id));
  });

  it('is refused a second unit of one name in an organization, in any case, by the database itself; another organization may have it', async () => {
    const { id: _none, ...row } = unit('new', 'dock', '2');
    await expect(write(() => stored.insert({ ...row, name: 'DOCK' }))).rejects.toMatchObject({
      code: '23505',
      constraint: 'service_units_name_unique',
    });
    await expect(write(() => stored.update('10', { name: 'Dock' }))).rejects.toMatchObject({ code: '23505' });
    expect(ids(await stored.withNames('2', ['dock']))).toEqual(['2']);
    const elsewhere = await write(() => stored.insert({ ...row, organizationId: '3', name: 'DOCK' }));
    expect(ids(await stored.withNames('3', ['dock']))).toEqual([String(elsewhere.id)]);
  });

  it('is refused a unit of an organization that does not exist, at the commit', async () => {
    const { id: _none, ...row } = unit('new', 'Orphan', 'no-such-organization');
    await expect(write(() => stored.insert(row))).rejects.toMatchObject({ code: '23503', constraint: 'service_units_organization_fk' });
    expect(await stored.withNames('no-such-organization', ['orphan'])).toEqual([]);
  });
});
