import { createServer, type Request, type Server } from 'miragejs';
// The one door to Mirage's server type for code outside mirage/ (the lint rule keeps miragejs inside it).
export type { Server } from 'miragejs';
import { countCollectionChanges, liveRows, markChanged, type DbDump, type MirageDb } from './db';
import { errorResponse } from './http';
import { domains } from './domains';
import type { MirageContext, SeedSize } from './types';
import { providerAuthConfig, providerTokensOf, type ProviderAuthConfig, type ProviderEndpoints } from './oidc/provider-auth';
import { timeSlicer, turnSlicer, type SeedTurns } from './seed-slices';
import { collectionOf, newDb, requestTimingHost } from './mirage-internals';
import { indexIds } from './store/id-index';
import { passesThrough, refuseUnservedRoutes } from './unknown-routes';
import { runAtomically } from './store/atomic-writes';
import { guardRoutesWithContract } from './contract/gate';
import { recordIdManagers, type RecordIdState } from './record-ids';
import { directPasswords, type PasswordHasher } from './crypto';
import { keepContext, serveApiOperations } from './api-app';

export interface MirageOptions {
  /** 'test': no logging. Latency is set by latencyMs either way. */
  environment?: 'development' | 'test';
  /** Fixed latency in ms, or [min, max] for a random one per request. Default [100, 200]. */
  latencyMs?: number | readonly [number, number];
  tokenLifetimeS?: number;
  /** The heartbeat interval agents are told to keep, in seconds (default 30). */
  agentHeartbeatS?: number;
  seed?: SeedSize;
  /** A persisted dump to start from instead of seeding. */
  initialData?: DbDump;
  /**
   * The initialData rows belong to this server (read from the store and checked, shared with nobody): they
   * become the collections' records as they are, in slices that yield to the event loop, instead of
   * Mirage's loadData (a deep copy of every row, then two more copies per row, in one task).
   */
  adoptInitialData?: boolean;
  /**
   * Called as a write request (POST/PUT/PATCH/DELETE) starts; the returned commit stores what it changed.
   * The handler's answer waits for the commit, as a server commits before it answers; when the commit
   * rejects, the answer is a 503 instead (see durableHandler).
   */
  beginWrite?: BeginWrite;
  now?: () => number;
  /** Password hashing (default: at once, as in the browser). */
  passwords?: PasswordHasher;
  /**
   * Called after each domain's seed with the share done (0..1). When given, seeding also yields to the
   * event loop between domains, so a page seeding the large data set keeps painting its progress.
   */
  onSeedProgress?: (done: number, domain: string) => void;
  /** The identity provider whose tokens are accepted (the server reads it from its environment); default: the build's. */
  providerAuth?: ProviderAuthConfig | null;
  /** Its keys and userinfo (tests); default: asked of the provider over the network. */
  providerEndpoints?: ProviderEndpoints;
  /** Where the routes go instead of Pretender (the Node server's transport, mirage/node-transport.ts). */
  interceptor?: object;
  /**
   * Rows are found by id through a map from the start (mirage/store/id-index.ts), seeding included: the large
   * seed's units seed updates its 10,000 rows one by one, each a walk of the collection without it.
   */
  indexIds?: boolean;
  /**
   * The domains' later seeds (their large collections: LATER_SEEDED_COLLECTIONS) are left out: makeServer resolves
   * once every domain's `seed` ran, and seedLater(server, …) runs them (a first visit in the browser answers
   * sign-in first: docs/persistence.md, "First visit").
   */
  deferLaterSeeds?: boolean;
}

/** Lets the browser paint and handle input between two pieces of seeding work. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const DEFAULT_TOKEN_LIFETIME_S = 8000;

function providerTokensFor(options: MirageOptions) {
  const config = options.providerAuth === undefined ? providerAuthConfig() : options.providerAuth;
  return config ? providerTokensOf(config, options.providerEndpoints) : null;
}

function contextOf(options: MirageOptions): MirageContext {
  return {
    tokenLifetimeS: options.tokenLifetimeS ?? DEFAULT_TOKEN_LIFETIME_S,
    seed: options.seed ?? 'default',
    now: options.now ?? (() => Date.now()),
    passwords: options.passwords ?? directPasswords,
    agentHeartbeatS: options.agentHeartbeatS ?? 30,
    providerTokens: providerTokensFor(options),
  };
}

/** Every domain's seed, in the domains' order (one may read what earlier ones seeded); `later`: their large collections too. */
async function seedDomains(db: MirageDb, ctx: MirageContext, later: boolean, onProgress?: MirageOptions['onSeedProgress']): Promise<void> {
  for (const [index, domain] of domains.entries()) {
    await domain.seed?.(db, ctx);
    if (later) await domain.seedLater?.(db, ctx, timeSlicer());
    if (onProgress) {
      onProgress((index + 1) / domains.length, domain.name);
      await yieldToEventLoop();
    }
  }
}

