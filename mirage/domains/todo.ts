import type { Request, Response, Server } from 'miragejs';
import type { Task, TaskFilter, TaskPatch, TaskTag, TaskTagValue } from '../../machines/todo/types';
import { table, type MirageDb } from '../db';
import { errorResponse, isRecord, json, parseBody, queryParam, withAuth, type UserRow } from '../http';
import type { MirageContext, MirageDomain } from '../types';
import { isGeneratedUsername } from './users';
import { readText, textMessage, type TextProblem } from '../../machines/text/text-rules';
import { TASK_TEXT_RULES } from '../../machines/todo/task-rules';
import { idempotent } from '../idempotency';
import type { TaskRecord, TaskRepository } from '../../core/todo-tasks';
import { givenRepository } from '../given-repositories';

/**
 * Tasks are per user: each signed-in account has its own list. `taskId` is the contract's numeric id,
 * counted per owner (last id + 1, 1 when the owner has none); Mirage's own string `id` stays internal.
 */
export type TaskRow = TaskRecord;

interface TaskTagEntry {
  tagId: number;
  text: string;
  value: TaskTagValue;
  color: TaskTag['color'];
}

// Runtime copies: mirage/ may import only types from machines/.
const TAG_VALUES: readonly TaskTagValue[] = ['frontend', 'backend', 'doc', 'bug'];
const VIEW_FILTERS = ['all', 'starred', 'important', 'completed', 'trashed'] as const;
const FLAG_FIELDS = ['isImportant', 'isStarred', 'isCompleted', 'isTrashed'] as const;

/** The tag list is reference data, the same for every account and backend: it is not stored. */
const TAGS: readonly TaskTagEntry[] = [
  { tagId: 1, text: 'Frontend', value: 'frontend', color: 'primary' },
  { tagId: 2, text: 'Backend', value: 'backend', color: 'warning' },
  { tagId: 3, text: 'Doc', value: 'doc', color: 'success' },
  { tagId: 4, text: 'Bug', value: 'bug', color: 'danger' },
];

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

function toTask(row: TaskRow): Task {
  return {
    id: row.taskId,
    title: row.title,
    desc: row.desc,
    tags: [...row.tags],
    isImportant: row.isImportant,
    isStarred: row.isStarred,
    isCompleted: row.isCompleted,
    isTrashed: row.isTrashed,
  };
}

function toTag(row: TaskTagEntry): TaskTag {
  return { id: row.tagId, text: row.text, value: row.value, color: row.color };
}

function matches(task: TaskRow, filter: TaskFilter): boolean {
  if (filter === 'trashed') return task.isTrashed;
  if (task.isTrashed) return false;
  if (filter === 'all') return true;
  if (filter === 'starred') return task.isStarred;
  if (filter === 'important') return task.isImportant;
  if (filter === 'completed') return task.isCompleted;
  return task.tags.includes(filter);
}

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

/** The tasks of this backend: the server's repository, else the rows in memory. */
export const taskStore = (db: MirageDb): TaskRepository => givenRepository<ReturnType<typeof memoryTasks>>(db, 'tasks') ?? memoryTasks(db);

const ownedBy = (db: MirageDb, user: UserRow) => taskStore(db).ofOwner(String(user.id));

type FieldCode = 'invalidType' | 'unknownTag' | TextProblem;
type Validated = { ok: true; patch: TaskPatch } | { ok: false; errors: Record<string, FieldCode>; message: string };

