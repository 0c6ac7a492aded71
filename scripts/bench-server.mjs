#!/usr/bin/env node
/**
 * `npm run bench:server` (docs/performance.md, "Server"): the API server on a real PostgreSQL, measured
 * against a floor in the same run, never against a fixed time.
 *
 * - List: `GET /api/service-units?page=1&pageSize=25&sort=name` at the large seed under fixed concurrency
 *   (autocannon), against the floor: a bare node:http handler that checks the bearer token and runs the
 *   server's own list SQL (server/db/unit-list.ts: `service_units` in name-key order, with their agents) with
 *   `pg`, and sends the same JSON shape. Goal: ≥ 0.7× the floor's
 *   requests per second and a p99 under 2× the floor's.
 * - Write: one unit create at the default and at the large seed (median of sequential creates). Goal ≤ 1.3×.
 * - Memory: the server process's resident size at the large seed after the load.
 * - Sign-in wave: two instances on one database. Instance B renames a unit in a loop; its write p99 alone,
 *   and while instance A answers sign-ins from 16 parallel loops (scrypt each). Goal: within 2× alone.
 *   `--wave-only` runs this section alone (no large seed).
 * - Heartbeats at saturation: agents enrolled through the API; closed loops (`--heartbeat-loops`, 32) send
 *   heartbeats as fast as they are answered, first all to instance A, then half to A and half to B: heartbeats a
 *   second, with the CPU of each server process and of PostgreSQL's processes. `--heartbeats-only` runs this
 *   section alone.
 *
 *   BENCH_DATABASE_URL=postgres://user:pw@127.0.0.1:5432/postgres npm run bench:server [-- --seconds 10 --connections 10]
 *
 * The URL's role must be allowed to create databases: each run creates two (bench_default_*, bench_large_*)
 * and drops them at the end.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { cpuSeconds } from './process-cpu.mjs';

// The server's own reading of a unit (TypeScript, through tsx's loader), so the floor sends what the server reads.
const { UNIT_COLUMNS, UNITS_FROM, unitOf } = await tsImport('../server/db/units.ts', import.meta.url);

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? Number(argv[i + 1]) : fallback;
};
const SECONDS = arg('--seconds', 10);
const CONNECTIONS = arg('--connections', 10);
const ROUNDS = arg('--rounds', 2);
const WARM_UP_SECONDS = 5;
const WRITES = arg('--writes', 40);
const GOALS = { throughputRatio: 0.7, p99Ratio: 2, writeRatio: 1.3, waveRatio: 2 };
const WAVE_ONLY = argv.includes('--wave-only');
const HEARTBEATS_ONLY = argv.includes('--heartbeats-only');
const HEARTBEAT_LOOPS = arg('--heartbeat-loops', 32);
const HEARTBEAT_SECONDS = arg('--heartbeat-seconds', 8);
const WAVE_SECONDS = arg('--wave-seconds', 8);
const WAVE_LOOPS = 16;
const PORTS = { default: 4194, large: 4195, floor: 4196, second: 4197 };
const APP_KEY = 'service-unit-admin-demo-key';
const LIST = '/api/service-units?page=1&pageSize=25&sort=name';

const log = (message) => console.error(`[bench:server] ${message}`);
const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.error(
    'bench:server needs a real PostgreSQL: set BENCH_DATABASE_URL=postgres://user:password@127.0.0.1:5432/postgres (a role that may create databases).',
  );
  process.exit(2);
}

const urlFor = (database) => {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
};

async function admin(statement) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function startServer(database, seed, port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATABASE_URL: urlFor(database), SEED: seed, PORT: String(port), NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Service Unit Admin API on')) {
        clearInterval(timer);
        resolve({ child, output: () => output });
      }
    }, 100);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

async function request(port, method, path, { token, body } = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      key: APP_KEY,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function signIn(port, username) {
  const answer = await request(port, 'POST', '/api/UserLogin', { body: { params: { username, password: 'demo1234' } } });
  if (answer.status !== 200) throw new Error(`sign-in as ${username}: ${answer.status}`);
  return answer.body.accessToken;
}

/** The floor: token check and the list page as the same SQL as the server's, the same JSON shape, nothing else. */
function startFloor(database, port) {
  const pool = new pg.Pool({ connectionString: urlFor(database), max: 10 });
  const server = http.createServer(async (req, res) => {
    try {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const session = await pool.query('SELECT user_id, expires_at, revoked, locked FROM sessions WHERE access_token = $1', [token]);
      if (session.rows.length === 0) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"message":"Invalid access token"}');
        return;
      }
      // The server's own SQL for this page (server/db/unit-list.ts): the units in name-key order, with their agents.
      const [page, total] = await Promise.all([
        pool.query(`SELECT ${UNIT_COLUMNS} FROM ${UNITS_FROM} ORDER BY u.name_key ASC, u.id_key ASC LIMIT $1::int OFFSET $2::int`, [25, 0]),
        pool.query('SELECT count(*)::int AS n FROM service_units u'),
      ]);
      const body = JSON.stringify({ items: page.rows.map(unitOf), total: total.rows[0].n, page: 1, pageSize: 25 });
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(body);
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, pool })));
}

