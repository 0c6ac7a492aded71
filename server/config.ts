import type { SeedSize } from '../mirage/types';

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
}

export class ConfigError extends Error {}

const SEEDS: readonly SeedSize[] = ['default', 'large', 'none'];

/** Reads the environment; a value that makes no sense stops the start with a message that says which. */
export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const production = env['NODE_ENV'] === 'production';
  const port = Number(env['PORT'] ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new ConfigError(`PORT must be a port number, not "${env['PORT']}".`);
  const seed = (env['SEED'] ?? 'default') as SeedSize;
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
  const databaseUrl = env['DATABASE_URL']?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://.');
  const staticDir = env['STATIC_DIR']?.trim() || null;
  const maxBodyBytes = Number(env['MAX_BODY_BYTES'] ?? 2 * 1024 * 1024);
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1024)
    throw new ConfigError('MAX_BODY_BYTES must be a whole number of bytes, at least 1024.');
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
    host: env['HOST'] ?? '127.0.0.1',
    port,
    dataDir: env['DATA_DIR'] ?? '.data',
    databaseUrl,
    seed,
    corsOrigins,
    staticDir,
    maxBodyBytes,
    trustProxy: env['TRUST_PROXY'] === '1',
    production,
  };
}
