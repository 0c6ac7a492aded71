import { compareIds } from '../../core/record-ids';
import type { ServiceUnitRepository } from '../../core/service-units';
import type { ServiceUnitRow } from '../../mirage/unit-store';
import { newRecordId } from '../../mirage/record-ids';
import { parameters } from './list-table';
import { storable } from './records';
import { prepared, type Prepared, type Queryable } from './sql';
import { noteWritten, reader, writer, type WriteBatch } from './unit-of-work';
import { conditions, statusExpression } from './unit-list';
import { seenChanges } from '../../mirage/unit-store';
import { storeSeenAtOnce, UNIT_COLUMNS, UNIT_JOINS, UNITS, UNITS_FROM, unitOf, updateUnitColumns, type UnitColumns } from './unit-table';

/**
 * The server's ServiceUnitRepository (core/service-units.ts) on the units' tables (unit-table.ts). A write
 * stores a unit whole through the store's writeBatch, so the unit of work wakes who waits for it; the
 * database refuses a second unit of one name in an organization (service_units_name_unique): the write is
 * run again, and the rerun's own duplicate check answers 409.
 */

const byId = (a: ServiceUnitRow, b: ServiceUnitRow) => compareIds(a.id, b.id);
const BY_ID = prepared(`SELECT ${UNIT_COLUMNS} FROM ${UNITS_FROM} WHERE u.id = $1`);
const LOCKED_BY_ID = prepared(`SELECT ${UNIT_COLUMNS} FROM ${UNITS_FROM} WHERE u.id = $1 FOR UPDATE OF u`);

export function createSqlUnits(sql: Queryable, writeBatch: WriteBatch): ServiceUnitRepository<ServiceUnitRow> {
  const select = async (where: string | Prepared, values: readonly unknown[], db: Queryable = reader(sql)) =>
    (
      await db.query<UnitColumns>(typeof where === 'string' ? `SELECT ${UNIT_COLUMNS} FROM ${UNITS_FROM} ${where}` : where, [...values])
    ).rows.map(unitOf);
  const sorted = async (where: string, values: readonly unknown[]) => (await select(where, values)).sort(byId);
  // Every agent's request reads its unit by id (the credential's check).
  const get = async (id: string, db?: Queryable) => (storable(id) ? (await select(BY_ID, [id], db))[0] : undefined);
  /** The unit under its row lock (held to the end of the transaction): what a change merges with. */
  const locked = async (tx: Queryable, id: string) => (storable(id) ? (await select(LOCKED_BY_ID, [id], tx))[0] : undefined);
  const put = async (record: ServiceUnitRow): Promise<ServiceUnitRow> => {
    const { tx } = await writer();
    await writeBatch(tx, [{ collection: UNITS, put: [record], deleted: [] }]);
    return { ...record, version: record.version ?? 1 };
  };
  return {
    get: (id) => get(id),
    getMany(ids) {
      const wanted = [...new Set(ids)].filter(storable);
      return wanted.length === 0 ? Promise.resolve([]) : select('WHERE u.id = ANY($1::text[])', [wanted]);
    },
    async inScope(scope) {
      const params = parameters();
      const where = conditions(params, scope === 'all' ? 'all' : scope.filter(storable), null, 0);
      return sorted(where, params.values);
    },
    async withNames(organizationId, names) {
      const wanted = [...new Set(names)].filter(storable);
      if (wanted.length === 0 || !storable(organizationId)) return [];
      return sorted('WHERE u.organization_id = $1 AND u.name_lower = ANY($2::text[])', [organizationId, wanted]);
    },
    async countByStatus(scope, now) {
      const params = parameters();
      const where = conditions(params, scope === 'all' ? 'all' : scope.filter(storable), null, 0);
      const status = statusExpression(params, now, 'name');
      const { rows } = await reader(sql).query<{ status: string; n: number }>(
        `SELECT ${status} AS status, count(*)::int AS n FROM service_units u ${where} GROUP BY 1`,
        params.values,
      );
      const counts = { online: 0, offline: 0, maintenance: 0 };
      for (const row of rows)
        if (row.status === 'online' || row.status === 'offline' || row.status === 'maintenance') counts[row.status] = Number(row.n);
      return counts;
    },
    withSimulatedAgent: () => sorted(`WHERE a.kind = 'simulated' AND a.revoked_at IS NULL`, []),
    // Not announced offline, and not reporting (never seen, or seen longer ago than the online rule's window):
    // only those units' entries of the service_units_gone_quiet index. One conditional UPDATE: at READ
    // COMMITTED a row another sweep changed meanwhile is checked again once its lock is granted, and no
    // longer matches, so two sweeps never both answer a unit.
    async markQuietOffline(now) {
      const { tx } = await writer();
      const { rows } = await tx.query<UnitColumns>(
        `WITH u AS (
           UPDATE service_units SET announced_status = 'offline'
           WHERE announced_status IS DISTINCT FROM 'offline' AND (online_until_ms IS NULL OR online_until_ms < $1)
           RETURNING *)
         SELECT ${UNIT_COLUMNS} FROM u ${UNIT_JOINS}`,
        [now],
      );
      return rows.map(unitOf).sort(byId);
    },
    insert: (row) => put({ ...row, id: newRecordId() }),
    async update(id, patch) {
      const { tx } = await writer();
      const before = await locked(tx, id);
      if (!before) throw new Error(`No service unit ${id}`);
      const unit = { ...before, ...patch };
      await updateUnitColumns(tx, before, unit);
      // Its commit wakes who waits for the unit (a revoked agent's held poll).
      noteWritten([{ collection: UNITS, put: [unit], deleted: [] }]);
      return unit;
    },
    async recordSeen(id, seen) {
      const { tx } = await writer();
      const atOnce = await storeSeenAtOnce(tx, id, seen);
      if (atOnce) return atOnce;
      const before = await locked(tx, id);
      if (!before) return undefined;
      const unit = { ...before, ...seenChanges(before, seen) };
      await updateUnitColumns(tx, before, unit);
      return { before, unit };
    },
    async remove(id) {
      if (!storable(id)) return;
      const { tx } = await writer();
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM service_units WHERE id = $1', [id]);
      if (rows.length > 0) await writeBatch(tx, [{ collection: UNITS, put: [], deleted: [id] }]);
    },
  };
}
