/**
 * How many users and service units each organization has (the organizations' list, export and record, and
 * the check before a delete), behind one async repository. The embedded backend counts its rows in memory
 * (mirage/domains/organizations.ts); the server counts the users' and units' list tables in SQL
 * (server/db/organization-counts.ts), instead of walking 60,000 rows for every list at the large seed.
 */

export interface OrganizationCounts {
  userCount: number;
  unitCount: number;
}

export interface OrganizationCountRepository {
  /** The users and units of every organization that has any, by organization id. */
  all(): Promise<{ users: ReadonlyMap<string, number>; units: ReadonlyMap<string, number> }>;
  /** One organization's counts. */
  of(organizationId: string): Promise<OrganizationCounts>;
}
