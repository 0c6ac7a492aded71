import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '@machines/domain/types';
import type { ServiceUnitView } from '../../api/services/units';
import { isIpAddress } from '../../core/unit-input';
import { makeServer, type Server } from '@mirage/server';
import { driveAgents, signInAs } from './monitoring-helpers';

let server: Server | undefined;
afterEach(() => {
  server?.shutdown();
  server = undefined;
});

// Sessions are checked against the real clock, so the simulated one starts at real time.
const NOW = Date.now();

async function start(seed: 'default' | 'large' = 'default', now = () => NOW) {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed, now });
  return signInAs('user');
}

const valid = {
  name: 'Lisbon Kiosk 01',
  hostname: 'lis-kiosk-01.acme.example',
  ipAddress: '10.9.0.4',
  operatingSystem: 'linux',
  location: 'Lisbon',
  description: '',
  tags: ['kiosk'],
  maintenance: false,
  screenshotIntervalMinutes: 15,
};

describe('service units API', () => {
  it('requires a token', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const response = await fetch('/api/service-units');
    expect(response.status).toBe(401);
  });

  it('pages, sorts and reports the total of the own organization only', async () => {
    const user = await start();
    const first = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?page=1&pageSize=10&sort=name&order=asc');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.total).toBeGreaterThanOrEqual(35);
    expect(first.body.items.every((u) => u.organizationId === '1')).toBe(true);
    const names = first.body.items.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    const desc = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=10&sort=name&order=desc');
    expect(desc.body.items[0]?.name).not.toBe(names[0]);
    const page2 = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?page=2&pageSize=10&sort=name');
    expect(page2.body.page).toBe(2);
    expect(page2.body.items.map((u) => u.id)).not.toContain(first.body.items[0]?.id);
  });

  it('derives the status at read time and filters on it (with a mix of all three)', async () => {
    const user = await start();
    const all = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=100');
    const counts = { online: 0, offline: 0, maintenance: 0 };
    for (const u of all.body.items) counts[u.status] += 1;
    expect(counts.online).toBeGreaterThan(5);
    expect(counts.offline).toBeGreaterThan(3);
    expect(counts.maintenance).toBeGreaterThan(0);
    const offline = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=100&status=offline');
    expect(offline.body.total).toBe(counts.offline);
    expect(offline.body.items.every((u) => u.status === 'offline')).toBe(true);
    const two = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=100&status=offline&status=maintenance');
    expect(two.body.total).toBe(counts.offline + counts.maintenance);
  });

  it('keeps units whose simulated agent heartbeats online as time passes; they go offline when it stops', async () => {
    let now = NOW;
    const user = await start('default', () => now);
    const before = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=100&status=online');
    expect(before.body.items.every((u) => u.agent?.kind === 'simulated' && u.agent.heartbeatIntervalS === 30)).toBe(true);
    const agents = driveAgents(server as Server, () => now);
    now += 30 * 60_000; // half an hour later: every agent is due and heartbeats once
    await agents.tick();
    const after = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=100&status=online');
    expect(after.body.total).toBe(before.body.total);
    expect(Date.parse(after.body.items[0]?.lastSeenAt ?? '')).toBeGreaterThan(now - 60_000);
    agents.stop();
    now += 91_000; // three intervals and a second without a heartbeat
    const stopped = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=100&status=online');
    expect(stopped.body.total).toBe(0);
  });

  it('filters by OS and tag, and searches name, hostname, location and tags', async () => {
    const user = await start();
    const linux = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=100&os=linux');
    expect(linux.body.total).toBeGreaterThan(0);
    expect(linux.body.items.every((u) => u.operatingSystem === 'linux')).toBe(true);
    const kiosk = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=100&tag=kiosk');
    expect(kiosk.body.items.every((u) => u.tags.includes('kiosk'))).toBe(true);
    const search = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=100&search=hamburg');
    expect(search.body.total).toBeGreaterThan(0);
    expect(search.body.items.every((u) => u.location.toLowerCase().includes('hamburg') || u.name.toLowerCase().includes('hamburg'))).toBe(
      true,
    );
    const tags = await user.request<{ items: string[] }>('GET', '/api/service-units/tags');
    expect(tags.body.items).toContain('kiosk');
  });

  it('creates, reads, updates and deletes a unit', async () => {
    const user = await start();
    const created = await user.request<ServiceUnitView>('POST', '/api/service-units', valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...valid, organizationId: '1', status: 'online' });
    const read = await user.request<ServiceUnitView>('GET', `/api/service-units/${created.body.id}`);
    expect(read.body.name).toBe(valid.name);
    const updated = await user.request<ServiceUnitView>('PUT', `/api/service-units/${created.body.id}`, {
      ...valid,
      maintenance: true,
      tags: ['kiosk', 'pilot'],
    });
    expect(updated.body).toMatchObject({ status: 'maintenance', tags: ['kiosk', 'pilot'] });
    expect((await user.request('DELETE', `/api/service-units/${created.body.id}`)).status).toBe(204);
    expect((await user.request('GET', `/api/service-units/${created.body.id}`)).status).toBe(404);
  });

  it.each([
    [{ name: '' }, 'name', 'required'],
    [{ hostname: 'not a host!' }, 'hostname', 'invalidHostname'],
    [{ ipAddress: '300.1.1.1' }, 'ipAddress', 'invalidIpAddress'],
    [{ ipAddress: 'fe80::1::2' }, 'ipAddress', 'invalidIpAddress'],
    [{ screenshotIntervalMinutes: 1441 }, 'screenshotIntervalMinutes', 'outOfRange'],
    [{ screenshotIntervalMinutes: -1 }, 'screenshotIntervalMinutes', 'outOfRange'],
    [{ operatingSystem: 'beos' }, 'operatingSystem', 'required'],
    [{ tags: ['ok', 'bad,tag'] }, 'tags', 'invalidTags'],
  ])('refuses %j with a 422 field error', async (patch, field, code) => {
    const user = await start();
    const response = await user.request<{ message: string; errors: Record<string, string> }>('POST', '/api/service-units', {
      ...valid,
      ...patch,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toBe(code);
  });

  it('refuses a duplicate name in the organization (any case), but not on the unit itself', async () => {
    const user = await start();
    const first = await user.request<ServiceUnitView>('POST', '/api/service-units', valid);
    const dup = await user.request<{ errors: Record<string, string> }>('POST', '/api/service-units', {
      ...valid,
      name: valid.name.toUpperCase(),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors['name']).toBe('duplicateName');
    const same = await user.request('PUT', `/api/service-units/${first.body.id}`, valid);
    expect(same.status).toBe(200);
  });

  it('another organization’s unit is 404 for reads, writes, deletes and bulk actions', async () => {
    const user = await start();
    const globex = await signInAs('globex');
    const theirs = await globex.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=1');
    const id = theirs.body.items[0]?.id ?? '';
    expect(theirs.body.items[0]?.organizationId).toBe('2');
    expect((await user.request('GET', `/api/service-units/${id}`)).status).toBe(404);
    expect((await user.request('PUT', `/api/service-units/${id}`, valid)).status).toBe(404);
    expect((await user.request('DELETE', `/api/service-units/${id}`)).status).toBe(404);
    expect((await user.request('POST', '/api/service-units/bulk-delete', { ids: [id] })).status).toBe(404);
    expect((await globex.request('GET', `/api/service-units/${id}`)).status).toBe(200);
  });

  it('bulk sets maintenance and bulk deletes', async () => {
    const user = await start();
    const page = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=3&status=online');
    const ids = page.body.items.map((u) => u.id);
    const on = await user.request<{ updated: number }>('POST', '/api/service-units/bulk-maintenance', { ids, maintenance: true });
    expect(on.body.updated).toBe(3);
    for (const id of ids) expect((await user.request<ServiceUnitView>('GET', `/api/service-units/${id}`)).body.status).toBe('maintenance');
    const del = await user.request<{ deleted: number }>('POST', '/api/service-units/bulk-delete', { ids });
    expect(del.body.deleted).toBe(3);
    expect((await user.request('GET', `/api/service-units/${ids[0]}`)).status).toBe(404);
    expect((await user.request('POST', '/api/service-units/bulk-delete', { ids: [] })).status).toBe(422);
  });

  it('exports every row matching the filter, not just a page', async () => {
    const user = await start();
    const list = await user.request<Page<ServiceUnitView>>('GET', '/api/service-units?pageSize=5&os=windows');
    const exported = await user.request<{ items: ServiceUnitView[]; total: number }>(
      'GET',
      '/api/service-units/export?os=windows&sort=name',
    );
    expect(exported.body.total).toBe(list.body.total);
    expect(exported.body.items).toHaveLength(list.body.total);
  });
  // The large seed (10,000 units, 50,000 users) is measured by `npm run bench` (tests/bench), never by a timed test.
});

describe('IP address validation', () => {
  it.each([
    ['192.168.0.1', true],
    ['255.255.255.255', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['::1', true],
    ['fd00:a:1::1f', true],
    ['2001:db8:0:0:0:0:2:1', true],
    ['2001:db8::2::1', false],
    ['::ffff:192.0.2.128', true],
    ['12345::', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isIpAddress(value)).toBe(expected);
  });
});
