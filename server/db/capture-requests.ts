import type { CaptureRequestRecord, CaptureRequestRepository } from '../../core/capture-requests';
import { CAPTURE_REQUESTS } from '../../mirage/capture-requests';
import { newRecordId } from '../../mirage/record-ids';
import { collectionRecords } from './records';
import type { Queryable } from './sql';
import { reader, writer, type WriteBatch } from './unit-of-work';

/**
 * The screen-capture requests in PostgreSQL only: the server's CaptureRequestRepository
 * (core/capture-requests.ts), records of `rows` read and written by id (server/db/records.ts).
 */

export { CAPTURE_REQUESTS };

export function createSqlCaptureRequests(sql: Queryable, writeBatch: WriteBatch): CaptureRequestRepository {
  const records = collectionRecords<CaptureRequestRecord>(CAPTURE_REQUESTS, writeBatch);
  return {
    get: (id) => records.get(reader(sql), id),
    insert: (request) => records.putOne({ ...request, id: newRecordId() }),
    update: records.update,
    async removeRequestedBefore(before) {
      const { tx } = await writer();
      // Pruning runs every few minutes at most: a walk over the collection's key range, no index of its own.
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM rows WHERE collection = '${CAPTURE_REQUESTS}' AND NOT deleted AND (data ->> 'requestedAt')::float8 < $1`,
        [before],
      );
      await records.remove(rows.map((row) => row.id));
      return rows.length;
    },
  };
}
