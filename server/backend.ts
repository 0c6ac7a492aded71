import { DEFAULT_TOKEN_LIFETIME_S, generateSeed } from '../mirage/server';
import { createApp } from '../api/app';
import { historyPruneDue, pruneHistory, sweepUnitStatuses } from '../api/services/unit-status';
import type { Repositories } from '../mirage/repositories';
import { createSqlCommands } from './db/commands';
import { createSqlCaptureRequests } from './db/capture-requests';
import { giveStoredUnitsAgents, reseedEssentials } from '../mirage/store/repair';
import { DEMO_PASSWORD } from '../mirage/domains/accounts';
import { createSqlSessions } from './db/sessions';
import { createSqlSignInAttempts } from './db/sign-in-attempts';
import { createSqlOrganizationCounts } from './db/organization-counts';
import { createSqlOrganizationList } from './db/organization-list';
import { createSqlEnrolments } from './db/agent-enrolments';
import { createSqlIdempotencyKeys } from './db/idempotency-keys';
import type { SeedSize } from '../mirage/types';
import { needsRehash, type PasswordHasher } from '../mirage/crypto';
import { APP_KEY } from '../mirage/domains/auth';
import { DEFAULT_HEARTBEAT_S } from '../mirage/domains/service-units';
import { providerTokensOf, type ProviderAuthConfig } from '../mirage/oidc/provider-auth';
import { createPgStore } from './db/store';
import { createSqlUnitList } from './db/unit-list';
import { createSqlOrganizations, ensureOrganizationKeys } from './db/organizations';
import { createSqlUsers, ensureUserKeys } from './db/users';
import { createSqlUrlRules, ensureUrlRuleKeys } from './db/url-rules';
import { createSqlScreenshots, ensureScreenshotKeys } from './db/screenshots';
import { createSqlUserList } from './db/user-list';
import { createSqlEvents } from './db/events';
import { createSqlAgentSecrets } from './db/agent-secrets';
import { createSqlUnits, ensureUnitKeys } from './db/units';
import { asRead, inUnitOfWork, noAppends, noteWritten, storeAppends } from './db/unit-of-work';
import { watchedUnits, type WatchedUnits } from '../mirage/watched-units';
import { createSqlProcesses } from './db/processes';
import { createSqlProcessRules } from './db/process-rules';
import { createSqlTasks } from './db/todo-tasks';
import { createSqlEmails } from './db/emails';
import { createSqlAuditLog, ensureAuditKeys } from './db/audit-list';
import type { Sql } from './db/sql';
import { constraintRefusal } from './db/constraints';
import { createEventHub, wakeFor, wakePayload, type EventHub, type Wake } from './events/hub';
import { EVENTS_CHANNEL } from './events/wakeups';
import { errorJson } from '../core/error-shape';
import { timeSlicer } from '../core/time-slicer';
import { outsideTransactions, passwordWorkOf, withPreparedPasswords, type PreparedPasswords } from './passwords';

/**
 * The API over PostgreSQL: the API app (api/app.ts, the rules both backends run) over repositories that read
 * and write PostgreSQL, no record kept in memory, and every request one unit of work against the database:
 *
 * - a write (POST/PUT/PATCH/DELETE) runs in a SERIALIZABLE transaction of its own, run again when it collided
 *   with another (server/db/store.ts writing); it waits for nothing but the rows it writes, and its answer
 *   leaves only after the commit (a failed commit answers 503, with nothing changed);
 * - a read runs on the pool, on committed rows.
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
  /** The password hashing (default scrypt), which runs before a request's transaction, never inside it. */
  passwords?: PasswordHasher;
  /** Where commits that stored events or commands are announced (default: a hub of its own, `backend.events`). */
  hub?: EventHub;
  /** Writes this instance runs at once (WRITE_CONCURRENCY; default 2); the others wait for a slot. */
  writeConcurrency?: number;
}

const DEFAULT_WRITE_CONCURRENCY = 2;

/** At most `count` holders at once; `take` resolves with the function that gives the slot back. */
function slots(count: number): { take(): Promise<() => void> } {
  let free = Math.max(1, count);
  const waiting: (() => void)[] = [];
  const give = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    take() {
      if (free > 0) {
        free -= 1;
        return Promise.resolve(give);
      }
      return new Promise((resolve) => waiting.push(() => resolve(give)));
    },
  };
}

