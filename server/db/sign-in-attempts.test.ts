import { describe, expect, it } from 'vitest';
import { createRandom } from '../../core/random';
import { SIGN_IN_WINDOW_MS, type SignInAttemptRecord, type SignInAttemptRepository } from '../../core/sign-in-attempts';
import { memorySignInAttempts } from '../../mirage/domains/sign-in-throttle';
import { sqlTargets } from '../test-support/database';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlSignInAttempts, SIGN_IN_ATTEMPTS } from './sign-in-attempts';

/*
 * The sign-in throttle's counters in PostgreSQL answer what the embedded backend answers from memory, over
 * the same generated counters (account and address keys, failures spread over the last 40 minutes): the
 * failures of a set of keys, a change that counts, takes back and clears, and the removal of the stale ones
 * at several instants. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const MINUTE = 60_000;
const NOW = Date.parse('2026-12-01T12:00:00.000Z');

function generate(): SignInAttemptRecord[] {
  const random = createRandom(31);
  return Array.from({ length: 30 }, (_, i): SignInAttemptRecord => {
    const count = 1 + Math.floor(random() * 5);
    const failures = Array.from({ length: count }, () => NOW - Math.floor(random() * 40) * MINUTE).sort((a, b) => a - b);
    return { id: String(i + 1), key: i % 4 === 0 ? `address:10.0.0.${i}` : `account:${i.toString(16).padStart(64, '0')}`, failures };
  });
}

const counters = generate();
const KEYS = [...counters.map((c) => c.key), 'account:none', 'a\0b', ''];
const asObject = (failures: ReadonlyMap<string, readonly number[]>) =>
  Object.fromEntries([...failures].sort(([a], [b]) => (a < b ? -1 : 1)));

describe.each(sqlTargets())('the sign-in throttle’s counters in PostgreSQL on $name', (target) => {
  const suite = repositoryParity(target, { [SIGN_IN_ATTEMPTS]: counters });
  const { write } = suite;
  const { memory, stored } = repositoryPair<SignInAttemptRepository>(suite, memorySignInAttempts, createSqlSignInAttempts);

  const read = (repository: SignInAttemptRepository, keys: readonly string[]) =>
    repository.change(keys, (failures) => ({ failures: new Map(), value: asObject(failures) }));
  const expectAlike = async () => {
    expect(await write(() => read(stored, KEYS))).toEqual(await read(memory, KEYS));
  };

  it('reads the failures of any set of keys as memory does', async () => {
    await expectAlike();
    for (const keys of [KEYS.slice(0, 3), [KEYS[4] ?? '', 'account:none'], []]) {
      expect(await write(() => read(stored, keys))).toEqual(await read(memory, keys));
    }
    expect(Object.keys(await write(() => read(stored, KEYS))).length).toBe(counters.length);
  });

  it('stores a change (new counters, more failures, a counter cleared) as memory does, and answers its value', async () => {
    const decide = (failures: ReadonlyMap<string, readonly number[]>) => {
      const next = new Map<string, readonly number[]>();
      next.set('account:new', [NOW]);
      for (const [key, list] of failures) next.set(key, list.length >= 3 ? [] : [...list, NOW]);
      return { failures: next, value: failures.size };
    };
    const keys = [...KEYS.slice(0, 12), 'account:new'];
    const counted = await memory.change(keys, decide);
    expect(await write(() => stored.change(keys, decide))).toBe(counted);
    await expectAlike();
    expect((await write(() => read(stored, ['account:new'])))['account:new']).toEqual([NOW]);
  });

  it('removes the stale counters at each instant as memory does', async () => {
    for (const now of [NOW - 20 * MINUTE, NOW, NOW + 10 * MINUTE, NOW + SIGN_IN_WINDOW_MS]) {
      const removed = await memory.removeStale(now);
      expect(await write(() => stored.removeStale(now)), new Date(now).toISOString()).toBe(removed);
      await expectAlike();
    }
    expect(await write(() => read(stored, KEYS))).toEqual({});
  });
});