/**
 * The demo seed's rows, as makeServer seeds them, generated in a db of their own with no server, routes or
 * interceptor: the Node server stores them on a first start and keeps none (server/backend.ts).
 */
export async function generateSeed(
  options: Pick<MirageOptions, 'seed' | 'now' | 'passwords' | 'agentHeartbeatS' | 'tokenLifetimeS'>,
): Promise<DbDump> {
  const ctx = contextOf({ ...options, providerAuth: null });
  // Seeded records get readable numbers, as makeServer's do.
  const db = newDb(recordIdManagers({ seeding: true }));
  countCollectionChanges(db);
  if (ctx.seed !== 'none') await seedDomains(db, ctx, true);
  return liveRows(db);
}

/** Creates the embedded backend: every domain's endpoints under /api, seeded or loaded from a dump. */
export async function makeServer(options: MirageOptions = {}): Promise<Server> {
  const ctx = contextOf(options);
  const latency = options.latencyMs ?? [100, 200];
  const delay = () => (typeof latency === 'number' ? latency : latency[0] + Math.random() * (latency[1] - latency[0]));

  // Seeded records get readable numbers, every later one a UUIDv7 (mirage/record-ids.ts).
  const ids: RecordIdState = { seeding: !options.initialData && ctx.seed !== 'none' };
  const server = createServer({
    environment: options.environment ?? 'development',
    identityManagers: recordIdManagers(ids),
    logging: false,
    trackRequests: false,
    ...(options.interceptor ? { interceptor: options.interceptor } : {}),
    routes() {
      if (options.beginWrite) makeWritesDurable(this, options.beginWrite);
      // A failed request's changes to the rows are rolled back (the server's transaction does it there).
      makeWritesAtomic(this);
      // Every route is an operation of docs/api/openapi.yaml, and its requests are checked against it.
      const unguard = guardRoutesWithContract(this);
      this.namespace = 'api';
      for (const domain of domains) domain.routes(this, ctx);
      this.namespace = '';
      unguard();
      // The operations the API app serves itself (api/app.ts): Mirage hands their requests to it.
      serveApiOperations(this);
      // What no domain serves under /api is refused (404/405), never handed to the static host's HTML.
      refuseUnservedRoutes(this, delay);
      // Anything else (chunks, assets, the identity provider's origin) goes to the network.
      this.passthrough((request) => passesThrough(request.url));
    },
  });

  keepContext(server, ctx);
  // Before seeding or loading, and under the change tracker's wrappers: list caches rebuild on a change.
  countCollectionChanges(server.db);
  if (options.indexIds) indexIds(server.db);

  // Mirage logs every request in development unless told otherwise; the console stays quiet.
  server.logging = false;

  // Pretender asks Mirage's interceptor (`() => interceptor.timing`, not `server.timing`) for the delay of
  // every answer, so the getter goes there: each request gets its own latency, and none Mirage's default.
  Object.defineProperty(requestTimingHost(server), 'timing', {
    configurable: true,
    get: delay,
    set: () => undefined,
  });

  if (options.initialData && options.adoptInitialData) {
    await yieldToEventLoop();
    await adoptRows(server.db, options.initialData);
  } else if (options.initialData) {
    server.db.loadData(options.initialData);
  } else if (ctx.seed !== 'none') {
    await seedDomains(server.db, ctx, !options.deferLaterSeeds, options.onSeedProgress);
    if (options.deferLaterSeeds) {
      const db = server.db;
      laterSeeds.set(server, async (turns, onProgress) => {
        // Seeded records get numbers, but only within the seed's own turns: a request in between gets a UUIDv7.
        const enter = () => {
          ids.seeding = true;
          turns.enter();
        };
        const leave = () => {
          ids.seeding = false;
          turns.leave();
        };
        const slicer = turnSlicer({ enter, leave, next: () => turns.next() });
        const later = domains.filter((domain) => domain.seedLater);
        await turns.next();
        enter();
        try {
          for (const [index, domain] of later.entries()) {
            await domain.seedLater?.(db, ctx, slicer);
            onProgress?.((index + 1) / later.length);
            await slicer.breathe();
          }
        } finally {
          leave();
        }
      });
    }
  }
  ids.seeding = false;

  return server;
}

