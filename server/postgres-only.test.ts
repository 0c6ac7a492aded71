import { recordAudit } from '../api/audit';
import type { Backend } from './backend';
import type { Queryable } from './db/sql';
import { APP_KEY, call, createUnit, DEMO_PASSWORD, jsonOf, signIn, storedUnitCount, unitInput, type UnitView } from './test-support/api';
import { BACKEND_NAME, type TestDatabase } from './test-support/database';
import { openTwoInstances, TWO_INSTANCES_SETUP_MS, type TwoInstances } from './test-support/two-instances';

/*
 * Screenshots, their images, the audit log, the processes, the rules, the demo apps' records, the agents' commands,
 * the capture requests, the sign-ins' tokens, the idempotent creates' answers, the organizations, the accounts and
 * the units live in PostgreSQL only (the server keeps no record in memory): what one instance writes, the other
 * reads from the database, through the collection's repository (server/db/*). On PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */

interface Shot {
  id: string;
  serviceUnitId: string;
  note: string;
  flagged: boolean;
}
interface Page {
  items: Shot[];
  total: number;
}

let pair: TwoInstances | undefined;
let database: TestDatabase;
let first: Backend;
let second: Backend;
let token: string;
/** Both instances' clock: the time, unless a test holds it at one instant (null: not held). */
let heldAt: number | null = null;

/** Screenshots stored in PostgreSQL (live rows), optionally of one unit. */
async function storedShots(sql: Queryable, unitId?: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM screenshots WHERE $1::text IS NULL OR service_unit_id = $1',
    [unitId ?? null],
  );
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  pair = await openTwoInstances({ now: () => heldAt ?? Date.now() });
  ({ database, first, second, token } = pair);
}, TWO_INSTANCES_SETUP_MS);

afterAll(() => pair?.close());

