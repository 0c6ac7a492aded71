import type { Task } from '../../machines/todo/types';
import { table, type MirageDb } from '../db';
import type { UserRow } from '../http';
import type { MirageContext, MirageDomain } from '../types';
import { isGeneratedUsername } from './users';
import type { TaskRecord, TaskRepository } from '../../core/todo-tasks';

/**
 * Tasks are per user: each signed-in account has its own list. `taskId` is the contract's numeric id,
 * counted per owner (last id + 1, 1 when the owner has none); Mirage's own string `id` stays internal.
 */
export type TaskRow = TaskRecord;

type SeedTask = Pick<Task, 'title' | 'desc' | 'tags'> & Partial<Pick<Task, 'isImportant' | 'isStarred' | 'isCompleted' | 'isTrashed'>>;

// Oldest first: the list answers newest first.
const SEED_TASKS: SeedTask[] = [
  {
    title: 'Set up the agent rollout checklist',
    desc: '<p>List every step for rolling the monitoring agent out to the <b>Hamburg</b> depot.</p>',
    tags: ['doc'],
    isCompleted: true,
  },
  {
    title: 'Fix login redirect after token expiry',
    desc: '<p>Users land on a blank page when the token expires mid-session.</p>',
    tags: ['bug', 'frontend'],
    isImportant: true,
    isCompleted: true,
  },
  {
    title: 'Add pagination to the processes endpoint',
    desc: '<p>Large units report more than 500 processes; page them by 50.</p>',
    tags: ['backend'],
    isStarred: true,
  },
  { title: 'Write the URL restriction guide', desc: '<p>Explain wildcard patterns with three worked examples.</p>', tags: ['doc'] },
  {
    title: 'Screenshot thumbnails load slowly',
    desc: '<p>Thumbnails are fetched at full size. Ask the API for the small rendition.</p>',
    tags: ['bug', 'backend'],
    isImportant: true,
  },
  { title: 'Review the dark theme contrast', desc: '<p>Badges on dark cards fall below 4.5:1.</p>', tags: ['frontend'], isStarred: true },
  {
    title: 'Rotate the demo API key',
    desc: '<p>The shared key has been in the slides for a year.</p>',
    tags: ['backend'],
    isImportant: true,
    isStarred: true,
  },
  { title: 'Old onboarding slides', desc: '<p>Superseded by the new guide.</p>', tags: ['doc'], isTrashed: true },
  {
    title: 'Translate the error pages into Portuguese',
    desc: '<p>404, 500 and maintenance still show English text.</p>',
    tags: ['frontend', 'doc'],
  },
  { title: 'Process list sorts PIDs as text', desc: '<p>PID 1000 is listed before PID 200.</p>', tags: ['bug'], isCompleted: true },
  {
    title: 'Prepare the quarterly prediction report',
    desc: '<p>Collect the figures by <i>Friday</i> and share them with the operations team.</p>',
    tags: ['backend', 'doc'],
    isStarred: true,
  },
  {
    title: 'Plan the maintenance window for unit 12',
    desc: '<p>Coordinate with the night shift before switching it to maintenance.</p>',
    tags: [],
    isImportant: true,
  },
];

const tasksOf = (db: MirageDb) => table<TaskRow>(db, 'tasks');

/** The tasks answered from the rows in memory (the embedded backend). */
export function memoryTasks(db: MirageDb): TaskRepository {
  const ofOwner = (ownerId: string) => tasksOf(db).where((t) => t.ownerId === ownerId);
  return {
    ofOwner: (ownerId) => Promise.resolve(ofOwner(ownerId)),
    get: (ownerId, taskId) => Promise.resolve(ofOwner(ownerId).find((t) => t.taskId === taskId)),
    insert: (task) => Promise.resolve(tasksOf(db).insert(task)),
    update: (id, patch) => Promise.resolve(tasksOf(db).update(id, patch)),
  };
}

/** The tasks in memory (the embedded backend's). */
export const taskStore = (db: MirageDb): TaskRepository => memoryTasks(db);

/**
 * Gives every seeded account the starter tasks; at the large seed only the named demo accounts. The
 * 50,000 generated accounts start with an empty list: 12 tasks each were 600,000 rows, four fifths of
 * the database, and made every to-do write scan them (the write cost grew with the seed).
 */
export function seedTodo(db: MirageDb, ctx?: Pick<MirageContext, 'seed'>): void {
  const tasks = tasksOf(db);
  const users = table<UserRow>(db, 'users').rows();
  const owners = ctx?.seed === 'large' ? users.filter((u) => !isGeneratedUsername(u.username)) : users;
  for (const user of owners) {
    tasks.insertMany(
      SEED_TASKS.map((t, i) => ({
        taskId: i + 1,
        ownerId: String(user.id),
        title: t.title,
        desc: t.desc,
        tags: [...t.tags],
        isImportant: t.isImportant ?? false,
        isStarred: t.isStarred ?? false,
        isCompleted: t.isCompleted ?? false,
        isTrashed: t.isTrashed ?? false,
      })),
    );
  }
}

export const todoDomain: MirageDomain = {
  name: 'todo',
  seed: (db, ctx) => seedTodo(db, ctx),
  // Its endpoints are the API app's (api/routes/tasks.ts).
  routes: () => undefined,
};
