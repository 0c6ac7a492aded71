import type { ChangeBatch } from '../../mirage/store/change-log';
import type { DbDump, Row } from '../../mirage/db';
import { databaseError, isRetryable, type Queryable, type Sql, UNIQUE_VIOLATION } from './sql';
import { EVENTS_COLLECTION } from '../../core/events';
import { insertEvents } from './events';
import { UNITS, writeUnits } from './unit-table';
import { ORGANIZATIONS, writeOrganizations } from './organization-table';
import { USERS, writeUsers } from './user-table';
import { SESSIONS, writeSessions } from './sessions';
import { SIGN_IN_ATTEMPTS, writeSignInAttempts } from './sign-in-attempts';
import { IDEMPOTENCY_KEYS, writeIdempotencyKeys } from './idempotency-keys';
import { URL_RULES, writeUrlRules } from './url-rule-table';
import { PROCESS_RULES, writeProcessRules } from './process-rule-table';
import { PROCESSES, writeProcesses } from './processes-table';
import type { ProcessRecord } from '../../core/processes';
import { AUDIT_LOG, writeAuditLog, type AuditEntry } from './audit-list';
import { SCREENSHOT_IMAGES, SCREENSHOTS, writeScreenshotImages, writeScreenshots, type ImageRow } from './screenshot-table';
import type { ScreenshotRecord } from '../../core/screenshots';
import { TASKS, writeTasks } from './todo-tasks';
import type { TaskRecord } from '../../core/todo-tasks';
import { EMAILS, EMAIL_MAILBOXES, writeEmails, writeMailboxes } from './emails';
import type { EmailRecord } from '../../core/mailbox';
import { COMMANDS, writeCommands } from './command-table';
import type { CommandRecord } from '../../core/commands';
import { CAPTURE_REQUESTS, writeCaptureRequests } from './capture-requests';
import type { CaptureRequestRecord } from '../../core/capture-requests';
import { AGENT_ENROLMENTS, writeEnrolments } from './agent-enrolments';
import type { EnrolmentRecord } from '../../core/agent-enrolments';
import { writeAgentSecrets } from './agent-secrets';
import { AGENT_SECRETS, type AgentSecretRecord } from '../../core/agent-secrets';
import type { UrlRuleRecord } from '../../core/url-rules';
import type { ProcessRuleRecord } from '../../core/process-rule-repository';
import type { IdempotencyRecord } from '../../core/idempotency';
import type { SignInAttemptRecord } from '../../core/sign-in-attempts';
import type { SessionRecord } from '../../core/sessions';
import type { AdminUserRow } from '../../mirage/user-store';
import type { StoredOrg } from '../../mirage/organization-store';
import type { ServiceUnitRow } from '../../mirage/unit-store';

type EntityWrite = (tx: Queryable, put: readonly Row[], deleted: readonly string[]) => Promise<void>;

/** The collections stored in tables of their own, each record as typed columns (server/migrations/024–033). */
const ENTITY_TABLES: ReadonlyMap<string, EntityWrite> = new Map<string, EntityWrite>([
  [UNITS, (tx, put, deleted) => writeUnits(tx, put as ServiceUnitRow[], deleted)],
  [ORGANIZATIONS, (tx, put, deleted) => writeOrganizations(tx, put as StoredOrg[], deleted)],
  [USERS, (tx, put, deleted) => writeUsers(tx, put as AdminUserRow[], deleted)],
  [SESSIONS, (tx, put, deleted) => writeSessions(tx, put as SessionRecord[], deleted)],
  [SIGN_IN_ATTEMPTS, (tx, put, deleted) => writeSignInAttempts(tx, put as SignInAttemptRecord[], deleted)],
  [URL_RULES, (tx, put, deleted) => writeUrlRules(tx, put as UrlRuleRecord[], deleted)],
  [PROCESS_RULES, (tx, put, deleted) => writeProcessRules(tx, put as ProcessRuleRecord[], deleted)],
  [PROCESSES, (tx, put, deleted) => writeProcesses(tx, put as ProcessRecord[], deleted)],
  [AUDIT_LOG, (tx, put, deleted) => writeAuditLog(tx, put as AuditEntry[], deleted)],
  [SCREENSHOTS, (tx, put, deleted) => writeScreenshots(tx, put as ScreenshotRecord[], deleted)],
  [SCREENSHOT_IMAGES, (tx, put, deleted) => writeScreenshotImages(tx, put as ImageRow[], deleted)],
  [TASKS, (tx, put, deleted) => writeTasks(tx, put as TaskRecord[], deleted)],
  [EMAILS, (tx, put, deleted) => writeEmails(tx, put as EmailRecord[], deleted)],
  // A mailbox goes with its account, never deleted by id.
  [EMAIL_MAILBOXES, (tx, put) => writeMailboxes(tx, put as (Row & { ownerId: string })[])],
  [COMMANDS, (tx, put, deleted) => writeCommands(tx, put as CommandRecord[], deleted)],
  [CAPTURE_REQUESTS, (tx, put, deleted) => writeCaptureRequests(tx, put as CaptureRequestRecord[], deleted)],
  [AGENT_ENROLMENTS, (tx, put, deleted) => writeEnrolments(tx, put as EnrolmentRecord[], deleted)],
  // The simulated agents' secret is made once and never deleted.
  [AGENT_SECRETS, (tx, put) => writeAgentSecrets(tx, put as (Row & AgentSecretRecord)[])],
  // Kept answers are forgotten by age (removeExpired), never deleted by id.
  [IDEMPOTENCY_KEYS, (tx, put) => writeIdempotencyKeys(tx, put as (Row & IdempotencyRecord)[])],
]);

