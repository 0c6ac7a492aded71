import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { runAgent, type AgentEnd } from '../../agent/agent';
import { POLICY_FILE_NAME, type UrlPolicyTargets } from '../../agent/url-policy';
import { createBackend, type Backend } from '../../server/backend';
import { migrate } from '../../server/db/migrate';
import { openPglite, type Sql } from '../../server/db/sql';
import { createHttpServer, listen } from '../../server/http-server';
import { DEMO_PASSWORD, signIn } from './support/auth';
import { serverAppBuilt, SERVER_DIST } from './support/server-process';

/*
 * Issue 44: URL rules enforced the way a kiosk enforces them, from the console to the browser. The real server (its
 * HTTP layer and backend, on PGlite, serving the remote build as `npm run server` does) and the real agent, enrolled
 * with a token a user created: a block rule created through the user API reaches the agent within seconds (the
 * command poll names its config version; the agent keeps its one-minute config fetch here), the agent writes it as
 * Chromium's managed policy in /etc/chromium/policies/managed, and Debian's Chromium refuses the URL of a local test
 * server with its administrator block page (net::ERR_BLOCKED_BY_ADMINISTRATOR) while an allowed one loads. The user,
 * signed in in the console, sees on the URL rules screen the rule enforced and the regex one not enforceable, and
 * disables the rule with its switch: the agent rewrites the policy within seconds, and the URL loads again.
 *
 * When Chromium applies a changed file (docs/agent.md, "Picked up"): at its start, and in a running browser when its
 * policies are reloaded (chrome://policy, "Reload policies"; Chromium also does so on its own every 15 minutes). Its
 * folder watch did not make a running browser apply a change reliably here (2 of 5 runs within 30 s), so the test
 * checks a browser started after the write and the running one after "Reload policies", never a fixed wait.
 *
 * The policy applies to every Chromium on this machine, so the test removes its file whatever happens (finally and
 * afterAll). Runs as root (CI) or as a user who may create that folder; otherwise it is skipped, saying why.
 */

const POLICY_DIR = process.env['E2E_CHROMIUM_POLICY_DIR'] ?? '/etc/chromium/policies/managed';
const POLICY_FILE = join(POLICY_DIR, POLICY_FILE_NAME);
const TARGETS: UrlPolicyTargets = { chromium: [{ browser: 'chromium', dir: POLICY_DIR }], firefox: [] };
const APP_KEY = 'service-unit-admin-demo-key';
/** Within this, a rule saved reaches the policy file: the long poll's news, not the agent's minute (CONFIG_EVERY_MS). */
const PUSH_WITHIN_MS = 10_000;

let site: Server;
let port = 0;
let writable = true;
let sql: Sql | null = null;
let backend: Backend | null = null;
let api: Server | null = null;
let base = '';

const removePolicy = () => rm(POLICY_FILE, { force: true });

test.beforeAll(async () => {
  test.setTimeout(120_000);
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
  if (!writable) return;
  // The real server: the backend with the demo data over PGlite, behind its HTTP layer.
  sql = await openPglite();
  await migrate(sql);
  backend = await createBackend({ sql, agentHeartbeatS: 1 });
  // The console beside the API, as `npm run server` serves it (STATIC_DIR): the remote build of the globalSetup.
  if (!serverAppBuilt()) throw new Error(`${SERVER_DIST}/index.html is missing: run with E2E_SERVER=1 (the globalSetup builds it)`);
  api = createHttpServer(backend, {
    corsOrigins: [],
    maxBodyBytes: 2 * 1024 * 1024,
    staticDir: resolve(import.meta.dirname, '../..', SERVER_DIST),
  });
  base = `http://127.0.0.1:${await listen(api, 0, '127.0.0.1')}`;
});

test.afterAll(async () => {
  await removePolicy();
  await new Promise((resolve) => site.close(resolve));
  if (api) {
    api.closeAllConnections();
    await new Promise((resolve) => api?.close(resolve));
  }
  await backend?.close();
  await sql?.close();
});

/**
 * Debian's Chromium started as a kiosk starts it, with no automation switches (Playwright's launch adds its own), and
 * driven over CDP. Every *.test host is this machine.
 */
