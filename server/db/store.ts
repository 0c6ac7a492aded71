import type { ChangeBatch } from '../../mirage/store/change-log';
import type { DbDump, Row } from '../../mirage/db';
import { databaseError, isRetryable, type Queryable, type Sql, UNIQUE_VIOLATION } from './sql';
import { EVENTS_COLLECTION } from '../../core/events';
import { insertEvents } from './events';
import { UNITS, writeUnits } from './units';
import { ORGANIZATIONS, writeOrganizations } from './organizations';
import { USERS, writeUsers } from './users';
import { SESSIONS, writeSessions } from './sessions';
import { SIGN_IN_ATTEMPTS, writeSignInAttempts } from './sign-in-attempts';
import { IDEMPOTENCY_KEYS, writeIdempotencyKeys } from './idempotency-keys';
import { URL_RULES, writeUrlRules } from './url-rules';
import { PROCESS_RULES, writeProcessRules } from './process-rules';
import { PROCESSES, writeProcesses } from './processes';
import type { ProcessRecord } from '../../core/processes';
import { AUDIT_LOG, writeAuditLog, type AuditEntry } from './audit-list';
import { SCREENSHOT_IMAGES, SCREENSHOTS, writeScreenshotImages, writeScreenshots, type ImageRow } from './screenshots';
import type { ScreenshotRecord } from '../../core/screenshots';
import { TASKS, writeTasks } from './todo-tasks';
import type { TaskRecord } from '../../core/todo-tasks';
import { EMAILS, EMAIL_MAILBOXES, writeEmails, writeMailboxes } from './emails';
import type { EmailRecord } from '../../core/mailbox';
import { COMMANDS, writeCommands } from './commands';
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

/** Every collection's table, each record as typed columns (server/migrations/024–039). */
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
/** Rows per statement when storing a whole seed. */
const CHUNK = 2_000;

/**
 * The server's records in PostgreSQL: every collection in a table of its own (server/migrations/024–039),
 * written through writeBatch; and `meta` for what is about the database itself (the seed it was made with,
 * the list keys' versions).
 */
export interface PgStore {
  /** The seed the database was made with, or null when nothing was stored yet. */
  seedOf(): Promise<string | null>;
  /** Stores one batch inside `tx`, each collection in its table (an unknown collection is an error: nothing would keep it). */
  writeBatch(tx: Queryable, batch: ChangeBatch): Promise<void>;
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
}

export function createPgStore(sql: Sql): PgStore {
  return {
    async seedOf() {
      const row = (await sql.query<{ value: { seed: string } }>("SELECT value FROM meta WHERE key = 'seed'")).rows[0];
      return row?.value.seed ?? null;
    },
    async writeBatch(tx, batch) {
      for (const { collection, put, deleted } of batch) {
        // The live events have a table of their own, the outbox: appended, never changed by a write.
        if (collection === EVENTS_COLLECTION) {
          await insertEvents(tx, put);
          continue;
        }
        const entity = ENTITY_TABLES.get(collection);
        if (!entity) throw new Error(`No table keeps the collection ${collection}`);
        await entity(tx, put, deleted);
      }
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
      // Statistics for the tables that just filled: until autovacuum gets to them, the planner would guess.
      if (stored) {
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
  };
}
