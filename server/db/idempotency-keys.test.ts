import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS, type IdempotencyRecord, type IdempotencyRepository } from '../../core/idempotency';
import { memoryIdempotencyKeys } from '../../mirage/idempotency';
import { sqlTargets } from '../test-support/database';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlIdempotencyKeys, IDEMPOTENCY_KEYS } from './idempotency-keys';

/*
 * The idempotent creates' kept answers in PostgreSQL answer what the embedded backend answers from memory:
 * every owner's key, found or not at instants around their day's end, a new answer, and what forgetting the
 * expired ones leaves. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const NOW = Date.parse('2026-12-02T12:00:00.000Z');
const HOUR = 3_600_000;
const OWNERS = ['1', '4', 'anonymous', '0192f3a2-0000-7abc-8def-000000000004'];

const kept: (IdempotencyRecord & { id: string })[] = Array.from({ length: 24 }, (_, i) => ({
  id: i % 3 === 0 ? `0192f3a2-${String(i).padStart(4, '0')}-7abc-8def-000000000001` : String(i + 1),
  owner: OWNERS[i % OWNERS.length] ?? '1',
  // Two owners share some keys: a key is found for its owner only.
  key: `key-${Math.floor(i / 2)}`,
  fingerprint: `POST /api/service-units 12:${i.toString(36)}`,
  status: i % 5 === 0 ? 200 : 201,
  body: i % 4 === 0 ? '' : { id: String(100 + i), name: `Unit ${i}` },
  // From just made to well past the day: some right at its edge.
  createdAt: NOW - (i % 6 === 5 ? IDEMPOTENCY_TTL_MS : i * 2 * HOUR),
}));

const probes = [...new Set(kept.map((r) => r.key)), 'key-none', 'a\0b'];
const instants = [NOW, NOW + HOUR, NOW + 1, NOW + 13 * HOUR, NOW + IDEMPOTENCY_TTL_MS + 1];

describe.each(sqlTargets())('the idempotent creates’ kept answers in PostgreSQL on $name', (target) => {
  const suite = repositoryParity(target, { [IDEMPOTENCY_KEYS]: kept });
  const { write } = suite;
  const { memory, stored } = repositoryPair<IdempotencyRepository>(suite, memoryIdempotencyKeys, createSqlIdempotencyKeys);
  const normal = (record: Readonly<IdempotencyRecord> | undefined) => {
    if (!record) return undefined;
    const { id: _id, ...rest } = record as IdempotencyRecord & { id?: unknown };
    return rest;
  };

  it('finds each owner’s key as memory does, at every instant', async () => {
    let found = 0;
    let missed = 0;
    for (const now of instants) {
      for (const owner of [...OWNERS, 'a\0b']) {
        for (const key of probes) {
          const fromMemory = normal(await memory.find(owner, key, now));
          expect(normal(await write(() => stored.find(owner, key, now))), `${owner} ${key} at ${now - NOW}`).toEqual(fromMemory);
          if (fromMemory) found += 1;
          else missed += 1;
        }
      }
    }
    expect(found).toBeGreaterThan(0);
    expect(missed).toBeGreaterThan(found);
  });

  it('keeps a new answer, and forgets the expired ones as memory does', async () => {
    const fresh: IdempotencyRecord = {
      owner: '4',
      key: 'key-fresh',
      fingerprint: 'POST /api/apps/todo/tasks 9:abc',
      status: 201,
      body: { id: '7', title: 'Tâche' },
      createdAt: NOW,
    };
    await Promise.all([memory.insert(fresh), write(() => stored.insert(fresh))]);
    expect(normal(await write(() => stored.find('4', 'key-fresh', NOW + HOUR)))).toEqual(fresh);
    for (const now of [NOW + 1, NOW + 25 * HOUR, NOW + IDEMPOTENCY_TTL_MS + 1]) {
      const removedInMemory = await memory.removeExpired(now);
      expect(await write(() => stored.removeExpired(now)), `at ${now - NOW}`).toBe(removedInMemory);
      for (const owner of OWNERS)
        for (const key of [...probes, 'key-fresh'])
          expect(normal(await write(() => stored.find(owner, key, NOW))), `${owner} ${key}`).toEqual(
            normal(await memory.find(owner, key, NOW)),
          );
    }
    const { rows } = await suite.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys');
    // Past the fresh answer's day, everything is forgotten.
    expect(rows[0]?.n).toBe(0);
  });
});
