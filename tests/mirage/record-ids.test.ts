import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@machines/domain/types';
import { makeServer, type Server } from '@mirage/server';
import { signInAs } from './monitoring-helpers';

/** Which ids records get (mirage/record-ids.ts): the seeds' numbers, then UUIDv7; events keep counting. */

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let server: Server;
afterEach(() => server.shutdown());

const system = { hostname: 'uuid-host', platform: 'linux', osName: 'Debian', ipAddresses: ['10.0.0.9'], uptimeS: 1, agentVersion: '1.0.0' };
const unitBody = (name: string) => ({
  name,
  hostname: `${name}.example`,
  ipAddress: '10.0.0.10',
  operatingSystem: 'linux',
  agentVersion: '4.2.1',
  location: 'Lab',
  description: '',
  tags: [],
  maintenance: false,
  screenshotIntervalMinutes: 0,
});

describe('record ids', () => {
  it('keeps the seeds’ readable numbers and gives every new record a UUIDv7, in creation order', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const user = await signInAs('user');
    const seeded = await user.request<{ items: { id: string }[] }>('GET', '/api/service-units?pageSize=5');
    for (const unit of seeded.body.items) expect(unit.id).toMatch(/^[1-9]\d*$/);

    const first = await user.request<{ id: string }>('POST', '/api/service-units', unitBody('uuid-first'));
    const second = await user.request<{ id: string }>('POST', '/api/service-units', unitBody('uuid-second'));
    expect(first.status).toBe(201);
    expect(first.body.id).toMatch(UUID_V7);
    expect(second.body.id).toMatch(UUID_V7);
    expect(first.body.id < second.body.id).toBe(true);
    expect((await user.request<{ name: string }>('GET', `/api/service-units/${first.body.id}`)).body.name).toBe('uuid-first');
    // Ties in a list go by creation: the two new units share a location, and come in the order made.
    const lab = await user.request<{ items: { id: string }[] }>('GET', '/api/service-units?search=uuid-&sort=location');
    expect(lab.body.items.map((u) => u.id)).toEqual([first.body.id, second.body.id]);
  });

  it('keeps live event ids counting up (the stream resumes after a number)', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const user = await signInAs('user');
    const start = (await user.request<{ lastId: string }>('GET', '/api/events/recent')).body.lastId;
    await user.request('POST', '/api/service-units', unitBody('uuid-event-a'));
    await user.request('POST', '/api/service-units', unitBody('uuid-event-b'));
    const events = (await user.request<{ items: LiveEvent[] }>('GET', `/api/events/recent?after=${start}`)).body.items;
    expect(events.map((e) => Number(e.id))).toEqual([Number(start) + 1, Number(start) + 2]);
  });

  it('lets an agent enrolled for a UUID unit report with its credential, and no other unit’s', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const user = await signInAs('user');
    const enrolment = await user.request<{ token: string }>('POST', '/api/agent-enrolments', {});
    const enrolled = await fetch('/api/agent/enrol', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: enrolment.body.token, system }),
    });
    expect(enrolled.status).toBe(201);
    const { unitId, credential } = (await enrolled.json()) as { unitId: string; credential: string };
    expect(unitId).toMatch(UUID_V7);
    expect(credential.startsWith(`sua_unit_${unitId}_`)).toBe(true);
    const beat = (token: string) =>
      fetch('/api/agent/heartbeat', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ unitId, system }),
      });
    expect((await beat(credential)).status).toBe(200);
    // The same secret naming another unit is refused.
    const otherUnit = credential.replace(unitId, '01900000-0000-7000-8000-000000000000');
    expect((await beat(otherUnit)).status).toBe(401);
  });
});
