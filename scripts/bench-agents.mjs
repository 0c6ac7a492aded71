#!/usr/bin/env node
/* global window, document, history, PopStateEvent, MutationObserver */
// Functions passed to page.evaluate run in the browser: the globals above are the page's.
/**
 * `node scripts/bench-agents.mjs` (docs/performance.md, "Live agents (issue 24 §4)"), and the last section of the full
 * `npm run bench` when BENCH_DATABASE_URL is set (not of bench:quick): simulated agents heartbeating against one `npm run server` on a real PostgreSQL.
 *
 * 1. A fresh database (or, for a role that may not create databases, a schema of the URL's database), `npm run server`
 *    on it at the default seed with AGENT_HEARTBEAT_S=30, serving the remote build (STATIC_DIR) on 127.0.0.1:4198.
 * 2. The first 500 agents (--api-enrolments) are enrolled through the API, as a real one is: `POST /api/agent-enrolments`
 *    as `user` (Acme) for a token, then `POST /api/agent/enrol` with it (two writes each; the rate is reported). The rest
 *    are copies of an enrolled unit's row with credentials of their own, inserted in SQL as another instance would
 *    commit them (cloneAgents below). Probe units, enrolled first and never heartbeating, are offline when used.
 * 3. For each step (10,000, 15,000, 20,000, 30,000 agents by default): one or two load-generator processes (this file
 *    with --generator) send `POST /api/agent/heartbeat` for every agent once per interval, spread evenly (10,000 per
 *    30 s = 333/s), open loop (a slow answer does not delay the next heartbeat), over keep-alive connections. The first
 *    interval is a warm-up (each agent's first heartbeat turns its unit online: one event each); then `--seconds` are
 *    measured: the heartbeats' latency (p50/p99, measured in the generator from send to the end of the answer), the
 *    server's CPU (utime + stime of its process, /proc/<pid>/stat) and that of its PostgreSQL backends, and the
 *    badge delay: Chromium, signed in as `user` with the units list open and searched (client-side) for an offline
 *    probe unit; the probe's heartbeat is sent and the time until its row's badge reads "Online" is taken (a
 *    MutationObserver in the page, one wall clock). Stepping stops at the first count whose p99 is 50 ms or more;
 *    if the first step misses already, it steps down by halves to find what one instance holds.
 *
 *   BENCH_DATABASE_URL=postgres://user:pw@127.0.0.1:5432/postgres node scripts/bench-agents.mjs [options]
 *     --steps 10000,15000,20000,30000   agent counts, in order
 *     --seconds 60       measured seconds per step (after a warm-up of one interval)
 *     --interval 30      heartbeat interval, s (the server's AGENT_HEARTBEAT_S)
 *     --generators 1     load-generator processes
 *     --probes 5         badge samples per step
 *     --no-browser       skip the badge delay
 *     --dist <dir>       serve this remote build as it is (default: build one into dist-bench-agents)
 *     --no-build         serve dist-bench-agents as it is
 *   Short while developing: --steps 1000 --seconds 20
 *   BENCH_PROF=<dir>: the server writes its CPU profile (node --cpu-prof) there when it stops.
 *
 * Writes bench-results/agents-latest.json and bench-results/agents-<time>.json.
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './process-cpu.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};

const HOST = '127.0.0.1';
const PORT = Number(arg('--port', 4198));
const APP_KEY = 'service-unit-admin-demo-key';
const GOALS = { p99Ms: 50, badgeMs: 2000 };
const AGENT_VERSION = 'bench-1';

const log = (message) => console.error(`[bench-agents] ${message}`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The body of one heartbeat: what the reference agent sends (docs/api/openapi.yaml, AgentHeartbeat). */
function heartbeatBody(agent, uptimeS) {
  return JSON.stringify({
    unitId: agent.unitId,
    system: {
      hostname: agent.hostname,
      platform: 'linux',
      osName: 'Debian GNU/Linux 12 (bookworm)',
      ipAddresses: [agent.ip],
      uptimeS,
      agentVersion: AGENT_VERSION,
    },
  });
}

