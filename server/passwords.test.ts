import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directPasswords, type PasswordHasher } from '../mirage/crypto';
import { createBackend, type Backend } from './backend';
import { openPostgres, type Sql } from './db/sql';
import { call, createUnit, DEMO_PASSWORD, jsonOf, signIn, unitInput, type UnitView } from './test-support/api';
import { BACKEND_NAME, createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-support/database';

/*
 * Password hashing (scrypt, ~50 ms of CPU) runs before a request's transaction, never inside it: a sign-in
 * on one instance must not hold a transaction open (and with it the rows it wrote) while it computes.
 */

const SETUP_TIMEOUT_MS = 120_000;

/** A hasher whose checks wait at a gate the test opens, and that notes each call. */
function gatedPasswords() {
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (open = resolve));
  let entered: () => void = () => undefined;
  let waiting = new Promise<void>((resolve) => (entered = resolve));
  const calls: string[] = [];
  const passwords: PasswordHasher = {
    async verify(password, salt, stored) {
      calls.push('verify');
      entered();
      await gate;
      return directPasswords.verify(password, salt, stored);
    },
    async derive(password) {
      calls.push('derive');
      return directPasswords.derive(password);
    },
    async spend(password) {
      calls.push('spend');
      return directPasswords.spend(password);
    },
  };
  return {
    passwords,
    calls,
    /** Resolves when a check is waiting at the gate. */
    waiting: () => waiting,
    open: () => open(),
    close() {
      gate = new Promise<void>((resolve) => (open = resolve));
      waiting = new Promise<void>((resolve) => (entered = resolve));
    },
  };
}

let database: TestDatabase;
let hashing: Backend;
let writing: Backend;
let secondSql: Sql;
let gated: ReturnType<typeof gatedPasswords>;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  gated = gatedPasswords();
  gated.open();
  hashing = await createBackend({ sql: database.sql, passwords: gated.passwords });
  secondSql = await database.connect();
  writing = await createBackend({ sql: secondSql });
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  gated?.open();
  await writing?.close();
  await hashing?.close();
  await database?.drop();
});

describe(`password hashing on ${BACKEND_NAME}`, () => {
  it('lets another instance write while a sign-in checks its password, and the sign-in then succeeds', async () => {
    const token = await signIn(writing, 'user');
    const created = await createUnit(writing, token, 'Written during a sign-in');
    expect(created.status).toBe(201);
    const unit = jsonOf<UnitView>(created);

    gated.close();
    let signInAnswered = false;
    const signingIn = call(hashing, '/api/UserLogin', {
      method: 'POST',
      headers: { key: 'service-unit-admin-demo-key' },
      body: { params: { username: 'operator', password: DEMO_PASSWORD } },
    }).then((answer) => {
      signInAnswered = true;
      return answer;
    });
    await gated.waiting();

    // Were the check inside the sign-in's transaction, this write would wait for the gate: the test would hang.
    const renamed = await call(writing, `/api/service-units/${unit.id}`, {
      method: 'PUT',
      token,
      body: unitInput('Renamed during a sign-in'),
    });
    expect(renamed.status).toBe(200);
    expect(signInAnswered).toBe(false);

    gated.open();
    const answer = await signingIn;
    expect(answer.status).toBe(200);
    expect(jsonOf<{ accessToken: string }>(answer).accessToken).toBeTruthy();
  });

  it('refuses a wrong password, unlocks and changes a password with the work done outside', async () => {
    gated.open();
    const wrong = await call(hashing, '/api/UserLogin', {
      method: 'POST',
      headers: { key: 'service-unit-admin-demo-key' },
      body: { params: { username: 'admin', password: 'not-the-password' } },
    });
    expect(wrong.status).toBe(401);
    const token = await signIn(hashing, 'admin');
    expect((await call(hashing, '/api/auth/lock', { method: 'POST', token })).status).toBe(204);
    expect((await call(hashing, '/api/auth/unlock', { method: 'POST', token, body: { password: 'wrong-password' } })).status).toBe(422);
    expect((await call(hashing, '/api/auth/unlock', { method: 'POST', token, body: { password: DEMO_PASSWORD } })).status).toBe(200);
    const before = gated.calls.length;
    const changed = await call(hashing, '/api/me/password', {
      method: 'POST',
      token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' },
    });
    expect(changed.status).toBe(204);
    expect(gated.calls.slice(before)).toEqual(['verify', 'derive']);
    // The new hash was stored: the other instance signs in with it, and no longer with the old one.
    const withNew = await call(writing, '/api/UserLogin', {
      method: 'POST',
      headers: { key: 'service-unit-admin-demo-key' },
      body: { params: { username: 'admin', password: 'a-new-password-1' } },
    });
    expect(withNew.status).toBe(200);
  });
});

