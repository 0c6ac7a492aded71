import type { ServiceUnit } from '../../machines/domain/types';
import { makeShot } from '../../core/screenshot-shots';
import { changeCountOf, insertSeedRows, table, type MirageDb, type Row } from '../db';
import { insertInSlices, type TimeSlicer } from '../seed-slices';
import type { MirageContext, MirageDomain } from '../types';
import { createRandom } from './processes';
import { unitsTable } from '../unit-store';
import type { OrganizationScope } from '../../core/service-unit-list';
import { compareScreenshots, matchesScreenshotQuery } from '../../core/screenshot-list';
import type { ScreenshotRecord, ScreenshotRepository } from '../../core/screenshots';

/** Stored with its organization, so a role-4 list filters without looking up every unit. */
export type ScreenshotRow = ScreenshotRecord;

/** The image an agent uploaded for a screenshot (its own collection: the list never reads it). */
export interface ScreenshotImageRow extends Row {
  screenshotId: string;
  serviceUnitId: string;
  contentType: 'image/png' | 'image/jpeg';
  /** base64 */
  data: string;
}

const screenshots = (db: MirageDb) => table<ScreenshotRow>(db, 'screenshots');
export const screenshotImages = (db: MirageDb) => table<ScreenshotImageRow>(db, 'screenshotImages');
const units = unitsTable;

async function seed(db: MirageDb, ctx: MirageContext, slicer: TimeSlicer): Promise<void> {
  const now = ctx.now();
  // The rows themselves, read only (all() would copy 10,000 units at the large seed).
  const all = units(db).rows();
  if (all.length === 0) return;
  const random = createRandom(424242);
  const span = 30 * 86_400_000;
  const rows: Omit<ScreenshotRow, 'id'>[] = [];
  if (ctx.seed === 'large') {
    // 100,000 in the first organization, oldest first so ids follow capture time.
    const org1 = all.filter((u) => String(u.organizationId) === String(all[0]?.organizationId));
    const count = 100_000;
    for (let i = 0; i < count; i += 1) {
      const unit = org1[Math.floor(random() * org1.length)] ?? all[0];
      if (unit) rows.push(makeShot(unit, now - span + Math.floor((i / count) * span) + Math.floor(random() * 20_000), random));
      if (i % 1000 === 999) await slicer.breathe();
    }
    await insertInSlices((slice) => insertSeedRows<ScreenshotRow>(db, 'screenshots', slice), rows, slicer);
    return;
  } else {
    // About 40 per unit over the last 30 days: a few thousand in all.
    const times: [Readonly<ServiceUnit>, number][] = [];
    for (const unit of all) {
      const perUnit = 30 + Math.floor(random() * 20);
      for (let i = 0; i < perUnit; i += 1) times.push([unit, now - Math.floor(random() * span)]);
      // Something from today for the dashboard.
      times.push([unit, now - Math.floor(random() * Math.min(now % 86_400_000 || 3_600_000, 3_600_000))]);
    }
    times.sort((a, b) => a[1] - b[1]);
    for (const [unit, at] of times) rows.push(makeShot(unit, at, random));
  }
  insertSeedRows<ScreenshotRow>(db, 'screenshots', rows);
}

/** A screenshot goes with its uploaded image. */
function removeScreenshot(db: MirageDb, id: string | number): void {
  screenshots(db).remove(id);
  for (const image of screenshotImages(db).where({ screenshotId: String(id) })) screenshotImages(db).remove(image.id);
}

/** The rows oldest first, kept until the collection changes (ISO capture times, ties by id). */
const sortedCache = new WeakMap<object, { changes: number; rows: readonly Readonly<ScreenshotRow>[] }>();

function sortedShots(db: MirageDb): readonly Readonly<ScreenshotRow>[] {
  const changes = changeCountOf(db, 'screenshots');
  const cached = sortedCache.get(db);
  if (cached?.changes === changes) return cached.rows;
  const stored = screenshots(db).rows();
  // Rows are stored in capture order almost always (seeded oldest first, captures appended): a linear
  // check spares sorting 100,000 rows, and the stored array itself is the order (no copy).
  const rows = isSortedBy(stored, compareScreenshots) ? stored : [...stored].sort(compareScreenshots);
  sortedCache.set(db, { changes, rows });
  return rows;
}

