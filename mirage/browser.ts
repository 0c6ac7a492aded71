import { del } from 'idb-keyval';
import { LIVE_WAKE_EVENT } from '../core/live-wake';
import type { Request, Server } from 'miragejs';
import { liveRows, table, type DbDump, type MirageDb, type Row } from './db';
import { setAuthSync, type SessionRow, type UserRow } from './http';
import { createPersistence, type DbMessage, type Persistence } from './persistence';
import { makeServer, seedLater } from './server';
import { LATER_SEEDED_COLLECTIONS } from './domains';
import type { SeedTurns } from './seed-slices';
import type { ChangeBatch, ChangeTracker, CollectionChanges } from './store/change-log';
import { deferCollections, type DeferredCollections } from './store/deferred';
import { DEFERRED_COLLECTIONS, droppedTotal, LEGACY_DUMP_KEY, loadLater, loadStored, type StoredState } from './store/load';
import { applyJournal, applyRemoteBatch, mergeAuthRows, readJournal } from './store/merge';
import { answerGate } from './store/answering';
import { giveStoredUnitsAgents, reseedEssentials } from './store/repair';
import { demoPasswordRecord } from './domains/accounts';
import { organizationStore } from './organization-store';
import { userStore } from './user-store';
import { unitStore } from './unit-store';
import { agentSecretStore } from './agent-credentials';
import { pruneSessions } from './sessions';
import { createIdbStore, STORE_NAME, type RowStore, type SeedJournal, type WriteStats } from './store/row-store';
import { validateRows } from './store/schemas';
import type { SeedSize } from './types';
import { touchesLiveCollections } from './events';
import { sweepUnitStatuses } from './domains/service-units';
import { afterFirstPaintAndIdle, startSimulatedAgents, type AgentCall } from './simulated-agents';

export { mergeAuthRows };

/** One request Mirage answered, for end-to-end tests (`window.mirageRequests`). */
export interface HandledRequest {
  method: string;
  path: string;
  status: number;
}

/** What the start found in the store, for the app's notification and for tests. */
export interface MirageStatus {
  persistFailed: boolean;
  /** The stored data was unusable and fresh demo data replaced it. */
  dataReset: boolean;
  /** Unreadable stored rows dropped at start, by collection. */
  dropped: Record<string, number>;
  /** Demo accounts that were missing and were put back. */
  restored: string[];
  /** The cost of the last stored write (docs/persistence.md). */
  lastWrite: WriteStats | null;
  /** Collections still being read from the store while the backend already answers (docs/persistence.md, "Load order"). */
  loading: string[];
  /** performance.now() when the backend took its first request (sign-in and session requests are answered from then on). */
  answeringAt: number | null;
  /** performance.now() when every collection was loaded (`window.server` is set then). */
  loadedAt: number | null;
  /**
   * performance.now() when every row is stored (a fresh seed is stored in the background while the backend
   * answers: docs/persistence.md, "First visit"); at start when the rows came from the store.
   */
  storedAt: number | null;
}

declare global {
  interface Window {
    /** The embedded backend, by Mirage's convention, for end-to-end tests and the console. */
    server?: Server;
    /** The last requests Mirage answered (newest last, at most 1000). */
    mirageRequests?: HandledRequest[];
    /** Persistence problems so far, for the app to show even if they happened before it mounted. */
    mirageStatus?: { persistFailed: boolean; dataReset: boolean; dropped?: Record<string, number>; restored?: string[] };
  }
}

export interface BrowserServerOptions {
  latencyMs?: string;
  tokenLifetimeS?: string;
  seed?: string;
  /** Tests: another store (fake-indexeddb under another name, or a fake). */
  store?: RowStore;
  /**
   * The boot progress bar: seeding (share of domains seeded; at the large seed then again for the later seeds, while
   * the backend answers), then storing the fresh seed (in the background, to 1).
   */
  onProgress?: (phase: 'seeding' | 'storing', done: number) => void;
  /**
   * A fresh seed's large collections are seeded after the backend answers sign-in (docs/persistence.md, "First
   * visit"). Default: at the large seed only. Tests set it for the default seed.
   */
  seedLater?: boolean;
  /** Tests: the later seeds start once this settles. */
  laterSeedAfter?: Promise<unknown>;
  /** How long the background store waits after the app's last answer (ms; default 500). Tests that store at once: 0. */
  storeQuietMs?: number;
}

