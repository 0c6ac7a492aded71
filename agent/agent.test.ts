import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentSetupError, runAgent, type AgentDeps, type AgentOptions } from './agent';
import { FakeAgentServer, GOOD_TOKEN } from './fake-server';
import type { AgentProcess, AgentReportedSystem } from './types';

/* The agent's whole life against a stand-in that follows the contract; agent/server.test.ts runs it against the real server. */

let server: FakeAgentServer;
let root: string;
let credentialFile: string;

beforeEach(async () => {
  server = new FakeAgentServer();
  await server.start();
  root = await mkdtemp(join(tmpdir(), 'sua-agent-'));
  credentialFile = join(root, 'sua-agent', 'credential.json');
});
afterEach(async () => {
  await server.stop();
  await rm(root, { recursive: true, force: true });
});

const options = (overrides: Partial<AgentOptions> = {}): AgentOptions => ({
  server: server.url,
  enrolToken: GOOD_TOKEN,
  credentialFile,
  allowEndProcess: false,
  intervalS: null,
  once: true,
  ...overrides,
});

const system: AgentReportedSystem = {
  hostname: 'till-1',
  platform: 'linux',
  osName: 'Debian GNU/Linux 12',
  ipAddresses: ['10.0.0.5'],
  uptimeS: 60,
  agentVersion: '0.1.0',
};
const processes: AgentProcess[] = [{ pid: 1, name: 'init', user: 'root', cpuPercent: 0, memoryMb: 1, startedAt: null }];

/** Resolves once check() holds (the agent logs on its own time); the test's timeout bounds it. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Quick stand-ins for this machine, and short backoffs (random 0: half of each step). */
const quick = (log: string[] = []): AgentDeps => ({
  readSystem: async () => system,
  readProcesses: async () => processes,
  random: () => 0,
  log: { info: (m) => log.push(m), warn: (m) => log.push(m) },
});

