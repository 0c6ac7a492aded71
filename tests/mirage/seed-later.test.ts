import { afterEach, describe, expect, it } from 'vitest';
import { LATER_SEEDED_COLLECTIONS } from '@mirage/domains';
import { collectionsOf } from '@mirage/mirage-internals';
import { generateSeed, makeServer, seedLater, type Server } from '@mirage/server';

/**
 * The domains' later seeds (docs/persistence.md, "First visit"): a first visit at the large seed runs them after
 * every domain's first seed, once the backend answers; they must make the data a seed made at once makes.
 */

const NOW = Date.parse('2026-03-02T10:30:00.000Z');
// Random in every seed: the accounts' salts and hashes, the agents' secret and the credentials derived from it.
const RANDOM = new Set(['salt', 'passwordHash', 'credentialHash', 'simulatedSecret']);
const strip = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(strip)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => !RANDOM.has(key))
            .map(([key, inner]) => [key, strip(inner)]),
        )
      : value;
const rowsOf = (server: Server) =>
  Object.fromEntries(
    collectionsOf(server.db)
      .filter((c) => c._records.length > 0)
      .map((c) => [c.name, strip(c._records)]),
  );

let server: Server | undefined;
afterEach(() => {
  server?.shutdown();
  server = undefined;
});

describe('the later seeds', () => {
  it('make the same rows after every first seed as in their place: the same ids, and the same references between them', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, now: () => NOW });
    const whole = rowsOf(server);
    server.shutdown();

    server = await makeServer({ environment: 'test', latencyMs: 0, now: () => NOW, deferLaterSeeds: true });
    const first = rowsOf(server);
    for (const name of LATER_SEEDED_COLLECTIONS) expect(first[name], name).toBeUndefined();
    const turns: string[] = [];
    await seedLater(server, {
      enter: () => turns.push('enter'),
      leave: () => turns.push('leave'),
      next: () => new Promise((resolve) => setTimeout(resolve, 0)),
    });
    expect(rowsOf(server)).toEqual(whole);
    // Every slice of seeding is a turn of its own, entered and left.
    expect(turns[0]).toBe('enter');
    expect(turns.at(-1)).toBe('leave');
    expect(turns.every((turn, i) => turn === (i % 2 === 0 ? 'enter' : 'leave'))).toBe(true);
  });

  it('are generated without a server as makeServer seeds them (the Node server stores these on a first start)', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, now: () => NOW });
    const made = rowsOf(server);
    const generated = await generateSeed({ now: () => NOW });
    expect(
      Object.fromEntries(
        Object.entries(generated)
          .filter(([, rows]) => rows.length > 0)
          .map(([name, rows]) => [name, strip(rows)]),
      ),
    ).toEqual(made);
    expect(await generateSeed({ seed: 'none' })).toEqual({});
  });
});