/**
 * Held only by what changes the shape of the data rather than records (storing a whole seed, computing a
 * table's list keys again): two instances starting at once do it once. A request's write never takes it.
 */
const SETUP_LOCK = 7_242_002;
/** How often a write that failed only because another ran beside it is run again (see isRetryable). */
const MAX_ATTEMPTS = 25;
/**
 * A key inserted meanwhile: the rerun sees the other's commit and its own rules answer (a 409). A key that a
 * rerun still collides with is not a race: the error goes to the caller (server/backend.ts answers it).
 */
const UNIQUE_ATTEMPTS = 3;

/** A random wait before running a write again, growing, so writes that collided do not collide again at once. */
const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * 2 ** Math.min(attempt, 6)));
/** Rows per INSERT when storing a whole seed. */
const CHUNK = 2_000;

/** Stores records ($1 the collection, $2 `[{id, data}]`), each under a new change number. */
const PUT_ROWS = `INSERT INTO rows (collection, id, data, deleted, seq)
  SELECT $1, r.id, r.data, false, nextval('row_change_seq') FROM jsonb_to_recordset($2::jsonb) AS r(id text, data jsonb)
  ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data, deleted = false, seq = excluded.seq`;

export interface StoredChange {
  collection: string;
  id: string;
  /** null: the row was deleted. */
  data: Row | null;
  seq: number;
}

/** The records of the backend in PostgreSQL (server/migrations/001_rows.sql). */
export interface PgRowStore {
  /** The seed the rows came from, or null when nothing was stored yet. */
  seedOf(): Promise<string | null>;
  /** Every live record but those of `except`, and the last change number they include. */
  loadAll(except?: readonly string[]): Promise<{ dump: DbDump; seq: number }>;
  /**
   * The changes committed after `seq` (by any instance), in order; those of `dataless` without their data
   * (their collection and number only: no process keeps them in memory).
   */
  changesSince(tx: Queryable, seq: number, dataless?: readonly string[]): Promise<StoredChange[]>;
  /** Stores one batch inside `tx`; resolves with the last change number. */
  writeBatch(tx: Queryable, batch: ChangeBatch): Promise<number | null>;
  /**
   * Runs fn in a SERIALIZABLE transaction of its own, and runs it again from its start when it failed only
   * because another transaction ran beside it (a serialization failure, a deadlock, a key inserted meanwhile).
   * It takes no lock but the rows it writes: writes to different records never wait for each other.
   * A statement that failed fails the transaction, even when fn caught its error. `serializable: false`: READ
   * COMMITTED, for a write that locks what it reads and changes only its own columns (an agent's heartbeat).
   */
  writing<T>(fn: (tx: Queryable) => Promise<T>, options?: { serializable?: boolean }): Promise<T>;
  /** Runs fn in a transaction that holds the setup lock (list keys computed again at start). */
  exclusively<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Stores a whole seed with the seed's name, in one transaction, unless another instance seeded first
   * (two instances starting on an empty database): resolves with whether this one stored it.
   */
  storeSeed(dump: DbDump, seed: string): Promise<boolean>;
  /** The newest change number. */
  lastSeq(tx?: Queryable): Promise<number>;
}

