import type { Server } from 'miragejs';
import { liveRows, table, type MirageDb, type Row } from '../mirage/db';
import { createNodeTransport, type ApiAnswer, type ApiRequest } from '../mirage/node-transport';
import { makeServer } from '../mirage/server';
import { trackChanges, type ChangeBatch, type PendingChanges } from '../mirage/store/change-log';
import { LIVE_COLLECTIONS, setEventRepository } from '../mirage/events';
import { setCommandRepository } from '../mirage/commands';
import { setCaptureRequestRepository } from '../mirage/capture-requests';
import { createSqlCommands } from './db/commands';
import { createSqlCaptureRequests } from './db/capture-requests';
import { indexIds } from '../mirage/store/id-index';
import { giveStoredUnitsAgents, reseedEssentials } from '../mirage/store/repair';
import { sessionStore, setSessionRepository } from '../mirage/sessions';
import { createSqlSessions } from './db/sessions';
import { setSignInAttemptRepository } from '../mirage/domains/sign-in-throttle';
import { createSqlSignInAttempts } from './db/sign-in-attempts';
import { setOrganizationCountRepository, setOrganizationListRepository } from '../mirage/domains/organizations';
import { createSqlOrganizationCounts } from './db/organization-counts';
import { createSqlOrganizationList } from './db/organization-list';
import { setEnrolmentRepository } from '../mirage/domains/agents';
import { setIdempotencyRepository } from '../mirage/idempotency';
import { createSqlEnrolments } from './db/agent-enrolments';
import { createSqlIdempotencyKeys } from './db/idempotency-keys';
import type { SeedSize } from '../mirage/types';
import type { PasswordHasher } from '../mirage/crypto';
import type { ProviderAuthConfig } from '../mirage/oidc/provider-auth';
import type { StoredChange } from './db/row-store';
import { createPgRowStore } from './db/row-store';
import { createSqlUnitList } from './db/unit-list';
import { LIST_TABLES } from './db/list-tables';
import { setUnitListRepository } from '../mirage/domains/service-units';
import { setUserListRepository } from '../mirage/domains/users';
import { createSqlUserList } from './db/user-list';
import { setScreenshotRepository } from '../mirage/domains/screenshots';
import { createSqlEvents } from './db/events';
import { createSqlAgentSecrets } from './db/agent-secrets';
import { setAgentSecretRepository } from '../mirage/agent-credentials';
import { createSqlScreenshots, SQL_ONLY_COLLECTIONS } from './db/screenshots';
import { createSqlOrganizations } from './db/organizations';
import { setOrganizationRepository } from '../mirage/organization-store';
import { setUserRepository } from '../mirage/user-store';
import { createSqlUsers } from './db/users';
import { setUnitRepository } from '../mirage/unit-store';
import { createSqlUnits } from './db/units';
import { asRead, inUnitOfWork, noAppends, noteWrites, ReadAhead, storeAppends } from './db/unit-of-work';
import { readAheadRecords } from './db/records';
import { readAheadPendingCommands } from './db/commands';
import { UNITS } from './db/unit-list';
import { credentialUnitId } from '../mirage/http';
import { setProcessRepository, setProcessRuleRepository } from '../mirage/domains/processes';
import { setUrlRuleRepository } from '../mirage/domains/url-restrictions';
import { setTaskRepository } from '../mirage/domains/todo';
import { setEmailRepository } from '../mirage/domains/email';
import { createSqlProcesses } from './db/processes';
import { createSqlProcessRules } from './db/process-rules';
import { createSqlUrlRules } from './db/url-rules';
import { createSqlTasks } from './db/todo-tasks';
import { createSqlEmails } from './db/emails';
import { collectionOf } from '../mirage/mirage-internals';
import { setAuditLogRepository } from '../mirage/domains/audit';
import { createSqlAuditLog } from './db/audit-list';
import type { Queryable, Sql } from './db/sql';
import { createEventHub, wakeFor, type EventHub, type Wake } from './events/hub';
import { errorJson } from '../core/error-shape';
import { outsideTransactions, passwordWorkOf, withPreparedPasswords, type PreparedPasswords } from './passwords';

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
  /** The password hashing (default scrypt), which runs before a request's transaction, never inside it. */
  passwords?: PasswordHasher;
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
/** Units of work committed in one transaction at most (a bound on how long the first of them waits). */
const MAX_GROUP = 200;
/** Password steps one request may prepare outside the transaction (sign-in: check, spend, re-hash). */
const MAX_PASSWORD_ROUNDS = 4;
/** How long a close waits for the requests still being answered. */
const CLOSE_WAIT_MS = 5_000;
/** The 503 of a failed commit (the embedded backend's own message speaks of the browser's storage). */
const NOT_STORED_MESSAGE = 'The change could not be stored. Nothing was changed; please try again.';

