import type { Row, Table } from './db';

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
