import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../server/backend';
import { createHttpServer } from '../server/http-server';
import { APP_KEY, DEMO_PASSWORD } from '../server/test-support/api';
import { BACKEND_NAME, createTestDatabase, type TestDatabase } from '../server/test-support/database';
import { start, stop } from '../server/test-support/http';
import { runAgent, type AgentEnd } from './agent';
import type { AgentProcess } from './types';
import { captureScreen } from './screenshot';
import { POLICY_FILE_NAME } from './url-policy';

/*
 * The agent against the real server (its HTTP layer, the long poll, the backend on PGlite or PostgreSQL):
 * enrolled with a token a user created, it makes this machine a unit, online, with its real hostname and
 * processes; it refuses to end a process without --allow-end-process and answers a capture with
 * notSupported where there is no display, and the user sees both; revoked, it stops. With --allow-end-process it
 * ends what a person asks it to, and what the unit's block rules match (an allow rule winning).
 */

const SETUP_TIMEOUT_MS = 120_000;

let database: TestDatabase;
let backend: Backend;
let http: Server;
let base: string;
let folder: string;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  backend = await createBackend({ sql: database.sql });
  http = createHttpServer(backend, { corsOrigins: [], maxBodyBytes: 2 * 1024 * 1024 });
  base = await start(http);
  folder = await mkdtemp(join(tmpdir(), 'sua-agent-server-'));
  token = await signIn('user');
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  if (http) await stop(http);
  await backend?.close();
  await database?.drop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The user API, as the app calls it. */
