import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LiveEvent } from '../../machines/domain/types';
import { signIn } from './support/auth';
import { recordContract } from './support/contract-recorder';
import { recordEventStream, type EventStreamRecording } from './support/event-stream';
import { freshServerData, serverAppBuilt, serverProcess, SERVER_DIST, type ServerData, type ServerProcess } from './support/server-process';
import { expect, test, type Browser, type Page } from './support/test';

/**
 * Issue 24 §4, "A browser test against the real server": a real agent on this machine, enrolled from the command the
 * UI gives, makes the machine appear online, live, with its real hostname and its own process; stopped, the unit turns
 * offline on the open screen once its heartbeat window has passed; a person of another organization, listening on the
 * event stream all along, is never sent an event about it.
 *
 * The server is `npm run server` on fresh data with the remote build (tests/e2e/support/server-process.ts), on a port
 * of its own (4197, E2E_AGENT_PORT) and with AGENT_HEARTBEAT_S=2: the agent heartbeats every 2 s, so the unit's online
 * window is the floor of 15 s (max(3 × 2 s, 15 s), machines/service-units/unit-status.ts) and the server's sweep (every
 * 5 s) turns it offline 15–20 s after its last heartbeat.
 */

const PORT = Number(process.env.E2E_AGENT_PORT ?? 4197);
const APP = `http://127.0.0.1:${PORT}`;
const ROOT = resolve(import.meta.dirname, '../..');
const HEARTBEAT_S = 2;
/** The online window for a 2 s heartbeat, and the sweep's period (docs: /tmp design, mirage/events.ts). */
const WINDOW_MS = 15_000;
const SWEEP_MS = 5_000;
const HOSTNAME = hostname();

let data: ServerData | null = null;
let server: ServerProcess | null = null;
let agent: ChildProcess | null = null;
let agentLog = '';
let agentDir: string | null = null;

test.skip(process.env.E2E_SERVER === '0', 'E2E_SERVER=0 skips the real-server suites');
test.use({ baseURL: APP });

test.beforeAll(async () => {
  if (!serverAppBuilt()) {
    throw new Error(`${SERVER_DIST}/index.html is missing: run with E2E_SERVER=1 (the globalSetup builds it) or build it yourself`);
  }
  // Always PGlite (the embedded database a single instance runs on): server.spec.ts runs on E2E_DATABASE_URL's
  // PostgreSQL in CI, so the browser meets the real server on both storages in one run.
  data = await freshServerData('pglite');
  server = serverProcess(data, PORT, { AGENT_HEARTBEAT_S: String(HEARTBEAT_S) });
  await server.start();
});

test.afterAll(async () => {
  if (agent && agent.exitCode === null && agent.signalCode === null) agent.kill('SIGKILL');
  await server?.stop();
  await data?.drop();
  if (agentDir) rmSync(agentDir, { recursive: true, force: true });
});

test.afterEach(async ({ browserName: _browserName }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  if (server) await testInfo.attach('server output', { body: server.output() });
  await testInfo.attach('agent output', { body: agentLog });
});

