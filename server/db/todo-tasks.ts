import type { TaskRecord, TaskRepository } from '../../core/todo-tasks';
import type { TaskTagValue } from '../../machines/todo/types';
import { newRecordId } from '../../mirage/record-ids';
import { storeWhole, upsertStatement } from './entity-table';
import { storable } from './records';
import type { Queryable } from './sql';
import { reader, writer, writeRows } from './unit-of-work';

/**
 * The to-do app's tasks in their own table (server/migrations/036_todo_tasks.sql): the server's TaskRepository
 * (core/todo-tasks.ts). A write stores tasks whole in the request's unit of work; reads in it see its writes, so the next task number is counted in the write's serializable transaction.
 * An owner's tasks are found by todo_tasks_number_unique (owner, number); an account's deletion takes them.
 */

export const TASKS = 'tasks';

const COLUMNS = `t.id, t.owner_id, t.task_id, t.title, t.description, t.tags, t.is_important, t.is_starred, t.is_completed, t.is_trashed`;

interface TaskColumns {
  id: string;
  owner_id: string;
  task_id: number;
  title: string;
  description: string;
  tags: TaskTagValue[];
  is_important: boolean;
  is_starred: boolean;
  is_completed: boolean;
  is_trashed: boolean;
}

const taskOf = (row: TaskColumns): TaskRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  taskId: row.task_id,
  title: row.title,
  desc: row.description,
  tags: row.tags,
  isImportant: row.is_important,
  isStarred: row.is_starred,
  isCompleted: row.is_completed,
  isTrashed: row.is_trashed,
});

const TYPES: Record<string, string> = {
  id: 'text',
  owner_id: 'text',
  task_id: 'integer',
  title: 'text',
  description: 'text',
  tags: 'text[]',
  is_important: 'boolean',
  is_starred: 'boolean',
  is_completed: 'boolean',
  is_trashed: 'boolean',
};

const record = (task: TaskRecord): Record<string, unknown> => ({
  id: String(task.id),
  owner_id: String(task.ownerId),
  task_id: task.taskId,
  title: task.title,
  description: task.desc,
  tags: task.tags,
  is_important: task.isImportant,
  is_starred: task.isStarred,
  is_completed: task.isCompleted,
  is_trashed: task.isTrashed,
});

const UPSERT = upsertStatement('todo_tasks', 'id', TYPES);

/** Stores tasks whole and deletes tasks, in the caller's transaction (the repository's writes, a whole seed). */
export async function writeTasks(tx: Queryable, put: readonly TaskRecord[], deleted: readonly string[]): Promise<void> {
  await storeWhole(tx, { name: 'todo_tasks', upsert: UPSERT, record }, put, deleted);
}

export function createSqlTasks(sql: Queryable): TaskRepository {
  const select = async (db: Queryable, where: string, values: readonly unknown[]) =>
    (await db.query<TaskColumns>(`SELECT ${COLUMNS} FROM todo_tasks t WHERE ${where}`, [...values])).rows.map(taskOf);
  const put = async (task: TaskRecord): Promise<TaskRecord> => {
    await writeRows(TASKS, writeTasks, [task]);
    return task;
  };
  return {
    ofOwner: async (ownerId) => (storable(ownerId) ? select(reader(sql), 't.owner_id = $1', [ownerId]) : []),
    async get(ownerId, taskId) {
      if (!storable(ownerId) || !Number.isSafeInteger(taskId) || taskId < 1 || taskId > 2 ** 31 - 1) return undefined;
      return (await select(reader(sql), 't.owner_id = $1 AND t.task_id = $2', [ownerId, taskId]))[0];
    },
    insert: (task) => put({ ...task, id: newRecordId() }),
    async update(id, patch) {
      const { tx } = await writer();
      const [existing] = storable(id) ? await select(tx, 't.id = $1', [id]) : [];
      if (!existing) throw new Error(`No task ${id}`);
      return put({ ...existing, ...patch });
    },
  };
}
