/** The to-do demo app's domain (contract in docs/todo.md). Shared by machines, views and, type-only, Mirage. */
import { normalizeText, textProblem, type TextProblem } from '../text/text-rules';
import { TASK_TEXT_RULES } from './task-rules';

export const TAG_VALUES = ['frontend', 'backend', 'doc', 'bug'] as const;
export type TaskTagValue = (typeof TAG_VALUES)[number];

export const TAG_COLORS = ['primary', 'warning', 'success', 'danger'] as const;
export type TaskTagColor = (typeof TAG_COLORS)[number];

export interface TaskTag {
  id: number;
  text: string;
  value: TaskTagValue;
  color: TaskTagColor;
}

export interface Task {
  id: number;
  title: string;
  desc: string;
  tags: TaskTagValue[];
  isImportant: boolean;
  isStarred: boolean;
  isCompleted: boolean;
  isTrashed: boolean;
}

/** The fields a client may send in `{task}`; the server owns `id`. */
export type TaskFields = Omit<Task, 'id'>;
export type TaskPatch = Partial<TaskFields>;

export const VIEW_FILTERS = ['all', 'starred', 'important', 'completed', 'trashed'] as const;
export type ViewFilter = (typeof VIEW_FILTERS)[number];
export type TaskFilter = ViewFilter | TaskTagValue;

/** The flags a list row toggles in place. */
export type TaskFlag = 'isImportant' | 'isStarred' | 'isCompleted';

export function isTaskFilter(value: unknown): value is TaskFilter {
  return (
    typeof value === 'string' && ((VIEW_FILTERS as readonly string[]).includes(value) || (TAG_VALUES as readonly string[]).includes(value))
  );
}

/** Whether a task belongs in a view: every view but `trashed` leaves trashed tasks out. */
export function matchesFilter(task: Task, filter: TaskFilter): boolean {
  if (filter === 'trashed') return task.isTrashed;
  if (task.isTrashed) return false;
  switch (filter) {
    case 'all':
      return true;
    case 'starred':
      return task.isStarred;
    case 'important':
      return task.isImportant;
    case 'completed':
      return task.isCompleted;
    default:
      return task.tags.includes(filter);
  }
}

/** The editable part of a task, as typed in the drawer. */
export interface TaskDraft {
  title: string;
  desc: string;
  tags: TaskTagValue[];
}

export { TASK_TEXT_RULES } from './task-rules';

/** Field problems of a draft, as i18n-friendly codes. */
export interface DraftErrors {
  title?: TextProblem;
  desc?: TextProblem;
}

export function validateDraft(draft: TaskDraft): DraftErrors {
  const errors: DraftErrors = {};
  const title = textProblem(normalizeText(draft.title), TASK_TEXT_RULES.title);
  if (title) errors.title = title;
  const desc = textProblem(normalizeText(draft.desc), TASK_TEXT_RULES.desc);
  if (desc) errors.desc = desc;
  return errors;
}

/** A failed call as machines keep it: the server's message and status (0 = network). */
export interface TodoFailure {
  message: string;
  status: number;
}

export function toFailure(error: unknown): TodoFailure {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Request failed';
  const status = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : 0;
  return { message, status };
}