/** Demo-mode overrides set from the console or a test, read at start (localStorage). */
export const TOKEN_LIFETIME_OVERRIDE_KEY = 'mock-token-lifetime-s';
export const LATENCY_OVERRIDE_KEY = 'mock-latency-ms';
/** Window events the app turns into notifications (src/app/session-effects.tsx). */
export const PERSIST_FAILED_EVENT = 'mirage:persist-failed';
export const PERSIST_RESET_EVENT = 'mirage:persist-reset';
/**
 * The Web Lock a tab holds while it decides how to start, and, when it seeded, until the seed is stored:
 * a second tab opened meanwhile waits for it instead of seeding over it.
 */
export const SEED_STORE_LOCK = 'sua-seed-store';
/** The Web Lock the tab that runs the simulated agents and the status sweep holds (one tab does). */
export const SIMULATED_AGENTS_LOCK = 'sua-simulated-agents';
/** How often the unit status sweep runs (ms). */
export const SWEEP_INTERVAL_MS = 5_000;

/** The stores the demo accounts' repair writes through (mirage/store/repair.ts, the server's too). */
const accountStores = (db: MirageDb) => ({ organizations: organizationStore(db), users: userStore(db) });

const wakeLiveReaders = () => window.dispatchEvent(new CustomEvent(LIVE_WAKE_EVENT));

/** The simulated agents' calls: fetch, which Pretender answers like any request of the app. */
const fetchCall: AgentCall = async (method, url, headers, body) => {
  const response = await fetch(url, { method, headers, ...(body !== null ? { body } : {}) });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    return { status: response.status, body: text };
  }
};

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

let active: {
  persistence: Persistence;
  store: RowStore;
  channel: BroadcastChannel | null;
  tracker: ChangeTracker;
  stopStoring?: () => void;
} | null = null;
const DB_CHANNEL = 'service-unit-admin-mirage-db';
/** How long a request with an unknown token waits for another tab's broadcast before the 401. */
const UNKNOWN_TOKEN_WAIT_MS = 1000;

/**
 * The requests answered while the large collections are still loading (DEFERRED_COLLECTIONS): sign-in,
 * registration, token refresh, sign-out, lock and unlock, and who the bearer is. They read accounts,
 * sessions and organizations only. Every other /api request waits until every collection is loaded;
 * anything outside /api (the identity provider) is never held.
 */
const ANSWERED_WHILE_LOADING = /^\/api\/(UserLogin|UserProfile|me|auth\/(refresh-token|logout|unlock|lock|forgot-password))\/?$/;
const answeredWhileLoading = (request: Request) => {
  const path = new URL(request.url, 'http://localhost').pathname;
  return !path.startsWith('/api/') || ANSWERED_WHILE_LOADING.test(path);
};

/** The longest the load of the large collections waits for the requests being answered, at a time (ms). */
const HOLD_MS = 2000;
/**
 * How long the background store of a fresh seed waits after the app's last answer (ms): the screen that
 * asked renders meanwhile (a sign-in's dashboard), without slices of puts in between.
 */
const STORE_QUIET_MS = 500;

/** Resolves once every collection is loaded (at once when the start loaded everything). */
let everythingLoaded: Promise<void> = Promise.resolve();
export const whenEverythingLoaded = (): Promise<void> => everythingLoaded;
/** Resolves once a fresh seed is stored (at once when the start read the store; never when it stopped). */
let everythingStored: Promise<void> = Promise.resolve();
export const whenStored = (): Promise<void> => everythingStored;

/** Takes SEED_STORE_LOCK (waiting for a tab that is storing a seed); resolves with its release. */
function takeSeedLock(): Promise<() => void> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return Promise.resolve(() => undefined);
  return new Promise((taken) => {
    void locks.request(SEED_STORE_LOCK, () => new Promise<void>((release) => taken(release))).catch(() => taken(() => undefined));
  });
}

