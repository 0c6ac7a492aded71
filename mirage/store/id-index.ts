import { changeCountOf, type MirageDb, type Row } from '../db';
import { collectionsOf, rawDb, type MirageCollection } from '../mirage-internals';

/**
 * Finding a row by id without walking the collection. Mirage's `_findRecord` (behind `find`, `update(id)`,
 * `remove(id)` and the change log) is a linear `Array.find`: every authenticated request looks its user up
 * by id, and at the large seed the stored users come back in key order, where "4" sits behind "1…", "2…" and
 * "3…", 33,333 rows in (npm run bench: a to-do create cost 2 ms more at the large seed, all of it here).
 *
 * The index maps id → row object. Mirage updates rows in place (the object stays), inserts push, removes
 * splice. An insert or update through the collection keeps the index (an insert adds its rows); a remove, or
 * any change made behind Mirage's back (the change log's undo, adopting stored rows: they mark the collection
 * changed, mirage/db.ts markChanged) rebuilds it at the next lookup. A lookup that misses walks the rows, so
 * an index that were ever short of a row could not hide it.
 */
export function indexIds(db: MirageDb): void {
  const raw = rawDb(db);
  const indexed = new WeakSet<MirageCollection>();

  const install = (collection: MirageCollection) => {
    if (indexed.has(collection)) return;
    indexed.add(collection);
    let byId: Map<string, Row> | null = null;
    let rows: Row[] | null = null;
    let length = -1;
    let changes = -1;
    // Inside our own insert/update/remove: the change counter has already moved for it (mirage/db.ts counts
    // before Mirage runs), and Mirage's own lookups in there must not take that for a change behind its back.
    let inside = 0;
    const current = () => changeCountOf(db, collection.name);
    const valid = () => byId !== null && collection._records === rows && rows.length === length && (inside > 0 || current() === changes);
    const within = <T>(run: () => T): T => {
      inside += 1;
      try {
        return run();
      } finally {
        inside -= 1;
      }
    };
    const build = () => {
      rows = collection._records;
      byId = new Map();
      for (const row of rows) byId.set(String(row.id), row);
      length = rows.length;
      changes = current();
      return byId;
    };
    const { _findRecord, insert, update, remove } = collection;
    collection._findRecord = function (id: string | number) {
      const key = String(id);
      const found = (valid() && byId ? byId : build()).get(key);
      return found !== undefined && found.id === key ? found : _findRecord.call(collection, id);
    };
    collection.insert = function (data: unknown) {
      const before = valid() ? length : -1;
      const result = within(() => insert.call(collection, data));
      // Rows an insert pushed (Mirage returns copies: the stored ones are the last rows).
      if (before >= 0 && byId && rows === collection._records) {
        for (let i = before; i < rows.length; i += 1) {
          const row = rows[i] as Row;
          byId.set(String(row.id), row);
        }
        length = rows.length;
        changes = current();
      }
      return result;
    };
    collection.update = function (target: unknown, attrs?: unknown) {
      const kept = valid();
      const result = within(() => (attrs === undefined ? update.call(collection, target) : update.call(collection, target, attrs)));
      // In place: the same objects under the same ids.
      if (kept) changes = current();
      return result;
    };
    collection.remove = function (target?: unknown) {
      const kept = valid();
      within(() => remove.call(collection, target));
      // One row by id: it leaves the index; anything else (a query, every row) rebuilds it at the next lookup.
      if (kept && byId && (typeof target === 'string' || typeof target === 'number') && rows === collection._records) {
        byId.delete(String(target));
        length = rows.length;
        changes = current();
      } else byId = null;
    };
  };

  collectionsOf(db).forEach(install);
  const { createCollection } = raw;
  raw.createCollection = function (name: string, initialData?: unknown[]) {
    const result = createCollection.call(raw, name, initialData);
    const created = collectionsOf(db).find((c) => c.name === name);
    if (created) install(created);
    return result;
  };
}
