import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnServer, withDatabase } from './db/admin';
import { TEST_DATABASE_URL } from './test-support/database';
import { APP_KEY, DEMO_PASSWORD, unitInput } from './test-support/api';
import { eventOf, openStream } from './test-support/event-stream';

/**
 * Two `npm run server` processes on one PostgreSQL database, as docs/deploy.md runs several instances: nothing that
 * matters lives in a process (sessions, ids, idempotency keys), so either one serves what the other stored, and one
 * killed mid-way loses nothing the other needs. PGlite is one process's database: this runs on TEST_DATABASE_URL
 * (`.ci/run` sets it; server/backend.test.ts covers two backends in one process on PGlite).
 */

const ROOT = resolve(import.meta.dirname, '..');

interface Instance {
  process: ChildProcess;
  base: string;
  /** Everything it printed, for a failure's message. */
  output: () => string;
}

function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  // `npm run server`'s tsx as a loader of this Node, not its CLI: the CLI is a process of its own that starts the server
  // as its child, so a SIGKILL would end the CLI and leave the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', SEED: 'default', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const output = () => printed;
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start in 60 s:\n${printed}`)), 60_000);
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const listening = /API on (http:\/\/127\.0\.0\.1:\d+)\/api/.exec(printed);
      if (listening?.[1]) {
        clearTimeout(timer);
        done({ process: child, base: listening[1], output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`The server exited (${code}) before it listened:\n${printed}`));
    });
  });
}

function stopped(instance: Instance, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    if (instance.process.exitCode !== null || instance.process.signalCode !== null) return done();
    instance.process.once('exit', () => done());
    instance.process.kill(signal);
  });
}

async function api(
  instance: Instance,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const answer = await fetch(`${instance.base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await answer.text();
  return { status: answer.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

async function signIn(instance: Instance, username: string): Promise<string> {
  const answer = await api(instance, '/api/UserLogin', {
    method: 'POST',
    headers: { key: APP_KEY },
    body: { params: { username, password: DEMO_PASSWORD } },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return String(answer.json['accessToken']);
}

describe.runIf(TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  let first: Instance;
  let second: Instance;

  beforeAll(async () => {
    if (!TEST_DATABASE_URL) return;
    // The name is ours (t_ and hex), never input.
    await runOnServer(TEST_DATABASE_URL, `CREATE DATABASE ${name}`);
    const url = withDatabase(TEST_DATABASE_URL, name);
    // Started together: both find an empty database, both migrate and seed, and one seed wins. The demo's
    // simulated agents run on one of them, as docs/deploy.md advises.
    // Their safety poll is ten minutes: only NOTIFY can bring one's news to the other within a test.
    const quiet = { EVENTS_POLL_S: '600' };
    [first, second] = await Promise.all([startInstance(url, quiet), startInstance(url, { ...quiet, SIMULATED_AGENTS: '0' })]);
  }, 120_000);

  /** An agent enrolled on the second process with an enrolment token the user made on the first. */
  async function agentEnrolledOnSecond(token: string, hostname: string): Promise<{ unitId: string; credential: string }> {
    const enrolment = await api(first, '/api/agent-enrolments', { method: 'POST', token, body: {} });
    expect(enrolment.status).toBe(201);
    const system = { hostname, platform: 'linux', osName: 'Debian 12', ipAddresses: [], uptimeS: 1, agentVersion: '1.0.0' };
    const enrolled = await api(second, '/api/agent/enrol', { method: 'POST', body: { token: enrolment.json['token'], system } });
    expect(enrolled.status).toBe(201);
    return { unitId: String(enrolled.json['unitId']), credential: String(enrolled.json['credential']) };
  }

  /**
   * The agent's command poll on the second process, held by the time this returns (one answered at once would be
   * empty). It waits the longest the server allows (30 s), longer than the tests that hold one may run: only a
   * wake from the other process answers it within the test.
   */
  const HELD_POLL_TEST_MS = 20_000;
  async function heldPoll(credential: string, query = ''): Promise<{ answer: ReturnType<typeof api> }> {
    const answer = api(second, `/api/agent/commands?wait=30${query}`, { token: credential });
    await new Promise((done) => setTimeout(done, 300));
    return { answer };
  }

  afterAll(async () => {
    await Promise.all([first, second].filter(Boolean).map((instance) => stopped(instance, 'SIGTERM')));
    if (TEST_DATABASE_URL) await runOnServer(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it('seeds the demo data once, though both started on an empty database', async () => {
    const token = await signIn(first, 'superadmin');
    const users = await api(second, '/api/users?pageSize=100', { token });
    expect(users.status).toBe(200);
    const usernames = (users.json['items'] as { username: string }[]).map((u) => u.username);
    expect(usernames.filter((u) => u === 'admin')).toHaveLength(1);
    expect(new Set(usernames).size).toBe(usernames.length);
  });

  it('accepts on one process a sign-in made on the other, and shows each one the other’s writes', async () => {
    const token = await signIn(first, 'user');
    expect((await api(second, '/api/me', { token })).status).toBe(200);
    const created = await api(second, '/api/service-units', { method: 'POST', token, body: unitInput('Made on the second process') });
    expect(created.status).toBe(201);
    const listed = await api(first, `/api/service-units?search=${encodeURIComponent('Made on the second process')}`, { token });
    expect((listed.json['items'] as { id: string }[]).map((u) => u.id)).toEqual([created.json['id']]);
  });

  it('gives distinct ids to creates racing on both, and one stored row per idempotency key', async () => {
    const token = await signIn(second, 'user');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(i % 2 === 0 ? first : second, '/api/service-units', {
          method: 'POST',
          token,
          body: unitInput(`Racing process ${i % 10}`),
          // Pairs share a key across the two processes: one row each, the same answer on both.
          headers: { 'idempotency-key': `race-${i % 10}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status).every((s) => s === 201 || s === 200)).toBe(true);
    const ids = answers.map((a) => String(a.json['id']));
    for (let i = 0; i < 10; i += 1) expect(ids[i]).toBe(ids[i + 10]);
    expect(new Set(ids).size).toBe(10);
    const listed = await api(first, `/api/service-units?search=${encodeURIComponent('Racing process')}&pageSize=100`, { token });
    expect(listed.json['total']).toBe(10);
  });

  it('sends an event caused on one process to an event stream open on the other, woken by its NOTIFY', async () => {
    const token = await signIn(first, 'user');
    const stream = await openStream(second.base, { token });
    try {
      expect(stream.status).toBe(200);
      await stream.next((frame) => frame.retry !== null);
      const created = await api(first, '/api/service-units', { method: 'POST', token, body: unitInput('Streamed across processes') });
      expect(created.status).toBe(201);
      // Long before the other's ten-minute safety poll.
      const frame = await stream.next((f) => f.event === 'unit.created' && eventOf(f).subjectId === String(created.json['id']), 20_000);
      expect(eventOf(frame)).toMatchObject({ type: 'unit.created', organizationId: '1' });
    } finally {
      stream.close();
    }
  });

  it(
    'answers an agent’s long poll on one process as soon as a command is issued on the other',
    async () => {
      const token = await signIn(first, 'user');
      const { unitId, credential } = await agentEnrolledOnSecond(token, 'polling-host');
      const { answer: polling } = await heldPoll(credential);
      expect((await api(first, `/api/service-units/${unitId}/capture`, { method: 'POST', token, body: {} })).status).toBe(202);
      const answered = await polling;
      expect(answered.json['items']).toEqual([expect.objectContaining({ kind: 'captureScreenshot' })]);
    },
    HELD_POLL_TEST_MS,
  );

  it(
    'answers a revoked agent’s long poll on one process at once, with 401, when it is revoked on the other',
    async () => {
      const token = await signIn(first, 'user');
      const { unitId, credential } = await agentEnrolledOnSecond(token, 'revoked-host');
      const { answer: polling } = await heldPoll(credential);
      expect((await api(first, `/api/service-units/${unitId}/agent`, { method: 'DELETE', token })).status).toBe(200);
      const answered = await polling;
      expect(answered.status).toBe(401);
    },
    HELD_POLL_TEST_MS,
  );

  it(
    'answers an agent’s long poll on one process as soon as a rule of its unit changes on the other',
    async () => {
      const token = await signIn(first, 'user');
      const { unitId, credential } = await agentEnrolledOnSecond(token, 'config-host');
      const config = await api(second, '/api/agent/config', { token: credential });
      const version = String(config.json['version']);
      const rule = { pattern: 'held.example.com', matchType: 'domain', action: 'block', enabled: true, reason: '' };
      const scoped = { ...rule, scope: { kind: 'units', unitIds: [unitId] }, schedule: { kind: 'always' } };
      // Each change wakes the poll held on the other process: a URL rule created, then deleted.
      let known = version;
      for (const change of ['create', 'delete'] as const) {
        const { answer: polling } = await heldPoll(credential, `&configVersion=${known}`);
        if (change === 'create') {
          const created = await api(first, '/api/url-restrictions', { method: 'POST', token, body: scoped });
          expect(created.status).toBe(201);
          rule.pattern = String(created.json['id']);
        } else {
          expect((await api(first, `/api/url-restrictions/${rule.pattern}`, { method: 'DELETE', token })).status).toBe(204);
        }
        const answered = await polling;
        expect(answered.json['items']).toEqual([]);
        expect(answered.json['configVersion']).not.toBe(known);
        known = String(answered.json['configVersion']);
      }
      expect(known).toBe(version);
    },
    HELD_POLL_TEST_MS,
  );

  it('keeps serving, with every acknowledged write, when the other process is killed', async () => {
    const token = await signIn(first, 'user');
    const created = await api(first, '/api/service-units', { method: 'POST', token, body: unitInput('Before the kill') });
    expect(created.status).toBe(201);
    await stopped(first, 'SIGKILL');
    const read = await api(second, `/api/service-units/${String(created.json['id'])}`, { token });
    expect(read.status, second.output()).toBe(200);
    expect(read.json['name']).toBe('Before the kill');
    expect((await api(second, '/api/me', { token })).status).toBe(200);
  });
});
