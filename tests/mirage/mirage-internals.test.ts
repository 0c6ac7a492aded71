/**
 * mirage/mirage-internals.ts reaches into Mirage's private parts; this test fails when a Mirage release
 * changes their shape, before the list caches, the change log or the latency quietly stop working.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import { collectionOf, collectionsOf, newDb, rawDb, requestTimingHost } from '@mirage/mirage-internals';

let server: Server | undefined;
afterEach(() => {
  server?.shutdown();
  server = undefined;
});

describe("Mirage's private parts still have the shape the backend relies on", () => {
  it('db._collections holds the live collections, their records uncopied, with the methods the tracker wraps', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none' });
    const db = server.db;
    db.createCollection('probes');
    const probes = collectionOf(db, 'probes');
    expect(probes).toBeDefined();
    expect(collectionsOf(db)).toContain(probes);
    for (const method of [
      'all',
      'find',
      'where',
      'insert',
      'update',
      'remove',
      '_findRecord',
      '_findRecords',
      '_findRecordsWhere',
    ] as const) {
      expect(typeof probes?.[method], method).toBe('function');
    }
    expect(typeof probes?.identityManager.set).toBe('function');
    expect(typeof probes?.identityManager.fetch).toBe('function');
    expect(typeof rawDb(db).createCollection).toBe('function');

    const inserted = probes?.insert({ name: 'a' }) as { id: string };
    // _records are the stored rows themselves: the public getter's copy differs, the record does not.
    const record = probes?._records.find((r) => r.id === inserted.id);
    expect(record).toMatchObject({ name: 'a' });
    probes?.update(inserted.id, { name: 'b' });
    expect(record).toMatchObject({ name: 'b' });
    expect(probes?._findRecord(inserted.id)).toBe(record);
  });

  it('_Db makes a db without a server, with the identity managers given', () => {
    let fetched = 0;
    class Counting {
      fetch() {
        fetched += 1;
        return `n${fetched}`;
      }
      set() {}
      reset() {}
    }
    const db = newDb({ application: Counting });
    db.createCollection('probes');
    const probes = collectionOf(db, 'probes');
    expect(probes?.insert({ name: 'a' })).toMatchObject({ id: 'n1', name: 'a' });
    expect(collectionsOf(db)).toEqual([probes]);
  });

  it("server.interceptor is where Pretender reads each answer's delay", async () => {
    server = await makeServer({ environment: 'test', latencyMs: 120, seed: 'none' });
    const host = requestTimingHost(server);
    expect(host).not.toBe(server);
    expect((host as { timing?: unknown }).timing).toBe(120);
    const started = performance.now();
    expect((await fetch('/api/service-units')).status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });
});
