import type { Server } from 'miragejs';
import { liveRows, table, type MirageDb, type Row } from '../mirage/db';
import { createNodeTransport, type ApiAnswer, type ApiRequest } from '../mirage/node-transport';
import { makeServer } from '../mirage/server';
import { trackChanges, type PendingChanges } from '../mirage/store/change-log';
import { indexIds } from '../mirage/store/id-index';
import { giveStoredUnitsAgents, pruneSessions, reseedEssentials } from '../mirage/store/repair';
import type { SeedSize } from '../mirage/types';
import type { ProviderAuthConfig } from '../mirage/oidc/provider-auth';
import type { StoredChange } from './db/row-store';
import { createPgRowStore } from './db/row-store';
import type { Queryable, Sql } from './db/sql';
import { createEventHub, wakeFor, type EventHub, type Wake } from './events/hub';

/**
 * The API over PostgreSQL: the embedded backend's domains (the one set of rules) run in this process on
 * an in-memory copy of the rows, and every request is one unit of work against the database:
 *
 * - a write (POST/PUT/PATCH/DELETE) takes the database's write lock, first applies what other instances
 *   committed since this one last looked, runs, and commits the rows it changed in the same transaction;
 *   the answer leaves only after that commit (a failed commit undoes the change in memory and answers 503);
 * - a read applies what other instances committed, then runs.
 *
 * So every instance answers from the committed state, and any number of them can share one database.
 */

export interface BackendOptions {
  sql: Sql;
  /** What an empty database is seeded with (default: the demo data). */
  seed?: SeedSize;
  tokenLifetimeS?: number;
  /** The heartbeat interval agents are told to keep, in seconds (AGENT_HEARTBEAT_S; default the domains' 30). */
  agentHeartbeatS?: number;
  /** Accept this identity provider's access tokens (verified against its JWKS); null or absent: none. */
  providerAuth?: ProviderAuthConfig | null;
  now?: () => number;
  /** Where commits that stored events or commands are announced (default: a hub of its own, `backend.events`). */
  hub?: EventHub;
}

export interface Backend {
  handle(request: ApiRequest): Promise<ApiAnswer>;
  /** The in-memory rows (tests read and prepare them). */
  readonly db: MirageDb;
  /** Commits what a caller changed in `db` directly (tests that prepare rows). */
  flush(): Promise<void>;
  close(): Promise<void>;
  /** Whether this start seeded the database. */
  readonly seeded: boolean;
  /** Woken after every commit, by this instance or one it caught up with, that stored events or commands. */
  readonly events: EventHub;
  /** Applies what other instances committed (waking `events` when that included events or commands). */
  catchUp(): Promise<void>;
  /**
   * Runs fn as a write of its own (periodic work such as the status sweep): under the write lock, after
   * catching up, committed before it resolves; rejects, with nothing changed, when the commit fails.
   */
  transact<T>(fn: (db: MirageDb, now: number) => T | Promise<T>): Promise<T>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The 503 of a failed commit (the embedded backend's own message speaks of the browser's storage). */
const NOT_STORED_MESSAGE = 'The change could not be stored. Nothing was changed; please try again.';
const isSignOut = (url: string) => new URL(url, 'http://localhost').pathname.replace(/\/+$/, '').endsWith('/auth/logout');

/** Applies other instances' committed rows to this one's memory, by id. */
function applyChanges(db: MirageDb, changes: readonly StoredChange[]): void {
  for (const change of changes) {
    const rows = table<Row>(db, change.collection);
    const local = rows.find(change.id);
    if (change.data === null) {
      if (local) rows.remove(change.id);
    } else if (local) {
      rows.update(change.id, change.data);
    } else {
      rows.insert({ ...change.data, id: change.id });
    }
  }
}

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const store = createPgRowStore(options.sql);
  const seed = options.seed ?? 'default';
  const transport = createNodeTransport();
  const common = {
    environment: 'test' as const,
    latencyMs: 0,
    interceptor: transport.interceptor,
    ...(options.tokenLifetimeS !== undefined ? { tokenLifetimeS: options.tokenLifetimeS } : {}),
    ...(options.agentHeartbeatS !== undefined ? { agentHeartbeatS: options.agentHeartbeatS } : {}),
    providerAuth: options.providerAuth ?? null,
    ...(options.now ? { now: options.now } : {}),
  };

