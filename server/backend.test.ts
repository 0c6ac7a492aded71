import { createBackend, type Backend } from './backend';
import { migrate } from './db/migrate';
import type { Sql } from './db/sql';
import { call, createUnit, jsonOf, listUnits, signIn, storedUnitCount, unitInput, type UnitView } from './test-support/api';
import { BACKEND_NAME, createDurableTestDatabase, createTestDatabase, type TestDatabase } from './test-support/database';

/*
 * The server's backend over a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): what a caller
 * sees when requests race, when two instances share one database, after a restart, and when a commit fails.
 * Each file starts from an empty database (server/test-support/database.ts).
 */

/** Seeding the demo data takes seconds on PGlite on a shared CPU: a guard against a hang, not a timing assertion. */
const SETUP_TIMEOUT_MS = 120_000;

let database: TestDatabase;
let backend: Backend;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  backend = await createBackend({ sql: database.sql });
  token = await signIn(backend);
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await backend?.close();
  await database?.drop();
});

describe(`idempotent creates on ${BACKEND_NAME}`, () => {
  it('stores 50 rows for 50 parallel creates with distinct Idempotency-Keys', async () => {
    const before = await storedUnitCount(database.sql);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createUnit(backend, token, `Distinct ${i}`, `distinct-key-${i}`)),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(50).fill(201));
    const ids = answers.map((answer) => jsonOf<UnitView>(answer).id);
    expect(new Set(ids).size).toBe(50);
    expect(await storedUnitCount(database.sql)).toBe(before + 50);
    const listed = await listUnits(backend, token, 'Distinct ');
    expect(listed.total).toBe(50);
    expect(listed.items.map((unit) => unit.id).sort()).toEqual([...ids].sort());
  });

  it('stores 1 row for 50 parallel creates with the same Idempotency-Key, and every answer carries its id', async () => {
    const before = await storedUnitCount(database.sql);
    const answers = await Promise.all(Array.from({ length: 50 }, () => createUnit(backend, token, 'Same key', 'one-key-for-all')));

    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(50).fill(201));
    const ids = new Set(answers.map((answer) => jsonOf<UnitView>(answer).id));
    expect(ids.size).toBe(1);
    // One answer did the create; the other 49 replayed it.
    expect(answers.filter((answer) => answer.headers['Idempotent-Replayed'] === 'true')).toHaveLength(49);
    expect(await storedUnitCount(database.sql)).toBe(before + 1);
    const listed = await listUnits(backend, token, 'Same key');
    expect(listed.items.map((unit) => unit.id)).toEqual([...ids]);
  });
});

