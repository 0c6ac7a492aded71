import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backend } from './backend';
import type { Sql } from './db/sql';
import { call, createUnit, jsonOf, signIn, unitInput, type UnitView } from './test-support/api';
import { TEST_DATABASE_URL, type TestDatabase } from './test-support/database';
import { openTwoInstances, TWO_INSTANCES_SETUP_MS, type TwoInstances } from './test-support/two-instances';

/*
 * Writes take no lock but the rows they change, on one instance and across two on one PostgreSQL database
 * (server/db/store.ts writing: serializable transactions, run again when they collided). Real
 * concurrent transactions on a real PostgreSQL: PGlite runs one transaction at a time.
 */

let pair: TwoInstances | undefined;
let database: TestDatabase;
let first: Backend;
let second: Backend;
let token: string;
/** How far both instances' clock is ahead of the real one (heartbeat windows passing without waiting for them). */
let skewMs = 0;

/** A unit.offline event as a reader gets it. */
interface OfflineEvent {
  subjectId: string;
  data: { unit: UnitView & { status: string } };
}

/**
 * A raw SQL transaction of its own (its pool closes with the database) holding a unit's row lock until
 * `release`; resolves once the lock is taken. `transaction` settles when it has ended.
 */
async function holdUnitRow(unitId: string | undefined): Promise<{ release: () => void; transaction: Promise<void> }> {
  const dba: Sql = await database.connect();
  let release: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (release = resolve));
  let held: () => void = () => undefined;
  const lockTaken = new Promise<void>((resolve) => (held = resolve));
  const transaction = dba.transaction(async (tx) => {
    await tx.query('SELECT id FROM service_units WHERE id = $1 FOR UPDATE', [unitId]);
    held();
    await holding;
  });
  await lockTaken;
  return { release, transaction };
}