  let server: Server | null = null;
  let seeded = false;
  if ((await store.seedOf()) === null) {
    server = await makeServer({ ...common, seed });
    seeded = await store.storeSeed(liveRows(server.db), seed);
    // Another instance seeded first: its rows are the data, this seed is dropped.
    if (!seeded) {
      server.shutdown();
      server = null;
    }
  }
  const loaded = seeded ? { dump: {}, seq: await store.lastSeq() } : await store.loadAll();
  server ??= await makeServer({ ...common, seed: 'none', initialData: loaded.dump, adoptInitialData: true });
  let seq = loaded.seq;
  const db = server.db;
  // Rows by id without walking a collection (every authenticated request finds its user), as in the browser.
  indexIds(db);
  const tracker = trackChanges(db);
  const now = options.now ?? (() => Date.now());

  let queue: Promise<unknown> = Promise.resolve();
  /** One unit of work at a time in this process; the database's lock orders them across processes. */
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  };

  const hub = options.hub ?? createEventHub();
  /** Listeners are told after the current unit of work, never in the middle of one. */
  const wakeSoon = (wake: Wake | null) => {
    if (wake) setImmediate(() => hub.wake(wake));
  };

  const catchUp = async (tx: Queryable) => {
    const changes = await store.changesSince(tx, seq);
    if (changes.length === 0) return;
    tracker.silently(() => applyChanges(db, changes));
    seq = Math.max(seq, changes[changes.length - 1]?.seq ?? seq);
    // Another instance stored events or commands: this one's streams and long polls ask again.
    wakeSoon(wakeFor(changes.map((change) => ({ collection: change.collection, row: change.data }))));
  };

  const notStored = (): ApiAnswer => ({
    status: 503,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: NOT_STORED_MESSAGE, code: 'notStored' }),
  });

  /**
   * One unit of work under the write lock: catch up, run, store what changed, commit. Rejects (with the
   * memory restored) when the commit fails.
   */
  const commitWork = <T>(run: () => Promise<T>, request?: ApiRequest): Promise<T> =>
    serially(async () => {
      let pending: PendingChanges | null = null;
      try {
        const { result, last, wake } = await store.writing(async (tx) => {
          await catchUp(tx);
          const result = await run();
          if (request && isSignOut(request.url)) pruneSessions(db, now());
          if (tracker.isEmpty) return { result, last: null, wake: null };
          pending = tracker.take();
          const last = await store.writeBatch(tx, pending.batch);
          const wake = wakeFor(pending.batch.flatMap(({ collection, put }) => put.map((row) => ({ collection, row }))));
          // Other instances wake up too, when (and only if) this commits: a notification sent inside the
          // transaction is delivered on commit. It carries nothing; they read the rows.
          if (wake && options.sql.kind === 'postgres') await tx.query("SELECT pg_notify('sua_events', '')");
          return { result, last, wake };
        });
        if (last !== null) seq = Math.max(seq, last);
        wakeSoon(wake);
        return result;
      } catch (error) {
        // The transaction rolled back: what the request changed in memory goes back too.
        (pending as PendingChanges | null)?.undo();
        throw error;
      }
    });

  const write = (run: () => Promise<ApiAnswer>, request?: ApiRequest): Promise<ApiAnswer> =>
    commitWork(run, request).catch((error: unknown) => {
      console.error('A change could not be stored', error);
      return notStored();
    });

  // Start-up repairs are writes like any other: a missing demo account comes back, ended sessions go.
  if (seed !== 'none') {
    await write(async () => {
      await reseedEssentials(db);
      pruneSessions(db, now());
      // Demo data stored before agents existed: its reporting units get their simulated agents, as in the browser.
      giveStoredUnitsAgents(db, options.agentHeartbeatS);
      return { status: 200, headers: {}, body: '' };
    });
  }

  return {
    db,
    seeded,
    handle(request) {
      const method = request.method.toUpperCase();
      if (WRITES.has(method)) return write(() => transport.handle(request), request);
      return (async () => {
        await catchUp(options.sql);
        const answer = await transport.handle(request);
        // A read that changed a stored row (rare: e.g. a sign-in stamp) commits it like a write.
        if (!tracker.isEmpty) await write(async () => answer);
        return answer;
      })();
    },
    async flush() {
      await write(async () => ({ status: 200, headers: {}, body: '' }));
    },
    events: hub,
    catchUp: () => catchUp(options.sql),
    transact: (fn) => commitWork(async () => fn(db, now())),
    async close() {
      tracker.stop();
      server.shutdown();
    },
  };
}