async function startKiosk(profile: string): Promise<{ browser: Browser; child: ChildProcess }> {
  const child = spawn(
    process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--host-resolver-rules=MAP *.test 127.0.0.1',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  // Chromium names its DevTools port in the profile once it listens.
  const portFile = join(profile, 'DevToolsActivePort');
  let devtools = '';
  await expect
    .poll(
      async () => {
        devtools = (await readFile(portFile, 'utf8').catch(() => '')).split('\n')[0] ?? '';
        return devtools;
      },
      { message: 'Chromium starts', timeout: 30_000 },
    )
    .not.toBe('');
  return { browser: await chromium.connectOverCDP(`http://127.0.0.1:${devtools}`), child };
}

/** What opening the URL gives: 'loaded', or Chromium's network error. */
async function open(browser: Browser, url: string): Promise<string> {
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no browser context');
  const page = await context.newPage();
  try {
    const response = await page.goto(url);
    return response?.ok() ? 'loaded' : `status ${response?.status() ?? 'none'}`;
  } catch (error) {
    return /net::ERR_[A-Z_]+/.exec(String(error))?.[0] ?? String(error);
  } finally {
    await page.close();
  }
}

/**
 * What opening `url` in the running browser gives once it reloads its policies: chrome://policy's "Reload policies", as
 * an administrator checks a machine (docs/agent.md), pressed again before each look until the answer is `expected`
 * (one press was not always enough: 1 of 4 runs still loaded the page 15 s after it). The page stays open meanwhile:
 * closed at once, it ended the reload it had asked for.
 */
async function afterReloadingPolicies(browser: Browser, url: string, expected: string): Promise<void> {
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no browser context');
  const page = await context.newPage();
  try {
    await page.goto('chrome://policy');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Reload policies' }).click();
          return open(browser, url);
        },
        { message: 'the running Chromium applies the policy', timeout: 20_000, intervals: [500, 1_000] },
      )
      .toBe(expected);
  } finally {
    await page.close();
  }
}

/** The user API, as the console calls it. */
async function call<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; json: T }> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : { key: APP_KEY }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

const policyFile = async (): Promise<{ URLBlocklist: string[]; URLAllowlist: string[] } | null> => {
  try {
    return JSON.parse(await readFile(POLICY_FILE, 'utf8')) as { URLBlocklist: string[]; URLAllowlist: string[] };
  } catch {
    return null;
  }
};

interface Rule {
  id: string;
  pattern: string;
  matchType: string;
  action: string;
  enabled: boolean;
  scope: unknown;
  schedule: unknown;
  reason: string;
}
interface UnitPolicy {
  agent: {
    urlPolicy: {
      state: string;
      writtenAt: string | null;
      browsers: string[];
      rules: { ruleId: string; status: string; reason: string | null }[];
    } | null;
  } | null;
}