describe(`screenshots on ${BACKEND_NAME}`, () => {
  it('are stored in the database, and every instance lists, counts and shows the newest from it', async () => {
    expect(first.seeded).toBe(true);
    expect(await storedShots(database.sql)).toBeGreaterThan(100);

    for (const instance of [first, second]) {
      const page = jsonOf<Page>(await call(instance, '/api/screenshots?pageSize=5', { token }));
      expect(page.items).toHaveLength(5);
      expect(page.total).toBeGreaterThan(5);
      const latest = jsonOf<{ items: Shot[] }>(await call(instance, '/api/dashboard/latest-screenshots?limit=5', { token }));
      // The dashboard's newest are the list's first page (newest first, ties by id).
      expect(latest.items.map((shot) => shot.id)).toEqual(page.items.map((shot) => shot.id));
      const summary = jsonOf<{ screenshotsToday: number }>(await call(instance, '/api/dashboard/summary', { token }));
      // The seed gives every unit one screenshot from the last hour.
      expect(summary.screenshotsToday).toBeGreaterThan(0);
    }
  });

  it('shows on one instance a note written on the other, and a delete made there', async () => {
    const [shot, other] = jsonOf<Page>(await call(first, '/api/screenshots?pageSize=2', { token })).items as [Shot, Shot];

    const noted = await call(first, `/api/screenshots/${shot.id}`, {
      method: 'PATCH',
      token,
      body: { flagged: true, note: 'Seen on both' },
    });
    expect(noted.status).toBe(200);
    const read = jsonOf<Shot>(await call(second, `/api/screenshots/${shot.id}`, { token }));
    expect(read).toMatchObject({ flagged: true, note: 'Seen on both' });

    expect((await call(second, `/api/screenshots/${shot.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await call(first, `/api/screenshots/${shot.id}`, { token })).status).toBe(404);
    const bulk = await call(first, '/api/screenshots/bulk-delete', { method: 'POST', token, body: { ids: [other.id, shot.id] } });
    expect(jsonOf(bulk)).toEqual({ deleted: 1, notFound: 1, refused: 0 });
    expect((await call(second, `/api/screenshots/${other.id}`, { token })).status).toBe(404);
  });

  it('go with their unit when it is deleted', async () => {
    const [shot] = jsonOf<Page>(await call(first, '/api/screenshots?pageSize=1', { token })).items as [Shot];
    const unitId = shot.serviceUnitId;
    expect(await storedShots(database.sql, unitId)).toBeGreaterThan(0);

    expect((await call(second, `/api/service-units/${unitId}`, { method: 'DELETE', token })).status).toBe(204);

    expect(await storedShots(database.sql, unitId)).toBe(0);
    for (const instance of [first, second]) {
      const page = jsonOf<Page>(await call(instance, `/api/screenshots?unitId=${unitId}`, { token }));
      expect(page.total).toBe(0);
      expect((await call(instance, `/api/screenshots/${shot.id}`, { token })).status).toBe(404);
    }
  });

  it('keep a unit of work’s write when a unit of work committed beside it fails, and drop the failed one’s', async () => {
    const [kept, dropped] = jsonOf<Page>(await call(first, '/api/screenshots?pageSize=2', { token })).items as [Shot, Shot];
    // Three units of work in flight at once, each in a transaction of its own. Any of them may end first,
    // so all outcomes are awaited together (a rejection nobody awaits yet is an unhandled one).
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const blocker = first.transact(() => gate);
    const succeeding = first.transact(({ screenshots }) => screenshots.update(kept.id, { note: 'Committed' }));
    const failing = first.transact(async ({ screenshots }) => {
      await screenshots.update(dropped.id, { note: 'Rolled back' });
      throw new Error('This unit of work fails after its write');
    });
    release();

    await Promise.all([
      blocker,
      expect(succeeding).resolves.toMatchObject({ note: 'Committed' }),
      expect(failing).rejects.toThrow('fails after its write'),
    ]);
    for (const instance of [first, second]) {
      expect(jsonOf<Shot>(await call(instance, `/api/screenshots/${kept.id}`, { token })).note).toBe('Committed');
      expect(jsonOf<Shot>(await call(instance, `/api/screenshots/${dropped.id}`, { token })).note).toBe(dropped.note);
    }
  });

  it('refuse a write made outside a unit of work (nothing would commit it)', async () => {
    const [shot] = jsonOf<Page>(await call(first, '/api/screenshots?pageSize=1', { token })).items as [Shot];
    await expect(first.repositories.screenshots.update(shot.id, { note: 'Nowhere' })).rejects.toThrow('A write outside a unit of work');
  });
});

describe(`the audit log on ${BACKEND_NAME}`, () => {
  const entry = (recordId: string) => ({
    actor: { id: '1', roleId: 1 as const, fullName: 'Test' },
    organizationId: '1',
    resource: 'serviceUnit',
    action: 'checked',
    recordId,
    before: null,
    after: null,
  });
  const listed = async (instance: Backend, adminToken: string, recordId: string) =>
    jsonOf<{ total: number }>(await call(instance, `/api/audit-log?recordId=${recordId}`, { token: adminToken })).total;

  it('is stored in the database; an entry appended in a unit of work is listed by both instances, a failed unit’s is not', async () => {
    const adminToken = await signIn(first, 'admin');
    const log = (repositories: Backend['repositories']) => ({ events: repositories.events, audit: repositories.auditLog });
    const kept = first.transact((repositories, now) => recordAudit(log(repositories), now, entry('kept-entry')));
    const failed = first.transact((repositories, now) => {
      recordAudit(log(repositories), now, entry('dropped-entry'));
      throw new Error('This unit of work fails after appending');
    });
    // Both run at once: the failed one may end first, so both outcomes are awaited together.
    await Promise.all([kept, expect(failed).rejects.toThrow('fails after appending')]);

    for (const instance of [first, second]) {
      expect(await listed(instance, adminToken, 'kept-entry')).toBe(1);
      expect(await listed(instance, adminToken, 'dropped-entry')).toBe(0);
    }
  });
});

describe(`the processes on ${BACKEND_NAME}`, () => {
  const SYSTEM = {
    hostname: 'pg-only-host',
    platform: 'linux',
    osName: 'Debian 12',
    ipAddresses: ['10.0.0.7'],
    uptimeS: 60,
    agentVersion: '1.0.0',
  };
  const report = (pids: number[]) => ({
    processes: pids.map((pid) => ({ pid, name: `worker-${pid}`, user: 'svc', cpuPercent: pid / 10, memoryMb: 10, startedAt: null })),
  });
  const running = async (instance: Backend, unitId: string) =>
    jsonOf<{ items: { pid: number }[] }>(
      await call(instance, `/api/service-units/${unitId}/processes?sort=pid&order=asc`, { token }),
    ).items.map((process) => process.pid);

  it('are stored in the database; an agent’s report on one instance is what the other lists, and the next one ends what is gone', async () => {
    const enrolment = jsonOf<{ token: string }>(await call(first, '/api/agent-enrolments', { method: 'POST', token, body: {} }));
    const enrolled = await call(second, '/api/agent/enrol', { method: 'POST', body: { token: enrolment.token, system: SYSTEM } });
    expect(enrolled.status).toBe(201);
    const { unitId, credential } = jsonOf<{ unitId: string; credential: string }>(enrolled);
    const asAgent = (instance: Backend, body: unknown) =>
      call(instance, '/api/agent/processes', {
        method: 'PUT',
        body: { unitId, ...(body as object) },
        headers: { authorization: `Bearer ${credential}` },
      });

    expect(jsonOf(await asAgent(first, report([11, 12, 13])))).toEqual({ running: 3, started: 3, ended: 0 });
    expect(await running(second, unitId)).toEqual([11, 12, 13]);
    expect(jsonOf(await asAgent(second, report([12, 13, 14])))).toEqual({ running: 3, started: 1, ended: 1 });
    expect(await running(first, unitId)).toEqual([12, 13, 14]);

    const { rows } = await database.sql.query<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM processes WHERE service_unit_id = $1 GROUP BY 1 ORDER BY 1',
      [unitId],
    );
    expect(rows.map((row) => [row.state, Number(row.n)])).toEqual([
      ['ended', 1],
      ['running', 3],
    ]);
    // The unit goes, and its processes with it.
    expect((await call(first, `/api/service-units/${unitId}`, { method: 'DELETE', token })).status).toBe(204);
    const left = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM processes WHERE service_unit_id = $1', [unitId]);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it('counts the processes a rule ended today for the dashboard from the database', async () => {
    const endedByRule = `FROM processes p WHERE p.ended_reason = 'rule'
       AND EXISTS (SELECT 1 FROM service_units u WHERE u.id = p.service_unit_id
                   AND u.organization_id = (SELECT organization_id FROM users WHERE username = 'user'))`;
    // The instances' clock holds at the latest end by a rule: its day has one at least, whenever the test runs.
    const latest = await database.sql.query<{ at: number | null }>(
      `SELECT (extract(epoch FROM max(p.ended_at)) * 1000)::float8 AS at ${endedByRule}`,
    );
    const now = latest.rows[0]?.at;
    if (now === null || now === undefined) throw new Error('The seed has no process a rule ended');
    heldAt = now;
    try {
      // "Today" as the dashboard's: from the server's midnight.
      const today = new Date(now);
      today.setHours(0, 0, 0, 0);
      const { rows } = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n ${endedByRule} AND p.ended_at >= $1`, [
        today.toISOString(),
      ]);
      const expected = Number(rows[0]?.n);
      expect(expected).toBeGreaterThan(0);
      for (const instance of [first, second]) {
        const summary = jsonOf<{ processesBlockedToday: number }>(await call(instance, '/api/dashboard/summary', { token }));
        expect(summary.processesBlockedToday).toBe(expected);
      }
    } finally {
      heldAt = null;
    }
  });
});

describe(`the URL rules and process rules on ${BACKEND_NAME}`, () => {
  const SYSTEM = {
    hostname: 'pg-only-rules',
    platform: 'linux',
    osName: 'Debian 12',
    ipAddresses: ['10.0.0.8'],
    uptimeS: 60,
    agentVersion: '1.0.0',
  };
  interface Rule {
    id: string;
    pattern: string;
    enabled: boolean;
  }
  const storedRules = async (collection: 'urlRestrictions' | 'processRules', unitId?: string) => {
    const { rows } =
      collection === 'urlRestrictions'
        ? await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM url_rules')
        : await database.sql.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM process_rules WHERE $1::text IS NULL OR service_unit_id = $1',
            [unitId ?? null],
          );
    return Number(rows[0]?.n);
  };

  it('are stored in the database; a rule made on one instance is listed, counted and sent to an agent by the other', async () => {
    expect(await storedRules('urlRestrictions')).toBeGreaterThan(10);
    expect(await storedRules('processRules')).toBeGreaterThan(10);

    const enrolment = jsonOf<{ token: string }>(await call(first, '/api/agent-enrolments', { method: 'POST', token, body: {} }));
    const { unitId, credential } = jsonOf<{ unitId: string; credential: string }>(
      await call(second, '/api/agent/enrol', { method: 'POST', body: { token: enrolment.token, system: SYSTEM } }),
    );
    const config = async (instance: Backend) =>
      jsonOf<{ processRules: Rule[]; urlRules: Rule[] }>(
        await call(instance, '/api/agent/config', { headers: { authorization: `Bearer ${credential}` } }),
      );
    const before = await config(first);
    const active = async (instance: Backend) =>
      jsonOf<{ activeUrlRules: number }>(await call(instance, '/api/dashboard/summary', { token })).activeUrlRules;
    const activeBefore = await active(second);

    const urlRule = await call(first, '/api/url-restrictions', {
      method: 'POST',
      token,
      body: {
        pattern: 'only-this-unit.example',
        matchType: 'domain',
        action: 'block',
        scope: { kind: 'units', unitIds: [unitId] },
        reason: 'Both',
      },
    });
    expect(urlRule.status).toBe(201);
    const processRule = await call(second, `/api/service-units/${unitId}/process-rules`, {
      method: 'POST',
      token,
      body: { pattern: 'miner.exe', action: 'block', comment: 'Both' },
    });
    expect(processRule.status).toBe(201);
    const { id: urlRuleId } = jsonOf<Rule>(urlRule);

    // The same rule a second time is a duplicate on the other instance too.
    const again = await call(second, '/api/url-restrictions', {
      method: 'POST',
      token,
      body: { pattern: 'ONLY-this-unit.example', matchType: 'domain', action: 'allow', scope: { kind: 'units', unitIds: [unitId] } },
    });
    expect(again.status).toBe(409);
    expect(jsonOf<{ errors: Record<string, string> }>(again).errors).toEqual({ pattern: 'duplicateRule' });

    for (const instance of [first, second]) {
      const sent = await config(instance);
      expect(sent.urlRules.map((rule) => rule.id).sort()).toEqual([...before.urlRules.map((rule) => rule.id), urlRuleId].sort());
      expect(sent.processRules.map((rule) => rule.pattern)).toEqual(['miner.exe']);
      const listed = jsonOf<{ items: Rule[]; total: number }>(
        await call(instance, `/api/url-restrictions?search=only-this-unit&unit=${unitId}`, { token }),
      );
      expect(listed.items.map((rule) => rule.id)).toEqual([urlRuleId]);
      expect(await active(instance)).toBe(activeBefore + 1);
    }

    // The unit goes: its process rules with it, and the URL rule naming it forgets it.
    expect(await storedRules('processRules', unitId)).toBe(1);
    expect((await call(first, `/api/service-units/${unitId}`, { method: 'DELETE', token })).status).toBe(204);
    expect(await storedRules('processRules', unitId)).toBe(0);
    const kept = jsonOf<{ scope: { kind: string; unitIds: string[] } }>(
      await call(second, `/api/url-restrictions/${urlRuleId}`, { token }),
    );
    expect(kept.scope).toEqual({ kind: 'units', unitIds: [] });
  });
});

