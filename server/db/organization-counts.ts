import type { OrganizationCountRepository } from '../../core/organization-counts';
import type { Queryable } from './sql';
import { reader } from './unit-of-work';

/**
 * The organizations' user and unit counts in SQL: the server's OrganizationCountRepository
 * (core/organization-counts.ts), counted over the users' and units' list tables (which follow every write
 * in its transaction), through their indexes by organization (024_service_units.sql, 026_users.sql).
 */

const COUNTS = `SELECT 'users' AS kind, organization_id AS id, count(*)::int AS n FROM users WHERE organization_id IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'units', organization_id, count(*)::int FROM service_units WHERE organization_id IS NOT NULL GROUP BY 2`;

export function createSqlOrganizationCounts(sql: Queryable): OrganizationCountRepository {
  return {
    async all() {
      const { rows } = await reader(sql).query<{ kind: 'users' | 'units'; id: string; n: number }>(COUNTS);
      const users = new Map<string, number>();
      const units = new Map<string, number>();
      for (const row of rows) (row.kind === 'users' ? users : units).set(row.id, Number(row.n));
      return { users, units };
    },
    async of(organizationId) {
      const { rows } = await reader(sql).query<{ users: number; units: number }>(
        `SELECT (SELECT count(*)::int FROM users WHERE organization_id = $1) AS users,
                (SELECT count(*)::int FROM service_units WHERE organization_id = $1) AS units`,
        [organizationId.includes('\0') ? '' : organizationId],
      );
      return { userCount: Number(rows[0]?.users ?? 0), unitCount: Number(rows[0]?.units ?? 0) };
    },
  };
}