function load(port, token, seconds = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${LIST}`,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({
            rps: result.requests.average,
            p50: result.latency.p50,
            p99: result.latency.p99,
            non2xx: result.non2xx,
            errors: result.errors,
          });
      },
    );
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function writeCost(port, token) {
  const times = [];
  for (let i = 0; i < WRITES; i += 1) {
    const started = performance.now();
    const answer = await request(port, 'POST', '/api/service-units', {
      token,
      body: {
        name: `Bench unit ${i}`,
        hostname: `bench-${i}.example`,
        ipAddress: '10.9.0.1',
        operatingSystem: 'linux',
        location: 'Bench',
        description: '',
        tags: [],
        screenshotIntervalMinutes: 5,
      },
    });
    times.push(performance.now() - started);
    if (answer.status !== 201 && answer.status !== 200) throw new Error(`create: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  // The first few warm the process up; the median of the rest.
  return median(times.slice(5));
}

const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Instance B's unit renames for `seconds`: their latencies, in ms. */
async function renameLoop(port, token, unit, seconds) {
  const times = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i += 1) {
    const started = performance.now();
    const answer = await request(port, 'PUT', `/api/service-units/${unit.id}`, { token, body: { ...unit.input, name: `Wave unit ${i}` } });
    if (answer.status !== 200) throw new Error(`rename: ${answer.status} ${JSON.stringify(answer.body)}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Sign-ins on instance A from WAVE_LOOPS parallel loops over five accounts until `until`; answers their count. */
async function signInWave(port, until) {
  const users = ['user', 'admin', 'operator', 'superadmin', 'globex'];
  let count = 0;
  await Promise.all(
    Array.from({ length: WAVE_LOOPS }, async (_, loop) => {
      while (performance.now() < until) {
        await signIn(port, users[(loop + count) % users.length]);
        count += 1;
      }
    }),
  );
  return count;
}

/** B's write p99 alone and during A's sign-in wave (two instances of the default seed's database). */
async function measureWave(database, running) {
  log('sign-in wave: starting a second instance on the same database…');
  const second = await startServer(database, 'default', PORTS.second);
  running.push(second.child);
  const token = await signIn(PORTS.second, 'user');
  const input = {
    name: 'Wave unit',
    hostname: 'wave.example',
    ipAddress: '10.9.0.2',
    operatingSystem: 'linux',
    location: 'Bench',
    description: '',
    tags: [],
    screenshotIntervalMinutes: 5,
  };
  const created = await request(PORTS.second, 'POST', '/api/service-units', { token, body: input });
  if (created.status !== 201) throw new Error(`create: ${created.status}`);
  const unit = { id: created.body.id, input };
  await renameLoop(PORTS.second, token, unit, 1);
  log('  B renames alone…');
  const alone = await renameLoop(PORTS.second, token, unit, WAVE_SECONDS);
  log('  B renames while A answers a sign-in wave…');
  const until = performance.now() + WAVE_SECONDS * 1000;
  const [during, signIns] = await Promise.all([renameLoop(PORTS.second, token, unit, WAVE_SECONDS), signInWave(PORTS.default, until)]);
  return { aloneP99: percentile(alone, 99), duringP99: percentile(during, 99), writes: [alone.length, during.length], signIns };
}

/** PostgreSQL's processes (its backends and its writers), when it runs on this machine. */
async function postgresPids() {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return (await client.query('SELECT pid FROM pg_stat_activity')).rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Enrols `count` agents through the API on `port` (eight at a time): their unit ids and credentials. */
async function enrolAgents(port, count) {
  const token = await signIn(port, 'user');
  const agents = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      const enrolment = await request(port, 'POST', '/api/agent-enrolments', { token, body: {} });
      const hostname = `saturation-${String(i).padStart(4, '0')}`;
      const system = {
        hostname,
        platform: 'linux',
        osName: 'Debian GNU/Linux 12',
        ipAddresses: ['10.7.0.1'],
        uptimeS: 60,
        agentVersion: '4.2.1',
      };
      const enrolled = await request(port, 'POST', '/api/agent/enrol', { body: { token: enrolment.body.token, system } });
      if (enrolled.status !== 201) throw new Error(`enrol: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
      agents[i] = { unitId: enrolled.body.unitId, credential: enrolled.body.credential, system };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return agents;
}

/** Heartbeats from HEARTBEAT_LOOPS closed loops (loop i to ports[i % ports.length], each over its own agents) for the seconds set. */
async function heartbeatLoops(ports, agents) {
  let count = 0;
  let failed = 0;
  const until = performance.now() + HEARTBEAT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: HEARTBEAT_LOOPS }, async (_, loop) => {
      const port = ports[loop % ports.length];
      const own = agents.filter((_, i) => i % HEARTBEAT_LOOPS === loop);
      for (let i = 0; performance.now() < until; i += 1) {
        const agent = own[i % own.length];
        const answer = await fetch(`http://127.0.0.1:${port}/api/agent/heartbeat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.credential}` },
          body: JSON.stringify({ unitId: agent.unitId, system: { ...agent.system, uptimeS: 60 + i } }),
        });
        await answer.arrayBuffer();
        if (answer.status === 200) count += 1;
        else failed += 1;
      }
    }),
  );
  return { count, failed };
}

