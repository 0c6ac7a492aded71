import { SCREENSHOT_LIST_VERSION, screenshotListEntry } from '../../core/screenshot-list';
import type { ScreenshotImage, ScreenshotRecord } from '../../core/screenshots';
import type { Row } from '../../mirage/db';
import { ensureKeyVersion, storeWhole, upsertStatement } from './entity-table';
import { searchText } from './list-table';
import { isoText, type Queryable } from './sql';

/**
 * The screenshots' and their images' tables (server/migrations/035_screenshots.sql): how a screenshot is read
 * from them and written to them, with the list's keys of core/screenshot-list.ts as columns. A unit's deletion
 * takes its screenshots, a screenshot's its image (the foreign keys).
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