describe(`the to-do tasks on ${BACKEND_NAME}`, () => {
  interface Task {
    id: number;
    title: string;
    isCompleted: boolean;
  }
  const tasks = async (instance: Backend, filter = 'all') =>
    jsonOf<Task[]>(await call(instance, `/api/apps/todo/tasks?filter=${filter}`, { token }));

  it('are stored in the database; a task added and finished on one instance is what the other lists', async () => {
    const before = await tasks(second);
    expect(before.length).toBeGreaterThan(0);

    const created = await call(first, '/api/apps/todo/tasks', {
      method: 'POST',
      token,
      body: { task: { title: 'Stored once, read twice' } },
    });
    expect(created.status).toBe(201);
    const { id } = jsonOf<{ id: number }>(created);
    // Numbered per owner: one more than the owner's last.
    expect(id).toBe(Math.max(...before.map((task) => task.id)) + 1);
    expect((await tasks(second))[0]).toMatchObject({ id, title: 'Stored once, read twice', isCompleted: false });

    const done = await call(second, `/api/apps/todo/task/${id}`, { method: 'POST', token, body: { task: { isCompleted: true } } });
    expect(done.status).toBe(200);
    expect((await tasks(first, 'completed')).map((task) => task.id)).toContain(id);
    // Another account's list is its own.
    const other = await signIn(first, 'admin');
    const theirs = jsonOf<Task[]>(await call(second, '/api/apps/todo/tasks', { token: other }));
    expect(theirs.map((task) => task.title)).not.toContain('Stored once, read twice');
    const stored = await database.sql.query<{ done: boolean }>(
      `SELECT is_completed AS done FROM todo_tasks WHERE task_id = $1 AND title = 'Stored once, read twice'`,
      [id],
    );
    expect(stored.rows.map((row) => row.done)).toEqual([true]);
  });
});

