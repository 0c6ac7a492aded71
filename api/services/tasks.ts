import type { Task, TaskFilter, TaskPatch, TaskTag, TaskTagValue } from '../../machines/todo/types';
import { readText, textMessage, type TextProblem } from '../../machines/text/text-rules';
import { TASK_TEXT_RULES } from '../../machines/todo/task-rules';
import type { TaskRecord } from '../../core/todo-tasks';
import type { Account, ApiEnv } from '../env';
import { isRecord } from '../http';

/**
 * The to-do app (the specification's contract): each signed-in account has its own tasks. `id` is the
 * contract's numeric id, counted per owner (last id + 1, 1 when the owner has none); the store's own id stays
 * internal. Fields are checked by the same text rules the app's forms use (machines/todo/task-rules.ts).
 */

const TAG_VALUES: readonly TaskTagValue[] = ['frontend', 'backend', 'doc', 'bug'];
const VIEW_FILTERS = ['all', 'starred', 'important', 'completed', 'trashed'] as const;
const FLAG_FIELDS = ['isImportant', 'isStarred', 'isCompleted', 'isTrashed'] as const;

/** The tag list is reference data, the same for every account and backend: it is not stored. */
export const TASK_TAGS: readonly TaskTag[] = [
  { id: 1, text: 'Frontend', value: 'frontend', color: 'primary' },
  { id: 2, text: 'Backend', value: 'backend', color: 'warning' },
  { id: 3, text: 'Doc', value: 'doc', color: 'success' },
  { id: 4, text: 'Bug', value: 'bug', color: 'danger' },
];

function toTask(row: Readonly<TaskRecord>): Task {
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

function matches(task: Readonly<TaskRecord>, filter: TaskFilter): boolean {
  if (filter === 'trashed') return task.isTrashed;
  if (task.isTrashed) return false;
  if (filter === 'all') return true;
  if (filter === 'starred') return task.isStarred;
  if (filter === 'important') return task.isImportant;
  if (filter === 'completed') return task.isCompleted;
  return task.tags.includes(filter);
}

type FieldCode = 'invalidType' | 'unknownTag' | TextProblem;

export type TaskResult =
  | { kind: 'tasks'; tasks: Task[] }
  | { kind: 'task'; task: Task }
  | { kind: 'created'; id: number }
  | { kind: 'invalid'; message: string; errors: Record<string, string> }
  | { kind: 'missing' };

/** Checks the `{task}` of a body. `requireTitle` on creation; unknown fields are ignored, `id` included. */
function readTask(
  body: unknown,
  requireTitle: boolean,
): { ok: true; patch: TaskPatch } | { ok: false; errors: Record<string, FieldCode>; message: string } {
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

/** The caller's tasks in one view (all, starred, important, completed, trashed, or a tag's), newest first. */
export async function listTasks(env: ApiEnv, caller: Account, filterParam: string | null): Promise<TaskResult> {
  const filter = (filterParam ?? 'all').trim() || 'all';
  const known = (VIEW_FILTERS as readonly string[]).includes(filter) || (TAG_VALUES as readonly string[]).includes(filter);
  if (!known) return { kind: 'invalid', message: `Unknown filter: ${filter}`, errors: { filter: 'unknown' } };
  const rows = (await env.tasks.ofOwner(String(caller.id)))
    .filter((t) => matches(t, filter as TaskFilter))
    .sort((a, b) => b.taskId - a.taskId);
  return { kind: 'tasks', tasks: rows.map(toTask) };
}

export async function createTask(env: ApiEnv, caller: Account, body: unknown): Promise<TaskResult> {
  const read = readTask(body, true);
  if (!read.ok) return { kind: 'invalid', message: read.message, errors: read.errors };
  const owner = String(caller.id);
  const lastId = (await env.tasks.ofOwner(owner)).reduce((max, t) => Math.max(max, t.taskId), 0);
  const row = await env.tasks.insert({
    taskId: lastId + 1,
    ownerId: owner,
    title: read.patch.title ?? '',
    desc: read.patch.desc ?? '',
    tags: read.patch.tags ?? [],
    isImportant: read.patch.isImportant ?? false,
    isStarred: read.patch.isStarred ?? false,
    isCompleted: read.patch.isCompleted ?? false,
    isTrashed: read.patch.isTrashed ?? false,
  });
  return { kind: 'created', id: row.taskId };
}

/** Changes one of the caller's tasks by its number (another account's is not found). */
export async function updateTask(env: ApiEnv, caller: Account, rawId: string, body: unknown): Promise<TaskResult> {
  const id = /^\d+$/.test(rawId) ? Number(rawId) : NaN;
  const row = Number.isSafeInteger(id) ? await env.tasks.get(String(caller.id), id) : undefined;
  if (!row) return { kind: 'missing' };
  const read = readTask(body, false);
  if (!read.ok) return { kind: 'invalid', message: read.message, errors: read.errors };
  return { kind: 'task', task: toTask(await env.tasks.update(String(row.id), read.patch)) };
}
