import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { runAgent, type AgentOptions } from '../../agent/agent';
import { FakeAgentServer, GOOD_TOKEN } from '../../agent/fake-server';
import { POLICY_FILE_NAME, type UrlPolicyTargets } from '../../agent/url-policy';

/*
 * Issue 44: URL rules enforced the way a kiosk enforces them. The real agent (runAgent, its config from a stand-in of
 * the agent API that follows the contract) writes the unit's URL rules as Chromium's managed policy in
 * /etc/chromium/policies/managed, and Debian's Chromium, started afresh, refuses a blocked URL of a local test server
 * with its administrator block page (net::ERR_BLOCKED_BY_ADMINISTRATOR) and loads an allowed one. Disabled, the rule
 * leaves the next config, the agent rewrites the policy, and the URL loads again.
 *
 * The policy applies to every Chromium on this machine, so the test removes its file whatever happens (finally and
 * afterAll). Runs as root (CI) or as a user who may create that folder; otherwise it is skipped, saying why.
 */

const POLICY_DIR = process.env['E2E_CHROMIUM_POLICY_DIR'] ?? '/etc/chromium/policies/managed';
const POLICY_FILE = join(POLICY_DIR, POLICY_FILE_NAME);
const TARGETS: UrlPolicyTargets = { chromium: [{ browser: 'chromium', dir: POLICY_DIR }], firefox: [] };

let site: Server;
let port = 0;
let writable = true;

const removePolicy = () => rm(POLICY_FILE, { force: true });

test.beforeAll(async () => {
  try {
    await mkdir(POLICY_DIR, { recursive: true });
  } catch {
    writable = false;
  }
  site = createServer((request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><title>${request.headers.host ?? ''}</title><h1>Loaded ${request.url ?? ''}</h1>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await removePolicy();
  await new Promise((resolve) => site.close(resolve));
});

/** A fresh Chromium (the policy is read at start) in which every *.test host is this machine. */
const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--host-resolver-rules=MAP *.test 127.0.0.1'],
  });

/** What opening the URL gives: 'loaded', or Chromium's network error. */
async function open(browser: Browser, url: string): Promise<string> {
  const page = await browser.newPage();
  try {
    const response = await page.goto(url);
    return response?.ok() ? 'loaded' : `status ${response?.status() ?? 'none'}`;
  } catch (error) {
    return /net::ERR_[A-Z_]+/.exec(String(error))?.[0] ?? String(error);
  } finally {
    await page.close();
  }
}

const rule = (id: string, over: Record<string, unknown>) => ({
  id,
  organizationId: '1',
  scope: { kind: 'all' },
  action: 'block',
  enabled: true,
  schedule: { kind: 'always' },
  reason: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'admin',
  ...over,
});

test('the agent writes the URL rules as Chromium policy: a blocked URL shows the block page, an allowed one loads, a disabled rule lets it load again', async () => {
  test.skip(!writable, `${POLICY_DIR} cannot be created by this user: run as root (as CI does)`);
  const server = new FakeAgentServer();
  await server.start();
  const folder = await mkdtemp(join(tmpdir(), 'sua-url-policy-e2e-'));
  const options: AgentOptions = {
    server: server.url,
    enrolToken: GOOD_TOKEN,
    credentialFile: join(folder, 'credential.json'),
    allowEndProcess: false,
    intervalS: null,
    once: true,
    urlPolicy: TARGETS,
  };
  const block = rule('1', { pattern: 'blocked.test', matchType: 'domain' });
  const help = rule('2', { pattern: `http://blocked.test:${port}/help`, matchType: 'exact', action: 'allow' });
  const regex = rule('3', { pattern: '^https?://games\\.', matchType: 'regex' });
  const lines: string[] = [];
  const deps = { log: { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) }, timeZone: 'UTC' };
  try {
    server.urlRules = [block, help, regex];
    expect(await runAgent(options, new AbortController().signal, deps)).toBe('stopped');
    expect(JSON.parse(await readFile(POLICY_FILE, 'utf8'))).toEqual({
      URLBlocklist: ['blocked.test'],
      URLAllowlist: [`http://.blocked.test:${port}/help`],
    });
    // What the console shows comes with the heartbeat.
    expect(server.calls('/api/agent/heartbeat').at(-1)?.body).toMatchObject({
      urlPolicy: {
        state: 'written',
        browsers: ['chromium'],
        rules: [
          { ruleId: '1', status: 'enforced', reason: null },
          { ruleId: '2', status: 'enforced', reason: null },
          { ruleId: '3', status: 'notEnforceable', reason: 'regex' },
        ],
      },
    });

    const before = await launch();
    try {
      expect(await open(before, `http://blocked.test:${port}/`)).toBe('net::ERR_BLOCKED_BY_ADMINISTRATOR');
      expect(await open(before, `http://www.blocked.test:${port}/news`)).toBe('net::ERR_BLOCKED_BY_ADMINISTRATOR');
      expect(await open(before, `http://blocked.test:${port}/help`)).toBe('loaded');
      expect(await open(before, `http://allowed.test:${port}/`)).toBe('loaded');
    } finally {
      await before.close();
    }

    // Disabled in the console: the next config no longer has the rule (only enabled rules reach the agent).
    server.urlRules = [help, regex];
    expect(await runAgent({ ...options, enrolToken: null }, new AbortController().signal, deps)).toBe('stopped');
    expect(JSON.parse(await readFile(POLICY_FILE, 'utf8'))).toEqual({
      URLBlocklist: [],
      URLAllowlist: [`http://.blocked.test:${port}/help`],
    });

    const after = await launch();
    try {
      expect(await open(after, `http://blocked.test:${port}/`)).toBe('loaded');
    } finally {
      await after.close();
    }
  } finally {
    await removePolicy();
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
});
