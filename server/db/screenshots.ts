import {
  SCREENSHOT_LIST_VERSION,
  screenshotListEntry,
  type ScreenshotListQuery,
  type ScreenshotListRepository,
} from '../../core/screenshot-list';
import type { ScreenshotImage, ScreenshotRecord, ScreenshotRepository } from '../../core/screenshots';
import type { OrganizationScope } from '../../core/service-unit-list';
import type { Row } from '../../mirage/db';
import { newRecordId } from '../../mirage/record-ids';
import { ensureKeyVersion, storeWhole, upsertStatement } from './entity-table';
import { type EntitySource, parameters, type Parameters, searchCondition, searchText, tablePage } from './list-table';
import { isoText, type Queryable } from './sql';
import { reader, writer, writeRows } from './unit-of-work';

/**
 * The screenshots and their images in SQL: their tables (server/migrations/035_screenshots.sql), with the list's
 * keys of core/screenshot-list.ts as columns; how a screenshot is read from them and written to them; the list,
 * the same query the embedded backend runs in memory (mirage/domains/screenshots.ts), in the same order, because
 * both order by those keys compared by code point; and the server's ScreenshotRepository (core/screenshots.ts)
 * on them. A write stores them whole in the request's transaction; reads in a unit of work see its own writes. A
 * unit's deletion takes its screenshots, a screenshot's its image (the foreign keys).
 */

/** The collections, as a change batch names them. */
export const SCREENSHOTS = 'screenshots';
export const SCREENSHOT_IMAGES = 'screenshotImages';

/** An image as the embedded backend stores it: its own id, its screenshot's, the bytes as base64. */
export interface ImageRow extends Row, ScreenshotImage {
  screenshotId: string;
  serviceUnitId: string;
}

/** A screenshot, as columns (alias `s`): its capturedAt as written, its list key. */
export const SCREENSHOT_COLUMNS = `s.id, s.organization_id, s.service_unit_id, s.captured_key AS captured_at, s.width, s.height,
  s.active_window_title, s.process_name, s.flagged, s.note, s.has_image`;

export interface ScreenshotColumns {
  id: string;
  organization_id: string;
  service_unit_id: string;
  captured_at: string;
  width: number;
  height: number;
  active_window_title: string;
  process_name: string;
  flagged: boolean;
  note: string;
  has_image: boolean;
}

/** A screenshot as the domain reads it (`hasImage` only on those an agent uploaded, as stored). */
export const screenshotOf = (row: ScreenshotColumns): ScreenshotRecord => ({
  id: row.id,
  organizationId: row.organization_id,
  serviceUnitId: row.service_unit_id,
  capturedAt: row.captured_at,
  width: Number(row.width),
  height: Number(row.height),
  activeWindowTitle: row.active_window_title,
  processName: row.process_name,
  flagged: row.flagged,
  note: row.note,
  ...(row.has_image ? { hasImage: true } : {}),
});

const TYPES: Record<string, string> = {
  id: 'text',
  organization_id: 'text',
  service_unit_id: 'text',
  captured_at: 'timestamptz',
  width: 'integer',
  height: 'integer',
  active_window_title: 'text',
  process_name: 'text',
  flagged: 'boolean',
  note: 'text',
  has_image: 'boolean',
  captured_key: 'text',
  id_key: 'text',
  search: 'text[]',
  search_text: 'text',
};

/** The list's keys of a screenshot, as columns. */
function keysOf(shot: ScreenshotRecord) {
  const entry = screenshotListEntry(shot);
  return { captured_key: entry.capturedKey, id_key: entry.idKey, search: entry.search, search_text: searchText(entry.search) };
}

const record = (shot: ScreenshotRecord): Record<string, unknown> => ({
  id: String(shot.id),
  organization_id: String(shot.organizationId),
  service_unit_id: String(shot.serviceUnitId),
  captured_at: Number.isNaN(Date.parse(shot.capturedAt)) ? new Date(0).toISOString() : shot.capturedAt,
  width: shot.width,
  height: shot.height,
  active_window_title: shot.activeWindowTitle,
  process_name: shot.processName,
  flagged: shot.flagged === true,
  note: shot.note,
  has_image: shot.hasImage === true,
  ...keysOf(shot),
});

