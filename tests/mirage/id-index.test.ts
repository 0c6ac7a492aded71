import { afterEach, describe, expect, it } from 'vitest';
import { markChanged, table, type Row } from '@mirage/db';
import { collectionOf } from '@mirage/mirage-internals';
import { makeServer, type Server } from '@mirage/server';
import { trackChanges } from '@mirage/store/change-log';
import { indexIds } from '@mirage/store/id-index';

type Thing = Row & { name: string };
let server: Server | undefined;
afterEach(() => {
  server?.shutdown();
  server = undefined;
});

describe('rows found by id through an index (mirage/store/id-index.ts)', () => {
  it('finds what a walk would find, through inserts, updates, removes, undo and rows swapped behind Mirage', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none' });
    const db = server.db;
    const things = table<Thing>(db, 'things');
    things.insertMany(Array.from({ length: 500 }, (_, i) => ({ id: String(i + 1), name: `t${i}` })));
    indexIds(db);
    const raw = collectionOf(db, 'things');
    const walk = (id: string) => raw?._records.find((r) => r.id === id);
    const same = () => {
      for (const id of ['1', '250', '500', '501', '502', 'nope']) expect(raw?._findRecord(id)).toBe(walk(id));
    };
    same();
    expect(things.find('250')?.name).toBe('t249');
    const added = things.insert({ name: 'new' });
    same();
    expect(things.find(added.id)?.name).toBe('new');
    things.update('250', { name: 'renamed' });
    expect(things.find('250')?.name).toBe('renamed');
    things.remove('250');
    same();
    expect(things.find('250')).toBeUndefined();
    // The change log's undo puts copies back behind Mirage's back.
    const tracker = trackChanges(db);
    things.update('10', { name: 'changed' });
    things.remove('11');
    tracker.take().undo();
    same();
    expect(things.find('10')?.name).toBe('t9');
    expect(things.find('11')?.name).toBe('t10');
    // Rows replaced in place, as adopting or a reset would, marked changed.
    if (raw) raw._records[0] = { id: '1', name: 'swapped' } as Thing;
    markChanged(db, 'things');
    expect(things.find('1')?.name).toBe('swapped');
    // Collections created later are indexed too.
    const later = table<Thing>(db, 'later');
    const a = later.insert({ name: 'a' });
    expect(later.find(a.id)?.name).toBe('a');
  });
});