/** One HTTP request over `agent` (keep-alive); resolves with the status and the text of the answer. */
function send(agentPool, method, path, { token, body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: HOST,
        port: PORT,
        method,
        path,
        agent: agentPool,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

// ---------------------------------------------------------------- the load generator (a child process)

/**
 * Sends the heartbeats of its slice of agents on a fixed schedule: agent k of the slice at `startAt + offset_k +
 * n × interval`, offsets spread evenly over the interval (and between generators). Latencies of heartbeats sent
 * after the warm-up are kept; the event-loop delay says whether the generator itself kept up.
 */
async function generator() {
  const job = await new Promise((done) => process.once('message', done));
  const { agents, intervalS, startAt, warmupS, measureS, slot, slots, maxSockets } = job;
  // Idle sockets close at 4 s, before the server's keep-alive timeout (Node's 5 s) could close one under a request.
  const pool = new http.Agent({ keepAlive: true, maxSockets, timeout: 4000 });
  const spacing = (intervalS * 1000) / agents.length;
  const offset = (slot / slots) * spacing;
  const endAt = startAt + (warmupS + measureS) * 1000;
  const measureFrom = startAt + warmupS * 1000;
  const latencies = [];
  const slowAt = [];
  const statuses = {};
  const errors = [];
  let sent = 0;
  /** Answers that arrived during the measured window, whenever sent: under overload, what the server gets through. */
  let answeredInWindow = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  /** Measured heartbeats still unanswered: their send times, so the end can count them as at least that slow. */
  const waiting = new Set();
  const beat = (agent, at) => {
    const measured = at >= measureFrom;
    const started = performance.now();
    if (measured) waiting.add(started);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    send(pool, 'POST', '/api/agent/heartbeat', {
      token: agent.credential,
      body: heartbeatBody(agent, 86_400 + Math.round((at - startAt) / 1000)),
    })
      .then((answer) => {
        const answeredAt = Date.now();
        if (answeredAt >= measureFrom && answeredAt < endAt) answeredInWindow += 1;
        if (!measured) return;
        const ms = performance.now() - started;
        latencies.push(ms);
        // When the slow ones were sent: a period in them (the 5 s sweep) or none (the machine) says why they were slow.
        if (ms >= 50 && slowAt.length < 1000) slowAt.push([at, Math.round(ms)]);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status !== 200 && errors.length < 5) errors.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      })
      .catch((error) => {
        if (measured && errors.length < 5) errors.push(String(error.message ?? error));
        if (measured) statuses.error = (statuses.error ?? 0) + 1;
      })
      .finally(() => {
        inFlight -= 1;
        waiting.delete(started);
      });
  };
  await sleep(Math.max(0, startAt - Date.now()));
  loop.enable();
  // Open loop: every tick sends whatever is due by now, so a slow answer never delays a later heartbeat.
  await new Promise((done) => {
    const tick = () => {
      const now = Date.now();
      const due = Math.floor((Math.min(now, endAt) - startAt - offset) / spacing) + 1;
      while (sent < due) {
        const at = startAt + offset + sent * spacing;
        if (at >= endAt) break;
        beat(agents[sent % agents.length], at);
        sent += 1;
      }
      if (now >= endAt) done();
      else setTimeout(tick, 2);
    };
    tick();
  });
  loop.disable();
  // The answers still in flight (at most a few seconds).
  const waitUntil = Date.now() + 10_000;
  while (inFlight > 0 && Date.now() < waitUntil) await sleep(20);
  // A heartbeat never answered is at least as slow as the time it waited: left out, the p99 would flatter an overload.
  const unansweredMeasured = waiting.size;
  const endedAt = performance.now();
  for (const started of waiting) latencies.push(endedAt - started);
  pool.destroy();
  process.send(
    {
      slowAt,
      unansweredMeasured,
      answeredInWindow,
      latencies,
      statuses,
      errors,
      sent,
      maxInFlight,
      unanswered: inFlight,
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      loopDelayMaxMs: loop.max / 1e6,
    },
    // Exit only once the message is out: a large one (every latency of 10,000 agents) is still being written when
    // send() returns, and an exit at once cut it off, leaving the parent waiting forever.
    () => process.exit(0),
  );
}

// ---------------------------------------------------------------- the bench (the parent process)

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const round = (value, digits = 1) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : null);