/** A signed-in page in a context of its own; its API calls are checked against the contract when it closes. */
async function signedIn(browser: Browser, account: 'user' | 'globex'): Promise<Page> {
  const context = await browser.newContext({ baseURL: APP, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

async function closeChecked(page: Page): Promise<void> {
  const context = page.context();
  const mismatches = await (await recordContract(context)).finish();
  await context.close();
  expect(mismatches, `API calls that break docs/api/openapi.yaml:\n${mismatches.join('\n')}`).toEqual([]);
}

const unitsTable = (page: Page) => page.getByRole('table', { name: 'Service units' });
/** The row of the unit named `name` (an enrolled unit is named after its hostname). */
const unitRow = (page: Page, name: string) =>
  unitsTable(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('button', { name, exact: true }) });

/** Opens the units list searched for `text` (a full load). */
async function searchUnits(page: Page, text: string): Promise<void> {
  await page.goto(`/user/manage-service-units?q=${encodeURIComponent(text)}`);
  await expect(page.getByRole('searchbox', { name: 'Search units' })).toHaveValue(text);
  await expect(page.locator('[aria-busy="true"]').filter({ visible: true })).toHaveCount(0);
}

/** Marks the document, so a later check can tell the screen was never reloaded (a reload starts a new document). */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-no-reload', 'yes'));
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-e2e-no-reload')), 'the screen was reloaded').toBe('yes');
}

/**
 * New unit → "Enrol an agent": the command the UI gives, as the copy button puts it on the clipboard, checked against
 * the command shown.
 */
async function copiedEnrolCommand(page: Page): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP });
  await page.getByRole('button', { name: 'New unit' }).click();
  const drawer = page.getByRole('dialog', { name: 'New service unit' });
  await drawer.getByRole('tab', { name: 'Enrol an agent' }).click();
  await drawer.getByRole('button', { name: 'Get enrolment command' }).click();
  const shown = drawer.getByText(/^npm run agent -- /);
  await expect(shown).toBeVisible();
  await drawer.getByRole('button', { name: 'Copy command' }).click();
  await expect(drawer.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = (await page.evaluate(() => navigator.clipboard.readText())).trim();
  expect(copied).toMatch(/^npm run agent -- /);
  expect((await shown.textContent())?.replace(/\s+/g, ' ').trim()).toBe(copied.replace(/\s+/g, ' '));
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  return copied;
}

/**
 * Starts the agent the command names, as `npm run agent` would (`tsx agent/main.ts` with the command's arguments), but
 * as node with tsx's loader, so the child's pid is the agent's own process (npm and npx would each add a process).
 */
