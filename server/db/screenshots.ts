import type { ScreenshotListQuery } from '../../core/screenshot-list';
import type { ScreenshotImage, ScreenshotRecord, ScreenshotRepository } from '../../core/screenshots';
import type { OrganizationScope } from '../../core/service-unit-list';
import { newRecordId } from '../../mirage/record-ids';
import { parameters, type Parameters } from './list-table';
import { createSqlScreenshotList } from './screenshot-list';
import {
  IMAGE_DATA,
  SCREENSHOT_COLUMNS,
  SCREENSHOT_IMAGES,
  SCREENSHOTS,
  screenshotOf,
  type ImageRow,
  type ScreenshotColumns,
  writeScreenshotImages,
  writeScreenshots,
} from './screenshot-table';
import type { Queryable } from './sql';
import { reader, writer, writeRows } from './unit-of-work';

/**
 * The screenshots and their images in PostgreSQL only: the server's ScreenshotRepository (core/screenshots.ts)
 * on their tables (screenshot-table.ts). A write stores them whole in the request's transaction; reads in a unit of
 * work see its own writes.
 */
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
