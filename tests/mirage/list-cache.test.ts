import { afterEach, describe, expect, it } from 'vitest';
import { changeCountOf, table } from '@mirage/db';
import type { UserView } from '@mirage/domains/users';
import { makeServer, type Server } from '@mirage/server';
import { insertInSlices, timeSlicer } from '@mirage/seed-slices';
import type { ServiceUnit } from '../../machines/domain/types';
import { signInAs, type Session } from './monitoring-helpers';

/**
 * The large-seed speed-ups (docs/performance.md): lists keep their sorted order until the collection
 * changes, read the stored rows without copying them, and the configured latency is what Pretender uses.
 */

interface Page<T> {
  items: T[];
  total: number;
}

let server: Server;
afterEach(() => server.shutdown());

describe('the configured latency', () => {
  it('is the delay Pretender asks Mirage for (not Mirage’s development default of 400 ms)', async () => {
    server = await makeServer({ environment: 'development', latencyMs: 0, seed: 'none' });
    const interceptor = (server as unknown as { interceptor: { timing: number } }).interceptor;
    expect(interceptor.timing).toBe(0);
    server.shutdown();
    server = await makeServer({ environment: 'development', latencyMs: [20, 30], seed: 'none' });
    const timing = (server as unknown as { interceptor: { timing: number } }).interceptor.timing;
    expect(timing).toBeGreaterThanOrEqual(20);
    expect(timing).toBeLessThanOrEqual(30);
  });
});

describe('change counters and rows()', () => {
  it('counts inserts, updates and removes, but not updates of clock-derived fields', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const units = table<ServiceUnit & { agentAlive: boolean }>(server.db, 'serviceUnits');
    const first = units.rows()[0];
    if (!first) throw new Error('no units seeded');
    const start = changeCountOf(server.db, 'serviceUnits');
    units.update(first.id, { lastSeenAt: new Date(0).toISOString() });
    expect(changeCountOf(server.db, 'serviceUnits')).toBe(start);
    units.update(first.id, { name: 'Renamed unit' });
    expect(changeCountOf(server.db, 'serviceUnits')).toBe(start + 1);
    // rows() are the stored rows themselves: the update shows without another read.
    expect(units.rows()[0]?.name).toBe('Renamed unit');
    units.remove(first.id);
    expect(changeCountOf(server.db, 'serviceUnits')).toBe(start + 2);
    expect(units.rows().some((u) => u.id === first.id)).toBe(false);
  });
});

describe('sorted lists follow changes', () => {
  it('a renamed user moves in the kept name order, and a new one appears in a search', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const admin = await signInAs('superadmin');
    const names = async () =>
      (await admin.request<Page<UserView>>('GET', '/api/users?sort=fullName&order=asc&pageSize=100')).body.items.map((u) => u.fullName);
    const before = await names();
    expect(before).toEqual(
      [...before].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)),
    );
    const last = before[before.length - 1];
    const users = table<{ id: string; fullName: string }>(server.db, 'users');
    const target = users.rows().find((u) => u.fullName === last);
    if (!target) throw new Error('no user to rename');
    users.update(target.id, { fullName: 'Aaron Aardvark' });
    expect((await names())[0]).toBe('Aaron Aardvark');

    const search = async (q: string) => (await admin.request<Page<UserView>>('GET', `/api/users?search=${q}`)).body;
    expect((await search('zebediah')).total).toBe(0);
    const invited = await admin.request<{ user: UserView }>('POST', '/api/users', {
      fullName: 'Zebediah Zed',
      username: 'zebediah',
      email: 'zebediah@acme.example',
      phone: '',
      roleId: 4,
      organizationId: String(table<{ id: string }>(server.db, 'organizations').rows()[0]?.id),
    });
    expect(invited.status).toBe(201);
    expect((await search('zebediah')).items.map((u) => u.fullName)).toEqual(['Zebediah Zed']);
  });

  it('a unit renamed after a sorted read is found under its new name, in order', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const user = await signInAs('user');
    const list = async (query: string) => (await user.request<Page<ServiceUnit>>('GET', `/api/service-units?${query}`)).body;
    const first = (await list('sort=name&order=asc')).items[0];
    if (!first) throw new Error('no units');
    table<ServiceUnit>(server.db, 'serviceUnits').update(first.id, { name: 'Zz last unit' });
    const desc = await list('sort=name&order=desc');
    expect(desc.items[0]?.name).toBe('Zz last unit');
    expect((await list('sort=name&order=asc')).items[0]?.id).not.toBe(first.id);
  });
});

describe('one order of a column is the other reversed', () => {
  it('a descending users list read after the ascending one (taken from it) equals a fresh descending sort, ties included', async () => {
    let admin: Session;
    const ids = async (query: string) =>
      (await admin.request<Page<UserView>>('GET', `/api/users?${query}&pageSize=100`)).body.items.map((u) => u.id);
    // lastSignInAt: the invited and never-signed-in accounts tie on "", broken by id.
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    admin = await signInAs('superadmin');
    const fresh = await ids('sort=lastSignInAt&order=desc');
    server.shutdown();
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    admin = await signInAs('superadmin');
    const asc = await ids('sort=lastSignInAt&order=asc');
    const fromAsc = await ids('sort=lastSignInAt&order=desc');
    expect(fresh.length).toBeGreaterThan(5);
    expect(fromAsc).toEqual(fresh);
    expect(asc).toEqual([...fresh].reverse());
  });
});

describe('seed slices', () => {
  it('inserts every row, in order, whatever the slice size', async () => {
    const inserted: number[] = [];
    const rows = Array.from({ length: 10 }, (_, i) => i);
    await insertInSlices((slice) => inserted.push(...slice), rows, timeSlicer(0), 3);
    expect(inserted).toEqual(rows);
  });
});
