/**
 * The organizations' records behind one async repository: every rule that reads or writes an organization
 * (its record and status changes, a sign-in's check of its status, a user's organization, the pickers,
 * the dashboard and the prediction report) goes through it. The embedded backend's is the rows in memory
 * (mirage/domains/organizations.ts); the server's is PostgreSQL (server/db/organizations.ts), so no server
 * process holds them in memory. The list and its counts have their own repositories (organization-list.ts,
 * organization-counts.ts).
 *
 * `T` is the stored row (older rows lack the administration fields: callers apply their defaults).
 */
export interface OrganizationRepository<T extends { id: string | number }> {
  get(id: string): Promise<T | undefined>;
  /** The stored ones of these ids, in no particular order. */
  getMany(ids: readonly string[]): Promise<T[]>;
  /** Every organization, in creation order (core/record-ids.ts's compareIds): there are few, 1,000 at the large seed. */
  all(): Promise<T[]>;
  count(): Promise<number>;
  /** Stores a new organization under a new id and answers it. */
  insert(row: Omit<T, 'id'>): Promise<T>;
  /** Changes a stored organization and answers it (the caller found it first). */
  update(id: string, patch: Partial<Omit<T, 'id'>>): Promise<T>;
  remove(id: string): Promise<void>;
}