/** Heartbeats a second at saturation on one instance and on two, with the CPU each process used (% of one core). */
async function measureHeartbeats(instances) {
  log('heartbeats at saturation: enrolling agents…');
  const agents = await enrolAgents(PORTS.default, HEARTBEAT_LOOPS * 8);
  const pgPids = await postgresPids();
  const run = async (label, ports) => {
    log(`  ${label}…`);
    await heartbeatLoops(ports, agents.slice(0, HEARTBEAT_LOOPS)); // warm-up (the first heartbeat of each agent announces it online)
    const servers0 = instances.map((instance) => cpuSeconds(instance.pid));
    const pg0 = pgPids.map(cpuSeconds);
    const started = performance.now();
    const { count, failed } = await heartbeatLoops(ports, agents);
    const seconds = (performance.now() - started) / 1000;
    const percent = (used) => Math.round((used / seconds) * 100);
    return {
      perSecond: Math.round(count / seconds),
      failed,
      serverCpuPercent: instances.map((instance, i) => percent(cpuSeconds(instance.pid) - (servers0[i] ?? 0))),
      postgresCpuPercent: percent(pgPids.map(cpuSeconds).reduce((sum, used, i) => sum + Math.max(0, used - (pg0[i] ?? 0)), 0)),
    };
  };
  return {
    loops: HEARTBEAT_LOOPS,
    agents: agents.length,
    one: await run('one instance', [PORTS.default]),
    two: await run('two instances', [PORTS.default, PORTS.second]),
  };
}

