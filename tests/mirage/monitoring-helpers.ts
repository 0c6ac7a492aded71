import type { ServiceUnit } from '@machines/domain/types';
import { table } from '@mirage/db';
import { processesDomain } from '@mirage/domains/processes';
import { screenshotsDomain } from '@mirage/domains/screenshots';
import { makeServer, type MirageOptions, type Server } from '@mirage/server';
import type { MirageContext } from '@mirage/types';
import { directPasswords } from '@mirage/crypto';
import type { ServiceUnitRow, UnitAgentRow } from '@mirage/domains/service-units';
import { credentialFromSecret, memorySimulatedSecret, secretHash } from '@mirage/agent-credentials';
import { startSimulatedAgents, type AgentCall, type SimulatedAgents } from '@mirage/simulated-agents';

// For the screens' tests in src/, which may not import mirage/ themselves.
export { Response } from '@mirage/test-support';
export type { Server } from '@mirage/server';

export interface Session {
  token: string;
  request: <T>(method: string, url: string, body?: unknown) => Promise<{ status: number; body: T }>;
}

/** Signs a demo account in against the running Mirage server. */
export async function signInAs(username: string): Promise<Session> {
  const login = await fetch('/api/UserLogin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
    body: JSON.stringify({ params: { username, password: 'demo1234' } }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return {
    token: accessToken,
    async request<T>(method: string, url: string, body?: unknown) {
      const response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
  };
}

/**
 * A default-seeded server. When the service-units domain has not seeded units (it is built in
 * parallel), a few are inserted here and the monitoring seeds run over them.
 */
export async function startMonitoringServer(options: Partial<MirageOptions> = {}): Promise<Server> {
  const server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default', ...options });
  const units = table<ServiceUnit>(server.db, 'serviceUnits');
  if (units.count() === 0) {
    const now = (options.now ?? Date.now)();
    const base = {
      agentVersion: '4.2.0',
      description: '',
      tags: [],
      screenshotIntervalMinutes: 15,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const seen = (msAgo: number) => new Date(now - msAgo).toISOString();
    units.insertMany([
      {
        ...base,
        organizationId: '1',
        name: 'Front desk PC',
        hostname: 'acme-fd-01',
        ipAddress: '10.0.0.11',
        operatingSystem: 'windows',
        location: 'Lyon',
        lastSeenAt: seen(30_000),
        maintenance: false,
      },
      {
        ...base,
        organizationId: '1',
        name: 'Build server',
        hostname: 'acme-build',
        ipAddress: '10.0.0.12',
        operatingSystem: 'linux',
        location: 'Lyon',
        lastSeenAt: seen(3_600_000),
        maintenance: false,
      },
      {
        ...base,
        organizationId: '1',
        name: 'Design Mac',
        hostname: 'acme-mac-01',
        ipAddress: '10.0.0.13',
        operatingSystem: 'macos',
        location: 'Paris',
        lastSeenAt: seen(60_000),
        maintenance: true,
      },
      {
        ...base,
        organizationId: '2',
        name: 'Till 1',
        hostname: 'globex-till-1',
        ipAddress: '10.1.0.11',
        operatingSystem: 'windows',
        location: 'Porto',
        lastSeenAt: seen(10_000),
        maintenance: false,
      },
    ]);
    const ctx: MirageContext = {
      seed: 'default',
      tokenLifetimeS: 8000,
      now: options.now ?? Date.now,
      passwords: directPasswords,
      providerTokens: null,
    };
    await processesDomain.seed?.(server.db, ctx);
    await screenshotsDomain.seed?.(server.db, ctx);
  }
  return server;
}

export function unitsOf(server: Server, organizationId: string): ServiceUnit[] {
  return table<ServiceUnit>(server.db, 'serviceUnits').where((u) => String(u.organizationId) === organizationId);
}

/** Leaves a unit only its first `count` running processes (its ended ones stay). */
export function keepRunningProcesses(server: Server, unitId: string, count: number): void {
  const processes = table<{ id: string; serviceUnitId: string; state: string }>(server.db, 'processes');
  const running = processes.where((row) => String(row.serviceUnitId) === unitId && row.state === 'running');
  for (const row of running.slice(count)) processes.remove(row.id);
}

/** Makes a unit report now (online, with a simulated agent) so captures are sent to its agent. */
export function setUnitOnline(server: Server, id: string): void {
  const units = table<ServiceUnitRow>(server.db, 'serviceUnits');
  const agent = units.find(id)?.agent ?? simulatedAgent(server, id);
  units.update(id, { maintenance: false, lastSeenAt: new Date().toISOString(), agent });
}

function simulatedAgent(server: Server, id: string): UnitAgentRow {
  return {
    kind: 'simulated',
    enrolledAt: '2026-01-01T00:00:00.000Z',
    revokedAt: null,
    heartbeatIntervalS: 30,
    system: null,
    credentialHash: secretHash(credentialFromSecret(memorySimulatedSecret(server.db), id)),
  };
}

export interface AgentSession {
  unitId: string;
  credential: string;
  request: <T>(method: string, url: string, body?: unknown) => Promise<{ status: number; body: T }>;
}

/** The agent API as the unit's agent calls it (a simulated agent's credential; one is given to a unit without). */
export function agentOf(server: Server, unitId: string): AgentSession {
  const units = table<ServiceUnitRow>(server.db, 'serviceUnits');
  if (!units.find(unitId)?.agent) units.update(unitId, { agent: simulatedAgent(server, unitId) });
  const credential = credentialFromSecret(memorySimulatedSecret(server.db), unitId);
  return {
    unitId,
    credential,
    async request<T>(method: string, url: string, body?: unknown) {
      const response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${credential}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
  };
}

/** The simulated agents' calls in a test: fetch, which Pretender answers. */
export const fetchAgentCall: AgentCall = async (method, url, headers, body) => {
  const response = await fetch(url, { method, headers, ...(body !== null ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
};

/** The simulated agents on a fake clock: nothing runs until the test calls tick(). */
export function driveAgents(server: Server, now: () => number): SimulatedAgents {
  return startSimulatedAgents({ db: server.db, call: fetchAgentCall, now, setTimeout: () => null, clearTimeout: () => undefined });
}

/** A heartbeat body for a unit as the agent reports it. */
export function heartbeatOf(unit: Pick<ServiceUnit, 'id' | 'hostname' | 'operatingSystem' | 'ipAddress' | 'agentVersion'>) {
  return {
    unitId: String(unit.id),
    system: {
      hostname: unit.hostname,
      platform: unit.operatingSystem,
      osName: 'Test OS 1.0',
      ipAddresses: [unit.ipAddress],
      uptimeS: 100,
      agentVersion: unit.agentVersion,
    },
  };
}