/** Starts Mirage in the browser (demo mode), from the stored rows when they are usable. */
export async function startBrowserServer(options: BrowserServerOptions = {}): Promise<Server> {
  const release = await takeSeedLock();
  try {
    return await startWithLock(options, release);
  } catch (error) {
    release();
    throw error;
  }
}

async function startWithLock(options: BrowserServerOptions, releaseSeedLock: () => void): Promise<Server> {
  const seed: SeedSize = options.seed === 'large' ? 'large' : 'default';
  const latency = parseNumber(readOverride(LATENCY_OVERRIDE_KEY)) ?? parseNumber(options.latencyMs);
  const lifetime = parseNumber(readOverride(TOKEN_LIFETIME_OVERRIDE_KEY)) ?? parseNumber(options.tokenLifetimeS);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(DB_CHANNEL) : null;
  // A newer build in another tab upgrades the store: this tab's copy is stale, start over.
  const store = options.store ?? createIdbStore({ onVersionChange: () => window.location.reload() });
  // Messages of other tabs that arrive before this tab answers are applied once it does.
  const inbox: DbMessage[] = [];
  let receive: ((message: DbMessage) => void) | null = null;
  let persistence: Persistence | null = null;
  channel?.addEventListener('message', (event: MessageEvent<DbMessage>) => {
    if (event.data.type === 'reset') {
      persistence?.disable();
      window.location.reload();
    } else if (receive) receive(event.data);
    else inbox.push(event.data);
  });
  // A fresh seed a closed page left stored in part: seeded again, with the rows committed meanwhile put over it.
  const unfinished = await store.unfinishedSeed().catch(() => null);
  const journal = unfinished ? { keys: unfinished.keys, batch: await readJournal(store, unfinished).catch(() => []) } : null;
  // Read and checked batch by batch (each in a task of its own); the progress bar follows on a large store.
  // The large collections no sign-in reads are left for later: the backend answers before they are in.
  const stored: StoredState = journal
    ? { status: 'empty' }
    : await loadStored(store, {
        onProgress: (done) => options.onProgress?.('seeding', done),
        except: DEFERRED_COLLECTIONS,
      });
  // A complete store: other tabs may start now. A tab that seeds keeps the lock until its seed is stored.
  if (stored.status === 'loaded' && !stored.legacy) releaseSeedLock();
  // A fresh seed whose large collections are seeded after the backend answers sign-in (docs/persistence.md,
  // "First visit"): at the large seed, seeding them first held the first answer for seconds.
  const seedingLater = stored.status !== 'loaded' && (options.seedLater ?? seed === 'large');
  // The routes are set up in a task of their own, then the rows are adopted in slices (makeServer).
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  const status: MirageStatus = {
    persistFailed: false,
    dataReset: stored.status === 'discarded',
    dropped: stored.status === 'empty' ? {} : stored.dropped,
    restored: [],
    lastWrite: null,
    loading: stored.status === 'loaded' ? [...(stored.deferred ?? [])] : seedingLater ? [...LATER_SEEDED_COLLECTIONS] : [],
    answeringAt: null,
    loadedAt: null,
    storedAt: null,
  };
  window.mirageStatus = status;

  persistence = createPersistence({
    store,
    broadcast: (message) => channel?.postMessage(message satisfies DbMessage),
    onError: (error) => {
      console.error('The demo database could not be saved', error);
      status.persistFailed = true;
      window.dispatchEvent(new CustomEvent(PERSIST_FAILED_EVENT, { detail: { error } }));
    },
    onCommitted: (batch) => {
      if (touchesLiveCollections(batch)) wakeLiveReaders();
    },
  });
  const server = await makeServer({
    environment: 'development',
    seed,
    ...(latency !== undefined ? { latencyMs: latency } : {}),
    ...(lifetime !== undefined ? { tokenLifetimeS: lifetime } : {}),
    // Rows read from the store are this server's own: adopted without copies (not so for a legacy dump).
    ...(stored.status === 'loaded' ? { initialData: stored.dump, adoptInitialData: !stored.legacy } : {}),
    beginWrite: persistence.beginWrite,
    // Rows found by id through a map, not a walk over 50,000 users on every authenticated request (and over
    // 10,000 units on each of the seed's updates).
    indexIds: true,
    ...(seedingLater ? { deferLaterSeeds: true } : {}),
    // Only a fresh seed reports progress (and yields between domains): loading stored rows does not seed.
    ...(stored.status !== 'loaded' && options.onProgress
      ? { onSeedProgress: (done: number) => options.onProgress?.('seeding', done) }
      : {}),
  });
  const live = server;
  // The collections still to read, or still to seed, are hidden until they are complete: reading one throws (a
  // request that should have waited; the gate below holds every request that may read them).
  const hide = (names: readonly string[]) =>
    deferCollections(live.db, names, (error) => console.error('A request read a collection that is still loading', error));
  const later: DeferredCollections | null =
    stored.status === 'loaded' && stored.deferred && stored.deferred.length > 0
      ? hide(stored.deferred)
      : seedingLater
        ? hide(LATER_SEEDED_COLLECTIONS)
        : null;

  // A fresh seed to store in the background (its rows once they are all seeded).
  let fresh = false;
  // The page is closing, or the demo data is reset: no more seeding or storing.
  let stopped = false;
  // The rows a journal carries over of collections seeded later: put over them once they are seeded (same ids).
  let journalLater: ChangeBatch = [];
  if (stored.status === 'loaded' && !stored.legacy) {
    const tracker = persistence.attach(live.db);
    // Repairs are writes like any other: recorded, then committed before the app sees the backend.
    status.restored = await reseedEssentials(accountStores(live.db), demoPasswordRecord);
    pruneSessions(live.db, Date.now());
    active = { persistence, store, channel, tracker };
    await persistence.flush().catch(() => undefined);
    status.storedAt = performance.now();
  } else {
    // A fresh seed (or a dump from before the row store) is in memory (at the large seed all but the large
    // collections, seeded once the backend answers): the backend answers at once, and
    // the rows are stored in the background (docs/persistence.md, "First visit"). One transaction clears
    // the store and starts the journal of the keys committed meanwhile; the "seed complete" mark comes last.
    if (stored.status === 'loaded') status.restored = await reseedEssentials(accountStores(live.db), demoPasswordRecord);
    const seededLater = (changes: CollectionChanges) => seedingLater && LATER_SEEDED_COLLECTIONS.includes(changes.collection);
    applyJournal(live.db, journal?.batch.filter((changes) => !seededLater(changes)) ?? []);
    journalLater = journal?.batch.filter(seededLater) ?? [];
    pruneSessions(live.db, Date.now());
    const begun: SeedJournal = { seed, startedAt: new Date().toISOString(), keys: journal?.keys ?? [] };
    try {
      await store.beginSeed(begun, journal?.batch ?? []);
      fresh = true;
    } catch (error) {
      status.persistFailed = true;
      console.error('The demo database could not be saved', error);
      releaseSeedLock();
    }
    active = { persistence, store, channel, tracker: persistence.attach(live.db) };
  }
  const { tracker } = active;
  Object.defineProperty(status, 'lastWrite', { get: () => persistence?.lastWrite ?? null, enumerable: true });

  // Accounts and sessions another tab stored are read from the store: only those two collections, and of
  // the accounts only those this tab does not have (not 50,000 rows at the large seed).
  const mergeStored = async () => {
    const users = table<UserRow>(live.db, 'users');
    let ids: Set<string> | null = null;
    const known = (collection: string) =>
      collection === 'users'
        ? { count: users.count(), has: (id: string) => (ids ??= new Set(users.rows().map((u) => String(u.id)))).has(id) }
        : undefined;
    const stored: DbDump = await store.loadCollections(['users', 'sessions'], { known }).catch(() => ({}));
    // Checked like every stored row: a damaged row is never merged (it would break every sign-in).
    const { dump } = validateRows(
      Object.entries(stored).flatMap(([collection, rows]) => rows.map((row) => ({ collection, row }))),
      (entry) => entry,
    );
    tracker.silently(() => mergeAuthRows(live.db, dump));
  };
  // Requests waiting for a token another tab issued that has not reached this tab yet.
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
  // Rows another tab committed: applied at once, but for a collection still loading only once it is in
  // (its rows then come from this tab's read or from the batch, whichever is newer: the batch, applied last).
  const forLater: ChangeBatch[] = [];
  receive = (message) => {
    if (message.type !== 'changed') return;
    const loading = later?.pending ?? new Set<string>();
    const now = message.batch.filter((c) => !loading.has(c.collection));
    const rest = message.batch.filter((c) => loading.has(c.collection));
    if (now.length > 0) tracker.silently(() => applyRemoteBatch(live.db, now));
    if (rest.length > 0) forLater.push(rest);
    [...waiting].forEach((check) => check());
    if (touchesLiveCollections(message.batch)) wakeLiveReaders();
  };
  inbox.splice(0).forEach(receive);

  const dropped = droppedTotal(status.dropped);
  if (dropped > 0) console.warn(`Dropped ${dropped} unreadable row(s); restored demo accounts: ${status.restored.join(', ') || 'none'}.`);
  if (status.dataReset || dropped > 0 || status.restored.length > 0) {
    window.dispatchEvent(new CustomEvent(PERSIST_RESET_EVENT, { detail: { dropped, restored: status.restored } }));
  }

  // Each request is handled in a task of its own, as a server's answer arrives: Pretender runs the handler
  // inside fetch(), which would add every handler to the render task of the screen that starts the requests.
  // (Pretender's handleRequest, left out of Mirage's typings.)
  // While collections are loading, a request that may read them waits (in order) until they are in.
  const pretender = server.pretender as Server['pretender'] & { handleRequest(request: Request): void };
  const handle = pretender.handleRequest.bind(pretender);
  const held: Request[] = [];
  let complete = later === null;
  // Requests being answered while the large collections load: the load waits for them (a sign-in's
  // password hash yields to the event loop, and each of the load's batches would run in between).
  // (Never longer than HOLD_MS at a time: a request Pretender never reports as handled must not stop the load.)
  const answering = answerGate(HOLD_MS);
  const holdWhileAnswering = () => answering.hold();
  // The background store of a fresh seed waits for them too.
  let storing = fresh;
  pretender.handleRequest = (request) => {
    if (complete || answeredWhileLoading(request)) {
      if ((!complete || storing) && new URL(request.url, 'http://localhost').pathname.startsWith('/api/')) answering.started();
      setTimeout(() => handle(request), 0);
    } else held.push(request);
  };

  const log: HandledRequest[] = [];
  let lastAnswerAt = performance.now();
  // The background store's turn (and the later seeds'): no request being answered, and none of the app's answered
  // for STORE_QUIET_MS; never more than HOLD_MS of waiting (a request held open, or a busy screen, must not stop it).
  const storeTurn = async () => {
    const until = performance.now() + HOLD_MS;
    for (;;) {
      const wait = lastAnswerAt + (options.storeQuietMs ?? STORE_QUIET_MS) - performance.now();
      if ((wait <= 0 && answering.count === 0) || performance.now() >= until) return;
      await (holdWhileAnswering() ?? new Promise((resolve) => setTimeout(resolve, Math.max(wait, 10))));
    }
  };
  // The simulated agents and the sweep run once the console is in use: every collection is loaded and a signed-in
  // request was answered. A visitor reading /login (or a public page) pays for no fleet nobody watches.
  let liveWorkStarted = false;
  let signedInSeen = false;
  const startLiveWorkWhenUsed = () => {
    if (liveWorkStarted || !complete || !signedInSeen) return;
    liveWorkStarted = true;
    runLiveWork(live, () => persistence?.flush());
  };
  const previous = server.pretender.handledRequest.bind(server.pretender);
  server.pretender.handledRequest = (verb, path, request) => {
    previous(verb, path, request);
    if (new URL(path, 'http://localhost').pathname.startsWith('/api/')) answering.answered();
    const pathname = new URL(path, window.location.origin).pathname;
    // The simulated agents' calls are not the app's: they would crowd its requests out of the log.
    if (pathname.startsWith('/api/agent/')) return;
    if (!signedInSeen && request.status < 400 && isSignedInRequest(request.requestHeaders)) {
      signedInSeen = true;
      startLiveWorkWhenUsed();
    }
    lastAnswerAt = performance.now();
    log.push({ method: verb.toUpperCase(), path: pathname, status: request.status });
    if (log.length > 1000) log.shift();
  };
  window.mirageRequests = log;
  status.answeringAt = performance.now();
  everythingStored = Promise.resolve();
  const finished = async () => {
    complete = true;
    status.loading = [];
    status.loadedAt = performance.now();
    // `window.server` keeps meaning "every collection is loaded" (end-to-end tests read its db).
    window.server = live;
    startLiveWorkWhenUsed();
    // Units stored before agents existed get their simulated agent (every collection is in now), stored at once,
    // before the requests held until now are answered (the embedded repository answers within this task).
    const given = await giveStoredUnitsAgents({ units: unitStore(live.db), agentSecrets: agentSecretStore(live.db) }).catch(
      (error: unknown) => {
        console.error('The stored units could not get their simulated agents', error);
        return [];
      },
    );
    if (given.length > 0) void persistence?.flush()?.catch(() => undefined);
    held.splice(0).forEach((request) => setTimeout(() => handle(request), 0));
  };
  if (later === null) everythingLoaded = finished();
  else if (seedingLater) {
    // A first visit: the large collections are seeded now, slice by slice between the requests (and hidden until
    // they are complete, as a second visit's are while they load).
    const hidden = later;
    let resume: () => void = () => undefined;
    const turns: SeedTurns = {
      enter() {
        hidden.open();
        resume = tracker.pause();
      },
      leave() {
        resume();
        hidden.close();
      },
      async next() {
        await new Promise<void>((resolve) => setTimeout(resolve, 0));
        // The background store's turn: the screen an answer was for (a sign-in's dashboard) renders first.
        await storeTurn();
        if (stopped) throw new Error('The demo backend was stopped');
      },
    };
    everythingLoaded = (async () => {
      await options.laterSeedAfter;
      await seedLater(live, turns, (done) => options.onProgress?.('seeding', done));
      hidden.open();
      try {
        tracker.silently(() => applyJournal(live.db, journalLater));
      } finally {
        hidden.close();
      }
    })()
      .catch((error: unknown) => {
        if (!stopped) console.error('The demo data could not be seeded', error);
      })
      .then(() => {
        if (stopped) return;
        hidden.finish();
        tracker.silently(() => forLater.splice(0).forEach((batch) => applyRemoteBatch(live.db, batch)));
        return finished();
      });
  } else {
    const deferred = later;
    everythingLoaded = loadLater(store, [...deferred.pending], (dump) => deferred.add(dump), holdWhileAnswering)
      .then(
        ({ dropped: droppedLater }) => {
          if (droppedTotal(droppedLater) === 0) return;
          for (const [collection, n] of Object.entries(droppedLater)) status.dropped[collection] = (status.dropped[collection] ?? 0) + n;
          console.warn(`Dropped ${droppedTotal(droppedLater)} unreadable row(s) of the collections loaded last.`);
          window.dispatchEvent(
            new CustomEvent(PERSIST_RESET_EVENT, { detail: { dropped: droppedTotal(status.dropped), restored: status.restored } }),
          );
        },
        (error: unknown) => console.error('Some stored rows of the demo database could not be read', error),
      )
      .then(() => {
        deferred.finish();
        tracker.silently(() => forLater.splice(0).forEach((batch) => applyRemoteBatch(live.db, batch)));
        return finished();
      });
  }
  if (fresh) {
    if (active)
      active.stopStoring = () => {
        stopped = true;
        releaseSeedLock();
      };
    const storeSeed = async () => {
      // The rows as they are once all are seeded (copies of the lists, not of the rows): a write's rows since
      // beginSeed are its commit's (journaled, so the slices skip them).
      if (seedingLater) await everythingLoaded;
      if (stopped) return;
      const rows: [string, readonly Row[]][] = Object.entries(liveRows(live.db)).map(([name, list]) => [name, list.slice()]);
      const total = Math.max(
        1,
        rows.reduce((n, [, list]) => n + list.length, 0),
      );
      let done = 0;
      options.onProgress?.('storing', 0);
      for (const [collection, list] of rows) {
        let next = 0;
        while (next < list.length) {
          await storeTurn();
          if (stopped) return;
          const from = next;
          next = await store.putSeedRows(collection, list, next);
          done += next - from;
          options.onProgress?.('storing', Math.min(0.99, done / total));
        }
      }
      if (stopped) return;
      await store.finishSeed({ seed, seededAt: new Date().toISOString() });
      status.storedAt = performance.now();
    };
    everythingStored = storeSeed()
      .catch((error: unknown) => {
        status.persistFailed = true;
        console.error('The fresh demo data could not be saved', error);
        window.dispatchEvent(new CustomEvent(PERSIST_FAILED_EVENT, { detail: { error } }));
      })
      .finally(() => {
        storing = false;
        releaseSeedLock();
        options.onProgress?.('storing', 1);
      });
  } else if (seedingLater && active) active.stopStoring = () => (stopped = true);
  return server;
}

