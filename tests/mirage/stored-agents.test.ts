import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { table } from '@mirage/db';
import { SIMULATED_AGENT_CAP, type ServiceUnitRow } from '@mirage/domains/service-units';
import { makeServer, type Server } from '@mirage/server';
import { giveStoredUnitsAgents } from '@mirage/store/repair';
import { unitStore } from '@mirage/unit-store';
import { agentSecretStore } from '@mirage/agent-credentials';
import { agentOf, heartbeatOf } from './monitoring-helpers';

type OldRow = ServiceUnitRow & { agentAlive?: boolean };

/** Demo data stored before agents existed: alive units say `agentAlive: true` and have no `agent`. */
describe('units stored before agents get their simulated agent on load', () => {
  let server: Server;
  const units = () => table<OldRow>(server.db, 'serviceUnits');
  beforeEach(async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  });
  afterEach(() => server.shutdown());
  /** The embedded backend's repositories the repair writes through (the server gives its PostgreSQL ones). */
  const stores = () => ({ units: unitStore(server.db), agentSecrets: agentSecretStore(server.db) });

  it('gives each alive unit without an agent the agent the seed gives, one its credential opens the agent API for', async () => {
    const rows = units().rows();
    const old = rows.filter((u) => u.agent?.kind === 'simulated').slice(0, 3);
    const dead = rows.find((u) => !u.agent) as OldRow;
    for (const u of old) units().update(u.id, { agent: null, agentAlive: true });
    units().update(dead.id, { agentAlive: false });
    const enrolled = rows.find((u) => u.agent && !old.includes(u)) as OldRow;

    const given = await giveStoredUnitsAgents(stores(), 45);
    expect(given.sort()).toEqual(old.map((u) => String(u.id)).sort());
    for (const u of old) {
      expect(units().find(u.id)?.agent).toMatchObject({ kind: 'simulated', revokedAt: null, heartbeatIntervalS: 45, system: null });
      // The credential the simulated agents present for it is the one stored (a heartbeat is answered).
      const unit = units().find(u.id) as OldRow;
      expect((await agentOf(server, String(u.id)).request('POST', '/api/agent/heartbeat', heartbeatOf(unit))).status).toBe(200);
    }
    expect(units().find(dead.id)?.agent).toBeNull();
    expect(units().find(enrolled.id)?.agent).toEqual(enrolled.agent);
    // Done once: a second load finds nothing to repair.
    expect(await giveStoredUnitsAgents(stores())).toEqual([]);
  });

  it('respects the cap, counting the simulated agents already there, and serves the smaller organization first', async () => {
    const template = units().rows()[0] as OldRow;
    const active = units().where((u) => u.agent?.kind === 'simulated' && !u.agent.revokedAt).length;
    // Acme (organization 1) has many more units than Globex: 400 old alive rows for it, 2 for Globex.
    const { id: _id, ...base } = template;
    for (let i = 0; i < 400; i += 1) units().insert({ ...base, organizationId: '1', name: `old ${i}`, agent: null, agentAlive: true });
    const globex = [0, 1].map((i) => units().insert({ ...base, organizationId: '2', name: `old g${i}`, agent: null, agentAlive: true }));
    const given = await giveStoredUnitsAgents(stores());
    expect(given).toHaveLength(SIMULATED_AGENT_CAP - active);
    expect(given).toEqual(expect.arrayContaining(globex.map((u) => String(u.id))));
    expect(units().where((u) => u.agent?.kind === 'simulated' && !u.agent.revokedAt)).toHaveLength(SIMULATED_AGENT_CAP);
    expect(await giveStoredUnitsAgents(stores())).toEqual([]);
  });
});