async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; json: T }> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${base}/api/UserLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', key: APP_KEY },
    body: JSON.stringify({ params: { username, password: DEMO_PASSWORD } }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Waits until `check` answers something (the agent and the server work on their own time). */
async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Not reached in ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Unit {
  id: string;
  name: string;
  hostname: string;
  status: string;
  agent: { kind: string; revokedAt: string | null; system: { hostname: string; agentVersion: string } | null } | null;
}
interface Process {
  id: string;
  pid: number;
  name: string;
  state: string;
}
interface Command {
  id: string;
  status: string;
  message: string | null;
}

describe(`the agent against the real server (${BACKEND_NAME})`, () => {
  it('enrols, reports this machine, refuses what it may not do, and stops once revoked', async () => {
    const enrolment = await api<{ token: string }>('/api/agent-enrolments', { method: 'POST' });
    expect(enrolment.status).toBe(201);

    const log: string[] = [];
    const stop = new AbortController();
    const credentialFile = join(folder, 'credential.json');
    const run: Promise<AgentEnd> = runAgent(
      { server: base, enrolToken: enrolment.json.token, credentialFile, allowEndProcess: false, intervalS: 1, once: false },
      stop.signal,
      {
        capture: () => captureScreen({ platform: 'linux', env: {} }),
        log: { info: (m) => log.push(m), warn: (m) => log.push(m) },
      },
    );
    try {
      const enrolled = await until(async () => /Enrolled as unit (\S+);/.exec(log.join('\n'))?.[1]);

      // Online, under this machine's real hostname, as an enrolled agent.
      const unit = await until(async () => {
        const { json } = await api<Unit>(`/api/service-units/${enrolled}`);
        return json.status === 'online' && json.agent?.system ? json : null;
      });
      expect(unit).toMatchObject({ hostname: hostname(), agent: { kind: 'enrolled', revokedAt: null, system: { hostname: hostname() } } });
      expect(unit.name).toContain(hostname());

      // Its real processes: this test's own among them.
      const own = await until(async () => {
        const { json } = await api<{ items: Process[] }>(`/api/service-units/${enrolled}/processes`);
        return json.items.find((p) => p.pid === process.pid && p.state === 'running');
      });

      // Ending it is refused (no --allow-end-process), and the user sees why; the process runs on.
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      try {
        const target = await until(async () => {
          const { json } = await api<{ items: Process[] }>(`/api/service-units/${enrolled}/processes`);
          return json.items.find((p) => p.pid === child.pid);
        });
        const ended = await api<Command>(`/api/processes/${target.id}/end`, { method: 'POST' });
        expect(ended.status).toBe(202);
        const refused = await until(async () => {
          const { json } = await api<Command>(`/api/commands/${ended.json.id}`);
          return json.status === 'pending' || json.status === 'sent' ? null : json;
        });
        expect(refused).toMatchObject({ status: 'refused', message: 'This agent was started without --allow-end-process' });
        expect(child.exitCode).toBeNull();
      } finally {
        child.kill('SIGKILL');
      }
      expect(own.name).not.toBe('');

      // A capture where there is no display: notSupported, on the capture request the user watches.
      const capture = await api<{ id: string }>(`/api/service-units/${enrolled}/capture`, { method: 'POST' });
      expect(capture.status).toBe(202);
      const settled = await until(async () => {
        const { json } = await api<{ status: string; failureReason: string | null }>(`/api/capture-requests/${capture.json.id}`);
        return json.status === 'pending' ? null : json;
      });
      expect(settled).toMatchObject({ status: 'failed', failureReason: 'notSupported' });

      // Revoked from the unit's drawer: the agent stops by itself, saying why.
      const revoked = await api<Unit>(`/api/service-units/${enrolled}/agent`, { method: 'DELETE' });
      expect(revoked.status).toBe(200);
      expect(await run).toBe('revoked');
      expect(log.join('\n')).toContain('it was revoked ("Revoke agent" in the unit\'s drawer)');
    } finally {
      stop.abort(new Error('test over'));
      await run.catch(() => undefined);
    }
  }, 60_000);

  it('ends a process when started with --allow-end-process: the process gets SIGTERM and leaves the running list', async () => {
    const enrolment = await api<{ token: string }>('/api/agent-enrolments', { method: 'POST' });
    const log: string[] = [];
    const stop = new AbortController();
    const run = runAgent(
      {
        server: base,
        enrolToken: enrolment.json.token,
        credentialFile: join(folder, 'allowed.json'),
        allowEndProcess: true,
        intervalS: 1,
        once: false,
      },
      stop.signal,
      { log: { info: (m) => log.push(m), warn: (m) => log.push(m) } },
    );
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    try {
      const unitId = await until(async () => /Enrolled as unit (\S+);/.exec(log.join('\n'))?.[1]);
      const target = await until(async () => {
        const { json } = await api<{ items: Process[] }>(`/api/service-units/${unitId}/processes`);
        return json.items.find((p) => p.pid === child.pid);
      });
      const ended = await api<Command>(`/api/processes/${target.id}/end`, { method: 'POST' });
      expect(ended.status).toBe(202);
      expect(await exited).toBe('SIGTERM');
      const done = await until(async () => {
        const { json } = await api<Command>(`/api/commands/${ended.json.id}`);
        return json.status === 'succeeded' ? json : null;
      });
      expect(done.status).toBe('succeeded');
      const { json: list } = await api<{ items: Process[] }>(`/api/service-units/${unitId}/processes`);
      expect(list.items.find((p) => p.pid === child.pid && p.state === 'running')).toBeUndefined();

      // SIGTERM to the agent: it stops cleanly.
      stop.abort(new Error('SIGTERM'));
      expect(await run).toBe('stopped');
    } finally {
      child.kill('SIGKILL');
      stop.abort(new Error('test over'));
      await run.catch(() => undefined);
    }
  }, 60_000);

  it("enforces the unit's process rules with --allow-end-process: a block rule ends a process, an allow rule spares one", async () => {
    const enrolment = await api<{ token: string }>('/api/agent-enrolments', { method: 'POST' });
    const log: string[] = [];
    const stop = new AbortController();
    // Two processes of this test, reported under names only the rules below match, so nothing else here is touched.
    const spawnOne = (name: string) => {
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      const listed: AgentProcess = { pid: child.pid ?? -1, name, user: 'test', cpuPercent: 1, memoryMb: 20, startedAt: null };
      return { child, exited, listed };
    };
    const blocked = spawnOne('sua-test-game');
    const kept = spawnOne('sua-test-keep');
    const run = runAgent(
      {
        server: base,
        enrolToken: enrolment.json.token,
        credentialFile: join(folder, 'rules.json'),
        allowEndProcess: true,
        // A heartbeat every 250 ms (its processes are the two above, not this machine's): the test waits for reports.
        intervalS: 0.25,
        once: false,
      },
      stop.signal,
      {
        log: { info: (m) => log.push(m), warn: (m) => log.push(m) },
        readProcesses: async () => [blocked.listed, kept.listed],
        configEveryMs: 200,
      },
    );
    try {
      const unitId = await until(async () => /Enrolled as unit (\S+);/.exec(log.join('\n'))?.[1]);
      await until(async () => {
        const { json } = await api<{ items: Process[] }>(`/api/service-units/${unitId}/processes`);
        return json.items.some((p) => p.pid === kept.listed.pid);
      });
      // The allow rule first: the agent reads its config every 200 ms here, and must never see the block rule alone.
      for (const rule of [
        { pattern: 'sua-test-keep', action: 'allow', enabled: true, comment: '' },
        { pattern: 'sua-test-*', action: 'block', enabled: true, comment: '' },
      ]) {
        expect((await api(`/api/service-units/${unitId}/process-rules`, { method: 'POST', body: rule })).status).toBe(201);
      }
      expect(await blocked.exited).toBe('SIGTERM');
      expect(kept.child.exitCode).toBeNull();
      expect(log.join('\n')).toContain(
        `Process sua-test-game (pid ${blocked.listed.pid}) matches the block rule "sua-test-*": sent it SIGTERM.`,
      );
      // The console agrees once the agent's next report arrives: the spared process runs on, the blocked one does not.
      const list = await until(async () => {
        const { json } = await api<{ items: Process[] }>(`/api/service-units/${unitId}/processes`);
        return json.items.some((p) => p.pid === blocked.listed.pid && p.state === 'running') ? null : json;
      });
      expect(list.items.find((p) => p.pid === kept.listed.pid)?.state).toBe('running');
    } finally {
      stop.abort(new Error('test over'));
      await run.catch(() => undefined);
      blocked.child.kill('SIGKILL');
      kept.child.kill('SIGKILL');
    }
  }, 60_000);

  it('gets a URL rule saved in the console within seconds: the command poll wakes with the new config version', async () => {
    const enrolment = await api<{ token: string }>('/api/agent-enrolments', { method: 'POST' });
    const log: string[] = [];
    const stop = new AbortController();
    const policyDir = join(folder, 'policy');
    const policyFile = join(policyDir, POLICY_FILE_NAME);
    const blocklist = async () => {
      try {
        return (JSON.parse(await readFile(policyFile, 'utf8')) as { URLBlocklist: string[] }).URLBlocklist;
      } catch {
        return ['(no file)'];
      }
    };
    // A heartbeat every 30 s and the config's minute: within the few seconds below, only the long poll's news (and the
    // heartbeat the changed policy sends at once) counts.
    const run = runAgent(
      {
        server: base,
        enrolToken: enrolment.json.token,
        credentialFile: join(folder, 'url-rules.json'),
        allowEndProcess: false,
        intervalS: 30,
        once: false,
        urlPolicy: { chromium: [{ browser: 'chromium', dir: policyDir }], firefox: [] },
      },
      stop.signal,
      { log: { info: (m) => log.push(m), warn: (m) => log.push(m) }, timeZone: 'UTC' },
    );
    try {
      const unitId = await until(async () => /Enrolled as unit (\S+);/.exec(log.join('\n'))?.[1]);
      // The organization's own rules (the demo data's) are written first.
      await until(async () => !(await blocklist()).includes('(no file)'));
      const pushed = async () => (await blocklist()).includes('push.example.com');
      const body = {
        pattern: 'push.example.com',
        matchType: 'domain',
        action: 'block',
        enabled: true,
        scope: { kind: 'units', unitIds: [unitId] },
        schedule: { kind: 'always' },
        reason: 'Within seconds',
      };
      const created = await api<{ id: string }>('/api/url-restrictions', { method: 'POST', body });
      expect(created.status).toBe(201);
      await until(pushed, 5_000);
      // And the console shows it enforced: the agent sends a heartbeat when its report changed, not 30 s later.
      const reported = await until(async () => {
        const { json } = await api<{ agent: { urlPolicy: { rules: { ruleId: string; status: string }[] } | null } | null }>(
          `/api/service-units/${unitId}`,
        );
        return json.agent?.urlPolicy?.rules.find((r) => r.ruleId === created.json.id);
      }, 5_000);
      expect(reported.status).toBe('enforced');
      // Disabled, then deleted: out of the policy as quickly, and in again in between.
      expect((await api(`/api/url-restrictions/${created.json.id}`, { method: 'PUT', body: { ...body, enabled: false } })).status).toBe(
        200,
      );
      await until(async () => !(await pushed()), 5_000);
      expect((await api(`/api/url-restrictions/${created.json.id}`, { method: 'PUT', body })).status).toBe(200);
      await until(pushed, 5_000);
      expect((await api(`/api/url-restrictions/${created.json.id}`, { method: 'DELETE' })).status).toBe(204);
      await until(async () => !(await pushed()), 5_000);
    } finally {
      stop.abort(new Error('test over'));
      await run.catch(() => undefined);
    }
  }, 60_000);
});