describe(`the mailbox on ${BACKEND_NAME}`, () => {
  interface Mail {
    id: number;
    subject: string;
    mailFolder: string;
  }
  const storedMails = async (ownerId: string) => {
    const { rows } = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM emails WHERE owner_id = $1`, [ownerId]);
    return Number(rows[0]?.n);
  };
  const inbox = async (instance: Backend, as: string, filter = 'inbox') =>
    jsonOf<Mail[]>(await call(instance, `/api/apps/email/mails?filter=${filter}`, { token: as }));

  it('is stored in the database; a new account’s first read stores its mailbox, and a mail sent on one instance is read on the other', async () => {
    const registered = await call(first, '/api/UserProfile', {
      method: 'POST',
      headers: { key: APP_KEY },
      body: {
        fullName: 'Mara Mailbox',
        phoneNumber: '',
        email: 'mara@acme.example',
        password: 'correct-horse',
        rePassword: 'correct-horse',
      },
    });
    expect(registered.status).toBe(201);
    const signedIn = await call(second, '/api/UserLogin', {
      method: 'POST',
      headers: { key: APP_KEY },
      body: { params: { username: 'mara@acme.example', password: 'correct-horse' } },
    });
    const { accessToken: mara, user } = jsonOf<{ accessToken: string; user: { uid: string } }>(signedIn);
    expect(await storedMails(user.uid)).toBe(0);

    // A read, yet it must store the seeded mailbox first: it runs again as a write, and answers it.
    const firstRead = await inbox(second, mara);
    expect(firstRead.length).toBeGreaterThan(3);
    const stored = await storedMails(user.uid);
    expect(stored).toBeGreaterThan(firstRead.length - 1);
    expect((await inbox(first, mara)).map((mail) => mail.id)).toEqual(firstRead.map((mail) => mail.id));
    // Once only: a second read on either instance stores nothing more.
    await inbox(first, mara);
    expect(await storedMails(user.uid)).toBe(stored);
    const marks = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_mailboxes WHERE owner_id = $1`, [user.uid]);
    expect(Number(marks.rows[0]?.n)).toBe(1);

    const sent = await call(first, '/api/apps/email/compose', {
      method: 'POST',
      token: mara,
      body: { draft: false, to: ['maya.chen@northwind.example'], subject: 'Stored once', message: '<p>Read twice</p>' },
    });
    expect(sent.status).toBe(201);
    const { id } = jsonOf<{ id: number }>(sent);
    expect((await inbox(second, mara, 'sent')).find((mail) => mail.id === id)).toMatchObject({
      subject: 'Stored once',
      mailFolder: 'sent',
    });
    // Numbers are unique across mailboxes: larger than any other account's.
    const userMails = await inbox(first, token);
    expect(Math.max(...userMails.map((mail) => mail.id))).toBeLessThan(id);
    // Sent at once from two accounts on two instances: each gets a number of its own (the emails' primary key).
    const racing = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        call(i % 2 === 0 ? first : second, '/api/apps/email/compose', {
          method: 'POST',
          token: i % 3 === 0 ? token : mara,
          body: { draft: false, to: ['maya.chen@northwind.example'], subject: `Race ${i}`, message: '<p>At once</p>' },
        }),
      ),
    );
    expect(racing.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const numbers = racing.map((answer) => jsonOf<{ id: number }>(answer).id);
    expect(new Set(numbers).size).toBe(6);
    expect(Math.min(...numbers)).toBeGreaterThan(id);
  });
});

