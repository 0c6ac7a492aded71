import type { Screenshot } from '../machines/domain/types';
import type { ScreenshotListRepository } from './screenshot-list';
import type { OrganizationScope } from './service-unit-list';

/**
 * The screenshots and their uploaded images behind one async repository: every rule of the screenshots'
 * domain reads and writes them through it, never through a store's rows. The embedded backend's is the rows
 * in memory (mirage/domains/screenshots.ts); the server's is PostgreSQL (server/db/screenshots.ts), so a
 * server process holds none of them in memory (100,000 at the large seed, and images up to 1 MiB each).
 */

/** A stored screenshot, with its organization so a list filters without looking up every unit. */
export interface ScreenshotRecord extends Screenshot {
  organizationId: string;
}

/** The image an agent uploaded for a screenshot. */
export interface ScreenshotImage {
  contentType: 'image/png' | 'image/jpeg';
  /** base64 */
  data: string;
}

export type NewScreenshot = Omit<ScreenshotRecord, 'id'>;
export type ScreenshotPatch = Partial<Pick<ScreenshotRecord, 'flagged' | 'note'>>;

export interface ScreenshotRepository extends ScreenshotListRepository<Readonly<ScreenshotRecord>> {
  get(id: string): Promise<Readonly<ScreenshotRecord> | undefined>;
  /** The ones of `ids` that exist, by id. */
  getMany(ids: readonly string[]): Promise<ReadonlyMap<string, Readonly<ScreenshotRecord>>>;
  /** Stores a new screenshot (with its image, when an agent uploaded one) and answers it with its id. */
  insert(shot: NewScreenshot, image?: ScreenshotImage): Promise<Readonly<ScreenshotRecord>>;
  /** Changes an existing screenshot's flag or note; answers it as stored. */
  update(id: string, patch: ScreenshotPatch): Promise<Readonly<ScreenshotRecord>>;
  /** Removes these screenshots and their images (unknown ids are ignored). */
  remove(ids: readonly string[]): Promise<void>;
  /** Removes every screenshot of a unit, with their images (the unit is being deleted). */
  removeOfUnit(unitId: string): Promise<void>;
  /** How many in scope were captured at or after `sinceIso` (an ISO instant, compared as capturedAt is stored). */
  countSince(scope: OrganizationScope, sinceIso: string): Promise<number>;
  /** The `limit` newest in scope, newest first, in the list's order (capture time, ties by id). */
  newest(scope: OrganizationScope, limit: number): Promise<Readonly<ScreenshotRecord>[]>;
  /** The uploaded image of a screenshot, if it has one. */
  image(screenshotId: string): Promise<ScreenshotImage | undefined>;
}
