import type { Server } from 'miragejs';
import { makeServer } from './server';
import type { SeedSize } from './types';

declare global {
  interface Window {
    /** The embedded backend, by Mirage's convention, for end-to-end tests and the console. */
    server?: Server;
  }
}

export interface BrowserServerOptions {
  latencyMs?: string;
  tokenLifetimeS?: string;
  seed?: string;
}

const parseNumber = (value: string | undefined): number | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** Starts Mirage in the browser (demo mode). Persistence across reloads is added by the session issue. */
export async function startBrowserServer(options: BrowserServerOptions = {}): Promise<Server> {
  const seed: SeedSize = options.seed === 'large' ? 'large' : 'default';
  const latency = parseNumber(options.latencyMs);
  const lifetime = parseNumber(options.tokenLifetimeS);
  const server = await makeServer({
    environment: 'development',
    seed,
    ...(latency !== undefined ? { latencyMs: latency } : {}),
    ...(lifetime !== undefined ? { tokenLifetimeS: lifetime } : {}),
  });
  window.server = server;
  return server;
}
