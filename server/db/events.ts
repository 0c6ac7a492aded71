import { EVENTS_COLLECTION, type EventRecord, type EventRepository } from '../../core/events';
import { collectionRecords } from './records';
import type { Queryable } from './sql';
import { reader, stageNumbered, writer, type WriteBatch } from './unit-of-work';

/**
 * The live events in PostgreSQL only: the server's EventRepository (core/events.ts). An event is appended
 * with the request's unit of work and numbered when it is stored, under the write lock, one past the
 * greatest number given (server/migrations/021_events.sql), so numbers grow in commit order on every
 * instance. Its row wakes the streams of every instance that catches up with it (server/events/hub.ts).
 */

const ORDER = `lpad(id, 20, '0') COLLATE "C"`;
const padded = (id: number): string => String(Math.max(0, Math.trunc(id))).padStart(20, '0');

const newestOf = async (db: Queryable, live: boolean): Promise<number> => {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM rows WHERE collection = '${EVENTS_COLLECTION}' ${live ? 'AND NOT deleted' : ''} ORDER BY ${ORDER} DESC LIMIT 1`,
  );
  return rows[0] ? Number(rows[0].id) : 0;
};

export function createSqlEvents(sql: Queryable, writeBatch: WriteBatch): EventRepository {
  const records = collectionRecords<EventRecord>(EVENTS_COLLECTION, writeBatch);
  return {
    append(event) {
      stageNumbered(EVENTS_COLLECTION, event, async (tx) => (await newestOf(tx, false)) + 1);
    },
    newestId: () => newestOf(reader(sql), true),
    after: (after, limit) =>
      records.select(
        reader(sql),
        `SELECT data FROM rows WHERE collection = '${EVENTS_COLLECTION}' AND NOT deleted AND ${ORDER} > $1 ORDER BY ${ORDER} LIMIT $2`,
        [padded(after), limit],
      ),
    async prune(keep, before) {
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM (
           SELECT id, data ->> 'at' AS at, row_number() OVER (ORDER BY ${ORDER} DESC) AS place
           FROM rows WHERE collection = '${EVENTS_COLLECTION}' AND NOT deleted
         ) newest_first
         WHERE place > 1 AND (place > $1 OR at COLLATE "C" < $2)`,
        [keep, before],
      );
      await records.remove(rows.map((row) => row.id));
      return rows.length;
    },
  };
}