/** A request of a signed-in console: it carries a session's bearer token (the app's client sets it). */
function isSignedInRequest(headers: Record<string, string> | undefined): boolean {
  const authorization = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  return typeof authorization === 'string' && /^Bearer \S/.test(authorization);
}

/**
 * In one tab only (a Web Lock, held until the tab closes): the simulated agents, which call the agent API
 * through fetch, and the status sweep every 5 s, stored as a write (docs/domain.md, "Simulated agents").
 * Without Web Locks (old browsers, jsdom) nothing runs: the units' agents then look stopped.
 */
let stopLive: (() => void) | null = null;

function runLiveWork(server: Server, flush: () => Promise<unknown> | undefined): void {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return;
  stopBrowserLiveWork();
  let stopped = false;
  let release: () => void = () => undefined;
  stopLive = () => {
    stopped = true;
    release();
  };
  void locks
    .request(SIMULATED_AGENTS_LOCK, () => {
      if (stopped) return Promise.resolve();
      const agents = startSimulatedAgents({
        db: server.db,
        call: fetchCall,
        startAfter: afterFirstPaintAndIdle,
        onError: (error) => console.warn('A simulated agent’s call failed', error),
      });
      const sweep = setInterval(() => {
        void sweepUnitStatuses(server.db, Date.now())
          .catch((error: unknown) => console.error('The unit status sweep failed', error))
          .then(() => flush()?.catch(() => undefined));
      }, SWEEP_INTERVAL_MS);
      // Held until this tab closes (or the work is stopped): another tab takes over then.
      return new Promise<void>((resolve) => {
        release = () => {
          agents.stop();
          clearInterval(sweep);
          resolve();
        };
      });
    })
    .catch(() => undefined);
}

