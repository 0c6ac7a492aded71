import { describe, expect, it } from 'vitest';
import { createRandom } from '../../core/random';
import { SESSION_REFRESH_GRACE_MS, type SessionRecord, type SessionRepository } from '../../core/sessions';
import { memorySessions } from '../../mirage/sessions';
import { sqlTargets } from '../test-support/database';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlSessions, SESSIONS } from './sessions';

/*
 * The sign-ins' tokens in PostgreSQL answer what the embedded backend answers from memory, over the same
 * generated sign-ins (families of one to four tokens, retired, revoked, locked and expired ones, users with
 * numeric and UUID ids): a token's record, a refresh's retirement, sign-out, lock and unlock, the revocation
 * of users' sign-ins and the removal of the ended ones at several instants. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */

const USERS = ['1', '2', '3', '10', '0192f3a0-0003-7abc-8def-000000000003'];
const HOUR = 3_600_000;
const NOW = Date.parse('2026-12-01T12:00:00.000Z');

function generate(): SessionRecord[] {
  const random = createRandom(23);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const sessions: SessionRecord[] = [];
  for (let family = 0; family < 40; family += 1) {
    const userId = pick(USERS);
    const size = 1 + Math.floor(random() * 4);
    const locked = random() < 0.2;
    // Expiries from two days ago to an hour ahead: some families are past the grace, some live.
    const newest = NOW + HOUR - Math.floor(random() * 50) * HOUR;
    const signedOut = random() < 0.2;
    for (let n = 0; n < size; n += 1) {
      const isNewest = n === size - 1;
      sessions.push({
        id:
          sessions.length % 3 === 0
            ? `0192f3a2-${String(sessions.length).padStart(4, '0')}-7abc-8def-000000000000`
            : String(sessions.length + 1),
        accessToken: `token-${family}-${n}`,
        sessionKey: `key-${family}`,
        userId,
        expiresAt: newest - (size - 1 - n) * HOUR,
        // A family's older tokens were retired by its refreshes; a signed-out one has all revoked.
        revoked: signedOut || !isNewest,
        ...(locked ? { locked: true } : {}),
      });
    }
  }
  return sessions;
}

const sessions = generate();
const TOKENS = [...sessions.map((s) => s.accessToken), 'unknown', '', 'a\0b'];
const normal = (session: Readonly<SessionRecord> | undefined) =>
  session === undefined ? undefined : { ...session, id: String(session.id), locked: session.locked ?? false };

describe.each(sqlTargets())('the sign-ins’ tokens in PostgreSQL on $name', (target) => {
  // The accounts the tokens sign in (a token's account must exist), in one organization.
  const organizations = [{ id: 'o1', name: 'Organization', domain: 'o.example', createdAt: '2025-01-01T00:00:00.000Z' }];
  const users = USERS.map((id) => ({ id, organizationId: 'o1', username: `user-${id}`, email: `user-${id}@o.example`, roleId: 4 }));
  const suite = repositoryParity(target, { organizations, users, [SESSIONS]: sessions });
  const { write } = suite;
  const { memory, stored } = repositoryPair<SessionRepository>(suite, memorySessions, createSqlSessions);

  const expectAlike = async () => {
    for (const token of TOKENS) expect(normal(await stored.byToken(token)), token).toEqual(normal(await memory.byToken(token)));
  };

  it('finds every token as memory does, and a new one by its token', async () => {
    await expectAlike();
    expect(normal(await stored.byToken('token-0-0'))?.sessionKey).toBe('key-0');
    const fresh = { accessToken: 'fresh', sessionKey: 'key-fresh', userId: '2', expiresAt: NOW + HOUR, revoked: false };
    const [a, b] = await Promise.all([memory.insert(fresh), write(() => stored.insert(fresh))]);
    expect({ ...b, id: 0 }).toEqual({ ...a, id: 0 });
    expect(normal(await stored.byToken('fresh'))).toEqual({ ...fresh, id: String(b.id), locked: false });
    await expectAlike();
  });

  it('retires, signs out, locks and unlocks as memory does', async () => {
    const live = sessions.filter((s) => !s.revoked);
    for (const session of live.slice(0, 5)) {
      await memory.retire(String(session.id));
      await write(() => stored.retire(String(session.id)));
    }
    for (const key of ['key-3', 'key-7', 'key-none', 'a\0b']) {
      await memory.revokeFamily(key);
      await write(() => stored.revokeFamily(key));
    }
    for (const [key, locked] of [
      ['key-10', true],
      ['key-11', true],
      ['key-11', false],
      ['key-none', true],
    ] as const) {
      await memory.setLocked(key, locked);
      await write(() => stored.setLocked(key, locked));
    }
    await expectAlike();
    expect((await stored.byToken('token-11-0'))?.locked).toBe(false);
    expect((await stored.byToken('token-10-0'))?.locked).toBe(true);
  });

  it('ends users’ open sign-ins as memory does, with the same count', async () => {
    for (const users of [['1'], ['0192f3a0-0003-7abc-8def-000000000003', '10'], ['none'], []]) {
      const counted = await memory.revokeOfUsers(users);
      expect(await write(() => stored.revokeOfUsers(users)), users.join()).toBe(counted);
    }
    await expectAlike();
    expect(await write(() => stored.revokeOfUsers(['1']))).toBe(0);
  });

  it('removes the ended sign-ins at each instant as memory does, keeping a live one’s retired tokens', async () => {
    for (const now of [
      NOW - 3 * 24 * HOUR,
      NOW - SESSION_REFRESH_GRACE_MS,
      NOW,
      NOW + SESSION_REFRESH_GRACE_MS,
      NOW + 2 * SESSION_REFRESH_GRACE_MS,
    ]) {
      const removed = await memory.removeEnded(now);
      expect(await write(() => stored.removeEnded(now)), new Date(now).toISOString()).toBe(removed);
      await expectAlike();
      if (now === NOW) {
        // Live sign-ins keep the tokens their refreshes retired (a reuse is recognised by them).
        const kept = await Promise.all(TOKENS.map((token) => stored.byToken(token)));
        expect(kept.filter((s) => s?.revoked).length).toBeGreaterThan(0);
      }
    }
    // By then every sign-in is past its grace.
    for (const token of TOKENS) expect(await stored.byToken(token)).toBeUndefined();
  });
});