describe('the agent', () => {
  it('enrols with the token, keeps the credential in a 0600 file, and reports this machine and its processes', async () => {
    const end = await runAgent(options(), new AbortController().signal);
    expect(end).toBe('stopped');
    expect((await stat(credentialFile)).mode & 0o777).toBe(0o600);
    expect((await stat(join(root, 'sua-agent'))).mode & 0o777).toBe(0o700);

    const [enrol] = server.calls('/api/agent/enrol');
    expect(enrol?.body).toMatchObject({ token: GOOD_TOKEN, system: { hostname: hostname() } });
    const [heartbeat] = server.calls('/api/agent/heartbeat');
    expect(heartbeat).toMatchObject({ authorization: 'Bearer sua_unit_7_secret', body: { unitId: '7', system: { hostname: hostname() } } });
    const [report] = server.calls('/api/agent/processes');
    const reported = (report?.body as { processes: AgentProcess[] }).processes;
    // The agent's own process is among them (here: the test runner's).
    expect(reported.find((p) => p.pid === process.pid)).toBeDefined();
    expect(server.calls('/api/agent/config')).toHaveLength(1);
    expect(server.calls('/api/agent/commands')).toHaveLength(1);
  });

  it('uses the stored credential on the next start, without a token', async () => {
    await runAgent(options(), new AbortController().signal, quick());
    const log: string[] = [];
    expect(await runAgent(options({ enrolToken: null, server: null }), new AbortController().signal, quick(log))).toBe('stopped');
    expect(server.calls('/api/agent/enrol')).toHaveLength(1);
    expect(server.calls('/api/agent/heartbeat')).toHaveLength(2);
    expect(log.join('\n')).toContain(`Reporting as unit 7 to ${server.url}`);
  });

  it('cannot start without a credential or a token, and says how to enrol', async () => {
    const run = runAgent(options({ enrolToken: null }), new AbortController().signal, quick());
    await expect(run).rejects.toThrow(AgentSetupError);
    await expect(runAgent(options({ enrolToken: null }), new AbortController().signal, quick())).rejects.toThrow(/--enrol <token>/);
  });

  it('says a used token was refused', async () => {
    await runAgent(options(), new AbortController().signal, quick());
    const other = join(root, 'other.json');
    await expect(runAgent(options({ credentialFile: other }), new AbortController().signal, quick())).rejects.toThrow(
      /enrolment token was refused.*create a new one/,
    );
  });

  it('refuses a credential file others can read', async () => {
    await runAgent(options(), new AbortController().signal, quick());
    await chmod(credentialFile, 0o644);
    await expect(runAgent(options(), new AbortController().signal, quick())).rejects.toThrow(/can be read by other users/);
  });

  it('refuses a credential of another server', async () => {
    await writeFile(
      join(root, 'other.json'),
      JSON.stringify({ server: 'http://elsewhere.test', unitId: '1', organizationId: '1', credential: 'x', enrolledAt: '' }),
      { mode: 0o600 },
    );
    const run = runAgent(options({ credentialFile: join(root, 'other.json') }), new AbortController().signal, quick());
    await expect(run).rejects.toThrow(/holds the credential of http:\/\/elsewhere.test/);
  });

  it('stops with "revoked" and a clear message when the server refuses its credential', async () => {
    await runAgent(options(), new AbortController().signal, quick());
    server.revoked = true;
    const log: string[] = [];
    const end = await runAgent(options({ once: false, intervalS: 1 }), new AbortController().signal, quick(log));
    expect(end).toBe('revoked');
    expect(log.join('\n')).toMatch(/revoked \("Revoke agent" in the unit's drawer\).*delete .*credential\.json/);
  });

  it('heartbeats on the interval and stops cleanly, in the middle of a long poll, when aborted', async () => {
    const stop = new AbortController();
    const run = runAgent(options({ once: false, intervalS: 1 }), stop.signal, quick());
    await server.waitFor('/api/agent/heartbeat', 2);
    // The second heartbeat came with no process report (every second one has it).
    expect(server.calls('/api/agent/processes')).toHaveLength(1);
    await server.waitFor('/api/agent/commands');
    stop.abort(new Error('SIGTERM'));
    expect(await run).toBe('stopped');
    // The agent closed its held poll itself, rather than waiting 25 s for it to end.
    await until(() => server.pollEnds.length > 0);
    expect(server.pollEnds).toEqual(['closed']);
  });

  it('survives a server restart: it backs off while the server is away, then reports again', async () => {
    const log: string[] = [];
    const stop = new AbortController();
    const run = runAgent(options({ once: false, intervalS: 1 }), stop.signal, quick(log));
    await server.waitFor('/api/agent/heartbeat', 1);
    await server.stop();
    const before = server.calls('/api/agent/heartbeat').length;
    await until(() => log.some((line) => /cannot be reached \(ECONNREFUSED\); retrying in \d+ s/.test(line)));
    await server.start();
    await server.waitFor('/api/agent/heartbeat', before + 1);
    await until(() => log.some((line) => line.includes('answers again')));
    stop.abort(new Error('SIGTERM'));
    expect(await run).toBe('stopped');
  });

  it('keeps trying while the server answers 503, and reports when it is back', async () => {
    server.failWith = 503;
    const stop = new AbortController();
    const run = runAgent(options({ once: true }), stop.signal, quick());
    await server.waitFor('/api/agent/enrol', 2);
    server.failWith = null;
    expect(await run).toBe('stopped');
    expect(server.calls('/api/agent/heartbeat').length).toBeGreaterThan(0);
  });
});

/** A process of our own, reported under a name only the test's rules match (nothing else on this machine is touched). */
function child(name: string) {
  const spawned = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => spawned.once('exit', (_code, signal) => resolve(signal)));
  const listed: AgentProcess = { pid: spawned.pid ?? -1, name, user: 'till', cpuPercent: 1, memoryMb: 20, startedAt: null };
  return { spawned, exited, listed };
}

describe("the agent and the unit's process rules", () => {
  const block = { id: '1', pattern: 'sua-test-*', action: 'block' as const, enabled: true };
  const allow = { id: '2', pattern: 'sua-test-keep', action: 'allow' as const, enabled: true };

  it('with --allow-end-process, ends a running process a block rule matches (SIGTERM), and spares one an allow rule matches', async () => {
    server.processRules = [block, allow];
    const blocked = child('sua-test-game');
    const kept = child('sua-test-keep');
    const log: string[] = [];
    try {
      await runAgent(options({ allowEndProcess: true }), new AbortController().signal, {
        ...quick(log),
        readProcesses: async () => [...processes, blocked.listed, kept.listed],
      });
      expect(await blocked.exited).toBe('SIGTERM');
      expect(kept.spawned.exitCode).toBeNull();
      expect(() => process.kill(kept.listed.pid, 0)).not.toThrow();
      expect(log).toContain(`Process sua-test-game (pid ${blocked.listed.pid}) matches the block rule "sua-test-*": sent it SIGTERM.`);
      expect(log.join('\n')).not.toContain('sua-test-keep (pid');
    } finally {
      blocked.spawned.kill('SIGKILL');
      kept.spawned.kill('SIGKILL');
    }
  });

  it('without --allow-end-process, leaves it running and logs once that it would end it', async () => {
    server.processRules = [block];
    const blocked = child('sua-test-game');
    const log: string[] = [];
    const stop = new AbortController();
    // A heartbeat every 250 ms: the test waits for the third.
    const run = runAgent(options({ once: false, intervalS: 0.25 }), stop.signal, {
      ...quick(log),
      readProcesses: async () => [...processes, blocked.listed],
    });
    try {
      // Two process reports (every second heartbeat), one line.
      await server.waitFor('/api/agent/processes', 2);
      stop.abort(new Error('SIGTERM'));
      expect(await run).toBe('stopped');
      expect(blocked.spawned.exitCode).toBeNull();
      expect(log.filter((line) => line.includes(`pid ${blocked.listed.pid}`))).toEqual([
        `Process sua-test-game (pid ${blocked.listed.pid}) matches the block rule "sua-test-*": the agent would end it, but it was started without --allow-end-process.`,
      ]);
      expect(log.join('\n')).toContain('1 process rules (1 block and 0 allow enabled, not enforced: started without --allow-end-process)');
    } finally {
      stop.abort(new Error('test over'));
      blocked.spawned.kill('SIGKILL');
    }
  });

  it('fetches its config again on its own, so a rule added later ends the process', async () => {
    const blocked = child('sua-test-game');
    const log: string[] = [];
    const stop = new AbortController();
    // A heartbeat every 250 ms: the process goes at the next report after the rule.
    const run = runAgent(options({ once: false, intervalS: 0.25, allowEndProcess: true }), stop.signal, {
      ...quick(log),
      readProcesses: async () => [...processes, blocked.listed],
      configEveryMs: 100,
    });
    try {
      await server.waitFor('/api/agent/processes', 1);
      expect(blocked.spawned.exitCode).toBeNull();
      server.processRules = [block];
      expect(await blocked.exited).toBe('SIGTERM');
      expect(server.calls('/api/agent/config').length).toBeGreaterThan(1);
      // Fetched again and again, but said only when it changed: no rules, then one.
      expect(log.filter((line) => line.startsWith('Config:'))).toHaveLength(2);
    } finally {
      stop.abort(new Error('test over'));
      await run.catch(() => undefined);
      blocked.spawned.kill('SIGKILL');
    }
  });

  it('fetches its config as soon as the command poll says it changed, long before its minute', async () => {
    const log: string[] = [];
    const stop = new AbortController();
    // A heartbeat every 30 s and the config's minute: only the poll's news can bring the rule within the test.
    const run = runAgent(options({ once: false, intervalS: 30 }), stop.signal, quick(log));
    try {
      await until(() => log.some((line) => line.startsWith('Config:')));
      // The poll now waits, naming the version the agent has.
      await until(() => server.received.some((r) => r.path === '/api/agent/commands' && r.query.includes('configVersion=')));
      server.setRules({ processRules: [block] });
      await until(() => log.some((line) => line.includes('1 process rules (1 block and 0 allow enabled')));
      // The held poll was woken by the change and told the agent, rather than ending on its own.
      expect(server.pollEnds).toContain('news');
      expect(server.pollEnds).not.toContain('timeout');
      expect(server.calls('/api/agent/config')).toHaveLength(2);
    } finally {
      stop.abort(new Error('test over'));
      expect(await run).toBe('stopped');
    }
  });

  it('counts the URL rules in its log and does not enforce them', async () => {
    server.urlRules = [{ id: '1', pattern: 'games.example.com', matchType: 'domain', action: 'block', enabled: true }];
    const log: string[] = [];
    await runAgent(options(), new AbortController().signal, quick(log));
    expect(log.join('\n')).toContain('1 URL rules (not enforced by this agent)');
  });
});