export interface Backend {
  /** Answers one API request (a URL under /api), committed before the answer resolves. */
  handle(request: Request): Promise<Response>;
  /** The PostgreSQL repositories the API app runs on (the simulated agents read through them; tests prepare rows). */
  readonly repositories: Repositories;
  /** The units whose processes someone reads now: the simulated agents report those more often. */
  readonly watched: WatchedUnits;
  close(): Promise<void>;
  /** Whether this start seeded the database. */
  readonly seeded: boolean;
  /** Woken after every commit of this instance that stored events or commands, and when live events were numbered. */
  readonly events: EventHub;
  /**
   * Numbers the live events ready for it (held back by a transaction that was running, or committed by an
   * instance that stopped), and wakes `events` when events were numbered since it last looked, by any
   * instance: the safety poll's step, so a lost notification costs a delay, never an event.
   */
  relayEvents(): Promise<void>;
  /**
   * Runs fn as a write of its own through the repositories (tests that prepare rows), committed before it
   * resolves; rejects, with nothing changed, when fn throws or the commit fails.
   */
  transact<T>(fn: (repositories: Repositories, now: number) => T | Promise<T>): Promise<T>;
  /**
   * The periodic sweep (api/services/unit-status.ts) as a write of its own: the units whose heartbeat window
   * passed are announced offline, and once a minute the history is pruned. Resolves, once committed, with how
   * many went offline; two instances sweeping at once announce each unit once.
   */
  sweepStatuses(): Promise<number>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * An agent's heartbeat commits at READ COMMITTED: it changes only its unit's own columns under the unit's row
 * lock (recordSeen), so SERIALIZABLE would add nothing but failures: at 10,000 agents, heartbeats of units whose
 * rows share an index page would abort each other and run again.
 */
const isHeartbeat = (method: string, url: string) => method === 'POST' && new URL(url).pathname === '/api/agent/heartbeat';
/** Password steps one request may prepare outside the transaction (sign-in: check, spend, re-hash). */
const MAX_PASSWORD_ROUNDS = 4;
/** How long a close waits for the requests still being answered. */
const CLOSE_WAIT_MS = 5_000;
/** The 503 of a failed commit (the embedded backend's own message speaks of the browser's storage). */
const NOT_STORED_MESSAGE = 'The change could not be stored. Nothing was changed; please try again.';

const jsonHeaders = { 'Content-Type': 'application/json' };
const done = () => new Response(null, { status: 200 });

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const store = createPgStore(options.sql);
  const seed = options.seed ?? 'default';
  const passwords = outsideTransactions(options.passwords);