async function main() {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    console.error('bench-agents needs a real PostgreSQL: set BENCH_DATABASE_URL=postgres://user:password@127.0.0.1:5432/postgres.');
    process.exit(2);
  }
  const { default: pg } = await import('pg');
  // The server's own units' reader and writer (TypeScript, through tsx's loader): units made in SQL get their
  // columns and list keys from the same projection, in one transaction, as an instance's commit would.
  const { tsImport } = await import('tsx/esm/api');
  const { UNIT_COLUMNS, UNITS_FROM, unitOf, writeUnits } = await tsImport('../server/db/units.ts', import.meta.url);
  const steps = arg('--steps', '10000,15000,20000,30000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const intervalS = Number(arg('--interval', 30));
  const measureS = Number(arg('--seconds', 60));
  const generators = Number(arg('--generators', 1));
  const probesPerStep = Number(arg('--probes', 5));
  const browserOn = !argv.includes('--no-browser');
  // Its own build by default (a stale one would measure an app without live updates); bench.mjs passes the one it made.
  const dist = arg('--dist', 'dist-bench-agents');
  const build = browserOn && !argv.includes('--dist') && !argv.includes('--no-build');
  const stamp = Date.now().toString(36);
  const name = `bench_agents_${stamp}`;
  const results = {
    startedAt: new Date().toISOString(),
    cpus: cpus().length,
    loadAverage1m: loadavg()[0],
    intervalS,
    measureS,
    generators,
    goals: GOALS,
    steps: [],
  };

  // Storage: a new database, or a new schema when the role may not create one (tests/e2e/support/server-process.ts).
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let databaseUrl;
  let drop;
  let databaseName;
  try {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    databaseName = name;
    drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch (error) {
    if (error?.code !== '42501') throw error;
    await admin(`CREATE SCHEMA ${name}`);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${name}`);
    databaseUrl = url.toString();
    databaseName = new URL(base).pathname.slice(1);
    drop = () => admin(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  }
  results.storage = databaseName === name ? 'a new database' : `schema ${name} of ${databaseName}`;

  if (build || (browserOn && !existsSync(join(dist, 'index.html')))) {
    log(`building the remote app into ${dist}…`);
    const env = { ...process.env, VITE_API_MODE: 'remote' };
    delete env.VITE_API_BASE_URL;
    const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
  }

  let server = null;
  let output = '';
  let browser = null;
  const children = new Set();
  try {
    log(`starting the server (${results.storage}, AGENT_HEARTBEAT_S=${intervalS}) on ${PORT}…`);
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED: 'default',
      PORT: String(PORT),
      HOST,
      NODE_ENV: 'development',
      AGENT_HEARTBEAT_S: String(intervalS),
      ...(browserOn ? { STATIC_DIR: join(root, dist) } : {}),
    };
    delete env.DATA_DIR;
    delete env.CORS_ORIGINS;
    // node with tsx's loader (not npx tsx): the child is the server process, whose CPU is measured.
    server = spawn(
      process.execPath,
      [...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF] : []), '--import', 'tsx', 'server/main.ts'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server.stdout.on('data', (chunk) => (output = (output + chunk).slice(-50_000)));
    server.stderr.on('data', (chunk) => (output = (output + chunk).slice(-50_000)));
    await new Promise((ready, fail) => {
      const timer = setInterval(() => {
        if (output.includes('Service Unit Admin API on')) {
          clearInterval(timer);
          ready();
        }
      }, 100);
      server.once('exit', (code) => {
        clearInterval(timer);
        fail(new Error(`the server exited with ${code}:\n${output}`));
      });
    });

    const api = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const json = async (method, path, options) => {
      const answer = await send(api, method, path, options);
      return { status: answer.status, body: answer.text ? JSON.parse(answer.text) : null };
    };
    const login = await json('POST', '/api/UserLogin', {
      body: JSON.stringify({ params: { username: 'user', password: 'demo1234' } }),
      headers: { key: APP_KEY },
    });
    if (login.status !== 200) throw new Error(`sign-in as user: ${login.status}`);
    const userToken = login.body.accessToken;

    /** Enrols one agent through the API: a token as `user`, then the agent's own enrol call. */
    const enrol = async (hostname, ip) => {
      const token = await json('POST', '/api/agent-enrolments', { token: userToken, body: '{}' });
      if (token.status !== 201) throw new Error(`POST /api/agent-enrolments: ${token.status} ${JSON.stringify(token.body)}`);
      const system = {
        hostname,
        platform: 'linux',
        osName: 'Debian GNU/Linux 12 (bookworm)',
        ipAddresses: [ip],
        uptimeS: 86_400,
        agentVersion: AGENT_VERSION,
      };
      const answer = await json('POST', '/api/agent/enrol', { body: JSON.stringify({ token: token.body.token, system }) });
      if (answer.status !== 201) throw new Error(`POST /api/agent/enrol: ${answer.status} ${JSON.stringify(answer.body)}`);
      return { unitId: answer.body.unitId, credential: answer.body.credential, hostname, ip };
    };
    const ipOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;
    /** Enrols up to `count` in parallel (8 at a time: the writes queue on the server's one write lock anyway). */
    const enrolMany = async (count, prefix, into) => {
      let next = into.length;
      const started = performance.now();
      const first = next;
      const worker = async () => {
        while (next < count) {
          const i = next;
          next += 1;
          into[i] = await enrol(`${prefix}-${String(i).padStart(5, '0')}`, ipOf(i));
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      const seconds = (performance.now() - started) / 1000;
      return { count: count - first, seconds };
    };

    /**
     * The agents past the first `--api-enrolments` are made in SQL, not through the API (at ~60 enrolments a second a
     * step to 30,000 would take 8 minutes): each is a copy of a unit the API enrolled, with its own id, name, hostname
     * and address, and the SHA-256 of a new credential, inserted into the units' tables as another server instance
     * would commit them. The server reads units from PostgreSQL, so it has them at once.
     */
    const cloneAgents = async (count, into) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const stored = (await client.query(`SELECT ${UNIT_COLUMNS} FROM ${UNITS_FROM} WHERE u.id = $1`, [into[0].unitId])).rows[0];
        const template = stored ? unitOf(stored) : undefined;
        if (!template?.agent) throw new Error(`unit ${into[0].unitId} has no agent`);
        const top = Number((await client.query("SELECT max(id::bigint) AS top FROM service_units WHERE id ~ '^[0-9]+$'")).rows[0].top);
        const started = performance.now();
        const first = into.length;
        const at = new Date().toISOString();
        for (let from = first; from < count; from += 2000) {
          const units = [];
          for (let i = from; i < Math.min(count, from + 2000); i += 1) {
            const id = top + 1 + (i - first);
            const hostname = `bench-agent-${String(i).padStart(5, '0')}`;
            const ip = ipOf(i);
            const credential = `sua_unit_${id}_${randomBytes(32).toString('base64url')}`;
            const data = {
              ...template,
              id: String(id),
              name: hostname,
              hostname,
              ipAddress: ip,
              lastSeenAt: at,
              createdAt: at,
              updatedAt: at,
              agent: {
                ...template.agent,
                enrolledAt: at,
                system: { ...template.agent.system, hostname, ipAddresses: [ip] },
                credentialHash: createHash('sha256').update(credential).digest('hex'),
              },
            };
            units.push(data);
            into[i] = { unitId: String(id), credential, hostname, ip };
          }
          // One transaction, as an instance commits a unit: the server reads units from PostgreSQL, never a copy.
          await client.query('BEGIN');
          try {
            await writeUnits(client, units, []);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        }
        // The server has them once it answers their heartbeats:
        // the first and the last of each batch are asked.
        const checks = [];
        for (let i = first; i < count; i += 2000) checks.push(into[i], into[Math.min(count, i + 2000) - 1]);
        for (const agent of checks)
          for (let tries = 0; ; tries += 1) {
            const answer = await send(api, 'POST', '/api/agent/heartbeat', { token: agent.credential, body: heartbeatBody(agent, 86_400) });
            if (answer.status === 200) break;
            if (tries > 50) {
              const seen = await json('GET', `/api/service-units/${agent.unitId}`, { token: userToken });
              throw new Error(
                `a unit made in SQL is not known to the server: ${answer.status} ${answer.text}; as user: ${seen.status} ${JSON.stringify(seen.body).slice(0, 300)}`,
              );
            }
            await sleep(200);
          }
        return { count: count - first, seconds: (performance.now() - started) / 1000 };
      } finally {
        await client.end();
      }
    };

    // Probes first: they never heartbeat until used, so they are offline by then (their window is 3 intervals).
    const maxProbes = probesPerStep * (steps.length + 4);
    const probes = [];
    if (browserOn) await enrolMany(maxProbes, 'bench-probe', probes);
    // Enrolled units are online for a window (3 intervals) and the sweep (every 5 s) announces them offline after it.
    const probesOfflineAt = Date.now() + (3 * intervalS + 15) * 1000;
    let usedProbes = 0;
    const agents = [];
    const viaApi = Math.max(1, Number(arg('--api-enrolments', 500)));
    const enrolments = [];

    if (browserOn) {
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
        ],
      });
    }
    let page = null;
    const openList = async () => {
      const context = await browser.newContext({ baseURL: `http://${HOST}:${PORT}`, viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Username').fill('user');
      await page.getByLabel('Password', { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/user/dashboard'), { timeout: 120_000 });
      await page.evaluate(() => {
        history.pushState(null, '', '/user/manage-service-units');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    };

    /** The badge text of the row whose name or hostname is `name`, as the page shows it now (plain DOM, in the page). */
    const badgeSample = async (probe) => {
      // Client-side: the page, and its event stream, stay as they are; the list follows its URL.
      await page.evaluate((q) => {
        history.pushState(null, '', `/user/manage-service-units?q=${encodeURIComponent(q)}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, probe.hostname);
      const row = page.locator('table tbody tr').filter({ hasText: probe.hostname });
      await row.getByText('Offline', { exact: true }).waitFor({ timeout: 150_000 });
      // The observer is in place before the heartbeat leaves.
      await page.evaluate((name) => {
        const online = () =>
          [...document.querySelectorAll('table tbody tr')].some(
            (tr) =>
              tr.textContent.includes(name) &&
              [...tr.querySelectorAll('*')].some((el) => el.childElementCount === 0 && el.textContent.trim() === 'Online'),
          );
        window.__benchBadge = new Promise((done) => {
          if (online()) return done(Date.now());
          const observer = new MutationObserver(() => {
            if (!online()) return;
            observer.disconnect();
            done(Date.now());
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          setTimeout(() => {
            observer.disconnect();
            done(null);
          }, 20_000);
        });
      }, probe.hostname);
      const sentAt = Date.now();
      const answer = await send(api, 'POST', '/api/agent/heartbeat', { token: probe.credential, body: heartbeatBody(probe, 90_000) });
      if (answer.status !== 200) throw new Error(`probe heartbeat: ${answer.status} ${answer.text}`);
      const changedAt = await page.evaluate(() => window.__benchBadge);
      return changedAt === null ? null : changedAt - sentAt;
    };

    let holds = 0;
    let firstMiss = null;
    let direction = 'up';
    const plan = [...steps];
    while (plan.length > 0) {
      const count = plan.shift();
      if (agents.length < count) {
        if (agents.length < viaApi) {
          log(`enrolling ${Math.min(count, viaApi) - agents.length} agents through the API…`);
          const done = await enrolMany(Math.min(count, viaApi), 'bench-agent', agents);
          enrolments.push({ via: 'api', ...done, perSecond: round(done.count / done.seconds) });
          log(`  ${done.count} enrolled in ${done.seconds.toFixed(1)} s (${(done.count / done.seconds).toFixed(0)}/s)`);
        }
        if (agents.length < count) {
          log(`making ${count - agents.length} more agents' units in SQL…`);
          const done = await cloneAgents(count, agents);
          enrolments.push({ via: 'sql', ...done, perSecond: round(done.count / done.seconds) });
          log(`  ${done.count} made in ${done.seconds.toFixed(1)} s`);
        }
      }
      if (browserOn && !page) await openList();
      // A step down leaves agents out: their units go offline a window later, so it waits that out before measuring.
      let warmupS = direction === 'down' ? intervalS * 3 + 15 : intervalS;
      // The first step warms up until the probes are offline, so its badge samples fall inside its measured window.
      if (browserOn) warmupS = Math.max(warmupS, Math.ceil((probesOfflineAt - Date.now()) / 1000));
      const slice = agents.slice(0, count);
      const startAt = Date.now() + 1500;
      log(`${count} agents: ${(count / intervalS).toFixed(0)} heartbeats/s, warm-up ${warmupS} s, measuring ${measureS} s…`);
      const reports = [];
      for (let g = 0; g < generators; g += 1) {
        // Its --port too: without it, a generator sent to the default port while the server listened on another.
        const child = fork(fileURLToPath(import.meta.url), ['--generator', '--port', String(PORT)], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        children.add(child);
        reports.push(
          new Promise((done, fail) => {
            child.once('message', done);
            child.once('exit', (code) => {
              children.delete(child);
              if (code !== 0) fail(new Error(`generator ${g} exited with ${code}`));
            });
          }),
        );
        child.send({
          agents: slice.filter((_, i) => i % generators === g),
          intervalS,
          startAt,
          warmupS,
          measureS,
          slot: g,
          slots: generators,
          // Each real agent waits on a connection of its own: under overload the queue is at the server, not here.
          maxSockets: 4096,
        });
      }
      const measureFrom = startAt + warmupS * 1000;
      const measureTo = measureFrom + measureS * 1000;
      await sleep(measureFrom - Date.now());
      const serverCpu0 = cpuSeconds(server.pid);
      const backends = (
        await admin(`SELECT pid FROM pg_stat_activity WHERE datname = '${databaseName}' AND backend_type = 'client backend'`)
      ).rows.map((r) => r.pid);
      const pgCpu0 = backends.map(cpuSeconds);
      const generatorCpu0 = [...children].map((c) => cpuSeconds(c.pid));
      const badges = [];
      const badgeErrors = [];
      if (browserOn) {
        await sleep(2000);
        for (let k = 0; k < probesPerStep && Date.now() < measureTo - 8000 && usedProbes < probes.length; k += 1) {
          try {
            // Bounded: a probe that never turns (a sweep stuck behind an overload) must not hold the run (it did once).
            const ms = await Promise.race([
              badgeSample(probes[usedProbes]),
              sleep(45_000).then(() => {
                throw new Error('the probe took over 45 s');
              }),
            ]);
            usedProbes += 1;
            badges.push(ms);
          } catch (error) {
            usedProbes += 1;
            badgeErrors.push(String(error.message ?? error).split('\n')[0]);
            break;
          }
        }
      }
      await sleep(Math.max(0, measureTo - Date.now()));
      const serverCpuS = cpuSeconds(server.pid) - serverCpu0;
      const pgCpuS = backends.map(cpuSeconds).reduce((sum, s, i) => sum + Math.max(0, s - pgCpu0[i]), 0);
      const generatorCpuS = [...children].map((c) => cpuSeconds(c.pid)).reduce((sum, s, i) => sum + Math.max(0, s - generatorCpu0[i]), 0);
      const loadAtEnd = loadavg()[0];
      const done = await Promise.all(reports);
      const latencies = done.flatMap((d) => d.latencies).sort((a, b) => a - b);
      const statuses = {};
      for (const d of done) for (const [status, n] of Object.entries(d.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
      const measuredBadges = badges.filter((b) => b !== null);
      const step = {
        agents: count,
        targetPerSecond: round(count / intervalS),
        heartbeats: latencies.length,
        perSecond: round(latencies.length / measureS),
        answeredPerSecond: round(done.reduce((sum, d) => sum + d.answeredInWindow, 0) / measureS),
        statuses,
        errors: done.flatMap((d) => d.errors).slice(0, 5),
        unanswered: done.reduce((sum, d) => sum + d.unanswered, 0),
        unansweredMeasured: done.reduce((sum, d) => sum + d.unansweredMeasured, 0),
        p50Ms: round(percentile(latencies, 50)),
        p90Ms: round(percentile(latencies, 90)),
        p95Ms: round(percentile(latencies, 95)),
        p99Ms: round(percentile(latencies, 99)),
        over50MsPercent: round((latencies.filter((ms) => ms >= GOALS.p99Ms).length / Math.max(1, latencies.length)) * 100, 2),
        maxMs: round(latencies.at(-1)),
        serverCpuPercent: round((serverCpuS / measureS) * 100),
        postgresCpuPercent: round((pgCpuS / measureS) * 100),
        postgresBackends: backends.length,
        generatorCpuPercent: round((generatorCpuS / measureS) * 100),
        generatorLoopDelayP99Ms: round(Math.max(...done.map((d) => d.loopDelayP99Ms))),
        maxInFlight: Math.max(...done.map((d) => d.maxInFlight)),
        badgeMs: badges,
        badgeMedianMs: measuredBadges.length ? round(median(measuredBadges), 0) : null,
        badgeMaxMs: measuredBadges.length ? Math.max(...measuredBadges) : null,
        badgeErrors,
        loadAverage1mAtEnd: round(loadAtEnd, 2),
        warmupS,
        // [sent at (epoch ms), latency ms] of heartbeats of 50 ms or more, in order (at most 1,000 per generator).
        slowAt: done.flatMap((d) => d.slowAt).sort((a, b) => a[0] - b[0]),
      };
      // Every measured heartbeat answered 200, and the generator sent what the step asks (it kept up).
      const ok =
        Object.keys(statuses).every((status) => status === '200') &&
        step.unansweredMeasured === 0 &&
        latencies.length >= 0.95 * (count / intervalS) * measureS;
      step.pass = ok && step.p99Ms < GOALS.p99Ms;
      results.steps.push(step);
      log(
        `  p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms, ${step.perSecond}/s, server CPU ${step.serverCpuPercent}%, PostgreSQL ${step.postgresCpuPercent}%, badge ${JSON.stringify(step.badgeMs)} ms${ok ? '' : `, statuses ${JSON.stringify(statuses)} ${step.errors.join(' | ')}`}`,
      );
      if (step.pass) {
        holds = Math.max(holds, count);
        if (direction === 'down') break;
      } else {
        firstMiss = firstMiss === null ? count : Math.min(firstMiss, count);
        if (holds > 0) break;
        // The first count missed already: halve until one passes (not below 500).
        direction = 'down';
        plan.length = 0;
        if (count / 2 >= 500) plan.push(Math.floor(count / 2));
      }
    }
    results.enrolments = enrolments;
    results.holds = holds;
    results.firstMiss = firstMiss;
    results.serverMemoryMb = round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024, 0);
  } catch (error) {
    // What the server said last tells why (a refused write logs its cause).
    log(`the server's last output:\n${output.slice(-4_000)}`);
    throw error;
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await browser?.close().catch(() => undefined);
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await drop().catch((error) => log(`could not drop ${name}: ${error.message}`));
  }

  results.durationS = Math.round((Date.now() - Date.parse(results.startedAt)) / 1000);
  mkdirSync('bench-results', { recursive: true });
  const file = `bench-results/agents-${results.startedAt.replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify(results, null, 2));
  writeFileSync('bench-results/agents-latest.json', JSON.stringify(results, null, 2));
  console.log(
    `\nbench-agents: heartbeats every ${intervalS} s, ${measureS} s measured per step after a warm-up, ${results.cpus} cores, load ${results.loadAverage1m.toFixed(1)} at the start\n`,
  );
  console.table(
    results.steps.map((s) => ({
      agents: s.agents,
      'heartbeats/s sent': s.perSecond,
      'answered/s': s.answeredPerSecond,
      'p50 ms': s.p50Ms,
      'p99 ms': s.p99Ms,
      'server CPU %': s.serverCpuPercent,
      'PostgreSQL CPU %': s.postgresCpuPercent,
      'badge median ms': s.badgeMedianMs,
      'badge max ms': s.badgeMaxMs,
      result: s.pass ? 'pass' : 'MISS',
    })),
  );
  console.log(
    `One instance holds ${results.holds.toLocaleString('en')} agents at p99 < ${GOALS.p99Ms} ms${results.firstMiss ? ` (missed at ${results.firstMiss.toLocaleString('en')})` : ' (no step missed)'}; badge goal < ${GOALS.badgeMs} ms.\nJSON: ${file}`,
  );
}

if (argv.includes('--generator')) {
  generator().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