/** Checks the `{task}` of a body. `requireTitle` on creation; unknown fields are ignored, `id` included. */
function validateTask(body: unknown, requireTitle: boolean): Validated {
  if (!isRecord(body) || !isRecord(body['task'])) {
    return { ok: false, errors: { task: 'required' }, message: 'The body must be {"task": {…}} with an object' };
  }
  const input = body['task'];
  const errors: Record<string, FieldCode> = {};
  const messages: string[] = [];
  // Fields are named by their path in the body (`task.title`), as the contract names nested fields.
  const fail = (field: string, code: FieldCode, message: string) => {
    errors[`task.${field}`] = code;
    messages.push(message);
  };
  const patch: TaskPatch = {};
  if ('title' in input || requireTitle) {
    const title = input['title'];
    if (title !== undefined && typeof title !== 'string') fail('title', 'invalidType', 'Title must be a string');
    else {
      const { value, problem } = readText(title, TASK_TEXT_RULES.title);
      if (problem) fail('title', problem, textMessage('Title', problem, TASK_TEXT_RULES.title.max));
      else patch.title = value;
    }
  }
  if ('desc' in input) {
    const desc = input['desc'];
    if (typeof desc !== 'string') fail('desc', 'invalidType', 'Description must be a string');
    else {
      const { value, problem } = readText(desc, TASK_TEXT_RULES.desc);
      if (problem) fail('desc', problem, textMessage('Description', problem, TASK_TEXT_RULES.desc.max));
      else patch.desc = value;
    }
  }
  if ('tags' in input) {
    const tags = input['tags'];
    if (!Array.isArray(tags) || !tags.every((t): t is string => typeof t === 'string')) {
      fail('tags', 'invalidType', 'Tags must be a list of tag values');
    } else if (!tags.every((t): t is TaskTagValue => (TAG_VALUES as readonly string[]).includes(t))) {
      fail('tags', 'unknownTag', `Unknown tag: ${tags.filter((t) => !(TAG_VALUES as readonly string[]).includes(t)).join(', ')}`);
    } else {
      patch.tags = [...new Set(tags)];
    }
  }
  for (const flag of FLAG_FIELDS) {
    if (!(flag in input)) continue;
    const value = input[flag];
    if (typeof value !== 'boolean') fail(flag, 'invalidType', `${flag} must be true or false`);
    else patch[flag] = value;
  }
  return messages.length > 0 ? { ok: false, errors, message: messages.join('; ') } : { ok: true, patch };
}

async function createTask(db: MirageDb, request: Request, user: UserRow) {
  const result = validateTask(parseBody(request), true);
  if (!result.ok) return errorResponse(422, result.message, result.errors);
  const lastId = (await ownedBy(db, user)).reduce((max, t) => Math.max(max, t.taskId), 0);
  const row = await taskStore(db).insert({
    taskId: lastId + 1,
    ownerId: String(user.id),
    title: result.patch.title ?? '',
    desc: result.patch.desc ?? '',
    tags: result.patch.tags ?? [],
    isImportant: result.patch.isImportant ?? false,
    isStarred: result.patch.isStarred ?? false,
    isCompleted: result.patch.isCompleted ?? false,
    isTrashed: result.patch.isTrashed ?? false,
  });
  return json(201, { id: row.taskId });
}

async function listTasks(db: MirageDb, request: Request, user: UserRow) {
  const filter = (queryParam(request, 'filter') ?? 'all').trim() || 'all';
  const known = (VIEW_FILTERS as readonly string[]).includes(filter) || (TAG_VALUES as readonly string[]).includes(filter);
  if (!known) return errorResponse(422, `Unknown filter: ${filter}`, { filter: 'unknown' });
  const rows = (await ownedBy(db, user)).filter((t) => matches(t, filter as TaskFilter)).sort((a, b) => b.taskId - a.taskId);
  return json(200, rows.map(toTask));
}

async function updateTask(db: MirageDb, request: Request, user: UserRow) {
  const raw = String((request.params as Record<string, string>)['id'] ?? '');
  const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
  const row = Number.isSafeInteger(id) ? await taskStore(db).get(String(user.id), id) : undefined;
  if (!row) return errorResponse(404, 'Task not found');
  const result = validateTask(parseBody(request), false);
  if (!result.ok) return errorResponse(422, result.message, result.errors);
  return json(200, toTask(await taskStore(db).update(String(row.id), result.patch)));
}

/** Registers a handler under both spellings of a path, with and without the trailing slash. */
function both(server: Server, verb: 'get' | 'post', path: string, handler: ReturnType<typeof withAuth>): void {
  // withAuth reads (schema, request) from its arguments; its declared type hides them.
  const run = handler as (...args: unknown[]) => Response;
  for (const spelling of [path, `${path}/`]) {
    if (verb === 'get') server.get(spelling, (schema, request) => run(schema, request));
    else server.post(spelling, (schema, request) => run(schema, request));
  }
}

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
  routes(server, ctx) {
    both(
      server,
      'post',
      '/apps/todo/tasks',
      withAuth(server, ({ db, request, user }) => idempotent(db, request, user.id, ctx.now(), () => createTask(db, request, user))),
    );
    both(
      server,
      'get',
      '/apps/todo/tasks',
      withAuth(server, ({ db, request, user }) => listTasks(db, request, user)),
    );
    both(
      server,
      'get',
      '/apps/todo/tags',
      withAuth(server, () => json(200, TAGS.map(toTag))),
    );
    both(
      server,
      'post',
      '/apps/todo/task/:id',
      withAuth(server, ({ db, request, user }) => updateTask(db, request, user)),
    );
  },
};
