/**
 * A write that fails changes nothing in the browser, as the server's transaction rolls back (issue 43 §1):
 * the rows a failed handler had changed go back, and a write acknowledged meanwhile stays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page, ServiceUnit } from '@machines/domain/types';
import { collectionOf } from '@mirage/mirage-internals';
import { makeServer, type Server } from '@mirage/server';
import { signInAs } from './monitoring-helpers';

let server: Server;
afterEach(() => server.shutdown());

/** The next live event fails to be written, once: the change it belongs to has been made by then. */
function failNextEvent(): void {
  if (!('events' in server.db)) server.db.createCollection('events');
  const events = collectionOf(server.db, 'events');
  if (!events) throw new Error('no events collection');
  const insert = events.insert;
  events.insert = function () {
    events.insert = insert;
    throw new Error('The event could not be written');
  };
}

describe('a write whose handler fails', () => {
  it('answers 500 in the error shape and leaves no unit behind', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const user = await signInAs('user');
    const before = (await user.request<Page<ServiceUnit>>('GET', '/api/service-units?pageSize=1')).body.total;
    failNextEvent();

    const created = await user.request<{ message: string }>('POST', '/api/service-units', {
      name: 'Half made',
      hostname: 'half-made.acme.example',
      ipAddress: '10.9.9.9',
      operatingSystem: 'linux',
      location: 'Lab',
      description: '',
      tags: [],
      maintenance: false,
      screenshotIntervalMinutes: 15,
    });

    expect(created.status).toBe(500);
    expect(created.body).toEqual({ message: 'The event could not be written' });
    const after = await user.request<Page<ServiceUnit>>('GET', '/api/service-units?search=Half%20made');
    expect(after.body.items).toEqual([]);
    expect((await user.request<Page<ServiceUnit>>('GET', '/api/service-units?pageSize=1')).body.total).toBe(before);
  });

  it('puts back a renamed unit, and keeps a rename of another unit sent at the same time', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const user = await signInAs('user');
    const [first, second] = (await user.request<Page<ServiceUnit>>('GET', '/api/service-units?pageSize=2&sort=name')).body.items;
    if (!first || !second) throw new Error('the seed has units');
    failNextEvent();

    const [failed, saved] = await Promise.all([
      user.request('PUT', `/api/service-units/${first.id}`, { ...first, name: 'Renamed and lost' }),
      user.request('PUT', `/api/service-units/${second.id}`, { ...second, name: 'Renamed and kept' }),
    ]);

    expect(failed.status).toBe(500);
    expect(saved.status).toBe(200);
    const firstNow = await user.request<ServiceUnit>('GET', `/api/service-units/${first.id}`);
    expect(firstNow.body.name).toBe(first.name);
    expect(firstNow.body.version).toBe(first.version);
    expect((await user.request<ServiceUnit>('GET', `/api/service-units/${second.id}`)).body.name).toBe('Renamed and kept');
  });
});
