import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeAgentServer, GOOD_TOKEN } from './fake-server';

/*
 * The agent as a person runs it: a process of its own, its exit code, what it prints, and the signals. Most tests run
 * the bundle (`npm run agent:build`, what the systemd unit starts and stops), built once for the file: a start under tsx
 * costs about 0.6 s of CPU in its loader, the bundle's 0.1 s, and this file starts a dozen agents. The usage test runs
 * `npm run agent`'s own command (tsx agent/main.ts).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

let bundleFolder: string;
let bundle: string;

beforeAll(async () => {
  bundleFolder = await mkdtemp(join(tmpdir(), 'sua-agent-main-bundle-'));
  bundle = join(bundleFolder, 'sua-agent.mjs');
  const built = await run([join(root, 'scripts/build-agent.mjs'), bundle], {});
  expect(built, built.output).toMatchObject({ code: 0 });
}, 60_000);
afterAll(async () => {
  if (bundleFolder) await rm(bundleFolder, { recursive: true, force: true });
});

let server: FakeAgentServer;
let folder: string;
let credentialFile: string;

beforeEach(async () => {
  server = new FakeAgentServer();
  await server.start();
  folder = await mkdtemp(join(tmpdir(), 'sua-agent-main-'));
  credentialFile = join(folder, 'credential.json');
});
afterEach(async () => {
  await server.stop();
  await rm(folder, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  output: string;
}

/** Runs `node ...args` in the checkout, to its exit. */
function run(args: string[], env: NodeJS.ProcessEnv, whenRunning?: (pid: number) => Promise<void>): Promise<Run> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (whenRunning && child.pid !== undefined) void whenRunning(child.pid);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

// Its browser policy goes under the test's folder, never to this machine's /etc.
const agentEnv = () => ({ DISPLAY: '', WAYLAND_DISPLAY: '', SUA_POLICY_ROOT: join(folder, 'root') });

/** Starts the bundled agent with these arguments; `whenRunning` may signal it once it has sent its first heartbeat. */
function agent(args: string[], whenRunning?: (pid: number) => Promise<void>): Promise<Run> {
  return run([bundle, ...args], agentEnv(), whenRunning);
}

/** Starts the agent as `npm run agent` does: `tsx agent/main.ts ...args`. */
function agentFromSource(args: string[]): Promise<Run> {
  return run(['--import', 'tsx', 'agent/main.ts', ...args], agentEnv());
}

describe('npm run agent', () => {
  it('stops cleanly with exit code 0 on SIGTERM, while its long poll waits', async () => {
    const run = await agent(['--server', server.url, '--enrol', GOOD_TOKEN, '--credential-file', credentialFile], async (pid) => {
      await server.waitFor('/api/agent/commands');
      process.kill(pid, 'SIGTERM');
    });
    expect(run.output).toContain('Enrolled as unit 7');
    expect(run.output).toContain('SIGTERM: stopping.');
    expect(run.code).toBe(0);
  });

  it('stops cleanly on SIGINT too (Ctrl+C)', async () => {
    const run = await agent(['--server', server.url, '--enrol', GOOD_TOKEN, '--credential-file', credentialFile], async (pid) => {
      await server.waitFor('/api/agent/heartbeat');
      process.kill(pid, 'SIGINT');
    });
    expect(run.code).toBe(0);
  });

  it('exits 3 with a clear message once revoked', async () => {
    await agent(['--server', server.url, '--enrol', GOOD_TOKEN, '--credential-file', credentialFile, '--once']);
    server.revoked = true;
    const run = await agent(['--credential-file', credentialFile]);
    expect(run.code).toBe(3);
    expect(run.output).toMatch(/revoked \("Revoke agent" in the unit's drawer\)/);
  });

  it('writes the URL rules as browser policy, reports it, and removes it when revoked or started with --no-url-policy', async () => {
    const policyFile = () => join(folder, 'root', 'etc/chromium/policies/managed/service-unit-admin.json');
    const gone = async () =>
      stat(policyFile()).then(
        () => false,
        () => true,
      );
    server.urlRules = [
      { id: '5', pattern: 'blocked.test', matchType: 'domain', action: 'block', enabled: true, schedule: { kind: 'always' } },
      { id: '6', pattern: '^https://x', matchType: 'regex', action: 'block', enabled: true, schedule: { kind: 'always' } },
    ];
    const run = await agent(['--server', server.url, '--enrol', GOOD_TOKEN, '--credential-file', credentialFile, '--once']);
    expect(run.output).toContain(
      'URL rules: browser policy written for chromium, chrome: 1 enforced, 0 outside their schedule, 1 not enforceable',
    );
    expect(JSON.parse(await readFile(policyFile(), 'utf8'))).toEqual({ URLBlocklist: ['blocked.test'], URLAllowlist: [] });
    const [beat] = server.calls('/api/agent/heartbeat');
    expect(beat?.body).toMatchObject({
      urlPolicy: {
        state: 'written',
        browsers: ['chromium', 'chrome'],
        rules: [
          { ruleId: '5', status: 'enforced', reason: null },
          { ruleId: '6', status: 'notEnforceable', reason: 'regex' },
        ],
      },
    });

    const off = await agent(['--credential-file', credentialFile, '--once', '--no-url-policy']);
    expect(off.output).toContain('URL rules: not enforced (--no-url-policy)');
    expect(await gone()).toBe(true);
    expect(server.calls('/api/agent/heartbeat').at(-1)?.body).toMatchObject({ urlPolicy: { state: 'off', rules: [] } });

    await agent(['--credential-file', credentialFile, '--once']);
    expect(await gone()).toBe(false);
    server.revoked = true;
    expect((await agent(['--credential-file', credentialFile])).code).toBe(3);
    expect(await gone()).toBe(true);
  });

  it('exits 2 and refuses a credential file others can read', async () => {
    await agent(['--server', server.url, '--enrol', GOOD_TOKEN, '--credential-file', credentialFile, '--once']);
    await chmod(credentialFile, 0o644);
    const run = await agent(['--credential-file', credentialFile, '--once']);
    expect(run.code).toBe(2);
    expect(run.output).toContain('can be read by other users (mode 0644)');
  });

  it('exits 2 with the usage on a wrong argument', async () => {
    const run = await agentFromSource(['--serv', server.url]);
    expect(run.code).toBe(2);
    expect(run.output).toContain("Unknown option '--serv'");
    expect(run.output).toContain('Usage: npm run agent');
  });
});