const UPSERT = upsertStatement('screenshots', 'id', TYPES);

/** Stores screenshots whole and deletes screenshots (their images with them), in the caller's transaction. */
export async function writeScreenshots(tx: Queryable, put: readonly ScreenshotRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'screenshots', upsert: UPSERT, record }, put, deleted);
}

// The bytes come as base64 text and are stored decoded.
const IMAGE_UPSERT = upsertStatement(
  'screenshot_images',
  'id',
  { id: 'text', screenshot_id: 'text', content_type: 'text', data: 'bytea' },
  '$1',
  { fields: { data: 'text' }, expressions: { data: `decode(e.data, 'base64')` } },
);

const imageRecord = (image: ImageRow): Record<string, unknown> => ({
  id: String(image.id),
  screenshot_id: image.screenshotId,
  content_type: image.contentType,
  data: image.data,
});

/** Stores images whole and deletes images, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeScreenshotImages(tx: Queryable, put: readonly ImageRow[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'screenshot_images', upsert: IMAGE_UPSERT, record: imageRecord }, put, deleted);
}

/** An image's bytes as base64 again, in one line (PostgreSQL's encoding breaks lines every 76 characters). */
export const IMAGE_DATA = `translate(encode(i.data, 'base64'), E'\\n', '')`;

const UPDATE_KEYS = `UPDATE screenshots s SET captured_key = e.captured_key, id_key = e.id_key, search = e.search, search_text = e.search_text
  FROM jsonb_to_recordset($1::jsonb) AS e(id text, captured_key text, id_key text, search text[], search_text text) WHERE s.id = e.id`;
const CHUNK = 1_000;

/** Computes every screenshot's list keys again when another version of core's projection made them. At start. */
export async function ensureScreenshotKeys(tx: Queryable): Promise<boolean> {
  return ensureKeyVersion(tx, 'screenshotList', SCREENSHOT_LIST_VERSION, async () => {
    // capturedAt as written is the key itself: a lost key is the typed instant's ISO text.
    const columns = SCREENSHOT_COLUMNS.replace('s.captured_key AS captured_at', `${isoText('s.captured_at')} AS captured_at`);
    const shots = (await tx.query<ScreenshotColumns>(`SELECT ${columns} FROM screenshots s`)).rows.map(screenshotOf);
    for (let start = 0; start < shots.length; start += CHUNK) {
      const keys = shots.slice(start, start + CHUNK).map((shot) => ({ id: String(shot.id), ...keysOf(shot) }));
      await tx.query(UPDATE_KEYS, [JSON.stringify(keys)]);
    }
  });
}

/** The table as a list's source, its screenshots read as the caller's rows (the domain's ScreenshotRecord). */
const sourceOf = <R>(): EntitySource<ScreenshotColumns, R> => ({
  table: 'screenshots',
  columns: SCREENSHOT_COLUMNS,
  joins: '',
  record: (row) => screenshotOf(row) as R,
});