/** The list under load against the floor, the server's memory, and the write cost at both seeds; answers the floor (closed by the caller). */
async function measureLists(databases, running, results) {
  log('starting the server at the large seed (seeding 10,000 units, 50,000 users, 100,000 screenshots)…');
  const seedStarted = performance.now();
  const large = await startServer(databases.large, 'large', PORTS.large);
  running.push(large.child);
  results.largeSeedStartMs = Math.round(performance.now() - seedStarted);

  const token = await signIn(PORTS.large, 'superadmin');
  const check = await request(PORTS.large, 'GET', LIST, { token });
  if (check.status !== 200) throw new Error(`list: ${check.status}`);
  results.listTotal = check.body.total;
  const floor = await startFloor(databases.large, PORTS.floor);
  const floorCheck = await request(PORTS.floor, 'GET', LIST, { token });
  if (floorCheck.status !== 200 || floorCheck.body.total !== check.body.total)
    throw new Error(`the floor answers differently: ${floorCheck.status}, total ${floorCheck.body?.total} vs ${check.body.total}`);
  const idsOf = (body) => body.items.map((item) => String(item.id)).join(',');
  if (idsOf(floorCheck.body) !== idsOf(check.body)) throw new Error('the floor answers another page than the server');

  // A warm-up of each, not counted: right after the large seed, PostgreSQL's autovacuum analyzes the new tables and
  // the first reads of their rows write hint bits, and the server's code is not optimised yet (the first round
  // measured 203 requests/s, p99 332 ms, against 337 and 72 in the next).
  log('list under load: warming up both…');
  await load(PORTS.large, token, WARM_UP_SECONDS);
  await load(PORTS.floor, token, WARM_UP_SECONDS);
  const server = [];
  const bare = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ['server', 'floor'] : ['floor', 'server'];
    for (const who of order) {
      log(`list under load: ${who}, round ${round + 1}/${ROUNDS}`);
      const result = await load(who === 'server' ? PORTS.large : PORTS.floor, token);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${who}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      (who === 'server' ? server : bare).push(result);
      log(`  ${result.rps.toFixed(0)} requests/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
    }
  }
  const pick = (list, key) => median(list.map((r) => r[key]));
  results.list = {
    server: { rps: pick(server, 'rps'), p50: pick(server, 'p50'), p99: pick(server, 'p99') },
    floor: { rps: pick(bare, 'rps'), p50: pick(bare, 'p50'), p99: pick(bare, 'p99') },
  };
  results.memoryMb = rssMb(large.child.pid);

  log('write cost at both seeds…');
  const smallToken = await signIn(PORTS.default, 'user');
  const largeToken = await signIn(PORTS.large, 'user');
  results.write = { defaultMs: await writeCost(PORTS.default, smallToken), largeMs: await writeCost(PORTS.large, largeToken) };
  return floor;
}

async function main() {
  const stamp = Date.now().toString(36);
  const databases = { default: `bench_default_${stamp}`, large: `bench_large_${stamp}` };
  const results = {
    startedAt: new Date().toISOString(),
    cpus: cpus().length,
    loadAverage1m: loadavg()[0],
    seconds: SECONDS,
    connections: CONNECTIONS,
  };
  await admin(`CREATE DATABASE ${databases.default}`);
  await admin(`CREATE DATABASE ${databases.large}`);
  const running = [];
  let floor = null;
  try {
    log('starting the server at the default seed…');
    const small = await startServer(databases.default, 'default', PORTS.default);
    running.push(small.child);
    if (HEARTBEATS_ONLY) {
      const second = await startServer(databases.default, 'default', PORTS.second);
      running.push(second.child);
    } else results.wave = await measureWave(databases.default, running);
    if (!WAVE_ONLY) results.heartbeats = await measureHeartbeats(running.slice(0, 2));
    if (!WAVE_ONLY && !HEARTBEATS_ONLY) floor = await measureLists(databases, running, results);
  } finally {
    for (const child of running) child.kill('SIGTERM');
    if (floor) {
      floor.server.close();
      await floor.pool.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin(`DROP DATABASE IF EXISTS ${databases.default} WITH (FORCE)`).catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${databases.large} WITH (FORCE)`).catch(() => undefined);
  }

  const { list, write, wave, heartbeats } = results;
  const waveRatio = wave ? wave.duringP99 / wave.aloneP99 : null;
  const waveRows = wave
    ? [
        [
          `Instance B's write p99 ms (during A's sign-in wave / alone), ${wave.signIns} sign-ins`,
          `${wave.duringP99.toFixed(1)} / ${wave.aloneP99.toFixed(1)}`,
          `≤ ${GOALS.waveRatio}×`,
          waveRatio,
          waveRatio <= GOALS.waveRatio,
        ],
      ]
    : [];
  // Heartbeats at saturation: two instances ÷ one is what a second process adds while PostgreSQL keeps up.
  const heartbeatRows = heartbeats
    ? [
        [
          `Heartbeats/s at saturation, one instance (${heartbeats.loops} loops): server CPU %, PostgreSQL CPU %`,
          `${heartbeats.one.perSecond}/s: ${heartbeats.one.serverCpuPercent[0]}%, ${heartbeats.one.postgresCpuPercent}%`,
          '',
          null,
          null,
        ],
        [
          'Heartbeats/s at saturation, two instances: CPU % of A, B, PostgreSQL (ratio: ÷ one instance)',
          `${heartbeats.two.perSecond}/s: ${heartbeats.two.serverCpuPercent.join('%, ')}%, ${heartbeats.two.postgresCpuPercent}%`,
          '',
          heartbeats.two.perSecond / heartbeats.one.perSecond,
          null,
        ],
      ]
    : [];
  const rows = [...(WAVE_ONLY || HEARTBEATS_ONLY ? [] : listRows(list, write, results)), ...waveRows, ...heartbeatRows];
  results.table = rows.map(([figure, value, goal, ratio, pass]) => ({
    figure,
    value,
    goal,
    ratio: ratio === null ? '' : ratio.toFixed(2),
    result: pass === null ? '' : pass ? 'pass' : 'MISS',
  }));
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    `bench-results/server-${WAVE_ONLY ? 'wave' : HEARTBEATS_ONLY ? 'heartbeats' : 'latest'}.json`,
    JSON.stringify(results, null, 2),
  );
  console.log(
    `\nnpm run bench:server: ${CONNECTIONS} connections, ${SECONDS} s per run, medians of ${ROUNDS} interleaved rounds, ${results.cpus} cores, load ${results.loadAverage1m.toFixed(1)}; ${results.listTotal ?? '—'} units\n`,
  );
  console.table(results.table);
}

