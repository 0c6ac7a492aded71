import type { Task } from '../machines/todo/types';

/**
 * The to-do app's tasks behind one async repository: every rule of the to-do domain (a user's list, a task,
 * the next task number, writes) reads and writes them through it. The embedded backend's is the rows in
 * memory (mirage/domains/todo.ts); the server's is PostgreSQL (server/db/todo-tasks.ts), so no server
 * process holds them in memory.
 */

/**
 * A stored task: `taskId` is the contract's numeric id, counted per owner (last id + 1); `id` is the
 * store's own and stays internal.
 */
export interface TaskRecord extends Omit<Task, 'id'> {
  id: string | number;
  taskId: number;
  ownerId: string;
}

export type NewTask = Omit<TaskRecord, 'id'>;
export type TaskRecordPatch = Partial<Omit<TaskRecord, 'id' | 'taskId' | 'ownerId'>>;

export interface TaskRepository {
  /** Every task of the owner, in no particular order. */
  ofOwner(ownerId: string): Promise<Readonly<TaskRecord>[]>;
  /** The owner's task with this number. */
  get(ownerId: string, taskId: number): Promise<Readonly<TaskRecord> | undefined>;
  insert(task: NewTask): Promise<Readonly<TaskRecord>>;
  /** Changes a stored task (by the store's id); answers it as stored. */
  update(id: string, patch: TaskRecordPatch): Promise<Readonly<TaskRecord>>;
}
