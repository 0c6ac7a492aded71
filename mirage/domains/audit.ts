import { changeCountOf, table, type MirageDb } from '../db';
import type { MirageDomain } from '../types';
import { auditMatches, compareAuditEntries, type AuditEntry, type AuditLogRepository } from '../../core/audit-list';

/**
 * The audit log: every change an administrator makes through the organizations and users endpoints
 * (and any other service that calls `recordAudit`, api/audit.ts). Rows are append-only.
 */

export type AuditRow = AuditEntry;

/** The log's collection. */
export const AUDIT_LOG = 'auditLog';
export const auditTable = (db: MirageDb) => table<AuditRow>(db, AUDIT_LOG);

/** The log oldest first as of a change count: null when the rows themselves are (the common case). */
const oldestFirstCache = new WeakMap<MirageDb, { changes: number; sorted: readonly Readonly<AuditRow>[] | null }>();

/**
 * The log's rows oldest first, not copied. Entries are written in time order, so they are the rows
 * themselves, checked once per change of the log (one pass); rows loaded or written otherwise (another
 * order of a restore, equal times) are sorted once per change instead, an array of the same rows.
 */
function oldestFirst(db: MirageDb): readonly Readonly<AuditRow>[] {
  const rows = auditTable(db).rows();
  const changes = changeCountOf(db, AUDIT_LOG);
  const known = oldestFirstCache.get(db);
  if (known?.changes === changes) return known.sorted ?? rows;
  let ordered = true;
  for (let i = 1; i < rows.length && ordered; i += 1) {
    ordered = compareAuditEntries(rows[i - 1] as AuditRow, rows[i] as AuditRow) <= 0;
  }
  const sorted = ordered ? null : [...rows].sort(compareAuditEntries);
  oldestFirstCache.set(db, { changes, sorted });
  return sorted ?? rows;
}

/** The audit log in memory (the embedded backend): appended to its rows; its list one backwards walk, newest first. */
export function memoryAuditLog(db: MirageDb): AuditLogRepository<Readonly<AuditRow>> {
  return {
    append(entry) {
      auditTable(db).insert(entry);
    },
    list(query) {
      const rows = oldestFirst(db);
      const start = (query.page - 1) * query.pageSize;
      const end = start + query.pageSize;
      const page: Readonly<AuditRow>[] = [];
      const filtered = query.resources.length + query.actorIds.length + query.organizationIds.length + query.recordIds.length > 0;
      if (!filtered) {
        for (let i = rows.length - 1 - start; i >= 0 && page.length < query.pageSize; i -= 1) page.push(rows[i] as AuditRow);
        return Promise.resolve({ rows: page, total: rows.length });
      }
      // Every match counts towards the total; only the page's are kept.
      let total = 0;
      for (let i = rows.length - 1; i >= 0; i -= 1) {
        const row = rows[i] as AuditRow;
        if (!auditMatches(row, query)) continue;
        if (total >= start && total < end) page.push(row);
        total += 1;
      }
      return Promise.resolve({ rows: page, total });
    },
  };
}

/** The audit log in memory (the embedded backend's). */
export const auditStore = (db: MirageDb) => memoryAuditLog(db);

/** The log's reads are the API app's (api/routes/audit.ts); every domain writes through `recordAudit`. */
export const auditDomain: MirageDomain = {
  name: 'audit',
  routes: () => undefined,
};