export function createPgRowStore(sql: Sql): PgRowStore {
  const lastSeq = async (tx: Queryable = sql) =>
    Number((await tx.query<{ seq: number | null }>('SELECT max(seq) AS seq FROM rows')).rows[0]?.seq ?? 0);
  return {
    async seedOf() {
      const row = (await sql.query<{ value: { seed: string } }>("SELECT value FROM meta WHERE key = 'seed'")).rows[0];
      return row?.value.seed ?? null;
    },
    async loadAll(except = []) {
      return sql.transaction(async (tx) => {
        const { rows } = await tx.query<{ collection: string; data: Row }>(
          'SELECT collection, data FROM rows WHERE NOT deleted AND collection <> ALL($1::text[]) ORDER BY collection, seq',
          [except],
        );
        const dump: DbDump = {};
        for (const row of rows) (dump[row.collection] ??= []).push(row.data);
        return { dump, seq: await lastSeq(tx) };
      });
    },
    async changesSince(tx, seq, dataless = []) {
      const { rows } = await tx.query<{ collection: string; id: string; data: Row | null; seq: number }>(
        `SELECT collection, id, CASE WHEN collection = ANY($2::text[]) THEN NULL ELSE data END AS data, seq
         FROM rows WHERE seq > $1 ORDER BY seq`,
        [seq, dataless],
      );
      return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
    },
    async writeBatch(tx, batch) {
      let last: number | null = null;
      for (const { collection, put, deleted } of batch) {
        // The live events have a table of their own, the outbox: appended, never changed by a write.
        if (collection === EVENTS_COLLECTION) {
          await insertEvents(tx, put);
          continue;
        }
        // The units, the organizations, the users, their sign-ins, the throttle's counters, the kept answers, the
        // rules, the processes and the audit log have tables of their own.
        const entity = ENTITY_TABLES.get(collection);
        if (entity) {
          await entity(tx, put, deleted);
          continue;
        }
        if (put.length > 0) {
          const records = JSON.stringify(put.map((row) => ({ id: String(row.id), data: row })));
          const { rows } = await tx.query<{ seq: number }>(`${PUT_ROWS} RETURNING seq`, [collection, records]);
          for (const row of rows) last = Math.max(last ?? 0, Number(row.seq));
        }
        if (deleted.length > 0) {
          const { rows } = await tx.query<{ seq: number }>(
            `INSERT INTO rows (collection, id, data, deleted, seq)
             SELECT $1, id, NULL, true, nextval('row_change_seq') FROM unnest($2::text[]) AS id
             ON CONFLICT (collection, id) DO UPDATE SET data = NULL, deleted = true, seq = excluded.seq
             RETURNING seq`,
            [collection, deleted],
          );
          for (const row of rows) last = Math.max(last ?? 0, Number(row.seq));
        }
      }
      return last;
    },
    async writing(fn, options = {}) {
      let collisions = 0;
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await sql.transaction(
            async (tx) => {
              const failures: unknown[] = [];
              const value = await fn({
                query: async (text, params) => {
                  try {
                    return await tx.query(text, params);
                  } catch (error) {
                    failures.push(error);
                    throw error;
                  }
                },
              });
              // PostgreSQL answers COMMIT of a failed transaction with a rollback, not an error.
              if (failures.length > 0) throw failures[0];
              return value;
            },
            { serializable: options.serializable ?? true },
          );
        } catch (error) {
          // A key collides again only when it is not a race: counted apart from the serialization failures.
          if (databaseError(error)?.code === UNIQUE_VIOLATION) collisions += 1;
          if (attempt >= MAX_ATTEMPTS || collisions >= UNIQUE_ATTEMPTS || !isRetryable(error)) throw error;
          await backOff(attempt);
        }
      }
    },
    exclusively(fn) {
      return sql.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
        return fn(tx);
      });
    },
    async storeSeed(dump, seed) {
      const stored = await sql.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
        if ((await tx.query("SELECT 1 FROM meta WHERE key = 'seed'")).rows.length > 0) return false;
        for (const [collection, rows] of Object.entries(dump)) {
          for (let start = 0; start < rows.length; start += CHUNK) {
            await this.writeBatch(tx, [{ collection, put: rows.slice(start, start + CHUNK), deleted: [] }]);
          }
        }
        await tx.query("INSERT INTO meta (key, value) VALUES ('seed', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [
          JSON.stringify({ seed, seededAt: new Date().toISOString() }),
        ]);
        return true;
      });
      // Statistics for the table that just filled: until autovacuum gets to it, the planner would read all
      // of it for every request's catch-up query (WHERE seq > $1) instead of using rows_seq.
      if (stored) {
        await sql.query('ANALYZE rows');
        for (const table of [
          'service_units',
          'organizations',
          'users',
          'url_rules',
          'url_rule_units',
          'process_rules',
          'processes',
          'audit_log',
          'todo_tasks',
          'emails',
          'commands',
          'capture_requests',
          'agent_enrolments',
          'screenshots',
          'screenshot_images',
        ]) {
          await sql.query(`ANALYZE ${table}`);
        }
      }
      return stored;
    },
    lastSeq,
  };
}