/** The WHERE clause of a scope, the unit, day-range and flag filters and the search. */
function conditions(params: Parameters, scope: OrganizationScope, query: ScreenshotListQuery): string {
  const where: string[] = [];
  if (scope !== 'all') where.push(`s.organization_id = ANY(${params.add([...scope], 'text[]')})`);
  if (query.unitId !== null) where.push(`s.service_unit_id = ${params.add(query.unitId, 'text')}`);
  if (query.fromIso !== null) where.push(`s.captured_key >= ${params.add(query.fromIso, 'text')}`);
  if (query.toIso !== null) where.push(`s.captured_key <= ${params.add(query.toIso, 'text')}`);
  if (query.flagged !== null) where.push(`s.flagged = ${params.add(query.flagged, 'boolean')}`);
  if (query.search) where.push(searchCondition(params, 's', query.search));
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** PostgreSQL text holds no NUL: no stored screenshot or unit id contains one, so such a query matches nothing. */
const holdsNul = (query: ScreenshotListQuery): boolean => query.search.includes('\0') || (query.unitId?.includes('\0') ?? false);

/** The list as SQL; rows are the screenshots as the domain reads them. */
export function createSqlScreenshotList<R>(sql: Queryable): ScreenshotListRepository<R> {
  return {
    async list(query, scope) {
      if (holdsNul(query)) return { rows: [], total: 0 };
      const direction = query.ascending ? 'ASC' : 'DESC';
      return tablePage<R, ScreenshotColumns>(reader(sql), sourceOf<R>(), {
        alias: 's',
        where: (params) => conditions(params, scope, query),
        orderBy: () => `s.captured_key ${direction}, s.id_key ${direction}`,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  };
}

/** PostgreSQL text holds no NUL and no stored id contains one: such an id matches nothing. */
const storable = (ids: readonly string[]): string[] => [...new Set(ids)].filter((id) => !id.includes('\0'));

function scopeCondition(params: Parameters, scope: OrganizationScope): string {
  return scope === 'all' ? 'true' : `s.organization_id = ANY(${params.add([...scope], 'text[]')})`;
}

export function createSqlScreenshots(sql: Queryable): ScreenshotRepository {
  const select = async (db: Queryable, where: string, values: readonly unknown[]) =>
    (await db.query<ScreenshotColumns>(`SELECT ${SCREENSHOT_COLUMNS} FROM screenshots s ${where}`, [...values])).rows.map(screenshotOf);
  const getMany = async (db: Queryable, ids: readonly string[]): Promise<Map<string, ScreenshotRecord>> => {
    const wanted = storable(ids);
    if (wanted.length === 0) return new Map();
    return new Map((await select(db, 'WHERE s.id = ANY($1::text[])', [wanted])).map((row) => [String(row.id), row]));
  };

  return {
    list: (query: ScreenshotListQuery, scope) => createSqlScreenshotList<ScreenshotRecord>(reader(sql)).list(query, scope),
    async get(id) {
      return (await getMany(reader(sql), [id])).get(id);
    },
    getMany: (ids) => getMany(reader(sql), ids),
    async insert(shot, image) {
      const row: ScreenshotRecord = { ...shot, id: newRecordId() };
      await writeRows(SCREENSHOTS, writeScreenshots, [row]);
      if (image) {
        const stored: ImageRow = { id: newRecordId(), screenshotId: row.id, serviceUnitId: row.serviceUnitId, ...image };
        await writeRows(SCREENSHOT_IMAGES, writeScreenshotImages, [stored]);
      }
      return row;
    },
    async update(id, patch) {
      const { tx } = await writer();
      const existing = (await getMany(tx, [id])).get(id);
      if (!existing) throw new Error(`No screenshot ${id}`);
      const row: ScreenshotRecord = { ...existing, ...patch };
      await writeRows(SCREENSHOTS, writeScreenshots, [row]);
      return row;
    },
    // A screenshot's image goes with it (the foreign key). No one waits on a screenshot's change (server/events/hub.ts).
    async remove(ids) {
      const wanted = storable(ids);
      if (wanted.length > 0) await writeRows(SCREENSHOTS, writeScreenshots, [], wanted);
    },
    async removeOfUnit(unitId) {
      if (unitId.includes('\0')) return;
      const { tx } = await writer();
      await tx.query('DELETE FROM screenshots WHERE service_unit_id = $1', [unitId]);
    },
    async countSince(scope, sinceIso) {
      const params = parameters();
      const where = `${scopeCondition(params, scope)} AND s.captured_key >= ${params.add(sinceIso, 'text')}`;
      const { rows } = await reader(sql).query<{ n: number }>(`SELECT count(*)::int AS n FROM screenshots s WHERE ${where}`, params.values);
      return Number(rows[0]?.n ?? 0);
    },
    async newest(scope, limit) {
      const params = parameters();
      const where = scopeCondition(params, scope);
      return select(
        reader(sql),
        `WHERE ${where} ORDER BY s.captured_key DESC, s.id_key DESC LIMIT ${params.add(limit, 'int')}`,
        params.values,
      );
    },
    async image(screenshotId) {
      if (screenshotId.includes('\0')) return undefined;
      const { rows } = await reader(sql).query<ScreenshotImage>(
        `SELECT i.content_type AS "contentType", ${IMAGE_DATA} AS data FROM screenshot_images i WHERE i.screenshot_id = $1`,
        [screenshotId],
      );
      return rows[0];
    },
  };
}
