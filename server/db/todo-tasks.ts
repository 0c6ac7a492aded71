import type { TaskRecord, TaskRepository } from '../../core/todo-tasks';
import { newRecordId } from '../../mirage/record-ids';
import { collectionRecords, storable } from './records';
import type { Queryable } from './sql';
import { reader, type WriteBatch } from './unit-of-work';

/**
 * The to-do app's tasks in PostgreSQL only: the server's TaskRepository (core/todo-tasks.ts). They stay
 * records of `rows` (a write takes a change number through the row store's writeBatch); an owner's are
 * found through the partial index of server/migrations/010_todo_tasks.sql. Reads in a unit of work see
 * its own writes, so the next task number is counted in the write's serializable transaction.
 */

export const TASKS = 'tasks';

export function createSqlTasks(sql: Queryable, writeBatch: WriteBatch): TaskRepository {
  const ofOwner = async (db: Queryable, ownerId: string, taskId?: number): Promise<TaskRecord[]> => {
    if (!storable(ownerId)) return [];
    const { rows } = await db.query<{ data: TaskRecord }>(
      `SELECT data FROM rows WHERE collection = '${TASKS}' AND NOT deleted AND data ->> 'ownerId' = $1
       AND ($2::text IS NULL OR data ->> 'taskId' = $2)`,
      [ownerId, taskId === undefined ? null : String(taskId)],
    );
    return rows.map((row) => row.data);
  };
  const records = collectionRecords<TaskRecord>(TASKS, writeBatch);
  return {
    ofOwner: (ownerId) => ofOwner(reader(sql), ownerId),
    async get(ownerId, taskId) {
      return (await ofOwner(reader(sql), ownerId, taskId))[0];
    },
    insert: (task) => records.putOne({ ...task, id: newRecordId() }),
    update: records.update,
  };
}