/**
 * Whether a connection of the instance named `application` is inside a transaction (the file's other
 * instances poll on their own). Its connections must be there to be seen: the name reached PostgreSQL.
 */
async function inTransaction(observer: Sql, application: string): Promise<boolean> {
  const { rows } = await observer.query<{ n: number; seen: number }>(
    `SELECT count(*) FILTER (WHERE xact_start IS NOT NULL)::int AS n, count(*)::int AS seen FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = $1`,
    [application],
  );
  expect(rows[0]?.seen).toBeGreaterThan(0);
  return Number(rows[0]?.n) > 0;
}

/** The connections of the instance whose sign-ins are watched, by name in pg_stat_activity. */
const SIGNING_IN = 'sign-in-under-test';

describe.runIf(TEST_DATABASE_URL)('password hashing and transactions on PostgreSQL', () => {
  it('never runs while the sign-in holds a transaction open', async () => {
    const observer = await database.connect();
    const lockHeld: boolean[] = [];
    const observed: PasswordHasher = {
      async verify(password, salt, stored) {
        lockHeld.push(await inTransaction(observer, SIGNING_IN));
        return directPasswords.verify(password, salt, stored);
      },
      derive: directPasswords.derive,
      spend: directPasswords.spend,
    };
    const url = new URL(String(database.url));
    url.searchParams.set('application_name', SIGNING_IN);
    const thirdSql = await openPostgres(url.toString());
    const third = await createBackend({ sql: thirdSql, passwords: observed });
    try {
      await signIn(third, 'superadmin');
      await signIn(third, 'globex');
      expect(lockHeld).toEqual([false, false]);
    } finally {
      await third.close();
      await thirdSql.close();
    }
  });
});

describe(`the start-up repair's password on ${BACKEND_NAME}`, () => {
  it('hashes the password of a missing demo account with no transaction open, and the account signs in again', async () => {
    await database.sql.query(`DELETE FROM users WHERE username_lower = 'user'`);
    const url = TEST_DATABASE_URL ? new URL(String(database.url)) : null;
    url?.searchParams.set('application_name', REPAIRING);
    const observer = url ? await database.connect() : null;
    /** Per hash: whether a connection of the repairing instance was inside a transaction (PostgreSQL only). */
    const transactionOpen: (boolean | null)[] = [];
    const observed: PasswordHasher = {
      ...directPasswords,
      async derive(password) {
        transactionOpen.push(observer ? await inTransaction(observer, REPAIRING) : null);
        return directPasswords.derive(password);
      },
    };
    const repairingSql = url ? await openPostgres(url.toString()) : database.sql;
    const repairing = await createBackend({ sql: repairingSql, passwords: observed });
    try {
      expect(transactionOpen).toEqual([TEST_DATABASE_URL ? false : null]);
      const answer = await call(repairing, '/api/UserLogin', {
        method: 'POST',
        headers: { key: 'service-unit-admin-demo-key' },
        body: { params: { username: 'user', password: DEMO_PASSWORD } },
      });
      expect(answer.status).toBe(200);
    } finally {
      await repairing.close();
      if (url) await repairingSql.close();
    }
  });
});

/** The connections of the instance whose start-up repair is watched. */
const REPAIRING = 'repair-under-test';