/** The unit an agent API request's credential names (unchecked: the handler checks it), else null. */
function agentUnitOf(request: ApiRequest): string | null {
  if (!request.url.startsWith('/api/agent/')) return null;
  const authorization = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1] ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  return bearer ? credentialUnitId(bearer) : null;
}

const inMemory = (collection: string) => !SQL_ONLY_COLLECTIONS.includes(collection);
/** What a catch-up reads without the rows' data: PostgreSQL-only collections, but for those that wake listeners (commands). */
const DATALESS = SQL_ONLY_COLLECTIONS.filter((collection) => !LIVE_COLLECTIONS.includes(collection));

/** Applies other instances' committed rows to this one's memory, by id. */
function applyChanges(db: MirageDb, changes: readonly StoredChange[]): void {
  for (const change of changes) {
    if (!inMemory(change.collection)) continue;
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
    passwords: outsideTransactions(options.passwords),
  };

  // A database stored before the list tables existed (or with other sort keys) gets them filled first.
  await store.writing(async (tx) => {
    for (const table of LIST_TABLES.values()) await table.ensure(tx);
  });
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
  const loaded = seeded ? { dump: {}, seq: await store.lastSeq() } : await store.loadAll(SQL_ONLY_COLLECTIONS);
  // Loaded rows are not seeded again; the seed they were made with still decides what a new account gets (a mailbox).
  const storedSeed = await store.seedOf();
  const dataSeed: SeedSize = storedSeed === 'default' || storedSeed === 'large' ? storedSeed : 'none';
  server ??= await makeServer({ ...common, seed: dataSeed, initialData: loaded.dump, adoptInitialData: true });
  let seq = loaded.seq;
  const db = server.db;
  // The SQL-only collections (screenshots, the audit log, processes, rules, commands, the demo apps' records)
  // stay in PostgreSQL: a seed made them here.
  for (const name of SQL_ONLY_COLLECTIONS) collectionOf(db, name)?.remove();
  const repositoryWrites = noteWrites(store.writeBatch);
  setScreenshotRepository(db, createSqlScreenshots(options.sql, repositoryWrites));
  setProcessRepository(db, createSqlProcesses(options.sql, repositoryWrites));
  setUrlRuleRepository(db, createSqlUrlRules(options.sql, repositoryWrites));
  setProcessRuleRepository(db, createSqlProcessRules(options.sql, repositoryWrites));
  setTaskRepository(db, createSqlTasks(options.sql, repositoryWrites));
  setEmailRepository(db, createSqlEmails(options.sql, repositoryWrites));
  setCommandRepository(db, createSqlCommands(options.sql, repositoryWrites));
  setCaptureRequestRepository(db, createSqlCaptureRequests(options.sql, repositoryWrites));
  setSessionRepository(db, createSqlSessions(options.sql, repositoryWrites));
  setSignInAttemptRepository(db, createSqlSignInAttempts(options.sql, repositoryWrites));
  setEnrolmentRepository(db, createSqlEnrolments(options.sql, repositoryWrites));
  setIdempotencyRepository(db, createSqlIdempotencyKeys(options.sql, repositoryWrites));
  setOrganizationRepository(db, createSqlOrganizations(options.sql, repositoryWrites));
  setUserRepository(db, createSqlUsers(options.sql, repositoryWrites));
  setUnitRepository(db, createSqlUnits(options.sql, repositoryWrites));
  setEventRepository(db, createSqlEvents(options.sql, repositoryWrites));
  setAgentSecretRepository(db, createSqlAgentSecrets(options.sql, repositoryWrites));
  // The other large lists run as SQL on committed rows (server/db/*-list.ts).
  setUnitListRepository(db, createSqlUnitList(options.sql));
  setUserListRepository(db, createSqlUserList(options.sql));
  setOrganizationCountRepository(db, createSqlOrganizationCounts(options.sql));
  setOrganizationListRepository(db, createSqlOrganizationList(options.sql));
  setAuditLogRepository(db, createSqlAuditLog(options.sql));
  // Rows by id without walking a collection (every authenticated request finds its user), as in the browser.
  indexIds(db);
  const tracker = trackChanges(db);
  const now = options.now ?? (() => Date.now());

  const hub = options.hub ?? createEventHub();
  /** Listeners are told after the current unit of work, never in the middle of one. */
  const wakeSoon = (wake: Wake | null) => {
    if (wake) setImmediate(() => hub.wake(wake));
  };

  const catchUp = async (tx: Queryable) => {
    const changes = await store.changesSince(tx, seq, DATALESS);
    if (changes.length === 0) return;
    tracker.silently(() => applyChanges(db, changes));
    seq = Math.max(seq, changes[changes.length - 1]?.seq ?? seq);
    // Another instance stored events or commands: this one's streams and long polls ask again.
    wakeSoon(wakeFor(changes.map((change) => ({ collection: change.collection, row: change.data }))));
  };

  /**
   * A read's catch-up. Reads that arrive while one is running share the next one (started after it ends,
   * so after they arrived: it sees every commit they must see) instead of each asking the database.
   */
  let readCatchUp: Promise<void> | null = null;
  let nextReadCatchUp: Promise<void> | null = null;
  const catchUpForRead = (): Promise<void> => {
    if (!readCatchUp) {
      readCatchUp = catchUp(options.sql).finally(() => {
        readCatchUp = null;
      });
      return readCatchUp;
    }
    nextReadCatchUp ??= readCatchUp
      .catch(() => undefined)
      .then(() => {
        nextReadCatchUp = null;
        return catchUpForRead();
      });
    return nextReadCatchUp;
  };

  const notStored = (): ApiAnswer => ({
    status: 503,
    headers: { 'Content-Type': 'application/json' },
    body: errorJson(NOT_STORED_MESSAGE, { code: 'notStored' }),
  });

  /**
   * Units of work wait here and are committed in groups: one transaction under the write lock catches up,
   * runs every waiting unit in order, stores what they changed and commits, and only then does any of them
   * answer. Under load (10,000 agents heartbeating) one commit, one catch-up query and one disk flush serve
   * many requests instead of one each; alone, a unit of work is a group of one.
   */
  interface Work {
    run: () => Promise<unknown>;
    /** The unit an agent's request names by its credential: the group reads it (and its pending commands) ahead. */
    agentUnit: string | null;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Work[] = [];
  let committing = false;

  /** A group's only unit failed: the transaction rolls back, and the unit answers its own error. */
  class UnitFailed extends Error {}

  const commitGroup = async (group: Work[]) => {
    const alone = group.length === 1;
    const taken: PendingChanges[] = [];
    // What the units' repositories stored in PostgreSQL only (a command): it wakes listeners as well.
    const repositoryBatch: ChangeBatch = [];
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      const { last, wake } = await store.writing(async (tx) => {
        const units = [...new Set(group.flatMap((work) => work.agentUnit ?? []))];
        const readAhead = units.length > 0 ? new ReadAhead() : null;
        // The last change number that repositories keeping their records in PostgreSQL took (screenshots).
        let stored: number | null = null;
        // What the units appended (audit entries, live events): stored in one batch after the last unit.
        const appends = noAppends();
        await catchUp(tx);
        if (readAhead) {
          await readAheadRecords(tx, UNITS, units, readAhead);
          await readAheadPendingCommands(tx, units, readAhead);
        }
        for (const work of group) {
          try {
            const done = await inUnitOfWork(tx, work.run, store.writeBatch, { appends, alone, readAhead });
            if (done.lastSeq !== null) stored = Math.max(stored ?? 0, done.lastSeq);
            repositoryBatch.push(...done.written);
            outcomes.push({ ok: true, value: done.value });
            if (!tracker.isEmpty) taken.push(tracker.take());
          } catch (error) {
            // This unit failed: what it changed goes back, the others of the group go on.
            if (!tracker.isEmpty) tracker.take().undo();
            if (alone) throw new UnitFailed('A unit of work failed', { cause: error });
            outcomes.push({ ok: false, value: error });
          }
        }
        const appended = await storeAppends(tx, appends, store.writeBatch);
        if (appended.lastSeq !== null) stored = Math.max(stored ?? 0, appended.lastSeq);
        repositoryBatch.push(...appended.written);
        const batch = taken.flatMap((pending) => pending.batch);
        const written = batch.length === 0 ? null : await store.writeBatch(tx, batch);
        const last = written === null ? stored : Math.max(written, stored ?? 0);
        const wake = wakeFor([...batch, ...repositoryBatch].flatMap(({ collection, put }) => put.map((row) => ({ collection, row }))));
        // Other instances wake up too, when (and only if) this commits: a notification sent inside the
        // transaction is delivered on commit. It carries nothing; they read the rows.
        if (wake && options.sql.kind === 'postgres') await tx.query("SELECT pg_notify('sua_events', '')");
        return { last, wake };
      });
      if (last !== null) seq = Math.max(seq, last);
      wakeSoon(wake);
      group.forEach((work, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok) work.resolve(outcome.value);
        else work.reject(outcome?.value);
      });
    } catch (error) {
      // The transaction rolled back: what the group changed in memory goes back too, newest first.
      for (const pending of taken.reverse()) pending.undo();
      if (!tracker.isEmpty) tracker.take().undo();
      const reason = error instanceof UnitFailed ? error.cause : error;
      for (const work of group) work.reject(reason);
    }
  };

  const drain = async () => {
    committing = true;
    try {
      while (waiting.length > 0) await commitGroup(waiting.splice(0, MAX_GROUP));
    } finally {
      committing = false;
    }
  };

  /**
   * One unit of work under the write lock: catch up, run, store what changed, commit (with the units of
   * work waiting beside it). Rejects (with the memory restored) when the commit fails.
   */
  const commitWork = <T>(run: () => Promise<T>, agentUnit: string | null = null): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ run, agentUnit, resolve: (value) => resolve(value as T), reject });
      if (!committing) void drain();
    });

  /**
   * A write: one unit of work, run again after any password work it asked for is done outside the
   * transaction (server/passwords.ts). A request asks for a few at most (a check, then a new hash).
   */
  const write = async (run: () => Promise<ApiAnswer>, agentUnit: string | null = null): Promise<ApiAnswer> => {
    const prepared: PreparedPasswords = new Map();
    for (let round = 0; ; round += 1) {
      try {
        return await commitWork(() => withPreparedPasswords(prepared, run), agentUnit);
      } catch (error) {
        const needed = passwordWorkOf(error);
        if (needed && round < MAX_PASSWORD_ROUNDS) {
          await needed.work();
          continue;
        }
        console.error('A change could not be stored', error);
        return notStored();
      }
    }
  };

  // Start-up repairs are writes like any other: a missing demo account comes back, ended sessions go.
  if (seed !== 'none') {
    await write(async () => {
      await reseedEssentials(db);
      await sessionStore(db).removeEnded(now());
      // Demo data stored before agents existed: its reporting units get their simulated agents, as in the browser.
      await giveStoredUnitsAgents(db, options.agentHeartbeatS);
      return { status: 200, headers: {}, body: '' };
    });
  }

  /** Requests being answered: a close waits for them, so none queries a pool its caller ends next. */
  const answering = new Set<Promise<unknown>>();
  const tracked = (answer: Promise<ApiAnswer>): Promise<ApiAnswer> => {
    answering.add(answer);
    void answer.finally(() => answering.delete(answer)).catch(() => undefined);
    return answer;
  };

  return {
    db,
    seeded,
    handle(request) {
      const method = request.method.toUpperCase();
      if (WRITES.has(method)) return tracked(write(() => transport.handle(request), agentUnitOf(request)));
      return tracked(
        (async () => {
          await catchUpForRead();
          const read = await asRead(() => transport.handle(request));
          // A read that must store something in PostgreSQL (a new account's first mailbox) runs again as a write.
          if (read.wantedToWrite) return write(() => transport.handle(request));
          const answer = read.value;
          // A read that changed a stored row (rare: e.g. a sign-in stamp) commits it like a write.
          if (!tracker.isEmpty) await write(async () => answer);
          return answer;
        })(),
      );
    },
    async flush() {
      await write(async () => ({ status: 200, headers: {}, body: '' }));
    },
    events: hub,
    catchUp: () => catchUp(options.sql),
    transact: (fn) => commitWork(async () => fn(db, now())),
    async close() {
      // A held long poll ends with its connection; a request still answering gets a few seconds to finish.
      await Promise.race([Promise.allSettled([...answering]), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      tracker.stop();
      server.shutdown();
    },
  };
}