type LaterSeeds = (turns: SeedTurns, onProgress?: (done: number) => void) => Promise<void>;
/** The later seeds a `deferLaterSeeds` server has still to run. */
const laterSeeds = new WeakMap<Server, LaterSeeds>();

/**
 * Runs the domains' later seeds that makeServer left out (`deferLaterSeeds`), in order, slice by slice in the
 * turns given (mirage/browser.ts: between two slices, requests are answered and the page paints); onProgress
 * gets the share of them done. Resolves at once when nothing was left out.
 */
export function seedLater(server: Server, turns: SeedTurns, onProgress?: (done: number) => void): Promise<void> {
  const run = laterSeeds.get(server);
  laterSeeds.delete(server);
  return run ? run(turns, onProgress) : Promise.resolve();
}

/** How long one slice of adopting stored rows may hold the main thread (ms). */
const ADOPT_SLICE_MS = 10;

/**
 * Makes stored rows the records of their collections without copying them, the way Mirage's insert would
 * keep them (string ids, the id counter moved past each), yielding every ADOPT_SLICE_MS.
 */
async function adoptRows(db: MirageDb, dump: DbDump): Promise<void> {
  let started = performance.now();
  let n = 0;
  for (const [name, rows] of Object.entries(dump)) {
    if (!(name in db)) db.createCollection(name);
    const collection = collectionOf(db, name);
    if (!collection) continue;
    for (const row of rows) {
      row.id = String(row.id);
      collection.identityManager.set(row.id);
      collection._records.push(row);
      n += 1;
      if (n % 256 === 0 && performance.now() - started > ADOPT_SLICE_MS) {
        await yieldToEventLoop();
        started = performance.now();
      }
    }
    markChanged(db, name);
  }
}

/** The message of the 503 a write gets when its change could not be stored. */
export const NOT_STORED_MESSAGE = 'The change could not be saved in this browser’s storage. Nothing was changed; please try again.';

type Handler = (this: unknown, schema: unknown, request: Request) => unknown;
export type BeginWrite = (request: Request) => () => Promise<void>;

/**
 * Wraps one write handler: its answer is delivered only after `commit` resolved (the atomic wrapper inside
 * has put back what a failed handler changed, and answered a 500); when the commit fails, a 503.
 */
export function durableHandler(handler: Handler, beginWrite: BeginWrite): Handler {
  return function (this: unknown, schema: unknown, request: Request) {
    const commit = beginWrite(request);
    let result: unknown;
    try {
      result = handler.call(this, schema, request);
    } catch (error) {
      result = errorResponse(500, error instanceof Error ? error.message : String(error));
    }
    return Promise.resolve(result).then(
      (answer) =>
        commit().then(
          () => answer,
          () => errorResponse(503, NOT_STORED_MESSAGE),
        ),
      (error: unknown) =>
        commit().then(
          () => errorResponse(500, error instanceof Error ? error.message : String(error)),
          () => errorResponse(503, NOT_STORED_MESSAGE),
        ),
    );
  };
}

type Verb = 'post' | 'put' | 'patch' | 'delete' | 'del';
type Register = (path: string, ...args: unknown[]) => unknown;

/** Every write route registered after this call changes nothing when its handler throws (mirage/store/atomic-writes.ts). */
function makeWritesAtomic(server: Server): void {
  const verbs = server as unknown as Record<Verb, Register>;
  for (const verb of ['post', 'put', 'patch', 'delete'] as const) {
    const register = verbs[verb];
    verbs[verb] = (path, ...args) =>
      register(
        path,
        ...args.map((arg) =>
          typeof arg === 'function'
            ? function (this: unknown, schema: unknown, request: Request) {
                return runAtomically(
                  server.db,
                  () => (arg as Handler).call(this, schema, request),
                  (error) => errorResponse(500, error instanceof Error ? error.message : String(error)),
                );
              }
            : arg,
        ),
      );
  }
  verbs.del = verbs.delete;
}

/** Every write route registered after this call answers only once its change is stored (one place, not per domain). */
function makeWritesDurable(server: Server, beginWrite: BeginWrite): void {
  const verbs = server as unknown as Record<Verb, Register>;
  for (const verb of ['post', 'put', 'patch', 'delete'] as const) {
    const register = verbs[verb];
    verbs[verb] = (path, ...args) =>
      register(path, ...args.map((arg) => (typeof arg === 'function' ? durableHandler(arg as Handler, beginWrite) : arg)));
  }
  verbs.del = verbs.delete;
}