/** Stops this tab's simulated agents and sweep, and lets another tab take them over (tests; a reset). */
export function stopBrowserLiveWork(): void {
  stopLive?.();
  stopLive = null;
}

/**
 * Ends this tab's backend as closing the tab would (tests, before their store closes): no live work, no
 * background store, and no commit of a request still in flight (a simulated agent's last heartbeat).
 */
export function stopBrowserServer(): void {
  stopBrowserLiveWork();
  active?.persistence.disable();
  active?.stopStoring?.();
}

/** Forgets the stored database; the next start seeds fresh demo data. The caller reloads. */
export async function resetBrowserDemoData(): Promise<void> {
  stopBrowserLiveWork();
  const current = active;
  current?.persistence.disable();
  current?.stopStoring?.();
  // Also when the start failed (the stored data broke it): the store is cleared all the same.
  const store = current?.store ?? createIdbStore();
  try {
    await store.clear();
  } catch {
    // The database itself is unusable: delete it; the next start creates it afresh.
    store.close();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(STORE_NAME);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('The demo database could not be deleted'));
    });
  }
  await del(LEGACY_DUMP_KEY).catch(() => undefined);
  const channel = current?.channel ?? (typeof BroadcastChannel === 'function' ? new BroadcastChannel(DB_CHANNEL) : null);
  channel?.postMessage({ type: 'reset' } satisfies DbMessage);
}