describe(`two backends on one ${BACKEND_NAME} database`, () => {
  let other: Backend;
  let otherSql: Sql;

  beforeAll(async () => {
    // PostgreSQL: a second pool, as a second server process has. PGlite lives in one process, so the
    // second backend shares its instance.
    otherSql = await database.connect();
    other = await createBackend({ sql: otherSql });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await other?.close();
  });

  it('starts from the stored rows instead of seeding again', () => {
    expect(other.seeded).toBe(false);
  });

  it('shares sign-ins, a create, its events and a delete through PostgreSQL', async () => {
    expect(await signIn(other, 'user')).toBeTruthy();
    const start = jsonOf<{ lastId: string }>(await call(other, '/api/events/recent', { token })).lastId;
    const created = await createUnit(backend, token, 'Kept only in PostgreSQL');
    const { id } = jsonOf<UnitView>(created);
    expect((await call(other, `/api/service-units/${id}`, { token, method: 'DELETE' })).status).toBeLessThan(300);
    // The other process reads both events from PostgreSQL, numbered in commit order (once no transaction
    // that began before theirs runs: other tests' too, on a shared PostgreSQL server).
    const ofUnit = await vi.waitFor(
      async () => {
        const page = jsonOf<{ items: { id: string; type: string; subjectId: string }[] }>(
          await call(other, `/api/events/recent?after=${start}`, { token }),
        );
        const events = page.items.filter((event) => event.subjectId === id);
        expect(events.map((event) => event.type)).toEqual(['unit.created', 'unit.deleted']);
        return events;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(Number(ofUnit[1]?.id)).toBeGreaterThan(Number(ofUnit[0]?.id));
  });

  it('accepts on one backend a sign-in made on the other', async () => {
    const tokenOfFirst = await signIn(backend, 'user');
    const me = await call(other, '/api/me', { token: tokenOfFirst });
    expect(me.status).toBe(200);
    expect(jsonOf<{ email: string }>(me).email).toMatch(/^user@/);

    const tokenOfOther = await signIn(other, 'operator');
    const meOnFirst = await call(backend, '/api/me', { token: tokenOfOther });
    expect(meOnFirst.status).toBe(200);
    expect(jsonOf<{ email: string }>(meOnFirst).email).toMatch(/^operator@/);
  });

  it('lists on one backend a unit created on the other', async () => {
    const created = await createUnit(backend, token, 'Made on the first');
    expect(created.status).toBe(201);
    const { id } = jsonOf<UnitView>(created);

    const listed = await listUnits(other, token, 'Made on the first');
    expect(listed.items.map((unit) => unit.id)).toEqual([id]);
    const read = await call(other, `/api/service-units/${id}`, { token });
    expect(read.status).toBe(200);
    expect(jsonOf<UnitView>(read).name).toBe('Made on the first');
  });

  it('never reuses an id when creates alternate between the two, one after another', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const answer = await createUnit(i % 2 === 0 ? backend : other, token, `Alternating ${i}`);
      expect(answer.status).toBe(201);
      ids.push(jsonOf<UnitView>(answer).id);
    }
    expect(new Set(ids).size).toBe(10);
    expect((await listUnits(backend, token, 'Alternating ')).total).toBe(10);
    expect((await listUnits(other, token, 'Alternating ')).total).toBe(10);
  });

  it('never reuses an id when creates alternate between the two in parallel', async () => {
    const before = await storedUnitCount(database.sql);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createUnit(i % 2 === 0 ? backend : other, token, `Racing ${i}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(201));
    const ids = answers.map((answer) => jsonOf<UnitView>(answer).id);
    expect(new Set(ids).size).toBe(20);
    expect(await storedUnitCount(database.sql)).toBe(before + 20);
    for (const instance of [backend, other]) {
      const listed = await listUnits(instance, token, 'Racing ');
      expect(listed.items.map((unit) => unit.id).sort()).toEqual([...ids].sort());
    }
  });

  it('shows a delete made on one backend on the other', async () => {
    const created = jsonOf<UnitView>(await createUnit(other, token, 'Deleted on the first'));
    expect((await listUnits(backend, token, 'Deleted on the first')).total).toBe(1);

    const deleted = await call(backend, `/api/service-units/${created.id}`, { method: 'DELETE', token });
    expect(deleted.status).toBeLessThan(300);
    expect((await call(other, `/api/service-units/${created.id}`, { token })).status).toBe(404);
    expect((await listUnits(other, token, 'Deleted on the first')).total).toBe(0);
  });
});

describe(`a failed commit on ${BACKEND_NAME}`, () => {
  /** The audit entries and idempotent answers stored. */
  const storedTrail = async () => {
    const { rows } = await database.sql.query<{ audit: number; keys: number }>(
      'SELECT (SELECT count(*)::int FROM audit_log) AS audit, (SELECT count(*)::int FROM idempotency_keys) AS keys',
    );
    return rows[0];
  };

  // A real failure of the database, no mock: a trigger fails the INSERT of a unit of this name (an error that
  // is no constraint's), so the request's transaction rolls back (its audit entry and idempotency key with it).
  const refuseNewUnits = () =>
    database.sql.exec(`CREATE FUNCTION refuse_new_units() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = 'Never stored' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_new_units BEFORE INSERT ON service_units FOR EACH ROW EXECUTE FUNCTION refuse_new_units();`);
  const acceptNewUnits = () =>
    database.sql.exec('DROP TRIGGER IF EXISTS refuse_new_units ON service_units; DROP FUNCTION IF EXISTS refuse_new_units();');

  afterEach(acceptNewUnits);

  it('answers 503 in the error shape and leaves nothing changed', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storedBefore = await storedUnitCount(database.sql);
    const trailBefore = await storedTrail();
    await refuseNewUnits();

    const refused = await createUnit(backend, token, 'Never stored', 'key-of-a-failed-create');

    expect(refused.status).toBe(503);
    expect(refused.headers['Content-Type']).toBe('application/json');
    expect(jsonOf(refused)).toEqual({
      message: 'The change could not be stored. Nothing was changed; please try again.',
      code: 'notStored',
    });
    expect(logged).toHaveBeenCalledWith('A change could not be stored', expect.anything());
    // Not the unit, not its audit entry, not its idempotency key.
    expect(await storedTrail()).toEqual(trailBefore);
    expect(await storedUnitCount(database.sql)).toBe(storedBefore);
    expect((await listUnits(backend, token, 'Never stored')).total).toBe(0);

    // Once the database accepts it again, the same key creates the unit: the failed answer was not kept.
    await acceptNewUnits();
    const retried = await createUnit(backend, token, 'Never stored', 'key-of-a-failed-create');
    expect(retried.status).toBe(201);
    expect(retried.headers['Idempotent-Replayed']).toBeUndefined();
    expect(await storedUnitCount(database.sql)).toBe(storedBefore + 1);
    expect((await listUnits(backend, token, 'Never stored')).total).toBe(1);
  });
});

describe(`a constraint's refusal on ${BACKEND_NAME}`, () => {
  // Constraints the rules do not check (added here, NOT VALID: the units stored before stay), so a create that
  // passes the rules is refused by PostgreSQL itself, as a rule's gap or a race would be.
  const constraints = {
    check: "ADD CONSTRAINT service_units_location_check CHECK (location <> 'Atlantis') NOT VALID",
    unnamed: "ADD CONSTRAINT refuse_this_name CHECK (name <> 'Refused by name') NOT VALID",
    foreignKey: 'ADD CONSTRAINT service_units_location_fk FOREIGN KEY (location) REFERENCES organizations (id) NOT VALID',
  };
  const add = (constraint: keyof typeof constraints) => database.sql.exec(`ALTER TABLE service_units ${constraints[constraint]}`);
  afterEach(() =>
    database.sql.exec(
      'ALTER TABLE service_units DROP CONSTRAINT IF EXISTS service_units_location_check, DROP CONSTRAINT IF EXISTS refuse_this_name, DROP CONSTRAINT IF EXISTS service_units_location_fk',
    ),
  );
  const create = (name: string, location: string, key: string) =>
    call(backend, '/api/service-units', {
      method: 'POST',
      token,
      headers: { 'idempotency-key': key },
      body: { ...unitInput(name), location },
    });

  it('answers a CHECK violation 422 with the field its name tells, in the error shape, and stores nothing', async () => {
    const before = await storedUnitCount(database.sql);
    await add('check');

    const refused = await create('Sunken', 'Atlantis', 'key-of-a-checked-create');

    expect(refused.status).toBe(422);
    expect(refused.headers['Content-Type']).toBe('application/json');
    expect(jsonOf(refused)).toEqual({ message: 'Validation failed', errors: { location: 'invalid' } });
    expect(await storedUnitCount(database.sql)).toBe(before);
    // The refusal was not kept as the key's answer: with the value changed, the same key creates.
    expect((await create('Sunken', 'Lab', 'key-of-a-checked-create')).status).toBe(201);
  });

  it('answers a CHECK violation whose name tells no field 422 with the code invalid', async () => {
    await add('unnamed');

    const refused = await create('Refused by name', 'Lab', 'key-of-an-unnamed-check');

    expect(refused.status).toBe(422);
    expect(jsonOf(refused)).toEqual({ message: 'Validation failed', code: 'invalid' });
    expect((await listUnits(backend, token, 'Refused by name')).total).toBe(0);
  });

  it('answers a FOREIGN KEY violation 409 referenceGone with the field, and stores nothing', async () => {
    const before = await storedUnitCount(database.sql);
    await add('foreignKey');

    const refused = await create('Nowhere', 'No such place', 'key-of-a-referring-create');

    expect(refused.status).toBe(409);
    expect(jsonOf(refused)).toEqual({
      message: 'A record this change refers to no longer exists.',
      code: 'referenceGone',
      errors: { location: 'notFound' },
    });
    expect(await storedUnitCount(database.sql)).toBe(before);
  });
});

describe(`a restart on ${BACKEND_NAME}`, () => {
  it(
    'keeps an acknowledged write, and the sessions signed in before it',
    async () => {
      const durable = await createDurableTestDatabase();
      try {
        let sql = await durable.open();
        expect(await migrate(sql)).toContain('001_rows.sql');
        let first: Backend | null = await createBackend({ sql });
        const tokenBefore = await signIn(first);
        const created = await createUnit(first, tokenBefore, 'Survives a restart');
        expect(created.status).toBe(201);
        const { id } = jsonOf<UnitView>(created);
        const stored = await storedUnitCount(sql);
        await first.close();
        first = null;
        await sql.close();

        sql = await durable.open();
        try {
          expect(await migrate(sql)).toEqual([]);
          const restarted = await createBackend({ sql });
          try {
            expect(restarted.seeded).toBe(false);
            expect(await storedUnitCount(sql)).toBe(stored);
            const listed = await listUnits(restarted, tokenBefore, 'Survives a restart');
            expect(listed.items.map((unit) => unit.id)).toEqual([id]);
            // New creates after the restart do not take the stored unit's id.
            const next = await createUnit(restarted, tokenBefore, 'After the restart');
            expect(next.status).toBe(201);
            expect(jsonOf<UnitView>(next).id).not.toBe(id);
          } finally {
            await restarted.close();
          }
        } finally {
          await sql.close();
        }
      } finally {
        await durable.drop();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});

describe(`a close on ${BACKEND_NAME}`, () => {
  it(
    'waits for the requests still being answered, so the pool can be ended right after it',
    async () => {
      const durable = await createDurableTestDatabase();
      try {
        const sql = await durable.open();
        await migrate(sql);
        const closing = await createBackend({ sql });
        const token = await signIn(closing);
        // Which requests the backend had answered (its handle resolved) when the close resolved.
        const settled: string[] = [];
        const observed = {
          ...closing,
          handle: (request: Request) => closing.handle(request).then((answer) => (settled.push(new URL(request.url).pathname), answer)),
        };
        const answers = [
          call(observed, '/api/service-units?pageSize=100', { token }),
          call(observed, '/api/organizations', { token }),
          createUnit(observed, token, 'Stored before the close'),
        ];
        await closing.close();
        // Every request had its answer before the close resolved: none is left to query an ended pool.
        expect(settled.sort()).toEqual(['/api/organizations', '/api/service-units', '/api/service-units']);
        await sql.close();
        expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([200, 200, 201]);
        const reopened = await durable.open();
        try {
          const { rows } = await reopened.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM service_units WHERE name = 'Stored before the close'`,
          );
          expect(Number(rows[0]?.n)).toBe(1);
        } finally {
          await reopened.close();
        }
      } finally {
        await durable.drop();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
