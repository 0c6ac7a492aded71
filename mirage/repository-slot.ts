import type { MirageDb, Row, Table } from './db';

/**
 * Where a backend finds one collection's repository: the one set for its db (the server's PostgreSQL),
 * else the embedded backend's own over the rows in memory.
 */
export function repositorySlot<R>(inMemory: (db: MirageDb) => R) {
  const repositories = new WeakMap<MirageDb, R>();
  return {
    set(db: MirageDb, repository: R): void {
      repositories.set(db, repository);
    },
    get: (db: MirageDb): R => repositories.get(db) ?? inMemory(db),
  };
}

/** A memory repository's writes: the rows of one table, as promises (the repositories' interfaces are async). */
export function tableWrites<T extends Row>(rows: () => Table<T>) {
  return {
    insert: (row: Omit<T, 'id'> & Partial<Pick<T, 'id'>>): Promise<T> => Promise.resolve(rows().insert(row)),
    update: (id: string, patch: Partial<Omit<T, 'id'>>): Promise<T> => Promise.resolve(rows().update(id, patch as Partial<T>)),
    remove(id: string): Promise<void> {
      rows().remove(id);
      return Promise.resolve();
    },
  };
}