describe.runIf(TEST_DATABASE_URL)('writes without a cluster-wide lock on PostgreSQL', () => {
  beforeAll(async () => {
    pair = await openTwoInstances({ now: () => Date.now() + skewMs });
    ({ database, first, second, token } = pair);
  }, TWO_INSTANCES_SETUP_MS);

  afterAll(() => pair?.close());

  it('answer a write to one unit while another unit’s row is locked and a write to it waits, on either instance', async () => {
    const locked = jsonOf<UnitView>(await createUnit(first, token, 'Locked by a DBA'));
    const free = jsonOf<UnitView>(await createUnit(first, token, 'Free to change'));
    // A raw SQL transaction (a DBA's, a report's) holds the locked unit's row.
    const { release, transaction } = await holdUnitRow(locked.id);
    try {
      // A rename of the locked unit waits for that row...
      const stuck = call(first, `/api/service-units/${locked.id}`, { method: 'PUT', token, body: unitInput('Renamed while locked') });
      let answered = false;
      void stuck.then(() => (answered = true));
      // ...and renames of another unit, on this instance and on the other, answer meanwhile.
      const here = await call(first, `/api/service-units/${free.id}`, { method: 'PUT', token, body: unitInput('Renamed here') });
      const there = await call(second, `/api/service-units/${free.id}`, { method: 'PUT', token, body: unitInput('Renamed there') });
      expect([here.status, there.status]).toEqual([200, 200]);
      const created = await call(second, '/api/service-units', { method: 'POST', token, body: unitInput('Created meanwhile') });
      expect(created.status).toBe(201);
      // It did wait: the answers above came while it could not.
      expect(answered).toBe(false);
      release();
      await transaction;
      // Once the row is free, the waiting rename is stored too.
      expect((await stuck).status).toBe(200);
      const unit = jsonOf<UnitView>(await call(second, `/api/service-units/${locked.id}`, { token }));
      expect(unit.name).toBe('Renamed while locked');
    } finally {
      release();
      await transaction.catch(() => undefined);
    }
  });

  it('create one unit and refuse the other when the same name is created at once on two instances', async () => {
    for (let round = 0; round < 5; round += 1) {
      const name = `Same name ${round}`;
      const answers = await Promise.all([
        call(first, '/api/service-units', { method: 'POST', token, body: unitInput(name) }),
        call(second, '/api/service-units', { method: 'POST', token, body: unitInput(name) }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.status === 409);
      expect(refused && jsonOf<{ errors?: Record<string, string> }>(refused).errors).toEqual({ name: 'duplicateName' });
      const listed = jsonOf<{ items: UnitView[] }>(await call(first, `/api/service-units?search=${encodeURIComponent(name)}`, { token }));
      expect(listed.items.filter((unit) => unit.name === name)).toHaveLength(1);
    }
  });

  it('invite one account and refuse the other when the same username or e-mail is invited at once on two instances', async () => {
    const admin = await signIn(first, 'superadmin');
    const organizationId = jsonOf<{ organization: { id: string } }>(await call(first, '/api/me', { token: admin })).organization.id;
    const invite = (backend: Backend, username: string, email: string) =>
      call(backend, '/api/users', {
        method: 'POST',
        token: admin,
        body: { fullName: `Racer ${username}`, username, email, phone: '', roleId: 4, organizationId },
      });
    for (let round = 0; round < 3; round += 1) {
      // The same username in other case, or the same e-mail: the database keeps either to one account.
      const [one, other] =
        round === 2
          ? [
              invite(first, `mail-a-${round}`, `racer${round}@acme.example`),
              invite(second, `mail-b-${round}`, `RACER${round}@acme.example`),
            ]
          : [invite(first, `racer-${round}`, `a${round}@acme.example`), invite(second, `RACER-${round}`, `b${round}@acme.example`)];
      const answers = await Promise.all([one, other]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.status === 409);
      expect(refused && jsonOf<{ errors?: Record<string, string> }>(refused).errors).toEqual(
        round === 2 ? { email: 'duplicateEmail' } : { username: 'duplicateUsername' },
      );
    }
  });
  it('store one rule and refuse the other when the same URL or process rule is created at once on two instances', async () => {
    const [one, other] = [
      jsonOf<UnitView>(await createUnit(first, token, 'Rules racer A')),
      jsonOf<UnitView>(await createUnit(second, token, 'Rules racer B')),
    ];
    const urlRule = (backend: Backend, pattern: string, unitIds: string[] | null) =>
      call(backend, '/api/url-restrictions', {
        method: 'POST',
        token,
        body: {
          pattern,
          matchType: 'domain',
          action: 'block',
          scope: unitIds ? { kind: 'units', unitIds } : { kind: 'all' },
          reason: 'Race',
        },
      });
    for (let round = 0; round < 3; round += 1) {
      // The same rule in other case, for all units or for the same units in another order: the database keeps one.
      const units = round === 0 ? null : [String(one.id), String(other.id)];
      const answers = await Promise.all([
        urlRule(first, `race-${round}.example`, units),
        urlRule(second, `RACE-${round}.example`, units && [...units].reverse()),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.status === 409);
      expect(refused && jsonOf<{ errors?: Record<string, string> }>(refused).errors).toEqual({ pattern: 'duplicateRule' });
    }
    const processRule = (backend: Backend, pattern: string) =>
      call(backend, `/api/service-units/${one.id}/process-rules`, {
        method: 'POST',
        token,
        body: { pattern, action: 'block', comment: 'Race' },
      });
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([processRule(first, `racer-${round}.exe`), processRule(second, `RACER-${round}.exe`)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
      const refused = answers.find((answer) => answer.status === 422);
      expect(refused && jsonOf<{ errors?: Record<string, string> }>(refused).errors).toEqual({ pattern: 'duplicate' });
    }
    const stored = await database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM url_rules WHERE lower(pattern) LIKE 'race-%' UNION ALL SELECT count(*)::int FROM process_rules WHERE lower(pattern) LIKE 'racer-%'",
    );
    expect(stored.rows.map((row) => Number(row.n))).toEqual([3, 3]);
  });
  it('answer 409 duplicateRule from the schema itself when the rules do not see the same rule', async () => {
    const [one, other] = [
      jsonOf<UnitView>(await createUnit(first, token, 'Key kept A')),
      jsonOf<UnitView>(await createUnit(first, token, 'Key kept B')),
    ];
    const create = (backend: Backend) =>
      call(backend, '/api/url-restrictions', {
        method: 'POST',
        token,
        body: { pattern: 'key-kept.example', matchType: 'domain', action: 'block', scope: { kind: 'units', unitIds: [one.id, other.id] } },
      });
    const kept = await create(first);
    expect(kept.status).toBe(201);
    // A DBA takes a unit out of the rule: the rules now see it for one unit, its key in the schema is still both.
    await database.sql.query('DELETE FROM url_rule_units WHERE rule_id = $1 AND unit_id = $2', [jsonOf<{ id: string }>(kept).id, other.id]);

    const refused = await create(second);
    expect(refused.status).toBe(409);
    expect(jsonOf<{ errors?: Record<string, string> }>(refused).errors).toEqual({ pattern: 'duplicateRule' });
  });

  it('announce each unit that went quiet offline once when both instances sweep at once', async () => {
    const quiet = await Promise.all(
      ['Quiet A', 'Quiet B', 'Quiet C'].map(async (name) => jsonOf<UnitView>(await createUnit(first, token, name))),
    );
    // Every unit's window (4 min without an agent, 90 s with one) has passed: each is the sweep's.
    skewMs += 5 * 60_000;
    const admin = await signIn(first, 'superadmin');
    const mark = jsonOf<{ lastId: string }>(await call(first, '/api/events/recent', { token: admin })).lastId;
    // A DBA's transaction holds one quiet unit's row, so both sweeps are under way together, each waiting for a row.
    const { release, transaction } = await holdUnitRow(quiet[1]?.id);
    let swept: number[];
    try {
      const sweeps = Promise.all([first.sweepStatuses(), second.sweepStatuses()]);
      await vi.waitFor(
        async () => {
          const { rows } = await database.sql.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          expect(Number(rows[0]?.n)).toBe(2);
        },
        { timeout: 10_000, interval: 20 },
      );
      release();
      await transaction;
      swept = await sweeps;
    } finally {
      release();
      await transaction.catch(() => undefined);
    }
    // What a reader of the live events sees: every change once, the three new units among them.
    const total = swept.reduce((sum, n) => sum + n, 0);
    const offline: OfflineEvent[] = [];
    await vi.waitFor(
      async () => {
        const page = jsonOf<{ items: (OfflineEvent & { type: string })[] }>(
          await call(first, `/api/events/recent?after=${mark}&limit=500`, { token: admin }),
        );
        offline.splice(0, offline.length, ...page.items.filter((event) => event.type === 'unit.offline'));
        expect(offline.length).toBe(total);
      },
      { timeout: 10_000, interval: 50 },
    );
    const announced = offline.map((event) => event.subjectId);
    expect(new Set(announced).size).toBe(announced.length);
    const ids = quiet.map((unit) => unit.id);
    expect(offline.filter((event) => ids.includes(event.subjectId)).map((event) => event.data.unit.status)).toEqual(
      ids.map(() => 'offline'),
    );
    // A sweep after them finds nothing left to announce.
    expect(await second.sweepStatuses()).toBe(0);
  });
});
