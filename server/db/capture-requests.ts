import type { CaptureRequestRecord, CaptureRequestRepository } from '../../core/capture-requests';
import { CAPTURE_REQUESTS } from '../../mirage/capture-requests';
import { newRecordId } from '../../mirage/record-ids';
import { storeWhole, upsertStatement } from './entity-table';
import { storable } from './records';
import type { Queryable } from './sql';
import { reader, writer, writeRows } from './unit-of-work';

/**
 * The screen-capture requests in their own table (server/migrations/038_capture_requests.sql): the server's
 * CaptureRequestRepository (core/capture-requests.ts). A write stores requests whole in the request's
 * transaction. A request outlives its unit (no foreign key, 041) until the prune, so a
 * pending one of a deleted unit is answered failed, `unitGone`, as in memory.
 */

export { CAPTURE_REQUESTS };

/** requestedAt is epoch milliseconds in the domain, a timestamptz here. */
const COLUMNS = `c.id, c.service_unit_id, c.organization_id, c.command_id,
  round(extract(epoch FROM c.requested_at) * 1000)::float8 AS requested_at, c.status, c.screenshot_id, c.failure_reason`;

interface CaptureRequestColumns {
  id: string;
  service_unit_id: string;
  organization_id: string;
  command_id: string | null;
  requested_at: number;
  status: CaptureRequestRecord['status'];
  screenshot_id: string | null;
  failure_reason: string | null;
}

const requestOf = (row: CaptureRequestColumns): CaptureRequestRecord => ({
  id: row.id,
  serviceUnitId: row.service_unit_id,
  organizationId: row.organization_id,
  commandId: row.command_id,
  requestedAt: Number(row.requested_at),
  status: row.status,
  screenshotId: row.screenshot_id,
  failureReason: row.failure_reason,
});

const TYPES: Record<string, string> = {
  id: 'text',
  service_unit_id: 'text',
  organization_id: 'text',
  command_id: 'text',
  requested_at: 'timestamptz',
  status: 'text',
  screenshot_id: 'text',
  failure_reason: 'text',
};

/** An instant in epoch milliseconds as a timestamptz bound (beyond every instant when it is none). */
const instant = (ms: number): string =>
  Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : ms < 0 ? '-infinity' : 'infinity';

const record = (request: CaptureRequestRecord): Record<string, unknown> => ({
  id: String(request.id),
  service_unit_id: String(request.serviceUnitId),
  organization_id: String(request.organizationId),
  command_id: request.commandId ?? null,
  requested_at: instant(request.requestedAt),
  status: request.status,
  screenshot_id: request.screenshotId,
  failure_reason: request.failureReason,
});

const UPSERT = upsertStatement('capture_requests', 'id', TYPES);

/** Stores requests whole and deletes requests, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeCaptureRequests(tx: Queryable, put: readonly CaptureRequestRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'capture_requests', upsert: UPSERT, record }, put, deleted);
}

export function createSqlCaptureRequests(sql: Queryable): CaptureRequestRepository {
  const select = async (db: Queryable, id: string) =>
    storable(id)
      ? (await db.query<CaptureRequestColumns>(`SELECT ${COLUMNS} FROM capture_requests c WHERE c.id = $1`, [id])).rows.map(requestOf)[0]
      : undefined;
  const store = async (put: CaptureRequestRecord[], deleted: string[]) => {
    if (put.length === 0 && deleted.length === 0) return;
    await writeRows(CAPTURE_REQUESTS, writeCaptureRequests, put, deleted);
  };
  return {
    get: (id) => select(reader(sql), id),
    async insert(request) {
      const stored = { ...request, id: newRecordId() };
      await store([stored], []);
      return stored;
    },
    async update(id, patch) {
      const { tx } = await writer();
      const existing = await select(tx, id);
      if (!existing) throw new Error(`No capture request ${id}`);
      const changed = { ...existing, ...patch };
      await store([changed], []);
      return changed;
    },
    async removeRequestedBefore(before) {
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM capture_requests WHERE requested_at < $1::timestamptz', [
        instant(before),
      ]);
      await store(
        [],
        rows.map((row) => row.id),
      );
      return rows.length;
    },
  };
}
