import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../core/audit-list';
import type { CommandRecord } from '../../core/commands';
import type { EnrolmentRecord } from '../../core/agent-enrolments';
import type { NewEvent } from '../../core/events';
import type { ProcessRecord } from '../../core/processes';
import type { ServiceUnitRow } from '../../core/service-units';
import { sha256Hex } from '../../core/tokens';
import { createApp } from '../app';
import type { ApiEnv } from '../env';

/**
 * The agent API through the app (Request → Response), as an agent calls it, over repositories in memory as the
 * browser's: an enrolment makes a unit and a credential, the credential opens its own unit only, a heartbeat
 * brings the unit online, the agent fetches its commands and answers them.
 */

const NOW = Date.parse('2026-12-06T23:00:00.000Z');
const TOKEN = `sua_enrol_${'a'.repeat(43)}`;
const SYSTEM = {
  hostname: 'scanner-7',
  platform: 'linux',
  osName: 'Debian 12',
  ipAddresses: ['10.0.0.7'],
  uptimeS: 100,
  agentVersion: '4.2.1',
};

function memoryEnv() {
  const units = new Map<string, ServiceUnitRow>();
  const commands: CommandRecord[] = [];
  const processes: ProcessRecord[] = [];
  const events: NewEvent[] = [];
  const audited: Omit<AuditEntry, 'id'>[] = [];
  const enrolments: EnrolmentRecord[] = [];
  let next = 100;
  const used = {
    now: () => NOW,
    agentHeartbeatS: 30,
    units: {
      get: (id: string) => Promise.resolve(units.get(id)),
      withNames: (organizationId: string, names: readonly string[]) =>
        Promise.resolve([...units.values()].filter((u) => u.organizationId === organizationId && names.includes(u.name.toLowerCase()))),
      insert(row: Omit<ServiceUnitRow, 'id'>) {
        const unit = { ...row, id: String((next += 1)) };
        units.set(unit.id, unit);
        return Promise.resolve(unit);
      },
      update(id: string, patch: Partial<ServiceUnitRow>) {
        const unit = { ...(units.get(id) as ServiceUnitRow), ...patch };
        units.set(id, unit);
        return Promise.resolve(unit);
      },
      recordSeen(id: string, seen: Partial<ServiceUnitRow>) {
        const before = units.get(id);
        if (!before) return Promise.resolve(undefined);
        const unit = { ...before, ...seen };
        units.set(id, unit);
        return Promise.resolve({ before, unit });
      },
    },
    enrolments: {
      insert: (row: Omit<EnrolmentRecord, 'id'>) => Promise.resolve({ ...row, id: 'e1' }),
      claim(tokenHash: string, _now: number, usedAt: string) {
        const found = enrolments.find((e) => e.tokenHash === tokenHash && e.usedAt === null);
        if (found) found.usedAt = usedAt;
        return Promise.resolve(found ? { ...found } : undefined);
      },
      setUnit(id: string, unitId: string) {
        const found = enrolments.find((e) => e.id === id);
        if (found) found.unitId = unitId;
        return Promise.resolve();
      },
    },
    commands: {
      get: (id: string) => Promise.resolve(commands.find((c) => c.id === id)),
      pendingOf: (unitId: string) => Promise.resolve(commands.filter((c) => c.serviceUnitId === unitId && c.status === 'pending')),
      put(rows: readonly CommandRecord[]) {
        for (const row of rows)
          commands.splice(
            commands.findIndex((c) => c.id === row.id),
            1,
            { ...row },
          );
        return Promise.resolve();
      },
    },
    processes: {
      get: (id: string) => Promise.resolve(processes.find((p) => p.id === id)),
      running: (unitId: string) => Promise.resolve(processes.filter((p) => p.serviceUnitId === unitId && p.state === 'running')),
      insert(rows: readonly Omit<ProcessRecord, 'id'>[]) {
        for (const row of rows) processes.push({ ...row, id: `p${(next += 1)}` });
        return Promise.resolve();
      },
      put(rows: readonly ProcessRecord[]) {
        for (const row of rows)
          processes.splice(
            processes.findIndex((p) => p.id === row.id),
            1,
            { ...row },
          );
        return Promise.resolve();
      },
    },
    processRules: { ofUnit: () => Promise.resolve([]) },
    urlRules: { enabledForUnit: () => Promise.resolve([]) },
    captureRequests: { get: () => Promise.resolve(undefined) },
    users: { get: (id: string) => Promise.resolve(id === '4' ? { id: '4', roleId: 3, fullName: 'Ursula User' } : undefined) },
    events: { append: (event: NewEvent) => void events.push(event) },
    audit: { append: (entry: Omit<AuditEntry, 'id'>) => void audited.push(entry) },
  };
  // What the agent API does not reach is absent: a use of it fails the test.
  const env = new Proxy(used, {
    get(target, name) {
      if (typeof name === 'string' && !(name in target)) throw new Error(`The agent API used env.${name}`);
      return Reflect.get(target, name) as unknown;
    },
  }) as unknown as ApiEnv;
  return { app: createApp(env), units, commands, processes, events, audited, enrolments };
}