test('a block rule made in the console shows Chromium’s block page on the unit; disabled, the URL loads again', async ({ browser }) => {
  test.skip(!writable, `${POLICY_DIR} cannot be created by this user: run as root (as CI does)`);
  test.setTimeout(120_000);
  const folder = await mkdtemp(join(tmpdir(), 'sua-url-policy-e2e-'));
  const stop = new AbortController();
  const lines: string[] = [];
  let agent: Promise<AgentEnd> | null = null;
  const kiosks: { browser: Browser; child: ChildProcess }[] = [];
  const contexts: BrowserContext[] = [];
  try {
    // A user of Acme signs in and creates an enrolment token ("New unit" → "Enrol an agent").
    const login = await call<{ accessToken: string }>('', '/api/UserLogin', {
      method: 'POST',
      body: { params: { username: 'user', password: DEMO_PASSWORD } },
    });
    expect(login.status).toBe(200);
    const token = login.json.accessToken;
    const enrolment = await call<{ token: string }>(token, '/api/agent-enrolments', { method: 'POST' });
    expect(enrolment.status).toBe(201);

    // The agent on this machine, as a unit runs it (its config fetched on start, when the command poll says it changed,
    // and every minute), but beating every second instead of every 30 s.
    agent = runAgent(
      {
        server: base,
        enrolToken: enrolment.json.token,
        credentialFile: join(folder, 'credential.json'),
        allowEndProcess: false,
        intervalS: 1,
        once: false,
        urlPolicy: TARGETS,
      },
      stop.signal,
      {
        log: { info: (m) => lines.push(m), warn: (m) => lines.push(m) },
        timeZone: 'UTC',
        capture: () => Promise.resolve({ kind: 'notSupported', message: 'No display on this unit' }),
      },
    );
    const credential = async () => {
      try {
        return (JSON.parse(await readFile(join(folder, 'credential.json'), 'utf8')) as { unitId: string }).unitId;
      } catch {
        return '';
      }
    };
    await expect.poll(credential, { message: `the agent enrols; its log:\n${lines.join('\n')}`, timeout: 30_000 }).not.toBe('');
    const unitId = await credential();

    // The kiosk's browser runs before any rule: the site loads.
    const kioskA = await startKiosk(join(folder, 'profile-a'));
    kiosks.push(kioskA);
    const running = kioskA.browser;
    expect(await open(running, `http://blocked.test:${port}/`)).toBe('loaded');

    // Rules for this unit, made as the URL rules screen makes them: a block rule, an allow rule for one of its pages,
    // and a regex rule no browser policy can express.
    const create = async (body: Record<string, unknown>) => {
      const created = await call<Rule>(token, '/api/url-restrictions', {
        method: 'POST',
        body: { enabled: true, scope: { kind: 'units', unitIds: [unitId] }, schedule: { kind: 'always' }, reason: 'E2E', ...body },
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      return created.json;
    };
    const help = await create({ pattern: `http://blocked.test:${port}/help`, matchType: 'exact', action: 'allow' });
    const regex = await create({ pattern: '^https?://games\\.', matchType: 'regex', action: 'block' });
    const block = await create({ pattern: 'blocked.test', matchType: 'domain', action: 'block' });
    const createdAt = Date.now();
    await expect
      .poll(async () => (await policyFile())?.URLBlocklist ?? [], { message: 'the agent writes the block rule', timeout: PUSH_WITHIN_MS })
      .toContain('blocked.test');
    const writtenMs = Date.now() - createdAt;
    expect((await policyFile())?.URLAllowlist).toContain(`http://.blocked.test:${port}/help`);

    // The running browser, once it reloads its policies: the administrator block page, for the domain and its
    // subdomains; the allowed page and another site load.
    await afterReloadingPolicies(running, `http://blocked.test:${port}/`, 'net::ERR_BLOCKED_BY_ADMINISTRATOR');
    expect(await open(running, `http://www.blocked.test:${port}/news`)).toBe('net::ERR_BLOCKED_BY_ADMINISTRATOR');
    expect(await open(running, `http://blocked.test:${port}/help`)).toBe('loaded');
    expect(await open(running, `http://allowed.test:${port}/`)).toBe('loaded');

    // What the console shows of the unit comes with the agent's heartbeat.
    await expect
      .poll(
        async () => {
          const unit = await call<UnitPolicy>(token, `/api/service-units/${unitId}`);
          const rules = unit.json.agent?.urlPolicy?.rules ?? [];
          return [block.id, help.id, regex.id].map((id) => rules.find((r) => r.ruleId === id) ?? null);
        },
        { message: 'the unit reports each rule', timeout: 15_000 },
      )
      .toEqual([
        expect.objectContaining({ status: 'enforced', reason: null }),
        expect.objectContaining({ status: 'enforced', reason: null }),
        expect.objectContaining({ status: 'notEnforceable', reason: 'regex' }),
      ]);

    // The console: the user signs in, opens the URL rules of this unit, and reads how it enforces them.
    const consoleContext = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    contexts.push(consoleContext);
    const page = await consoleContext.newPage();
    await signIn(page, 'user');
    await page.goto(`/user/url-restrictions?unit=${unitId}`);
    const panel = page.getByRole('region', { name: /^Enforcement on / });
    const reported = (pattern: string) => panel.getByRole('row').filter({ has: page.getByRole('cell', { name: pattern, exact: true }) });
    await expect(reported('blocked.test')).toContainText('Enforced');
    await expect(reported(`http://blocked.test:${port}/help`)).toContainText('Enforced');
    await expect(reported(regex.pattern)).toContainText('Not enforceable on this unit');
    await expect(reported(regex.pattern)).toContainText('Browser policies have no regular expressions.');
    await expect(panel.getByText(/^Browser policy last written .* for Chromium\.$/)).toBeVisible();

    // Disabled in the console: the rule's switch in the list. Only enabled rules reach the agent, which rewrites the
    // policy as soon as its command poll says the config changed.
    const rules = page.getByRole('table', { name: 'URL rules' });
    await page.getByRole('searchbox', { name: 'Search rules' }).fill('blocked.test');
    const toggle = rules.getByRole('switch', { name: 'Enable rule blocked.test', exact: true });
    await expect(toggle).toBeChecked();
    // A person clicks the switch's track, which covers its input.
    await toggle.locator('xpath=..').click();
    const disabledAt = Date.now();
    await expect(toggle).not.toBeChecked();
    await expect
      .poll(async () => (await policyFile())?.URLBlocklist ?? ['unread'], {
        message: 'the agent takes the rule out',
        timeout: PUSH_WITHIN_MS,
      })
      .not.toContain('blocked.test');
    const rewrittenMs = Date.now() - disabledAt;

    // A browser started now (the kiosk restarted) loads the URL; so does the running one once it reloads its policies.
    const kioskB = await startKiosk(join(folder, 'profile-b'));
    kiosks.push(kioskB);
    expect(await open(kioskB.browser, `http://blocked.test:${port}/`)).toBe('loaded');
    await afterReloadingPolicies(running, `http://blocked.test:${port}/`, 'loaded');
    const loadedMs = Date.now() - disabledAt;
    expect(await open(running, `http://www.blocked.test:${port}/news`)).toBe('loaded');
    test.info().annotations.push(
      { type: 'policy written after the block rule was created', description: `${writtenMs} ms` },
      { type: 'policy rewritten after the rule was disabled', description: `${rewrittenMs} ms` },
      {
        type: 'URL loads again (new browser, and the running one after Reload policies) after the rule was disabled',
        description: `${loadedMs} ms`,
      },
    );
  } finally {
    // The agent first, so it writes no policy after the file is gone; each step runs even when one before fails.
    stop.abort();
    await agent?.catch(() => 'stopped');
    await removePolicy();
    for (const context of contexts) await context.close().catch(() => undefined);
    for (const kiosk of kiosks) {
      await kiosk.browser.close().catch(() => undefined);
      // Gone before its profile is removed: a Chromium still writing there made the removal fail (ENOTEMPTY).
      const exited = new Promise((resolve) => {
        if (kiosk.child.exitCode !== null || kiosk.child.signalCode !== null) resolve(null);
        else kiosk.child.once('exit', resolve);
      });
      kiosk.child.kill('SIGKILL');
      await exited;
    }
    await rm(folder, { recursive: true, force: true, maxRetries: 3 });
  }
});
