import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createBackend } from './backend';
import { ConfigError, readConfig } from './config';
import { migrate } from './db/migrate';
import { openPglite, openPostgres } from './db/sql';
import { startServerAgents } from './agents/simulated';
import { every } from './events/periodic';
import { startWakeups } from './events/wakeups';
import { lockDataDir } from './data-dir-lock';
import { createHttpServer, listen } from './http-server';

/** How often units whose heartbeat window passed are marked offline (and old events pruned). */
const SWEEP_MS = 5_000;

/** `npm run server`: the API over PostgreSQL (README.md, "Run it with a real server"). */
async function main(): Promise<void> {
  const config = readConfig(process.env);
  let dataDir: string | null = null;
  let unlock = () => {};
  if (!config.databaseUrl) {
    mkdirSync(resolve(config.dataDir), { recursive: true });
    unlock = lockDataDir(resolve(config.dataDir));
    process.on('exit', () => unlock());
    dataDir = resolve(config.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const sql = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(dataDir ?? undefined);
  const applied = await migrate(sql);
  if (applied.length > 0) console.info(`Migrated: ${applied.join(', ')}`);
  const started = performance.now();
  const backend = await createBackend({
    sql,
    seed: config.seed,
    providerAuth: config.providerAuth,
    agentHeartbeatS: config.agentHeartbeatS,
    writeConcurrency: config.writeConcurrency,
  });
  if (backend.seeded) console.info(`Seeded the ${config.seed} data in ${Math.round(performance.now() - started)} ms`);
  // Other instances' commits wake this one's streams and long polls (LISTEN on PostgreSQL, and a safety poll).
  const wakeups = startWakeups(backend, { databaseUrl: config.databaseUrl, pollMs: config.eventsPollS * 1000 });
  // A write of its own: it commits, and the unit.offline events it stores wake the streams.
  const sweep = every(SWEEP_MS, 'The unit-status sweep', () => backend.sweepStatuses());
  // The demo seeds' units heartbeat and report through the agent API, from this process (capped; see the driver).
  const agents = config.simulatedAgents ? startServerAgents(backend) : null;
  const http = createHttpServer(backend, {
    corsOrigins: config.corsOrigins,
    maxBodyBytes: config.maxBodyBytes,
    trustProxy: config.trustProxy,
    ...(config.staticDir ? { staticDir: resolve(config.staticDir) } : {}),
  });
  const port = await listen(http, config.port, config.host);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${dataDir}`;
  console.info(
    `Service Unit Admin API on http://${config.host}:${port}/api, data in ${where}${config.staticDir ? `, app from ${config.staticDir}` : ''}${agents ? ', simulated agents on' : ''}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: stopping`);
    http.close();
    // Ends open event streams and held long polls too (they unsubscribe on close).
    http.closeAllConnections();
    agents?.stop();
    void Promise.all([sweep.stop(), wakeups.stop()])
      .then(() => backend.close())
      .then(() => sql.close())
      .then(() => {
        unlock();
        process.exit(0);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