function startAgent(command: string): ChildProcess {
  const args = command
    .replace(/^npm run agent -- /, '')
    .split(/\s+/)
    .map((arg) => arg.replace(/^(['"])(.*)\1$/, '$2'));
  expect(args).toContain('--server');
  expect(args).toContain('--enrol');
  expect(args[args.indexOf('--server') + 1]).toBe(APP);
  agentDir = mkdtempSync(join(tmpdir(), 'sua-e2e-agent-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'agent/main.ts',
      ...args,
      '--interval',
      String(HEARTBEAT_S),
      '--credential-file',
      join(agentDir, 'credential.json'),
    ],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const remember = (chunk: Buffer) => {
    agentLog = (agentLog + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  return child;
}

async function stopAgent(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.kill('SIGTERM');
  return exited;
}

/** Whether an event is about the unit (a screenshot's or a command's subject is its own id, which may equal a unit's). */
const about = (event: LiveEvent, unitId: string) =>
  event.unitId === unitId || ((event.type.startsWith('unit.') || event.type === 'processes.changed') && event.subjectId === unitId);

test('an agent enrolled from the copied command shows this machine live; another organization is never told', async ({ browser }) => {
  test.setTimeout(240_000);

  // Greta of Globex has her units list open and listens on her event stream the whole time.
  const greta = await signedIn(browser, 'globex');
  await greta.goto('/user/manage-service-units');
  await expect(unitsTable(greta).locator('tbody tr').first()).toBeVisible();
  const gretaStream: EventStreamRecording = await recordEventStream(greta);
  await expect.poll(() => gretaStream.opened(), { message: 'Greta’s event stream opens' }).toContain(200);

  // Ulysses of Acme has the list open on page 1, the units seen last first (a unit created live shows on page 1 of an
  // unfiltered list; elsewhere it is counted behind a "new units" bar). This machine is not a unit yet. A page of 100
  // holds every unit of his organization: the server's simulated agents report every seeded unit in one batch, so a
  // page of 25 answered just after such a batch held 25 units seen in the same second as the enrolment, or after it.
  const user = await signedIn(browser, 'user');
  await user.goto('/user/manage-service-units?sort=lastSeenAt&order=desc&pageSize=100');
  await expect(unitsTable(user).locator('tbody tr').first()).toBeVisible();
  await expect(unitRow(user, HOSTNAME)).toHaveCount(0);
  const command = await copiedEnrolCommand(user);
  await markDocument(user);

  agent = startAgent(command);

  // The unit appears on the open screen, online, named and showing this machine's hostname, without a reload.
  const row = unitRow(user, HOSTNAME);
  await expect(row, `the enrolled unit appears live; agent output:\n${agentLog}`).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('Online', { exact: true })).toBeVisible({ timeout: 15_000 });
  // Named after this machine's hostname, and that hostname in its hostname column.
  await expect(row.getByText(HOSTNAME, { exact: true })).toHaveCount(2);
  await expectSameDocument(user);

  // Its drawer tells who it is; its id is in the URL.
  await row.getByRole('button', { name: HOSTNAME, exact: true }).click();
  await expect(user).toHaveURL(/[?&]unit=[0-9a-f-]+(&|$)/);
  const unitId = new URL(user.url()).searchParams.get('unit') ?? '';
  await expect(user.getByRole('dialog', { name: HOSTNAME })).toBeVisible();

  // The processes screen lists the agent's own process, by its pid.
  const pid = String(agent.pid);
  await user.goto(`/user/manage-process?unit=${unitId}`);
  await user.getByRole('textbox', { name: 'Search processes' }).fill(pid);
  const own = user.locator('main table tbody tr').filter({ has: user.getByRole('cell', { name: pid, exact: true }) });
  await expect(own, 'the agent reports its own process').toBeVisible({ timeout: 30_000 });
  await expect(own.getByRole('cell', { name: /^(node|tsx)/i }).first()).toBeVisible();

  // The list is open again (searched for the unit), the unit online; the agent stops, and once the window has passed
  // the badge turns offline.
  await searchUnits(user, HOSTNAME);
  await expect(row.getByText('Online', { exact: true })).toBeVisible();
  await markDocument(user);
  const stoppedAt = Date.now();
  const exitCode = await stopAgent(agent);
  expect(exitCode, `the agent stops cleanly on SIGTERM:\n${agentLog}`).toBe(0);
  await expect(row.getByText('Offline', { exact: true })).toBeVisible({ timeout: WINDOW_MS + 2 * SWEEP_MS + 15_000 });
  const tookMs = Date.now() - stoppedAt;
  test.info().annotations.push({ type: 'offline after SIGTERM', description: `${tookMs} ms` });
  // Not at once: the unit is online until its window from the last heartbeat has passed.
  expect(tookMs).toBeGreaterThanOrEqual(WINDOW_MS - 2 * HEARTBEAT_S * 1000 - 1000);
  await expectSameDocument(user);

  // Greta's stream was live all along: an event of her own organization, caused now, reaches her after every event
  // about the new unit was committed (ids increase in commit order). None of them reached her.
  const token = await greta.evaluate(() => localStorage.getItem('accessToken') ?? '');
  const created = await greta.request.post(`${APP}/api/service-units`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `E2E Globex control ${Date.now().toString(36)}`,
      hostname: 'e2e-control.globex.example',
      ipAddress: '10.20.0.9',
      operatingSystem: 'linux',
      location: 'E2E',
      description: '',
      tags: [],
      screenshotIntervalMinutes: 5,
    },
  });
  expect(created.status()).toBe(201);
  const controlId = String(((await created.json()) as { id: string | number }).id);
  await expect
    .poll(async () => (await gretaStream.events()).some((e) => e.type === 'unit.created' && e.subjectId === controlId), {
      message: 'Greta’s stream delivers her own organization’s event',
      timeout: 15_000,
    })
    .toBe(true);
  const gretaEvents = await gretaStream.events();
  const organizations = new Set(gretaEvents.map((e) => e.organizationId));
  const controlOrg = gretaEvents.find((e) => e.subjectId === controlId)?.organizationId ?? null;
  expect(
    [...organizations].filter((org) => org !== controlOrg && org !== null),
    'events of another organization',
  ).toEqual([]);
  expect(
    gretaEvents.filter((e) => about(e, unitId)),
    'events about the Acme agent unit',
  ).toEqual([]);
  await gretaStream.stop();

  await closeChecked(user);
  await closeChecked(greta);
});
