import type { Server } from 'miragejs';
import { dumpDb, table, type DbDump, type MirageDb } from './db';
import { setAuthSync, type SessionRow, type UserRow } from './http';
import { createPersister, deleteDump, loadDump, saveDump, type Persister } from './persistence';
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
let dbChannel: BroadcastChannel | null = null;
const DB_CHANNEL = 'service-unit-admin-mirage-db';
/** How long a request with an unknown token waits for another tab to save it before the 401. */
const UNKNOWN_TOKEN_WAIT_MS = 1000;
type DbMessage = { type: 'saved' } | { type: 'reset' };

/**
 * Brings in the accounts and sessions other tabs stored (each tab runs its own Mirage over the one
 * stored database). Rows are matched by email and token, never overwritten, and a revocation wins.
 */
export function mergeAuthRows(db: MirageDb, dump: DbDump): void {
  const users = table<UserRow>(db, 'users');
  const sessions = table<SessionRow>(db, 'sessions');
  const userIds = new Map<string, string | number>();
  for (const row of (dump['users'] ?? []) as UserRow[]) {
    const local = users.where((u) => u.email.toLowerCase() === row.email.toLowerCase())[0];
    if (local) {
      userIds.set(String(row.id), local.id);
      continue;
    }
    const { id, ...rest } = row;
    const inserted = users.find(id) ? users.insert(rest) : users.insert(row);
    userIds.set(String(id), inserted.id);
  }
  for (const row of (dump['sessions'] ?? []) as SessionRow[]) {
    const local = sessions.where({ accessToken: row.accessToken })[0];
    if (local) {
      if (row.revoked && !local.revoked) sessions.update(local.id, { revoked: true });
      continue;
    }
    const { id: _id, ...rest } = row;
    sessions.insert({ ...rest, userId: userIds.get(String(row.userId)) ?? row.userId });
  }
}

/** Starts Mirage in the browser (demo mode), from the stored database when there is a usable one. */
export async function startBrowserServer(options: BrowserServerOptions = {}): Promise<Server> {
  const seed: SeedSize = options.seed === 'large' ? 'large' : 'default';
  const latency = parseNumber(readOverride(LATENCY_OVERRIDE_KEY)) ?? parseNumber(options.latencyMs);
  const lifetime = parseNumber(readOverride(TOKEN_LIFETIME_OVERRIDE_KEY)) ?? parseNumber(options.tokenLifetimeS);
  const loaded = await loadDump();
  const status = { persistFailed: false, dataReset: loaded.status === 'discarded' };
  window.mirageStatus = status;
  let server: Server | null = null;
  dbChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(DB_CHANNEL) : null;
  const persist = createPersister(() => (server ? dumpDb(server.db) : {}), {
    save: async (dump) => {
      await saveDump(dump);
      dbChannel?.postMessage({ type: 'saved' } satisfies DbMessage);
    },
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
  const live = server;
  const mergeStored = async () => {
    const stored = await loadDump();
    if (stored.status === 'loaded') mergeAuthRows(live.db, stored.dump);
  };
  // Requests waiting for a token another tab has just issued but not yet saved.
  const waiting = new Set<() => void>();
  const isKnown = (token: string) => table<SessionRow>(live.db, 'sessions').where({ accessToken: token }).length > 0;
  const syncAuth = async (token?: string) => {
    await mergeStored();
    if (!token || isKnown(token)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        waiting.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const check = () => {
        if (isKnown(token)) done();
      };
      const timer = setTimeout(done, UNKNOWN_TOKEN_WAIT_MS);
      waiting.add(check);
    });
  };
  setAuthSync(live, syncAuth);
  dbChannel?.addEventListener('message', (event: MessageEvent<DbMessage>) => {
    if (event.data.type === 'saved') void mergeStored().then(() => [...waiting].forEach((check) => check()));
    // Another tab reset the demo: this tab's copy is stale, start over from the fresh seeds.
    if (event.data.type === 'reset') {
      persist.disable();
      window.location.reload();
    }
  });
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
  dbChannel?.postMessage({ type: 'reset' } satisfies DbMessage);
}
