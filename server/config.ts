import type { SeedSize } from '../mirage/types';
import { providerAuthConfig, type ProviderAuthConfig } from '../mirage/oidc/provider-auth';

/** How the server is started (README.md, docs/deploy.md): everything comes from the environment. */
export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite's data folder (when no DATABASE_URL). */
  dataDir: string;
  databaseUrl: string | null;
  seed: SeedSize;
  corsOrigins: string[];
  staticDir: string | null;
  maxBodyBytes: number;
  /** Behind a reverse proxy: the caller's address comes from X-Forwarded-For. */
  trustProxy: boolean;
  production: boolean;
  /** OIDC_AUTHORITY and OIDC_CLIENT_ID (with OIDC_AUDIENCE, OIDC_ORGANIZATION, OIDC_ROLE_CLAIM): accept that provider's tokens. */
  providerAuth: ProviderAuthConfig | null;
  /** AGENT_HEARTBEAT_S: how often agents are told to heartbeat; a unit is offline after max(3 of them, 15 s) of silence. */
  agentHeartbeatS: number;
  /** EVENTS_POLL_S: how often an instance looks for events others stored, should a NOTIFY be lost (default 2). */
  eventsPollS: number;
  /** SIMULATED_AGENTS: the demo seeds' units heartbeat and report through the agent API from this process. */
  simulatedAgents: boolean;
  /** WRITE_CONCURRENCY: the writes this instance runs at once, each a transaction of its own. */
  writeConcurrency: number;
}

export class ConfigError extends Error {}

const SEEDS: readonly SeedSize[] = ['default', 'large', 'none'];
/** From every second (tests that watch a unit go offline) to every hour (an offline unit shows within 3 h). */
const MIN_HEARTBEAT_S = 1;
const MAX_HEARTBEAT_S = 3_600;

/** A whole number written in digits only ('80', not '0x50', '8e1' or ''), else NaN. */
const digits = (text: string) => (/^\d+$/.test(text) ? Number(text) : NaN);

/** Reads the environment; a value that makes no sense stops the start with a message that says which. */
export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  // An empty variable (`HOST=` in a .env file or a compose template) counts as unset: an empty HOST
  // would listen on every interface, an empty PORT on a random port.
  const value = (name: string) => env[name]?.trim() || undefined;
  const production = env['NODE_ENV'] === 'production';
  const port = digits(value('PORT') ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new ConfigError(`PORT must be a port number, not "${env['PORT']}".`);
  const seed = (value('SEED') ?? 'default') as SeedSize;
  if (!SEEDS.includes(seed)) throw new ConfigError(`SEED must be one of ${SEEDS.join(', ')}, not "${env['SEED']}".`);
  const corsOrigins = (env['CORS_ORIGINS'] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    const parsed = URL.canParse(origin) ? new URL(origin) : null;
    if (!parsed || parsed.origin !== origin)
      throw new ConfigError(`CORS_ORIGINS: "${origin}" is no origin (scheme://host[:port], no path).`);
  }
  const databaseUrl = value('DATABASE_URL') ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://.');
  const staticDir = value('STATIC_DIR') ?? null;
  const maxBodyBytes = digits(value('MAX_BODY_BYTES') ?? String(2 * 1024 * 1024));
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1024)
    throw new ConfigError('MAX_BODY_BYTES must be a whole number of bytes, at least 1024.');
  const agentHeartbeatS = digits(value('AGENT_HEARTBEAT_S') ?? '30');
  if (!Number.isInteger(agentHeartbeatS) || agentHeartbeatS < MIN_HEARTBEAT_S || agentHeartbeatS > MAX_HEARTBEAT_S)
    throw new ConfigError(
      `AGENT_HEARTBEAT_S must be a whole number of seconds from ${MIN_HEARTBEAT_S} to ${MAX_HEARTBEAT_S}, not "${env['AGENT_HEARTBEAT_S']}".`,
    );
  const eventsPollS = digits(value('EVENTS_POLL_S') ?? '2');
  if (!Number.isInteger(eventsPollS) || eventsPollS < 1 || eventsPollS > 3600)
    throw new ConfigError(`EVENTS_POLL_S must be a whole number of seconds from 1 to 3600, not "${env['EVENTS_POLL_S']}".`);
  const writeConcurrency = digits(value('WRITE_CONCURRENCY') ?? '2');
  if (!Number.isInteger(writeConcurrency) || writeConcurrency < 1 || writeConcurrency > 64)
    throw new ConfigError(`WRITE_CONCURRENCY must be a whole number from 1 to 64, not "${env['WRITE_CONCURRENCY']}".`);
  const simulated = value('SIMULATED_AGENTS');
  if (simulated !== undefined && simulated !== '0' && simulated !== '1')
    throw new ConfigError(`SIMULATED_AGENTS must be 1 (on) or 0 (off), not "${env['SIMULATED_AGENTS']}".`);
  if (production) {
    if (!databaseUrl)
      throw new ConfigError('NODE_ENV=production needs DATABASE_URL: the embedded PostgreSQL is for trying the app on one machine.');
    if (corsOrigins.length === 0 && !staticDir)
      throw new ConfigError(
        'NODE_ENV=production needs CORS_ORIGINS (the origins the app is served from) or STATIC_DIR (serve the app here).',
      );
    if (seed !== 'none' && env['ALLOW_DEMO_SEED'] !== '1')
      throw new ConfigError(
        'NODE_ENV=production seeds no demo accounts (their password is public): set SEED=none, or ALLOW_DEMO_SEED=1 for a demo.',
      );
  }
  return {
    host: value('HOST') ?? '127.0.0.1',
    port,
    dataDir: value('DATA_DIR') ?? '.data',
    databaseUrl,
    seed,
    corsOrigins,
    staticDir,
    maxBodyBytes,
    trustProxy: env['TRUST_PROXY'] === '1',
    production,
    providerAuth: providerAuthConfig({
      VITE_OIDC_AUTHORITY: value('OIDC_AUTHORITY'),
      VITE_OIDC_CLIENT_ID: value('OIDC_CLIENT_ID'),
      VITE_OIDC_AUDIENCE: value('OIDC_AUDIENCE'),
      VITE_OIDC_ORGANIZATION: value('OIDC_ORGANIZATION'),
      VITE_OIDC_ROLE_CLAIM: value('OIDC_ROLE_CLAIM'),
    }),
    agentHeartbeatS,
    eventsPollS,
    // Default: on for the demo seeds, whose units would otherwise all be offline; off for an empty start.
    simulatedAgents: simulated === undefined ? seed !== 'none' : simulated === '1',
    writeConcurrency,
  };
}