  // A database stored before the list keys were columns (or with other sort keys) gets them computed first.
  await store.exclusively(async (tx) => {
    await ensureUnitKeys(tx);
    await ensureOrganizationKeys(tx);
    await ensureUserKeys(tx);
    await ensureUrlRuleKeys(tx);
    await ensureAuditKeys(tx);
    await ensureScreenshotKeys(tx);
  });
  let seeded = false;
  if ((await store.seedOf()) === null) {
    // The embedded backend's domains generate the demo rows, which are stored and not kept.
    const rows = await generateSeed({
      seed,
      passwords,
      ...(options.tokenLifetimeS !== undefined ? { tokenLifetimeS: options.tokenLifetimeS } : {}),
      ...(options.agentHeartbeatS !== undefined ? { agentHeartbeatS: options.agentHeartbeatS } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    // Another instance seeded first: its rows are the data, this seed is dropped.
    seeded = await store.storeSeed(rows, seed);
  }
  // The seed the database was made with decides what a new account gets (a mailbox).
  const storedSeed = await store.seedOf();
  const dataSeed: SeedSize = storedSeed === 'default' || storedSeed === 'large' ? storedSeed : 'none';
  const hub = options.hub ?? createEventHub();
  /** Listeners are told after the current unit of work, never in the middle of one. */
  const wakeSoon = (wake: Wake | null) => {
    if (wake) setImmediate(() => hub.wake(wake));
  };
  // Numbered events wake this instance's streams; the relay's notification wakes the others'.
  const events = createSqlEvents(
    options.sql,
    () => wakeSoon({ events: true, commandUnitIds: new Set() }),
    options.sql.kind === 'postgres' ? EVENTS_CHANNEL : null,
  );
  // Every collection is PostgreSQL's: the rules reach each through its repository, and no process keeps records.
  const repositories: Repositories = {
    units: createSqlUnits(options.sql),
    unitList: createSqlUnitList(options.sql),
    organizations: createSqlOrganizations(options.sql),
    organizationList: createSqlOrganizationList(options.sql),
    organizationCounts: createSqlOrganizationCounts(options.sql),
    users: createSqlUsers(options.sql),
    userList: createSqlUserList(options.sql),
    sessions: createSqlSessions(options.sql),
    signInAttempts: createSqlSignInAttempts(options.sql),
    idempotencyKeys: createSqlIdempotencyKeys(options.sql),
    screenshots: createSqlScreenshots(options.sql),
    processes: createSqlProcesses(options.sql),
    processRules: createSqlProcessRules(options.sql),
    urlRules: createSqlUrlRules(options.sql),
    commands: createSqlCommands(options.sql),
    captureRequests: createSqlCaptureRequests(options.sql),
    enrolments: createSqlEnrolments(),
    agentSecrets: createSqlAgentSecrets(options.sql),
    events,
    auditLog: createSqlAuditLog(options.sql),
    tasks: createSqlTasks(options.sql),
    emails: createSqlEmails(options.sql),
  };
  const now = options.now ?? (() => Date.now());
  const watched = watchedUnits();
  // The API app answers every request (api/app.ts), the agent API's and its callers' authentication too, over
  // the PostgreSQL repositories themselves.
  const app = createApp({
    users: repositories.users,
    userList: repositories.userList,
    sessions: repositories.sessions,
    audit: repositories.auditLog,
    organizations: repositories.organizations,
    organizationList: repositories.organizationList,
    organizationCounts: repositories.organizationCounts,
    events,
    units: repositories.units,
    unitList: repositories.unitList,
    screenshots: repositories.screenshots,
    processes: repositories.processes,
    processRules: repositories.processRules,
    commands: repositories.commands,
    enrolments: repositories.enrolments,
    captureRequests: repositories.captureRequests,
    urlRules: repositories.urlRules,
    tasks: repositories.tasks,
    emails: repositories.emails,
    demoSeed: dataSeed,
    // Serializable transactions order two creates with one key: the second waits for the first's commit and replays it.
    idempotency: { keys: repositories.idempotencyKeys },
    signInAttempts: repositories.signInAttempts,
    passwords: { ...passwords, needsRehash },
    now,
    // Other requests are answered between the slices of a computation over every unit.
    breathe: timeSlicer(20).breathe,
    tokenLifetimeS: options.tokenLifetimeS ?? DEFAULT_TOKEN_LIFETIME_S,
    agentHeartbeatS: options.agentHeartbeatS ?? DEFAULT_HEARTBEAT_S,
    appKey: APP_KEY,
    providerTokens: options.providerAuth ? providerTokensOf(options.providerAuth) : null,
    // A wake-up only (wakeFor reads the unit): the request's commit wakes the unit's held long poll, and by pg_notify the other instances'.
    wakeAgent: (unitId) => {
      const queued = { id: unitId, serviceUnitId: unitId };
      noteWritten([{ collection: 'commands', put: [queued], deleted: [] }]);
    },
    // The simulated agents of this process (server/agents/simulated.ts) read them.
    noteProcessesWatched: (unitId) => watched.note(unitId, now()),
  });
  // A unit of work may run again (a collision, a password step), and a body is read once: each run reads a clone.
  const answerRequest = (request: Request): Promise<Response> =>
    Promise.resolve(app.fetch(request.body === null ? request : request.clone()));
  /** The newest live event the safety poll saw numbered (relayEvents). */
  let newestSeen = 0;
  /** When this instance's sweep last pruned the history. */
  let lastPruned: number | undefined;

  // Serializable writes of this instance in flight at once. More only collide more (serializable transactions
  // on the same index pages), fewer would let one write that waits for a row hold up the others. Heartbeats
  // take no slot: they cannot collide (READ COMMITTED, their own row), and their commits then share the
  // log's flushes; the connection pool bounds them.
  const writeSlots = slots(options.writeConcurrency ?? DEFAULT_WRITE_CONCURRENCY);
  const noSlot = { take: () => Promise.resolve(() => undefined) };

  /** A constraint of the schema refused the write (server/db/constraints.ts): a 409 or 422 in the one error shape. */
  const refusedByConstraint = (error: unknown): Response | null => {
    const refused = constraintRefusal(error);
    if (!refused) return null;
    const { message, ...details } = refused.body;
    return new Response(errorJson(message, details), { status: refused.status, headers: jsonHeaders });
  };

  const notStored = (): Response =>
    new Response(errorJson(NOT_STORED_MESSAGE, { code: 'notStored' }), { status: 503, headers: jsonHeaders });

  /**
   * One unit of work in a transaction of its own (SERIALIZABLE unless `serializable` is false, run again from
   * its start when it collided with another: store.writing). It takes no lock but the rows it writes, so writes to different records,
   * on this instance or another, never wait for each other. Its answer leaves only after the commit; when
   * it throws or the commit fails, nothing it did stays.
   */
  const commitWork = async <T>(run: () => Promise<T>, serializable = true): Promise<T> => {
    const release = await (serializable ? writeSlots : noSlot).take();
    try {
      const { value, wake } = await store.writing(
        async (tx) => {
          const appends = noAppends();
          const done = await inUnitOfWork(tx, run, store.writeBatch, { appends, alone: true });
          const appended = await storeAppends(tx, appends, store.writeBatch);
          const wake = wakeFor(
            [...done.written, ...appended.written].flatMap(({ collection, put, deleted }) => [
              ...put.map((row) => ({ collection, row })),
              ...deleted.map(() => ({ collection, row: null })),
            ]),
          );
          // Other instances wake up too, when (and only if) this commits: a notification sent inside the
          // transaction is delivered on commit. It says what to wake (the rows are read by who wakes).
          if (wake && options.sql.kind === 'postgres') await tx.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, wakePayload(wake)]);
          return { value: done.value, wake };
        },
        { serializable },
      );
      wakeSoon(wake);
      return value;
    } finally {
      release();
    }
  };

  /**
   * A write: one unit of work, run again after any password work it asked for is done outside the
   * transaction (server/passwords.ts). A request asks for a few at most (a check, then a new hash).
   */
  const write = async (run: () => Promise<Response>, serializable = true): Promise<Response> => {
    const prepared: PreparedPasswords = new Map();
    for (let round = 0; ; round += 1) {
      try {
        return await commitWork(() => withPreparedPasswords(prepared, run), serializable);
      } catch (error) {
        const needed = passwordWorkOf(error);
        if (needed && round < MAX_PASSWORD_ROUNDS) {
          await needed.work();
          continue;
        }
        const refusal = refusedByConstraint(error);
        if (refusal) return refusal;
        console.error('A change could not be stored', error);
        return notStored();
      }
    }
  };

  // Start-up repairs are writes like any other: a missing demo account comes back, ended sessions go.
  if (seed !== 'none') {
    await write(async () => {
      await reseedEssentials(repositories, () => passwords.derive(DEMO_PASSWORD));
      await repositories.sessions.removeEnded(now());
      // Demo data stored before agents existed: its reporting units get their simulated agents, as in the browser.
      await giveStoredUnitsAgents(repositories, options.agentHeartbeatS);
      return done();
    });
  }

  /** Requests being answered: a close waits for them, so none queries a pool its caller ends next. */
  const answering = new Set<Promise<unknown>>();
  const tracked = (answer: Promise<Response>): Promise<Response> => {
    answering.add(answer);
    void answer.finally(() => answering.delete(answer)).catch(() => undefined);
    return answer;
  };

  return {
    repositories,
    watched,
    seeded,
    handle(request) {
      const method = request.method.toUpperCase();
      if (WRITES.has(method)) return tracked(write(() => answerRequest(request), !isHeartbeat(method, request.url)));
      return tracked(
        (async () => {
          const read = await asRead(() => answerRequest(request));
          // A read that must store something in PostgreSQL (a new account's first mailbox) runs again as a write.
          if (read.wantedToWrite) return write(() => answerRequest(request));
          return read.value;
        })(),
      );
    },
    events: hub,
    async relayEvents() {
      // newestId relays first: events held back by a transaction that was still running, or committed by an instance that stopped.
      const newest = await events.newestId();
      if (newest > newestSeen) {
        newestSeen = newest;
        wakeSoon({ events: true, commandUnitIds: new Set() });
      }
    },
    transact: (fn) => commitWork(async () => fn(repositories, now())),
    async sweepStatuses() {
      const at = now();
      const prune = historyPruneDue(lastPruned, at);
      // READ COMMITTED: the sweep's one conditional UPDATE takes the rows it changes and checks each again once
      // it holds it, so it waits for a heartbeat, never fails with one, and a unit two sweeps find changes once.
      const offline = await commitWork(async () => {
        const count = await sweepUnitStatuses(repositories, at);
        if (prune) await pruneHistory(repositories, at);
        return count;
      }, false);
      if (prune) lastPruned = at;
      return offline;
    },
    async close() {
      // A held long poll ends with its connection; a request still answering gets a few seconds to finish.
      await Promise.race([Promise.allSettled([...answering]), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      events.stop();
    },
  };
}