/**
 * The screenshots answered from the rows in memory (the embedded backend). The list is one walk over the
 * sorted rows in the asked direction, counting the matches and keeping only the page's (no row is copied).
 */
export function memoryScreenshots(db: MirageDb): ScreenshotRepository {
  const inScope = (scope: OrganizationScope) => {
    const organizations = scope === 'all' ? null : new Set(scope);
    return (row: Readonly<ScreenshotRow>) => !organizations || organizations.has(String(row.organizationId));
  };
  const removeAll = (ids: readonly (string | number)[]) => {
    for (const id of ids) if (screenshots(db).find(id)) removeScreenshot(db, id);
  };
  return {
    list(query, scope) {
      const sorted = sortedShots(db);
      const wanted = inScope(scope);
      const start = (query.page - 1) * query.pageSize;
      const end = start + query.pageSize;
      const page: Readonly<ScreenshotRow>[] = [];
      let total = 0;
      for (let i = 0; i < sorted.length; i += 1) {
        const row = sorted[query.ascending ? i : sorted.length - 1 - i] as Readonly<ScreenshotRow>;
        if (!wanted(row) || !matchesScreenshotQuery(row, query)) continue;
        if (total >= start && total < end) page.push(row);
        total += 1;
      }
      return Promise.resolve({ rows: page, total });
    },
    get: (id) => Promise.resolve(screenshots(db).find(id)),
    getMany(ids) {
      const found = new Map<string, Readonly<ScreenshotRow>>();
      for (const id of ids) {
        const row = screenshots(db).find(id);
        if (row) found.set(id, row);
      }
      return Promise.resolve(found);
    },
    insert(shot, image) {
      const row = screenshots(db).insert(shot);
      if (image) screenshotImages(db).insert({ screenshotId: String(row.id), serviceUnitId: row.serviceUnitId, ...image });
      return Promise.resolve(row);
    },
    update: (id, patch) => Promise.resolve(screenshots(db).update(id, patch)),
    remove(ids) {
      removeAll(ids);
      return Promise.resolve();
    },
    removeOfUnit(unitId) {
      for (const row of screenshots(db).where((r) => String(r.serviceUnitId) === unitId)) screenshots(db).remove(row.id);
      for (const image of screenshotImages(db).where({ serviceUnitId: unitId })) screenshotImages(db).remove(image.id);
      return Promise.resolve();
    },
    countSince(scope, sinceIso) {
      const wanted = inScope(scope);
      let count = 0;
      for (const row of screenshots(db).rows()) if (row.capturedAt >= sinceIso && wanted(row)) count += 1;
      return Promise.resolve(count);
    },
    newest(scope, limit) {
      // Newest last in the list's order: a walk backwards stops at the limit.
      const sorted = sortedShots(db);
      const wanted = inScope(scope);
      const top: Readonly<ScreenshotRow>[] = [];
      for (let i = sorted.length - 1; i >= 0 && top.length < limit; i -= 1) {
        const row = sorted[i] as Readonly<ScreenshotRow>;
        if (wanted(row)) top.push(row);
      }
      return Promise.resolve(top);
    },
    image(screenshotId) {
      const image = screenshotImages(db).where({ screenshotId })[0];
      return Promise.resolve(image ? { contentType: image.contentType, data: image.data } : undefined);
    },
  };
}

/** The screenshots in memory (the embedded backend's). */
export const screenshotStore = (db: MirageDb): ScreenshotRepository => memoryScreenshots(db);

function isSortedBy<T>(rows: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let i = 1; i < rows.length; i += 1) if (compare(rows[i - 1] as T, rows[i] as T) > 0) return false;
  return true;
}

export const screenshotsDomain: MirageDomain = {
  name: 'screenshots',
  seedLater: seed,
  // The screenshots, their images and the capture requests are the API app's (api/routes/screenshots.ts).
  routes() {},
};