function listRows(list, write, results) {
  const throughputRatio = list.server.rps / list.floor.rps;
  const p99Ratio = list.server.p99 / list.floor.p99;
  const writeRatio = write.largeMs / write.defaultMs;
  return [
    [
      'List at the large seed: requests/s (server / floor)',
      `${list.server.rps.toFixed(0)} / ${list.floor.rps.toFixed(0)}`,
      `≥ ${GOALS.throughputRatio}×`,
      throughputRatio,
      throughputRatio >= GOALS.throughputRatio,
    ],
    ['List p50 ms (server / floor)', `${list.server.p50} / ${list.floor.p50}`, '', null, null],
    ['List p99 ms (server / floor)', `${list.server.p99} / ${list.floor.p99}`, `< ${GOALS.p99Ratio}×`, p99Ratio, p99Ratio < GOALS.p99Ratio],
    [
      'Create a unit, median ms (large / default seed)',
      `${write.largeMs.toFixed(1)} / ${write.defaultMs.toFixed(1)}`,
      `≤ ${GOALS.writeRatio}×`,
      writeRatio,
      writeRatio <= GOALS.writeRatio,
    ],
    ['Server memory after the load, MB (large seed)', results.memoryMb.toFixed(0), '', null, null],
    ['Server start with seeding, large seed, ms', String(results.largeSeedStartMs), '', null, null],
  ];
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