type Memory = ReturnType<typeof memoryEnv>;

async function call(memory: Memory, method: string, path: string, credential: string | null, body?: unknown) {
  const response = await memory.app.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(credential ? { Authorization: `Bearer ${credential}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

async function enrolled() {
  const memory = memoryEnv();
  memory.enrolments.push({
    id: 'e1',
    tokenHash: await sha256Hex(TOKEN),
    organizationId: '1',
    expiresAt: new Date(NOW + 3_600_000).toISOString(),
    createdBy: '4',
    createdAt: new Date(NOW).toISOString(),
    usedAt: null,
    unitId: null,
  });
  const answer = await call(memory, 'POST', '/api/agent/enrol', null, { token: TOKEN, system: SYSTEM });
  return { memory, answer, unitId: String(answer.body['unitId']), credential: String(answer.body['credential']) };
}

describe('the agent API', () => {
  it('enrols with a usable token once: a unit of its organization named after the host, with a credential only its hash is kept of', async () => {
    const { memory, answer, unitId, credential } = await enrolled();

    expect(answer).toMatchObject({ status: 201, body: { organizationId: '1', heartbeatIntervalS: 30 } });
    expect(credential).toMatch(new RegExp(`^sua_unit_${unitId}_[A-Za-z0-9_-]{43}$`));
    const unit = memory.units.get(unitId);
    expect(unit).toMatchObject({
      name: 'scanner-7',
      organizationId: '1',
      agent: { kind: 'enrolled', credentialHash: await sha256Hex(credential) },
    });
    expect(JSON.stringify(unit)).not.toContain(credential);
    expect(memory.enrolments[0]).toMatchObject({ usedAt: new Date(NOW).toISOString(), unitId });
    expect(memory.events.map((e) => e.type)).toEqual(['unit.created']);

    const again = await call(memory, 'POST', '/api/agent/enrol', null, { token: TOKEN, system: SYSTEM });
    expect(again).toMatchObject({ status: 401, body: { code: 'enrolmentInvalid' } });
  });

  it('opens only its own unit: another credential, a revoked agent or another unit named in the body are refused', async () => {
    const { memory, unitId, credential } = await enrolled();
    const beat = { unitId, system: SYSTEM };

    expect(await call(memory, 'POST', '/api/agent/heartbeat', null, beat)).toMatchObject({
      status: 401,
      body: { code: 'agentUnauthorized' },
    });
    const forged = `${credential.slice(0, -4)}AAAA`;
    expect(await call(memory, 'POST', '/api/agent/heartbeat', forged, beat)).toMatchObject({
      status: 401,
      body: { code: 'agentUnauthorized' },
    });
    const other = await call(memory, 'POST', '/api/agent/heartbeat', credential, { ...beat, unitId: '7' });
    expect(other).toMatchObject({ status: 403, body: { code: 'otherUnit' } });

    const unit = memory.units.get(unitId) as ServiceUnitRow;
    memory.units.set(unitId, { ...unit, agent: unit.agent && { ...unit.agent, revokedAt: new Date(NOW).toISOString() } });
    expect(await call(memory, 'POST', '/api/agent/heartbeat', credential, beat)).toMatchObject({
      status: 401,
      body: { code: 'agentUnauthorized' },
    });
  });

  it('brings an offline unit online at its heartbeat, and tells it how many commands wait', async () => {
    const { memory, unitId, credential } = await enrolled();
    memory.units.set(unitId, {
      ...(memory.units.get(unitId) as ServiceUnitRow),
      announcedStatus: 'offline',
      lastSeenAt: '2026-12-01T00:00:00.000Z',
    });
    memory.commands.push(command(unitId, 'c1'));

    const answer = await call(memory, 'POST', '/api/agent/heartbeat', credential, {
      unitId,
      system: { ...SYSTEM, ipAddresses: ['10.0.0.8'] },
    });

    expect(answer).toMatchObject({
      status: 200,
      body: { receivedAt: new Date(NOW).toISOString(), heartbeatIntervalS: 30, pendingCommands: 1 },
    });
    expect(memory.units.get(unitId)).toMatchObject({
      announcedStatus: 'online',
      lastSeenAt: new Date(NOW).toISOString(),
      ipAddress: '10.0.0.8',
    });
    expect(memory.events.map((e) => e.type)).toEqual(['unit.created', 'unit.online']);
  });

  it('hands the agent its pending commands once, and stores its result with an audit entry in the issuer’s name', async () => {
    const { memory, unitId, credential } = await enrolled();
    memory.commands.push(command(unitId, 'c1'));
    memory.processes.push({ ...process(unitId), id: 'p1' });

    const fetched = await call(memory, 'GET', '/api/agent/commands?wait=0', credential);
    expect(fetched).toMatchObject({ status: 200, body: { items: [{ id: 'c1', kind: 'endProcess', pid: 2709 }] } });
    expect(await call(memory, 'GET', '/api/agent/commands', credential)).toMatchObject({ status: 200, body: { items: [] } });

    const result = await call(memory, 'POST', '/api/agent/commands/c1/result', credential, { status: 'succeeded' });
    expect(result).toMatchObject({ status: 200, body: { id: 'c1', status: 'succeeded', finishedAt: new Date(NOW).toISOString() } });
    expect(memory.processes[0]).toMatchObject({ state: 'ended', endedReason: 'user' });
    expect(memory.audited).toEqual([
      expect.objectContaining({ action: 'commandResult', actorId: '4', reason: `Reported by the agent of unit ${unitId}` }),
    ]);
    expect(memory.events.map((e) => e.type)).toEqual(['unit.created', 'processes.changed', 'command.finished']);
    const twice = await call(memory, 'POST', '/api/agent/commands/c1/result', credential, { status: 'failed', message: 'again' });
    expect(twice.status).toBe(409);
  });

  it('replaces the unit’s running processes with a report', async () => {
    const { memory, unitId, credential } = await enrolled();
    memory.processes.push({ ...process(unitId), id: 'p1' });
    const report = { unitId, processes: [{ pid: 1, name: 'bash', user: 'ops', cpuPercent: 0.14, memoryMb: 3, startedAt: null }] };

    const answer = await call(memory, 'PUT', '/api/agent/processes', credential, report);

    expect(answer).toMatchObject({ status: 200, body: { running: 1, started: 1, ended: 1 } });
    expect(memory.processes.map((p) => [p.name, p.state, p.cpuPercent])).toEqual([
      ['scanner', 'ended', 0],
      ['bash', 'running', 0.1],
    ]);
  });
});

function command(unitId: string, id: string): CommandRecord {
  return {
    id,
    serviceUnitId: unitId,
    organizationId: '1',
    kind: 'endProcess',
    status: 'pending',
    processId: 'p1',
    pid: 2709,
    captureRequestId: null,
    issuedAt: new Date(NOW - 1000).toISOString(),
    issuedBy: '4',
    finishedAt: null,
    message: null,
  };
}

function process(unitId: string): Omit<ProcessRecord, 'id'> {
  return {
    serviceUnitId: unitId,
    name: 'scanner',
    pid: 2709,
    user: 'ops',
    cpuPercent: 2,
    memoryMb: 40,
    startedAt: new Date(NOW - 60_000).toISOString(),
    state: 'running',
    endedAt: null,
    endedReason: null,
  };
}
