import type { TaskActorRef } from '@machines/todo/task.machine';
import { visibleTasks, type TaskEntry } from '@machines/todo/todo-list.machine';
import type { TodoFailure } from '@machines/todo/types';
import type { SnapshotFrom } from 'xstate';
import type { TodoListActorRef } from '@machines/todo/todo-list.machine';

type ListSnapshot = SnapshotFrom<TodoListActorRef>;
type TaskSnapshot = SnapshotFrom<TaskActorRef>;

export const selectFilter = (s: ListSnapshot) => s.context.filter;
export const selectSearch = (s: ListSnapshot) => s.context.search;
export const selectSort = (s: ListSnapshot) => s.context.sort;
export const selectTags = (s: ListSnapshot) => s.context.tags;
export const selectTagsFailed = (s: ListSnapshot) => s.matches({ tags: 'failed' });
export const selectVisibleTasks = (s: ListSnapshot) => visibleTasks(s.context);
export const selectTotal = (s: ListSnapshot) => s.context.tasks.length;
export const selectListError = (s: ListSnapshot) => s.context.error;
export const selectListStatus = (s: ListSnapshot): 'loading' | 'loaded' | 'empty' | 'failed' => {
  if (s.matches({ list: 'failed' })) return 'failed';
  if (s.matches({ list: 'empty' })) return 'empty';
  if (s.matches({ list: 'loaded' })) return 'loaded';
  if (s.matches({ list: 'refreshing' })) return s.context.tasks.length > 0 ? 'loaded' : 'empty';
  return 'loading';
};
export const selectEditingRef = (s: ListSnapshot): TaskActorRef | null =>
  s.context.editingId === null ? null : (s.context.tasks.find((e) => e.id === s.context.editingId)?.ref ?? null);

export const selectCreator = (s: ListSnapshot) => ({
  opened: s.hasTag('drawer'),
  busy: s.matches({ creator: 'creating' }),
  draft: s.context.newDraft,
  errors: s.context.newDraftErrors,
  failure: s.context.createError,
});

export const selectTask = (s: TaskSnapshot) => s.context.task;
export const selectTaskBusy = (s: TaskSnapshot) => s.hasTag('busy');
export const selectEditor = (s: TaskSnapshot) => ({
  opened: s.hasTag('drawer'),
  busy: s.matches('saving'),
  failed: s.matches('failed'),
  draft: s.context.draft,
  errors: s.context.draftErrors,
  failure: s.context.error,
});

/** Same rows in the same order: saves re-rendering the list on unrelated changes. */
export const sameEntries = (a: TaskEntry[], b: TaskEntry[]) =>
  a.length === b.length && a.every((e, i) => e.ref === b[i]?.ref && e.task === b[i]?.task);

/** Shallow equality of a selector's plain object. */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/** The i18n key for a failed call, by status: the server's English text is not shown. */
export function failureKey(failure: TodoFailure | null): string {
  if (!failure) return 'todo.failure.unknown';
  if (failure.status === 0) return 'todo.failure.network';
  if (failure.status === 401 || failure.status === 403) return 'todo.failure.denied';
  if (failure.status === 404) return 'todo.failure.notFound';
  if (failure.status === 422) return 'todo.failure.invalid';
  return 'todo.failure.server';
}
