import type { Server } from 'node:http';
import { startServerAgents } from './agents/simulated';
import { createBackend, type Backend } from './backend';
import { LISTENER_NAME, startWakeups, type Wakeups } from './events/wakeups';
import { createHttpServer } from './http-server';
import { storeSession, unitInput } from './test-support/api';
import { BACKEND_NAME, TEST_DATABASE_URL, createTestDatabase, type TestDatabase } from './test-support/database';
import { eventOf, openStream, type Frame, type OpenedStream } from './test-support/event-stream';
import { send, start, stop } from './test-support/http';

/*
 * The live side of the server over HTTP, on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * the event stream (GET /api/events) and an agent's long poll for commands (GET /api/agent/commands?wait=N),
 * woken by commits of this instance and, through the database, of another one.
 */

const SETUP_TIMEOUT_MS = 120_000;

let database: TestDatabase;
let backend: Backend;
let http: Server;
let base: string;
/** Tokens of 'user' (Acme, organization 1) and 'globex' (Globex, organization 2). */
let acme: string;
let globex: string;
const streams: OpenedStream[] = [];
/** How far the backend's clock is ahead of the real one (a heartbeat window passing without waiting for it). */
let skewMs = 0;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  backend = await createBackend({ sql: database.sql, now: () => Date.now() + skewMs });
  http = createHttpServer(backend, { corsOrigins: [], maxBodyBytes: 2 * 1024 * 1024 });
  base = await start(http);
  acme = await storeSession(backend, 'user');
  globex = await storeSession(backend, 'globex');
}, SETUP_TIMEOUT_MS);

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  // Each test starts with nobody listening (a closed stream unsubscribes once the server sees the close).
  await until(() => backend.events.size === 0);
});

afterAll(async () => {
  if (http) await stop(http);
  await backend?.close();
  await database?.drop();
});

const json = (body: unknown) => ({ 'content-type': 'application/json', body: JSON.stringify(body) });

async function post(path: string, token: string, body: unknown) {
  const { body: text, ...rest } = json(body);
  const answer = await send(base, path, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...rest }, body: text });
  return { status: answer.status, json: (answer.body ? JSON.parse(answer.body) : null) as Record<string, unknown> };
}

const createUnitAs = async (token: string, name: string) => {
  const created = await post('/api/service-units', token, unitInput(name));
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return String(created.json['id']);
};

async function stream(call: Parameters<typeof openStream>[1], at = base): Promise<OpenedStream> {
  const opened = await openStream(at, call);
  streams.push(opened);
  return opened;
}

/** Waits until check() holds (a state the server reaches on its own time), failing after timeoutMs. */
async function until(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Not reached in ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

const isUnitCreated = (name: string) => (frame: Frame) =>
  frame.event === 'unit.created' && (eventOf(frame).data['unit'] as { name?: string } | undefined)?.name === name;

describe(`the event stream (${BACKEND_NAME})`, () => {
  it('refuses a caller without a token with 401 in the error shape, not a stream', async () => {
    const answer = await send(base, '/api/events', { headers: { accept: 'text/event-stream' } });
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ message: expect.any(String) });
  });

  it('opens as a stream that proxies must not buffer, and sends a unit created by another request', async () => {
    const opened = await stream({ token: acme });
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers['x-accel-buffering']).toBe('no');
    // The opening frame: how long an EventSource waits to reconnect, and where the stream starts.
    const opening = await opened.next((frame) => frame.retry !== null);
    expect(opening.retry).toBe('3000');
    expect(opening.id).toMatch(/^\d+$/);

    const unitId = await createUnitAs(acme, 'Streamed unit');
    // This instance has no safety poll: only the commit's own wake-up brings it.
    const frame = await opened.next(isUnitCreated('Streamed unit'), 10_000);
    const event = eventOf(frame);
    expect(frame.id).toBe(event.id);
    expect(Number(event.id)).toBeGreaterThan(Number(opening.id));
    expect(event).toMatchObject({ type: 'unit.created', subjectId: unitId, organizationId: '1' });
  });

  it('resumes after Last-Event-ID with only the later events', async () => {
    const watcher = await stream({ token: acme });
    await createUnitAs(acme, 'Before the gap');
    const before = await watcher.next(isUnitCreated('Before the gap'));
    await createUnitAs(acme, 'After the gap');
    await watcher.next(isUnitCreated('After the gap'));
    watcher.close();

    const resumed = await stream({ token: acme, lastEventId: before.id ?? '' });
    await resumed.next(isUnitCreated('After the gap'));
    const events = resumed.frames.filter((frame) => frame.data !== null).map((frame) => eventOf(frame));
    expect(events.every((event) => Number(event.id) > Number(before.id))).toBe(true);
    expect(resumed.frames.some(isUnitCreated('Before the gap'))).toBe(false);
    // The query parameter resumes the same way (a client that cannot set headers).
    const byQuery = await stream({ token: acme, query: `?after=${before.id ?? ''}` });
    await byQuery.next(isUnitCreated('After the gap'));
    expect(byQuery.frames.some(isUnitCreated('Before the gap'))).toBe(false);
  });

  it('never sends a user an event of another organization', async () => {
    const acmeStream = await stream({ token: acme });
    const globexStream = await stream({ token: globex });
    await createUnitAs(globex, 'Globex only');
    await createUnitAs(acme, 'Acme only');
    // Each sees its own; by the time Acme's later event arrived, Globex's earlier one would have too.
    await acmeStream.next(isUnitCreated('Acme only'));
    await globexStream.next(isUnitCreated('Globex only'));
    await createUnitAs(globex, 'Globex again');
    await globexStream.next(isUnitCreated('Globex again'));
    const organizations = (opened: OpenedStream) =>
      new Set(opened.frames.filter((frame) => frame.data !== null).map((frame) => eventOf(frame).organizationId));
    expect(organizations(acmeStream)).toEqual(new Set(['1']));
    expect(organizations(globexStream)).toEqual(new Set(['2']));
  });

  it('stops listening when the client goes away', async () => {
    const opened = await stream({ token: acme });
    await opened.next((frame) => frame.retry !== null);
    expect(backend.events.size).toBe(1);
    opened.close();
    await until(() => backend.events.size === 0);
  });

  it('ends the stream with `event: end` when the session is signed out', async () => {
    const token = await storeSession(backend, 'operator');
    const opened = await stream({ token });
    await opened.next((frame) => frame.retry !== null);
    const out = await send(base, '/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBeLessThan(300);
    // The sign-out stores no event: the next wake-up (any unit created) asks again and is refused.
    await createUnitAs(acme, 'After a sign-out');
    const end = await opened.next((frame) => frame.event === 'end');
    expect(JSON.parse(end.data ?? '{}')).toMatchObject({ message: expect.any(String) });
    await opened.closed();
  });
});

