import type { Server } from 'miragejs';
import { dumpDb } from './db';
import { createPersister, deleteDump, loadDump, type Persister } from './persistence';
import { makeServer } from './server';
import type { SeedSize } from './types';

/** One request Mirage answered, for end-to-end tests (`window.mirageRequests`). */
export interface HandledRequest {
  method: string;
  path: string;
  status: number;
}

declare global {
  interface Window {
    /** The embedded backend, by Mirage's convention, for end-to-end tests and the console. */
    server?: Server;
    /** The last requests Mirage answered (newest last, at most 1000). */
    mirageRequests?: HandledRequest[];
    /** Persistence problems so far, for the app to show even if they happened before it mounted. */
    mirageStatus?: { persistFailed: boolean; dataReset: boolean };
  }
}

export interface BrowserServerOptions {
  latencyMs?: string;
  tokenLifetimeS?: string;
  seed?: string;
}

/** Demo-mode overrides set from the console or a test, read at start (localStorage). */
export const TOKEN_LIFETIME_OVERRIDE_KEY = 'mock-token-lifetime-s';
export const LATENCY_OVERRIDE_KEY = 'mock-latency-ms';
/** Window events the app turns into notifications (src/app/session-effects.tsx). */
export const PERSIST_FAILED_EVENT = 'mirage:persist-failed';
export const PERSIST_RESET_EVENT = 'mirage:persist-reset';

const parseNumber = (value: string | null | undefined): number | undefined => {
  if (value === undefined || value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

const readOverride = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

let persister: Persister | null = null;

/** Starts Mirage in the browser (demo mode), from the stored database when there is a usable one. */
export async function startBrowserServer(options: BrowserServerOptions = {}): Promise<Server> {
  const seed: SeedSize = options.seed === 'large' ? 'large' : 'default';
  const latency = parseNumber(readOverride(LATENCY_OVERRIDE_KEY)) ?? parseNumber(options.latencyMs);
  const lifetime = parseNumber(readOverride(TOKEN_LIFETIME_OVERRIDE_KEY)) ?? parseNumber(options.tokenLifetimeS);
  const loaded = await loadDump();
  const status = { persistFailed: false, dataReset: loaded.status === 'discarded' };
  window.mirageStatus = status;
  let server: Server | null = null;
  const persist = createPersister(() => (server ? dumpDb(server.db) : {}), {
    onError: (error) => {
      console.error('The demo database could not be saved', error);
      status.persistFailed = true;
      window.dispatchEvent(new CustomEvent(PERSIST_FAILED_EVENT, { detail: { error } }));
    },
  });
  server = await makeServer({
    environment: 'development',
    seed,
    ...(latency !== undefined ? { latencyMs: latency } : {}),
    ...(lifetime !== undefined ? { tokenLifetimeS: lifetime } : {}),
    ...(loaded.status === 'loaded' ? { initialData: loaded.dump } : {}),
    onChange: () => persist.schedule(),
  });
  persister = persist;
  if (loaded.status !== 'loaded') {
    // Fresh seeds are saved at once so a reload finds the same data (and the same password salts).
    persist.schedule();
    await persist.flush();
  }
  if (loaded.status === 'discarded') window.dispatchEvent(new CustomEvent(PERSIST_RESET_EVENT));

  const log: HandledRequest[] = [];
  const previous = server.pretender.handledRequest.bind(server.pretender);
  server.pretender.handledRequest = (verb, path, request) => {
    previous(verb, path, request);
    log.push({ method: verb.toUpperCase(), path: new URL(path, window.location.origin).pathname, status: request.status });
    if (log.length > 1000) log.shift();
  };
  window.mirageRequests = log;
  window.server = server;
  return server;
}

/** Forgets the stored database; the next start seeds fresh demo data. The caller reloads. */
export async function resetBrowserDemoData(): Promise<void> {
  persister?.disable();
  await deleteDump();
}