describe(`the agents' commands and capture requests on ${BACKEND_NAME}`, () => {
  const SYSTEM = {
    hostname: 'pg-only-capture',
    platform: 'linux',
    osName: 'Debian 12',
    ipAddresses: ['10.0.0.8'],
    uptimeS: 60,
    agentVersion: '1.0.0',
  };
  const PNG = 'iVBORw0KGgo=';
  const stored = async (collection: 'commands' | 'captureRequests', unitId: string) => {
    const { rows } = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${collection === 'commands' ? 'commands' : 'capture_requests'} WHERE service_unit_id = $1`,
      [unitId],
    );
    return Number(rows[0]?.n);
  };
  interface Capture {
    id: string;
    status: string;
    failureReason: string | null;
    commandId: string | null;
    screenshot: { id: string } | null;
  }

  it('are stored in the database; a capture asked on one instance is fetched, delivered and settled through the other', async () => {
    const enrolment = jsonOf<{ token: string }>(await call(first, '/api/agent-enrolments', { method: 'POST', token, body: {} }));
    const { unitId, credential } = jsonOf<{ unitId: string; credential: string }>(
      await call(second, '/api/agent/enrol', { method: 'POST', body: { token: enrolment.token, system: SYSTEM } }),
    );
    const agent = { authorization: `Bearer ${credential}` };
    const heartbeat = async (instance: Backend) =>
      jsonOf<{ pendingCommands: number }>(
        await call(instance, '/api/agent/heartbeat', { method: 'POST', headers: agent, body: { unitId, system: SYSTEM } }),
      ).pendingCommands;
    const capture = async (instance: Backend) =>
      jsonOf<Capture>(await call(instance, `/api/service-units/${unitId}/capture`, { method: 'POST', token }));
    const captureOn = async (instance: Backend, id: string) =>
      jsonOf<Capture>(await call(instance, `/api/capture-requests/${id}`, { token }));
    const fetchCommands = async (instance: Backend) =>
      jsonOf<{ items: { id: string; kind: string }[] }>(await call(instance, '/api/agent/commands', { headers: agent })).items;

    expect(await heartbeat(second)).toBe(0);
    const asked = await capture(first);
    expect(asked).toMatchObject({ status: 'pending', failureReason: null });
    expect(await heartbeat(second)).toBe(1);
    // The other instance hands the command out once: pending, then sent.
    expect(await fetchCommands(second)).toEqual([expect.objectContaining({ id: asked.commandId, kind: 'captureScreenshot' })]);
    expect(await fetchCommands(first)).toEqual([]);
    expect(jsonOf<{ status: string }>(await call(first, `/api/commands/${String(asked.commandId)}`, { token })).status).toBe('sent');

    const upload = await call(second, '/api/agent/screenshots', {
      method: 'POST',
      headers: agent,
      body: {
        unitId,
        commandId: asked.commandId,
        capturedAt: new Date().toISOString(),
        width: 1280,
        height: 800,
        activeWindowTitle: 'Terminal — Müller',
        processName: 'gnome-terminal',
        contentType: 'image/png',
        data: PNG,
      },
    });
    expect(upload.status).toBe(201);
    const result = await call(second, `/api/agent/commands/${String(asked.commandId)}/result`, {
      method: 'POST',
      headers: agent,
      body: { status: 'succeeded' },
    });
    expect(jsonOf<{ status: string }>(result).status).toBe('succeeded');
    const delivered = await captureOn(first, asked.id);
    expect(delivered).toMatchObject({ status: 'delivered', screenshot: { id: jsonOf<{ screenshotId: string }>(upload).screenshotId } });

    // A revocation on one instance fails what the agent was asked and never answered.
    const unanswered = await capture(second);
    expect((await call(first, `/api/service-units/${unitId}/agent`, { method: 'DELETE', token })).status).toBe(200);
    expect(await captureOn(second, unanswered.id)).toMatchObject({ status: 'failed', failureReason: 'agentRevoked' });
    expect(jsonOf<{ status: string }>(await call(second, `/api/commands/${String(unanswered.commandId)}`, { token })).status).toBe(
      'failed',
    );

    expect(await stored('commands', unitId)).toBe(2);
    expect(await stored('captureRequests', unitId)).toBe(2);
    // The unit goes, and its commands with it; its capture requests stay until the prune (answered `unitGone`).
    expect((await call(second, `/api/service-units/${unitId}`, { method: 'DELETE', token })).status).toBe(204);
    expect(await stored('commands', unitId)).toBe(0);
    expect(await stored('captureRequests', unitId)).toBe(2);
  });
});

describe(`the sign-ins' tokens on ${BACKEND_NAME}`, () => {
  const storedFamily = async (accessToken: string) => {
    const { rows } = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions WHERE session_key = (SELECT session_key FROM sessions WHERE access_token = $1)`,
      [accessToken],
    );
    return Number(rows[0]?.n);
  };
  const me = (backend: Backend, bearer: string) => call(backend, '/api/me', { token: bearer }).then((answer) => answer.status);
  const post = (backend: Backend, url: string, bearer: string | undefined, body: unknown = {}) =>
    call(backend, url, { method: 'POST', ...(bearer ? { token: bearer } : {}), body }).then((answer) => answer);

  it('are stored in the database; a sign-in, a refresh and a reused token on one instance hold on the other at once', async () => {
    const signedIn = await signIn(first, 'operator');
    expect(await me(second, signedIn)).toBe(200);
    expect(await storedFamily(signedIn)).toBe(1);

    const refreshed = await post(second, '/api/auth/refresh-token', undefined, { accessToken: signedIn });
    expect(refreshed.status).toBe(200);
    const next = jsonOf<{ accessToken: string }>(refreshed).accessToken;
    expect(await me(first, next)).toBe(200);
    expect(await me(first, signedIn)).toBe(401);
    // The retired token comes back on the first instance: the sign-in ends on both.
    expect((await post(first, '/api/auth/refresh-token', undefined, { accessToken: signedIn })).status).toBe(401);
    expect(await me(second, next)).toBe(401);
  });

  it('locks on one instance and unlocks on the other; a sign-out there removes the sign-in from the database', async () => {
    const signedIn = await signIn(first, 'operator');
    expect((await post(second, '/api/auth/lock', signedIn)).status).toBe(204);
    expect(await me(first, signedIn)).toBe(423);
    expect((await post(first, '/api/auth/unlock', signedIn, { password: 'wrong-password' })).status).toBe(422);
    expect((await post(first, '/api/auth/unlock', signedIn, { password: DEMO_PASSWORD })).status).toBe(200);
    expect(await me(second, signedIn)).toBe(200);
    expect((await post(second, '/api/auth/logout', signedIn)).status).toBe(204);
    expect(await me(first, signedIn)).toBe(401);
    expect(await storedFamily(signedIn)).toBe(0);
  });

  it('ends an account’s sign-ins on every instance when an administrator revokes them on one', async () => {
    const globex = await signIn(first, 'globex');
    const other = await signIn(second, 'globex');
    const superadmin = await signIn(second, 'superadmin');
    const globexId = String((await first.repositories.users.withLogin(['globex']))[0]?.id);
    const revoked = await post(second, `/api/users/${globexId}/revoke-sessions`, superadmin);
    expect(revoked.status).toBe(200);
    expect(jsonOf<{ revoked: number }>(revoked).revoked).toBeGreaterThanOrEqual(2);
    expect([await me(first, globex), await me(first, other)]).toEqual([401, 401]);
    expect(await me(first, superadmin)).toBe(200);
  });
});

describe(`the sign-in throttle's counters on ${BACKEND_NAME}`, () => {
  const attempt = (backend: Backend, username: string, password: string, address: string) =>
    call(backend, '/api/UserLogin', {
      method: 'POST',
      headers: { key: APP_KEY, 'x-client-address': address },
      body: { params: { username, password } },
    });

  it('are stored in the database; failures sent to two instances together count once each, and both refuse the sixth', async () => {
    // Attempts from several addresses: only the account's limit (5) is reached.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt(i % 2 === 0 ? first : second, 'admin', 'wrong-password', `192.0.2.${i + 1}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Even the right password waits now, on either instance, with the same Retry-After rule.
    for (const backend of [first, second]) {
      const refused = await attempt(backend, 'admin', DEMO_PASSWORD, '198.51.100.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['Retry-After'] ?? refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const { rows } = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sign_in_attempts WHERE key LIKE 'account:%' AND cardinality(failures) = 5`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

describe(`the agents' enrolment tokens on ${BACKEND_NAME}`, () => {
  const SYSTEM = {
    hostname: 'pg-only-enrol',
    platform: 'linux',
    osName: 'Debian 12',
    ipAddresses: ['10.0.0.9'],
    uptimeS: 60,
    agentVersion: '1.0.0',
  };

  it('are stored in the database; a token made on one instance enrols one agent, though two present it to two instances at once', async () => {
    const enrolment = jsonOf<{ token: string }>(await call(first, '/api/agent-enrolments', { method: 'POST', token, body: {} }));
    const answers = await Promise.all(
      [first, second].map((instance) =>
        call(instance, '/api/agent/enrol', { method: 'POST', body: { token: enrolment.token, system: SYSTEM } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 401]);
    const answerWith = (status: number) => {
      const found = answers.find((answer) => answer.status === status);
      if (!found) throw new Error(`no ${status} answer`);
      return found;
    };
    const [enrolled, refused] = [answerWith(201), answerWith(401)];
    expect(jsonOf<{ code: string }>(refused).code).toBe('enrolmentInvalid');
    const { unitId } = jsonOf<{ unitId: string }>(enrolled);
    const { rows } = await database.sql.query<{ unit: string; used: Date | null }>(
      'SELECT unit_id AS unit, used_at AS used FROM agent_enrolments',
    );
    expect(rows.filter((row) => row.unit === unitId)).toHaveLength(1);
    expect(rows.every((row) => row.used !== null)).toBe(true);
  });
});

describe(`the idempotent creates' kept answers on ${BACKEND_NAME}`, () => {
  it('are stored in the database; one key sent to two instances at once creates one unit, and the other answer is its replay', async () => {
    const send = (instance: Backend, name: string) =>
      call(instance, '/api/service-units', {
        method: 'POST',
        token,
        body: { name, hostname: 'kept-once.example', operatingSystem: 'linux' },
        headers: { 'idempotency-key': 'pg-only-twice' },
      });
    const answers = await Promise.all([send(first, 'Kept once'), send(second, 'Kept once')]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const [a, b] = answers.map((answer) => jsonOf<{ id: string }>(answer));
    expect(a?.id).toBe(b?.id);
    expect(answers.filter((answer) => answer.headers['Idempotent-Replayed'] === 'true')).toHaveLength(1);
    // The same key with another body, on either instance: 422, nothing made.
    for (const instance of [first, second]) expect((await send(instance, 'Another name')).status).toBe(422);
    const units = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM service_units WHERE name IN ('Kept once', 'Another name')`,
    );
    expect(Number(units.rows[0]?.n)).toBe(1);
    const kept = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = 'pg-only-twice'`);
    expect(Number(kept.rows[0]?.n)).toBe(1);
  });
});

describe(`the organizations on ${BACKEND_NAME}`, () => {
  const signInStatus = (backend: Backend, username: string) =>
    call(backend, '/api/UserLogin', {
      method: 'POST',
      headers: { key: APP_KEY },
      body: { params: { username, password: DEMO_PASSWORD } },
    }).then((answer) => ({ status: answer.status, code: (jsonOf(answer) as { code?: string }).code }));

  it('are stored in the database; one made on one instance is shown, named and refused sign-in by the other', async () => {
    const superadmin = await signIn(first, 'superadmin');
    const tyrell = {
      name: 'Tyrell Übersee',
      code: 'TYRELL',
      contactEmail: 'it@tyrell.example',
      phone: '',
      address: '',
      timezone: 'UTC',
      seatLimit: 10,
      screenshotPolicy: { enabled: true, intervalMinutes: 15, retentionDays: 30 },
    };
    const created = await call(first, '/api/organizations', { method: 'POST', token: superadmin, body: tyrell });
    expect(created.status).toBe(201);
    const { id } = jsonOf<{ id: string }>(created);
    const onSecond = await call(second, `/api/organizations/${id}`, { token: superadmin });
    expect(onSecond.status).toBe(200);
    expect(jsonOf(onSecond)).toMatchObject({ name: 'Tyrell Übersee', status: 'active', userCount: 0 });
    // The code is taken on every instance.
    const again = await call(second, '/api/organizations', {
      method: 'POST',
      token: superadmin,
      body: { ...tyrell, name: 'Tyrell Again' },
    });
    expect(again.status).toBe(409);

    // Globex suspended on the second instance: its user cannot sign in on the first, and can again once it is active.
    const globexOrg = String((await first.repositories.users.withLogin(['globex']))[0]?.organizationId);
    const suspended = await call(second, `/api/organizations/${globexOrg}/suspend`, {
      method: 'POST',
      token: superadmin,
      body: { reason: 'Two instances' },
    });
    expect(suspended.status).toBe(200);
    expect(await signInStatus(first, 'globex')).toEqual({ status: 403, code: 'organizationSuspended' });
    const activated = await call(first, `/api/organizations/${globexOrg}/activate`, {
      method: 'POST',
      token: superadmin,
      body: { reason: 'Back' },
    });
    expect(activated.status).toBe(200);
    expect((await signInStatus(second, 'globex')).status).toBe(200);

    const stored = await database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations WHERE id = $1', [id]);
    expect(Number(stored.rows[0]?.n)).toBe(1);
  });
});

describe(`the accounts on ${BACKEND_NAME}`, () => {
  const signInAs = (backend: Backend, username: string, password = DEMO_PASSWORD) =>
    call(backend, '/api/UserLogin', {
      method: 'POST',
      headers: { key: APP_KEY },
      body: { params: { username, password } },
    }).then((answer) => ({ status: answer.status, code: (jsonOf(answer) as { code?: string }).code }));

  it('are stored in the database; one invited on one instance sets its password and signs in through the other', async () => {
    // The super admin, not the admin: the throttle's test above left the admin's account waiting.
    const admin = await signIn(first, 'superadmin');
    const acme = String((await first.repositories.users.withLogin(['superadmin']))[0]?.organizationId);
    const invited = await call(first, '/api/users', {
      method: 'POST',
      token: admin,
      body: { fullName: 'Nadia Neu', username: 'nadia', email: 'Nadia@Acme.example', phone: '', roleId: 4, organizationId: acme },
    });
    expect(invited.status).toBe(201);
    const { user, link } = jsonOf<{ user: { id: string; status: string }; link: { token: string } }>(invited);
    expect(user.status).toBe('invited');
    // The username and e-mail are taken on every instance, in any case.
    const duplicate = await call(second, '/api/users', {
      method: 'POST',
      token: admin,
      body: { fullName: 'Nadia Again', username: 'NADIA', email: 'nadia@acme.EXAMPLE', phone: '', roleId: 4, organizationId: acme },
    });
    expect(duplicate.status).toBe(409);
    expect(jsonOf(duplicate)).toMatchObject({ errors: { username: 'duplicateUsername', email: 'duplicateEmail' } });
    // No password yet: no password signs it in.
    expect((await signInAs(first, 'nadia')).status).toBe(401);

    // The link opens on the second instance; the new password signs in on the first, by e-mail too.
    const opened = await call(second, `/api/set-password?token=${link.token}`);
    expect(jsonOf(opened)).toMatchObject({ username: 'nadia', status: 'invited' });
    const set = await call(second, '/api/set-password', {
      method: 'POST',
      body: { token: link.token, password: 'a new secret', rePassword: 'a new secret' },
    });
    expect(set.status).toBe(200);
    expect((await signInAs(first, 'NADIA@acme.example', 'a new secret')).status).toBe(200);

    // Disabled on the first instance: the second refuses the sign-in; the dashboard counts and shows it.
    const disabled = await call(first, `/api/users/${user.id}/disable`, { method: 'POST', token: admin });
    expect(disabled.status).toBe(200);
    expect(await signInAs(second, 'nadia', 'a new secret')).toEqual({ status: 403, code: 'accountDisabled' });
    const superadmin = await signIn(second, 'superadmin');
    const recent = jsonOf<{ items: { username: string }[] }>(
      await call(second, '/api/admin/dashboard/recent-sign-ins', { token: superadmin }),
    );
    expect(recent.items.slice(0, 2).map((item) => item.username)).toEqual(['superadmin', 'nadia']);
    const { rows } = await database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE username = 'nadia'`);
    expect(rows[0]?.n).toBe(1);
  });
});

describe(`the service units on ${BACKEND_NAME}`, () => {
  it('are stored in the database; a unit created on one instance is a duplicate name, renamed and deleted through the other', async () => {
    const token = await signIn(first, 'user');
    const created = await createUnit(first, token, 'Shared Kiosk 7');
    expect(created.status).toBe(201);
    const { id } = jsonOf<UnitView>(created);
    // The name is taken on every instance, in any case.
    const duplicate = await createUnit(second, token, 'SHARED kiosk 7');
    expect(duplicate.status).toBe(409);
    expect(jsonOf(duplicate)).toMatchObject({ errors: { name: 'duplicateName' } });

    const renamed = await call(second, `/api/service-units/${id}`, { method: 'PUT', token, body: unitInput('Shared Kiosk 8') });
    expect(renamed.status).toBe(200);
    expect(jsonOf<UnitView>(await call(first, `/api/service-units/${id}`, { token })).name).toBe('Shared Kiosk 8');
    // Its old name is free again, on the first instance too.
    const reused = await createUnit(first, token, 'shared kiosk 7');
    expect(reused.status).toBe(201);
    // A change made in the database itself is what both answer at once: no instance keeps the unit.
    await database.sql.query(`UPDATE service_units SET description = 'Set in SQL' WHERE id = $1`, [id]);
    for (const instance of [first, second]) {
      expect(jsonOf<{ description: string }>(await call(instance, `/api/service-units/${id}`, { token })).description).toBe('Set in SQL');
    }

    // The dashboards count the stored units (by status, in SQL).
    const superadmin = await signIn(second, 'superadmin');
    const summary = jsonOf<{ units: { total: number } }>(await call(second, '/api/admin/dashboard/summary', { token: superadmin }));
    expect(summary.units.total).toBe(await storedUnitCount(database.sql));

    const deleted = await call(first, `/api/service-units/${id}`, { method: 'DELETE', token });
    expect(deleted.status).toBe(204);
    expect((await call(second, `/api/service-units/${id}`, { token })).status).toBe(404);
  });
});

describe(`a unit's heartbeat and its edits at once on ${BACKEND_NAME}`, () => {
  const SYSTEM = {
    hostname: 'at-once',
    platform: 'linux',
    osName: 'Debian 12',
    ipAddresses: ['10.0.0.9'],
    uptimeS: 60,
    agentVersion: '1.0.0',
  };

  it('lose neither: each runs in a transaction of its own, and one that collided runs again', async () => {
    const enrolment = jsonOf<{ token: string }>(await call(first, '/api/agent-enrolments', { method: 'POST', token, body: {} }));
    const { unitId, credential } = jsonOf<{ unitId: string; credential: string }>(
      await call(first, '/api/agent/enrol', { method: 'POST', body: { token: enrolment.token, system: SYSTEM } }),
    );
    const heartbeat = (backend: Backend) =>
      call(backend, '/api/agent/heartbeat', {
        method: 'POST',
        headers: { authorization: `Bearer ${credential}` },
        body: { unitId, system: SYSTEM },
      });
    const sentAt = Date.now();
    // On two instances, at once: a rename, two heartbeats and a capture request of the same unit.
    const answers = await Promise.all([
      call(first, `/api/service-units/${unitId}`, { method: 'PUT', token, body: unitInput('Renamed at once') }),
      heartbeat(second),
      call(second, `/api/service-units/${unitId}/capture`, { method: 'POST', token }),
      heartbeat(first),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 202, 200]);
    const unit = jsonOf<UnitView & { lastSeenAt: string }>(await call(second, `/api/service-units/${unitId}`, { token }));
    expect(unit.name).toBe('Renamed at once');
    expect(Date.parse(unit.lastSeenAt)).toBeGreaterThanOrEqual(sentAt - 1_000);
    // The capture's command was stored, whichever heartbeat came first.
    expect(jsonOf<{ pendingCommands: number }>(await heartbeat(first)).pendingCommands).toBe(1);
  });
});