const SYSTEM = {
  hostname: 'long-poll-host',
  platform: 'linux',
  osName: 'Debian 12',
  ipAddresses: ['10.0.0.9'],
  uptimeS: 60,
  agentVersion: '1.0.0',
};

describe(`an agent's unit: its long poll for commands, its status (${BACKEND_NAME})`, () => {
  let unitId: string;
  let credential: string;

  beforeAll(async () => {
    const enrolment = await post('/api/agent-enrolments', acme, {});
    expect(enrolment.status, JSON.stringify(enrolment.json)).toBe(201);
    const enrolled = await post('/api/agent/enrol', 'none', {
      token: enrolment.json['token'],
      system: {
        hostname: 'long-poll-host',
        platform: 'linux',
        osName: 'Debian 12',
        ipAddresses: ['10.0.0.9'],
        uptimeS: 60,
        agentVersion: '1.0.0',
      },
    });
    expect(enrolled.status, JSON.stringify(enrolled.json)).toBe(201);
    unitId = String(enrolled.json['unitId']);
    credential = String(enrolled.json['credential']);
  });

  const poll = async (waitS: number) => {
    const started = Date.now();
    const answer = await send(base, `/api/agent/commands?wait=${waitS}`, { headers: { authorization: `Bearer ${credential}` } });
    return { status: answer.status, items: (JSON.parse(answer.body) as { items: { kind: string }[] }).items, ms: Date.now() - started };
  };

  // The poll waits the longest the server allows, longer than this test may run: only the command answers it in time.
  it('answers as soon as a command is issued', { timeout: 20_000 }, async () => {
    const waiting = poll(30);
    // Held: the capture comes while the poll waits.
    await until(() => backend.events.size === 1);
    const capture = await post(`/api/service-units/${unitId}/capture`, acme, {});
    expect(capture.status, JSON.stringify(capture.json)).toBe(202);
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.items).toEqual([expect.objectContaining({ kind: 'captureScreenshot' })]);
  });

  it('answers with an empty list once the wait has passed', async () => {
    const answer = await poll(1);
    expect(answer).toMatchObject({ status: 200, items: [] });
    // It waited its second (how much longer depends on the machine, and the test's timeout bounds it).
    expect(answer.ms).toBeGreaterThanOrEqual(950);
  });

  it('forgets a poll whose agent went away, and leaves its command pending for the next one', async () => {
    const gone = new AbortController();
    const abandoned = fetch(`${base}/api/agent/commands?wait=20`, {
      headers: { authorization: `Bearer ${credential}` },
      signal: gone.signal,
    }).catch(() => null);
    await until(() => backend.events.size === 1);
    gone.abort();
    await abandoned;
    await until(() => backend.events.size === 0);
    const capture = await post(`/api/service-units/${unitId}/capture`, acme, {});
    expect(capture.status).toBe(202);
    const answer = await poll(0);
    expect(answer.items).toEqual([expect.objectContaining({ kind: 'captureScreenshot' })]);
  });

  it('goes offline through the periodic sweep, a write that wakes the streams, and online with its next heartbeat', async () => {
    const opened = await stream({ token: acme });
    await opened.next((frame) => frame.retry !== null);
    // Past the window of a 30 s heartbeat (max(3 × 30 s, 15 s)), as server/main.ts's sweep would find it.
    skewMs += 120_000;
    expect(await backend.sweepStatuses()).toBeGreaterThan(0);
    const offline = await opened.next((frame) => frame.event === 'unit.offline' && eventOf(frame).subjectId === unitId, 2_000);
    expect(eventOf(offline).data['unit']).toMatchObject({ id: unitId, status: 'offline' });

    const beat = await post('/api/agent/heartbeat', credential, { unitId, system: SYSTEM });
    expect(beat.status, JSON.stringify(beat.json)).toBe(200);
    await opened.next((frame) => frame.event === 'unit.online' && eventOf(frame).subjectId === unitId, 2_000);
  });

  it('refuses a user token at once, held or not', async () => {
    const answer = await send(base, '/api/agent/commands?wait=5', { headers: { authorization: `Bearer ${acme}` } });
    expect(answer.status).toBe(401);
  });
});

