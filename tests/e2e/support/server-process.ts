import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runOnServer, withDatabase } from '../../../server/db/admin';

/**
 * The real server (`npm run server`, server/main.ts) as tests/e2e/server.spec.ts runs it: one process that answers
 * the API and serves the remote build (STATIC_DIR=dist-server, so the app calls `/api` on its own origin), spawned
 * and killed by the spec itself, so a test can kill it (SIGKILL: nothing gets to flush or close) and start it again
 * on the same data.
 *
 * The data is fresh for every run: PGlite in a new temporary folder, or, when E2E_DATABASE_URL names a PostgreSQL
 * database (CI), a new database on that server (`CREATE DATABASE e2e_<random>`), or a new schema in the named database
 * when the role may not create databases. `drop()` removes it.
 *
 * The default export is the run's globalSetup (playwright.config.ts): it builds dist-server once, unless
 * E2E_SERVER_BUILT=1 says the build on disk is current.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
export const SERVER_DIST = process.env.E2E_SERVER_DIST ?? 'dist-server';
/** Whether the remote build the server serves is on disk. */
export const serverAppBuilt = (): boolean => existsSync(join(resolve(ROOT, SERVER_DIST), 'index.html'));
export const SERVER_PORT = Number(process.env.E2E_SERVER_PORT ?? 4193);
const HOST = '127.0.0.1';

/** Where the server keeps its rows for this run: the environment that points it there, and how to remove them. */
export interface ServerData {
  /** What the run stores its rows in, for messages. */
  readonly where: string;
  /** DATA_DIR or DATABASE_URL. */
  readonly env: Readonly<Record<string, string>>;
  drop(): Promise<void>;
}

function isPermissionError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '42501';
}

/**
 * Fresh, empty storage for one run of the suite (see the file's comment). `'pglite'` is PGlite whatever
 * E2E_DATABASE_URL says: so one run (CI's) has the browser against the server on both storages.
 */
export async function freshServerData(storage: 'configured' | 'pglite' = 'configured'): Promise<ServerData> {
  const url = storage === 'pglite' ? undefined : process.env.E2E_DATABASE_URL?.trim();
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'sua-e2e-server-'));
    return {
      where: `PGlite in ${dir}`,
      env: { DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  // The names are ours (a prefix and hex), never input: they are safe to put in a statement.
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  try {
    await runOnServer(url, `CREATE DATABASE ${name}`);
    return {
      where: `PostgreSQL database ${name}`,
      env: { DATABASE_URL: withDatabase(url, name) },
      drop: () => runOnServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  } catch (error) {
    if (!isPermissionError(error)) throw error;
  }
  // No CREATEDB: a schema of its own in the given database, first on the search path of every connection.
  await runOnServer(url, `CREATE SCHEMA ${name}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${name}`);
  return {
    where: `schema ${name} of the E2E_DATABASE_URL database`,
    env: { DATABASE_URL: scoped.toString() },
    drop: () => runOnServer(url, `DROP SCHEMA IF EXISTS ${name} CASCADE`),
  };
}

/** Whether something already listens on the port (a server left over from another run would answer for ours). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host: HOST });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export interface ServerProcess {
  /** http://127.0.0.1:<port>: the app and its API. */
  readonly origin: string;
  /** Starts the server on the run's data and waits until it answers; refuses while it runs. */
  start(): Promise<void>;
  /** Ends the server with this signal and waits until the process is gone (SIGKILL: it gets no chance to flush). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** The server's recent output (stdout and stderr), for failure messages. */
  output(): string;
}

/** The server over `data`, serving the remote build; not started yet. `env` adds settings (e.g. AGENT_HEARTBEAT_S). */
export function serverProcess(data: ServerData, port = SERVER_PORT, extraEnv: Readonly<Record<string, string>> = {}): ServerProcess {
  const origin = `http://${HOST}:${port}`;
  let child: ChildProcess | null = null;
  let log: string[] = [];
  const remember = (chunk: Buffer) => {
    log.push(chunk.toString('utf8'));
    if (log.length > 200) log = log.slice(-200);
  };

  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST, STATIC_DIR: resolve(ROOT, SERVER_DIST), SEED: 'default' };
  // Only this run's storage: never a DATABASE_URL or DATA_DIR the shell happens to have; a demo server, not production.
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.NODE_ENV;
  delete env.CORS_ORIGINS;
  Object.assign(env, data.env, extraEnv);

  // A run that ends without stopping it (a crashed worker) leaves no server behind to answer the next run.
  process.once('exit', () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  return {
    origin,
    output: () => log.join(''),
    async start() {
      if (child) throw new Error('The server is already running');
      if (await portInUse(port)) throw new Error(`Port ${port} is in use: stop what listens there, or set E2E_SERVER_PORT`);
      // node with tsx's loader, not `npx tsx` (which runs the server in a child process of its own): the process
      // this spawns is the server itself, so a SIGKILL reaches the process that holds the data.
      const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      started.stdout?.on('data', remember);
      started.stderr?.on('data', remember);
      await new Promise<void>((ready, fail) => {
        const timer = setTimeout(() => fail(new Error(`The server did not start within 60 s:\n${log.join('')}`)), 60_000);
        const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
          clearTimeout(timer);
          child = null;
          fail(new Error(`The server exited (${code ?? signal}) before it listened:\n${log.join('')}`));
        };
        started.once('exit', onExit);
        const watch = (chunk: Buffer) => {
          if (!chunk.toString('utf8').includes('Service Unit Admin API on')) return;
          clearTimeout(timer);
          started.off('exit', onExit);
          started.stdout?.off('data', watch);
          ready();
        };
        started.stdout?.on('data', watch);
      });
      started.once('exit', () => {
        if (child === started) child = null;
      });
    },
    async stop(signal = 'SIGTERM') {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) {
        child = null;
        return;
      }
      const exited = new Promise<void>((done) => running.once('exit', () => done()));
      running.kill(signal);
      await exited;
      child = null;
    },
  };
}

/** globalSetup: builds the remote app into dist-server (no VITE_API_BASE_URL: it calls /api on its own origin). */
export default function buildServerApp(): void {
  if (process.env.E2E_SERVER_BUILT === '1') {
    if (!serverAppBuilt()) throw new Error(`E2E_SERVER_BUILT=1 but ${SERVER_DIST}/index.html does not exist`);
    return;
  }
  const env: NodeJS.ProcessEnv = { ...process.env, VITE_API_MODE: 'remote' };
  delete env.VITE_API_BASE_URL;
  const build = spawnSync('npx', ['vite', 'build', '--outDir', SERVER_DIST, '--emptyOutDir'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`Building ${SERVER_DIST} failed:\n${build.stdout}\n${build.stderr}`);
}
