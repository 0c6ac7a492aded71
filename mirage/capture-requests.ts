import type { CaptureRequestRecord, CaptureRequestRepository } from '../core/capture-requests';
import { table, type MirageDb } from './db';

/**
 * A person's request to capture a unit's screen (`POST /api/service-units/{id}/capture`), settled by the
 * unit's agent: delivered with its screenshot, or failed with a reason. The screenshots domain makes them,
 * the agents domain settles them.
 */

export type CaptureRequestRow = CaptureRequestRecord;

export const CAPTURE_REQUESTS = 'captureRequests';
const capturesTable = (db: MirageDb) => table<CaptureRequestRow>(db, CAPTURE_REQUESTS);

/** The embedded backend's capture requests: the rows in memory (the server's: server/db/capture-requests.ts). */
export function memoryCaptureRequests(db: MirageDb): CaptureRequestRepository {
  return {
    get: (id) => Promise.resolve(capturesTable(db).find(id)),
    insert: (request) => Promise.resolve(capturesTable(db).insert(request)),
    update: (id, patch) => Promise.resolve(capturesTable(db).update(id, patch)),
    removeRequestedBefore(before) {
      const ids = capturesTable(db)
        .rows()
        .filter((row) => row.requestedAt < before)
        .map((row) => row.id);
      for (const id of ids) capturesTable(db).remove(id);
      return Promise.resolve(ids.length);
    },
  };
}

/** The capture requests in memory (the embedded backend's). */
export const captureStore = (db: MirageDb): CaptureRequestRepository => memoryCaptureRequests(db);