describe(`the demo seed's simulated agents in the server process (${BACKEND_NAME})`, () => {
  it('answer a capture through the agent API, and the stream tells of it', async () => {
    const unit = (await backend.repositories.units.withSimulatedAgent()).find((u) => String(u.organizationId) === '1');
    if (!unit) throw new Error('The default seed has no simulated agent at Acme');
    const unitId = String(unit.id);
    const opened = await stream({ token: acme });
    await opened.next((frame) => frame.retry !== null);
    // The driver's own clock, ticked by hand: the first tick staggers the agents over one interval, the
    // next finds them all due (the unit heartbeats, so it is online to be captured), the last answers.
    const intervalMs = (unit.agent?.heartbeatIntervalS ?? 30) * 1000;
    let clock = Date.now();
    const agents = startServerAgents(backend, { now: () => clock, setTimeout: () => null, clearTimeout: () => undefined });
    let commandId: unknown;
    try {
      await agents.tick();
      clock += 2 * intervalMs;
      await agents.tick();
      const capture = await post(`/api/service-units/${unitId}/capture`, acme, {});
      expect(capture.status, JSON.stringify(capture.json)).toBe(202);
      // The request names the command its agent answers.
      commandId = capture.json['commandId'];
      expect(commandId).toEqual(expect.any(String));
      clock += 2 * intervalMs;
      await agents.tick();
    } finally {
      agents.stop();
    }
    const finished = await opened.next((frame) => frame.event === 'command.finished' && eventOf(frame).unitId === unitId);
    expect(eventOf(finished).data['command']).toMatchObject({ id: commandId, kind: 'captureScreenshot', status: 'succeeded' });
    // The screenshot's event names the same command: the caller settles its own request by it.
    const captured = opened.frames.filter((frame) => frame.event === 'screenshot.captured' && eventOf(frame).unitId === unitId);
    expect(captured.map((frame) => eventOf(frame).data['commandId'])).toEqual([commandId]);
  }, 60_000);
});

describe(`two instances on one database (${BACKEND_NAME})`, () => {
  let other: Backend;
  let otherHttp: Server;
  let otherBase: string;
  let wakeups: Wakeups;
  /** How often the listener connected (PostgreSQL). */
  let listened = 0;

  beforeAll(async () => {
    other = await createBackend({ sql: await database.connect() });
    otherHttp = createHttpServer(other, { corsOrigins: [], maxBodyBytes: 2 * 1024 * 1024 });
    otherBase = await start(otherHttp);
    // On PostgreSQL only NOTIFY can wake it in time (the safety poll is a minute); on PGlite (one process) the poll does.
    wakeups = startWakeups(other, {
      databaseUrl: database.url,
      pollMs: database.url ? 60_000 : 500,
      onListening: () => (listened += 1),
    });
    if (database.url) await until(() => listened === 1, 10_000);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await wakeups?.stop();
    if (otherHttp) await stop(otherHttp);
    await other?.close();
  });

  it('sends a stream on one instance the event caused on the other, before its minute-long safety poll', async () => {
    const opened = await stream({ token: acme }, otherBase);
    await opened.next((frame) => frame.retry !== null);
    await createUnitAs(acme, 'Across instances');
    await opened.next(isUnitCreated('Across instances'), 20_000);
  });

  it.runIf(TEST_DATABASE_URL)('listens again after its connection was cut, and catches up with what it missed', async () => {
    const opened = await stream({ token: acme }, otherBase);
    await opened.next((frame) => frame.retry !== null);
    // The cut is logged (an operator's clue), and is what this test causes.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rows } = await database.sql.query<{ cut: boolean }>(
      'SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_NAME],
    );
    expect(rows.map((row) => row.cut)).toEqual([true]);
    // Committed while nobody listens: the reconnect's catch-up brings it.
    await createUnitAs(acme, 'While the listener was away');
    await until(() => listened === 2, 10_000);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('listener lost its connection'), expect.anything());
    logged.mockRestore();
    await opened.next(isUnitCreated('While the listener was away'), 2_000);
    // And notifications wake it again.
    await createUnitAs(acme, 'After the listener came back');
    await opened.next(isUnitCreated('After the listener came back'), 20_000);
  });
});
