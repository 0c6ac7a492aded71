import { idSortKey } from './list-query';
import { compareCodePoints } from './record-ids';
import type { OrganizationScope } from './service-unit-list';

/**
 * The screenshots' list (GET /api/screenshots) behind one async interface, as the units' and users' lists:
 * the embedded backend answers it from the rows in memory (mirage/domains/screenshots.ts), the server as
 * SQL (server/db/screenshot-list.ts). Both filter and order by screenshotListEntry's keys compared by code
 * point, so they return the same ids in the same order by construction (server/db/screenshot-list.test.ts).
 */

export interface ScreenshotListQuery {
  /** Only this unit's screenshots; null: every unit in scope. */
  unitId: string | null;
  /** Captured at or after / at or before these instants (ISO texts, as capturedAt is stored); null: open. */
  fromIso: string | null;
  toIso: string | null;
  /** Only flagged (true) or unflagged (false) ones; null: both. */
  flagged: boolean | null;
  /** Trimmed and lower-cased; '' for none. */
  search: string;
  /** Oldest first; false (the default) is newest first. */
  ascending: boolean;
  /** 1-based, whole numbers. */
  page: number;
  pageSize: number;
}

export interface ScreenshotListPage<R> {
  rows: R[];
  /** How many screenshots match the query's scope, filters and search (all pages). */
  total: number;
}

export interface ScreenshotListRepository<R> {
  /** One page of the query with its total; `scope` is what the caller may read. */
  list(query: ScreenshotListQuery, scope: OrganizationScope): Promise<ScreenshotListPage<R>>;
}

/** Raise with any change to screenshotListEntry or the sort keys: a store that keeps entries fills them again. */
export const SCREENSHOT_LIST_VERSION = 1;

/** What the list needs of a screenshot row. */
export interface ScreenshotListSource {
  id: string | number;
  organizationId: string | number | null;
  serviceUnitId: string;
  capturedAt: string;
  flagged: boolean;
  activeWindowTitle: string;
  processName: string;
}

/** A screenshot as the list sees it: what every store filters and orders by. */
export interface ScreenshotListEntry {
  id: string;
  organizationId: string;
  serviceUnitId: string;
  /**
   * capturedAt as stored (always toISOString's form, so its text order is its time order), compared by
   * code point; the from/to bounds compare with it the same way.
   */
  capturedKey: string;
  /** idSortKey: ties on capturedKey break by it (compareIds' order). */
  idKey: string;
  flagged: boolean;
  /** The texts a search looks in (window title, process name), lower-cased. */
  search: string[];
}

/** The lower-cased texts a search looks in: a search matches when one contains it. */
export const screenshotSearchTexts = (shot: Pick<ScreenshotListSource, 'activeWindowTitle' | 'processName'>): string[] => [
  shot.activeWindowTitle.toLowerCase(),
  shot.processName.toLowerCase(),
];

export function screenshotListEntry(shot: ScreenshotListSource): ScreenshotListEntry {
  return {
    id: String(shot.id),
    organizationId: String(shot.organizationId),
    serviceUnitId: String(shot.serviceUnitId),
    capturedKey: shot.capturedAt,
    idKey: idSortKey(shot.id),
    flagged: shot.flagged === true,
    search: screenshotSearchTexts(shot),
  };
}

/** Oldest first: by capturedKey, then idSortKey, both by code point (what the SQL orders by). */
export function compareScreenshots(a: ScreenshotListSource, b: ScreenshotListSource): number {
  return compareCodePoints(a.capturedAt, b.capturedAt) || compareCodePoints(idSortKey(a.id), idSortKey(b.id));
}

/** Whether a screenshot matches the query's filters and search (the scope aside). */
export function matchesScreenshotQuery(shot: ScreenshotListSource, query: ScreenshotListQuery): boolean {
  if (query.unitId !== null && String(shot.serviceUnitId) !== query.unitId) return false;
  if (query.fromIso !== null && compareCodePoints(shot.capturedAt, query.fromIso) < 0) return false;
  if (query.toIso !== null && compareCodePoints(shot.capturedAt, query.toIso) > 0) return false;
  if (query.flagged !== null && (shot.flagged === true) !== query.flagged) return false;
  return !query.search || screenshotSearchTexts(shot).some((text) => text.includes(query.search));
}
