import { table, type DbDump, type MirageDb, type Row } from '../db';
import type { SessionRow, UserRow } from '../http';
import type { ChangeBatch } from './change-log';
import type { RowStore, SeedJournal } from './row-store';
import { validateRows } from './schemas';

/**
 * Brings in the accounts and sessions another tab stored (each tab runs its own Mirage over the one
 * stored database). Rows are matched by email and token, never overwritten, and a revocation wins.
 */
export function mergeAuthRows(db: MirageDb, dump: DbDump): void {
  const users = table<UserRow>(db, 'users');
  const sessions = table<SessionRow>(db, 'sessions');
  const userIds = new Map<string, string | number>();
  const incoming = (dump['users'] ?? []) as UserRow[];
  // One pass to index local accounts by email: with the large seed's 50,000 users a lookup per
  // stored row would be billions of comparisons on every sign-in sync.
  const byEmail = new Map<string, Readonly<UserRow>>();
  // The stored rows themselves (read only here), not copies: 50,000 copies per sign-in at the large seed.
  if (incoming.length > 0) for (const u of users.rows()) byEmail.set(u.email.toLowerCase(), u);
  const tokens = new Map<string, Readonly<SessionRow>>();
  if ((dump['sessions'] ?? []).length > 0) for (const s of sessions.rows()) tokens.set(s.accessToken, s);
  for (const row of incoming) {
    const local = byEmail.get(row.email.toLowerCase());
    if (local) {
      userIds.set(String(row.id), local.id);
      continue;
    }
    const { id, ...rest } = row;
    const inserted = users.find(id) ? users.insert(rest) : users.insert(row);
    byEmail.set(inserted.email.toLowerCase(), inserted);
    userIds.set(String(id), inserted.id);
  }
  for (const row of (dump['sessions'] ?? []) as SessionRow[]) {
    const local = tokens.get(row.accessToken);
    if (local) {
      if (row.revoked && !local.revoked) sessions.update(local.id, { revoked: true });
      continue;
    }
    const { id: _id, ...rest } = row;
    tokens.set(row.accessToken, sessions.insert({ ...rest, userId: userIds.get(String(row.userId)) ?? row.userId }));
  }
}

/**
 * Applies the rows another tab committed (its broadcast batch) to this tab's database: accounts and
 * sessions through mergeAuthRows, every other row by id (the stored row is the truth), and deletions.
 */
export function applyRemoteBatch(db: MirageDb, batch: ChangeBatch): void {
  const auth: DbDump = {};
  for (const { collection, put, deleted } of batch) {
    const rows = table<Row>(db, collection);
    for (const id of deleted) if (rows.find(id)) rows.remove(id);
    if (collection === 'users') {
      // The same account (same id and email) changed in the other tab: take its new values.
      const same = (row: Row) => {
        const local = rows.find(row.id) as UserRow | undefined;
        return local !== undefined && local.email.toLowerCase() === (row as UserRow).email.toLowerCase();
      };
      for (const row of put.filter(same)) rows.update(row.id, row);
      auth[collection] = put.filter((row) => !same(row));
      continue;
    }
    if (collection === 'sessions') {
      auth[collection] = put;
      continue;
    }
    for (const row of put) {
      if (rows.find(row.id)) rows.update(row.id, row);
      else rows.insert(row);
    }
  }
  mergeAuthRows(db, auth);
}

/**
 * The rows a journal names (docs/persistence.md, "First visit"), as stored: a key with a readable row is put,
 * a key with none was deleted; an unreadable row is left out (the new seed's row stays).
 */
export async function readJournal(store: RowStore, journal: SeedJournal): Promise<ChangeBatch> {
  const values = await store.loadKeys(journal.keys);
  const { dump } = validateRows(
    journal.keys.flatMap(([collection], i) => (values[i] === undefined ? [] : [{ collection, row: values[i] }])),
    (entry) => entry,
  );
  const deleted = new Map<string, string[]>();
  journal.keys.forEach(([collection, id], i) => {
    if (values[i] === undefined) deleted.set(collection, [...(deleted.get(collection) ?? []), id]);
  });
  const names = new Set([...Object.keys(dump), ...deleted.keys()]);
  return [...names].map((collection) => ({ collection, put: dump[collection] ?? [], deleted: deleted.get(collection) ?? [] }));
}

/** Puts a journal's rows over a fresh seed: by id, the stored row is the truth (its fields, no others). */
export function applyJournal(db: MirageDb, batch: ChangeBatch): void {
  for (const { collection, put, deleted } of batch) {
    const rows = table<Row>(db, collection);
    for (const id of deleted) if (rows.find(id)) rows.remove(id);
    for (const row of put) {
      const local = rows.find(row.id);
      if (!local) {
        rows.insert(row);
        continue;
      }
      const gone = Object.keys(local).filter((field) => !(field in row));
      rows.update(row.id, { ...Object.fromEntries(gone.map((field) => [field, undefined])), ...row });
    }
  }
}
