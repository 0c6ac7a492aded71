import { compareIds } from '../../core/record-ids';
import type { ServiceUnitRepository } from '../../core/service-units';
import type { ServiceUnitRow } from '../../mirage/domains/service-units';
import { newRecordId } from '../../mirage/record-ids';
import { parameters } from './list-table';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { reader, type WriteBatch } from './unit-of-work';
import { conditions, statusExpression, UNITS } from './unit-list';

/**
 * The service units in PostgreSQL only: the server's ServiceUnitRepository (core/service-units.ts). They stay
 * records of `rows`, so a write takes a change number and `unit_list` follows it in the same transaction
 * (the row store's writeBatch); reads in a unit of work see their own writes. Lookups go through unit_list's
 * columns (its search[1] is core's lower-cased name, online_until_ms the online rule's window) and the
 * indexes of 020_unit_lookups.sql and 022_unit_sweep.sql, never a walk of 10,000 rows; only the prediction report and the start-up
 * repair read every unit.
 */

/** unit_list joined to the records themselves. */
const LISTED = `FROM unit_list u JOIN rows r ON r.collection = '${UNITS}' AND r.id = u.id AND NOT r.deleted`;
const byId = (a: ServiceUnitRow, b: ServiceUnitRow) => compareIds(a.id, b.id);

export function createSqlUnits(sql: Queryable, writeBatch: WriteBatch): ServiceUnitRepository<ServiceUnitRow> {
  const records = collectionRecords<ServiceUnitRow>(UNITS, writeBatch);
  const datas = async (text: string, values: readonly unknown[]) => (await records.select(reader(sql), text, values)).sort(byId);
  return {
    get: (id) => records.get(reader(sql), id),
    getMany: (ids) => records.getMany(reader(sql), ids),
    async inScope(scope) {
      const params = parameters();
      const where = conditions(params, scope === 'all' ? 'all' : scope.filter(storable), null, 0);
      return datas(`SELECT r.data ${LISTED} ${where}`, params.values);
    },
    async withNames(organizationId, names) {
      const wanted = [...new Set(names)].filter(storable);
      if (wanted.length === 0 || !storable(organizationId)) return [];
      return datas(`SELECT r.data ${LISTED} WHERE u.organization_id = $1 AND u.search[1] = ANY($2::text[])`, [organizationId, wanted]);
    },
    async countByStatus(scope, now) {
      const params = parameters();
      const where = conditions(params, scope === 'all' ? 'all' : scope.filter(storable), null, 0);
      const status = statusExpression(params, now, 'name');
      const { rows } = await reader(sql).query<{ status: string; n: number }>(
        `SELECT ${status} AS status, count(*)::int AS n FROM unit_list u ${where} GROUP BY 1`,
        params.values,
      );
      const counts = { online: 0, offline: 0, maintenance: 0 };
      for (const row of rows)
        if (row.status === 'online' || row.status === 'offline' || row.status === 'maintenance') counts[row.status] = Number(row.n);
      return counts;
    },
    withSimulatedAgent: () =>
      datas(
        `SELECT data FROM rows WHERE collection = '${UNITS}' AND NOT deleted
         AND data -> 'agent' ->> 'kind' = 'simulated' AND data -> 'agent' ->> 'revokedAt' IS NULL`,
        [],
      ),
    // Not announced offline, and not reporting (never seen, or seen longer ago than the online rule's
    // window, as unit_list holds it): only those units' entries of 022_unit_sweep.sql's index.
    goneQuiet: (now) =>
      datas(`SELECT r.data ${LISTED} WHERE NOT u.announced_offline AND (u.online_until_ms IS NULL OR u.online_until_ms < $1)`, [now]),
    insert: (row) => records.putOne({ ...row, id: newRecordId() }),
    update: (id, patch) => records.update(id, patch),
    replace: (record) => records.putOne(record),
    remove: (id) => records.remove([id]),
  };
}
