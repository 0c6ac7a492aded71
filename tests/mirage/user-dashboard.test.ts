import type { Server } from '@mirage/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page, ServiceUnit } from '@machines/domain/types';
import { driveAgents, signInAs, startMonitoringServer, type Session } from './monitoring-helpers';

interface Summary {
  units: { online: number; offline: number; maintenance: number; total: number };
}

describe('dashboard unit counts', () => {
  let server: Server;
  let user: Session;
  let clock = Date.now();

  beforeEach(async () => {
    clock = Date.now();
    server = await startMonitoringServer({ now: () => clock });
    user = await signInAs('user');
  });
  afterEach(() => server.shutdown());

  const listTotal = async (status: string) =>
    (await user.request<Page<ServiceUnit>>('GET', `/api/service-units?status=${status}&pageSize=1`)).body.total;

  it('applies the agents’ heartbeats, so its online and offline counts agree with the units list', async () => {
    // Half an hour passes with nobody opening the units list: living agents have reported meanwhile.
    clock += 30 * 60_000;
    await driveAgents(server, () => clock).tick();
    const summary = await user.request<Summary>('GET', '/api/dashboard/summary');
    expect(summary.status).toBe(200);
    const { online, offline, maintenance } = summary.body.units;
    expect(online).toBeGreaterThan(0);
    expect({ online, offline, maintenance }).toEqual({
      online: await listTotal('online'),
      offline: await listTotal('offline'),
      maintenance: await listTotal('maintenance'),
    });
  });

  it('does not list a unit as recently offline while its agent keeps reporting', async () => {
    clock += 30 * 60_000;
    await driveAgents(server, () => clock).tick();
    const recent = await user.request<{ items: { id: string }[] }>('GET', '/api/dashboard/recent-offline?limit=50');
    const offline = await user.request<Page<ServiceUnit>>('GET', '/api/service-units?status=offline&pageSize=100');
    const offlineIds = new Set(offline.body.items.map((u) => String(u.id)));
    expect(recent.body.items.length).toBeGreaterThan(0);
    expect(recent.body.items.every((u) => offlineIds.has(u.id))).toBe(true);
  });
});
