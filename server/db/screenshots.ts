import type { ScreenshotListQuery } from '../../core/screenshot-list';
import type { ScreenshotImage, ScreenshotRecord, ScreenshotRepository } from '../../core/screenshots';
import type { OrganizationScope } from '../../core/service-unit-list';
import type { Row } from '../../mirage/db';
import { newRecordId } from '../../mirage/record-ids';
import type { ChangeBatch } from '../../mirage/store/change-log';
import { AUDIT_LOG } from './audit-list';
import { PROCESSES } from './processes';
import { PROCESS_RULES } from './process-rules';
import { URL_RULES } from './url-rules';
import { TASKS } from './todo-tasks';
import { EMAIL_MAILBOXES, EMAILS } from './emails';
import { COMMANDS } from './commands';
import { CAPTURE_REQUESTS } from './capture-requests';
import { SESSIONS } from './sessions';
import { SIGN_IN_ATTEMPTS } from './sign-in-attempts';
import { AGENT_ENROLMENTS } from './agent-enrolments';
import { IDEMPOTENCY_KEYS } from './idempotency-keys';
import { ORGANIZATIONS } from './organization-table';
import { USERS } from './user-table';
import { UNITS } from './unit-table';
import { EVENTS_COLLECTION } from '../../core/events';
import { AGENT_SECRETS } from '../../core/agent-secrets';
import { parameters, type Parameters } from './list-table';
import { createSqlScreenshotList, SCREENSHOTS } from './screenshot-list';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The screenshots and their images in PostgreSQL only: the server's ScreenshotRepository (core/screenshots.ts).
 * No server process holds them in memory (server/backend.ts leaves these collections out of its copy).
 * They stay records of `rows`, so a write takes a change number and the list table follows it in the same
 * transaction (the row store's writeBatch); reads in a unit of work see its own writes.
 */

export const SCREENSHOT_IMAGES = 'screenshotImages';
/**
 * The collections no process keeps in memory: their repositories read and write PostgreSQL (also the
 * audit log's, audit-list.ts, the processes', processes.ts, the rules', url-rules.ts and process-rules.ts,
 * the demo apps' to-do tasks, emails and mailboxes, todo-tasks.ts and emails.ts, the agents' commands and the capture
 * requests, commands.ts and capture-requests.ts, the sign-ins' tokens, sessions.ts, the sign-in throttle's
 * counters, sign-in-attempts.ts, the agents' enrolment tokens, agent-enrolments.ts, and the idempotent
 * creates' kept answers, idempotency-keys.ts, the organizations, organizations.ts, the accounts, users.ts, the service units, units.ts, the live events, events.ts, and the simulated agents' secret, agent-secrets.ts).
 */
export const SQL_ONLY_COLLECTIONS: readonly string[] = [
  SCREENSHOTS,
  SCREENSHOT_IMAGES,
  AUDIT_LOG,
  PROCESSES,
  URL_RULES,
  PROCESS_RULES,
  TASKS,
  EMAILS,
  EMAIL_MAILBOXES,
  COMMANDS,
  CAPTURE_REQUESTS,
  SESSIONS,
  SIGN_IN_ATTEMPTS,
  AGENT_ENROLMENTS,
  IDEMPOTENCY_KEYS,
  ORGANIZATIONS,
  USERS,
  UNITS,
  EVENTS_COLLECTION,
  AGENT_SECRETS,
  // Retired: the demo apps' tag lists are constants now (mirage/domains/todo.ts, email.ts); stored rows stay unread.
  'taskTags',
  'emailTags',
];

interface ImageRow extends Row, ScreenshotImage {
  screenshotId: string;
  serviceUnitId: string;
}

/** PostgreSQL text holds no NUL and no stored id contains one: such an id matches nothing. */
const storable = (ids: readonly string[]): string[] => [...new Set(ids)].filter((id) => !id.includes('\0'));

function scopeCondition(params: Parameters, scope: OrganizationScope): string {
  return scope === 'all' ? 'true' : `s.organization_id = ANY(${params.add([...scope], 'text[]')})`;
}

export function createSqlScreenshots(sql: Queryable, writeBatch: WriteBatch): ScreenshotRepository {
  const getMany = async (db: Queryable, ids: readonly string[]): Promise<Map<string, ScreenshotRecord>> => {
    const wanted = storable(ids);
    const found = new Map<string, ScreenshotRecord>();
    if (wanted.length === 0) return found;
    const { rows } = await db.query<{ id: string; data: ScreenshotRecord }>(
      `SELECT id, data FROM rows WHERE collection = '${SCREENSHOTS}' AND NOT deleted AND id = ANY($1::text[])`,
      [wanted],
    );
    for (const row of rows) found.set(row.id, row.data);
    return found;
  };
  const imageIds = async (db: Queryable, field: 'screenshotId' | 'serviceUnitId', values: readonly string[]): Promise<string[]> => {
    if (values.length === 0) return [];
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM rows WHERE collection = '${SCREENSHOT_IMAGES}' AND NOT deleted AND data ->> '${field}' = ANY($1::text[])`,
      [values],
    );
    return rows.map((row) => row.id);
  };
  const removeStored = async (ids: readonly string[], images: (db: Queryable) => Promise<string[]>) => {
    const { tx, wrote } = await writer();
    const gone = await images(tx);
    if (ids.length === 0 && gone.length === 0) return;
    wrote(
      await writeBatch(tx, [
        { collection: SCREENSHOTS, put: [], deleted: [...ids] },
        { collection: SCREENSHOT_IMAGES, put: [], deleted: gone },
      ]),
    );
  };

  return {
    list: (query: ScreenshotListQuery, scope) => createSqlScreenshotList<ScreenshotRecord>(reader(sql)).list(query, scope),
    async get(id) {
      return (await getMany(reader(sql), [id])).get(id);
    },
    getMany: (ids) => getMany(reader(sql), ids),
    async insert(shot, image) {
      const { tx, wrote } = await writer();
      const row: ScreenshotRecord = { ...shot, id: newRecordId() };
      const batch: ChangeBatch = [{ collection: SCREENSHOTS, put: [row], deleted: [] }];
      if (image) {
        const stored: ImageRow = { id: newRecordId(), screenshotId: row.id, serviceUnitId: row.serviceUnitId, ...image };
        batch.push({ collection: SCREENSHOT_IMAGES, put: [stored], deleted: [] });
      }
      wrote(await writeBatch(tx, batch));
      return row;
    },
    async update(id, patch) {
      const { tx, wrote } = await writer();
      const existing = (await getMany(tx, [id])).get(id);
      if (!existing) throw new Error(`No screenshot ${id}`);
      const row: ScreenshotRecord = { ...existing, ...patch };
      wrote(await writeBatch(tx, [{ collection: SCREENSHOTS, put: [row], deleted: [] }]));
      return row;
    },
    async remove(ids) {
      const { tx } = await writer();
      const existing = [...(await getMany(tx, ids)).keys()];
      await removeStored(existing, (db) => imageIds(db, 'screenshotId', existing));
    },
    async removeOfUnit(unitId) {
      if (unitId.includes('\0')) return;
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM screenshot_list WHERE service_unit_id = $1', [unitId]);
      await removeStored(
        rows.map((row) => row.id),
        (db) => imageIds(db, 'serviceUnitId', [unitId]),
      );
    },
    async countSince(scope, sinceIso) {
      const params = parameters();
      const where = `${scopeCondition(params, scope)} AND s.captured_key >= ${params.add(sinceIso, 'text')}`;
      const { rows } = await reader(sql).query<{ n: number }>(
        `SELECT count(*)::int AS n FROM screenshot_list s WHERE ${where}`,
        params.values,
      );
      return Number(rows[0]?.n ?? 0);
    },
    async newest(scope, limit) {
      const params = parameters();
      const where = scopeCondition(params, scope);
      const { rows } = await reader(sql).query<{ data: ScreenshotRecord }>(
        `SELECT r.data FROM screenshot_list s JOIN rows r ON r.collection = '${SCREENSHOTS}' AND r.id = s.id
         WHERE ${where} ORDER BY s.captured_key DESC, s.id_key DESC LIMIT ${params.add(limit, 'int')}`,
        params.values,
      );
      return rows.map((row) => row.data);
    },
    async image(screenshotId) {
      if (screenshotId.includes('\0')) return undefined;
      const { rows } = await reader(sql).query<{ data: ImageRow }>(
        `SELECT data FROM rows WHERE collection = '${SCREENSHOT_IMAGES}' AND NOT deleted AND data ->> 'screenshotId' = $1 LIMIT 1`,
        [screenshotId],
      );
      const image = rows[0]?.data;
      return image ? { contentType: image.contentType, data: image.data } : undefined;
    },
  };
}
