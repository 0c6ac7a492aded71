import {
  assign,
  emit,
  enqueueActions,
  fromPromise,
  raise,
  setup,
  type ActorRefFrom,
  type DoneActorEvent,
  type ErrorActorEvent,
} from 'xstate';
import { loadRegion } from '../shared/load-region';
import { taskMachine, type TaskActorRef, type TaskChange, type TaskReport } from './task.machine';
import {
  matchesFilter,
  toFailure,
  validateDraft,
  type DraftErrors,
  type Task,
  type TaskDraft,
  type TaskFields,
  type TaskFilter,
  type TaskTag,
  type TodoFailure,
} from './types';

/**
 * The to-do list: loads the tasks of one filter and spawns one task actor per task (`task-<id>`).
 * Three regions run side by side: the list itself, the tag list (loaded once) and the "add task" drawer.
 */

export type TaskSort = 'newest' | 'titleAsc' | 'titleDesc';

export interface TaskEntry {
  id: number;
  /** The confirmed task, for search and sort; the row shows the actor's (optimistic) task. */
  task: Task;
  ref: TaskActorRef;
}

export interface TodoListContext {
  filter: TaskFilter;
  tasks: TaskEntry[];
  tags: TaskTag[];
  search: string;
  sort: TaskSort;
  error: TodoFailure | null;
  tagsError: TodoFailure | null;
  /** The task whose edit drawer is open. */
  editingId: number | null;
  newDraft: TaskDraft;
  newDraftErrors: DraftErrors;
  createError: TodoFailure | null;
  /** The trashed task being put back from the undo toast. */
  restoring: { id: number; title: string } | null;
}

export type TodoListEvent =
  | { type: 'filter.change'; filter: TaskFilter }
  | { type: 'search.change'; search: string }
  | { type: 'sort.change'; sort: TaskSort }
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'tags.retry' }
  | { type: 'task.open'; id: number }
  | { type: 'create.open' }
  | { type: 'create.change'; patch: Partial<TaskDraft> }
  | { type: 'create.submit' }
  | { type: 'create.cancel' }
  /** Undo of a move to the trash, from the toast; the task's actor is gone with its row. */
  | { type: 'task.undoTrash'; id: number; title: string }
  | TaskReport;

/** What the view hears (via `actor.on`) to show toasts. */
export type TodoListEmitted =
  | { type: 'task.created'; id: number; title: string }
  | { type: 'task.rolledBack'; title: string; change: TaskChange; error: TodoFailure }
  | { type: 'task.trashed'; id: number; title: string }
  | { type: 'task.restoreFailed'; title: string; error: TodoFailure };

export interface TodoListInput {
  filter?: TaskFilter;
}

export interface CreateTaskInput {
  task: TaskFields;
}

const emptyDraft = (): TaskDraft => ({ title: '', desc: '', tags: [] });

/** A new task starts in the view it is created from: a tag view preselects the tag, starred/important set the flag. */
export function newTaskFields(draft: TaskDraft, filter: TaskFilter): TaskFields {
  return {
    title: draft.title.trim(),
    desc: draft.desc,
    tags: draft.tags,
    isImportant: filter === 'important',
    isStarred: filter === 'starred',
    isCompleted: false,
    isTrashed: false,
  };
}

const draftForFilter = (filter: TaskFilter): TaskDraft =>
  ['frontend', 'backend', 'doc', 'bug'].includes(filter) ? { ...emptyDraft(), tags: [filter as TaskDraft['tags'][number]] } : emptyDraft();

/** The rows to show: search on title and description, then the chosen order. */
export function visibleTasks(context: Pick<TodoListContext, 'tasks' | 'search' | 'sort'>): TaskEntry[] {
  const needle = context.search.trim().toLocaleLowerCase();
  const found = needle
    ? context.tasks.filter((e) => e.task.title.toLocaleLowerCase().includes(needle) || e.task.desc.toLocaleLowerCase().includes(needle))
    : context.tasks;
  if (context.sort === 'newest') return found;
  const direction = context.sort === 'titleAsc' ? 1 : -1;
  return [...found].sort((a, b) => direction * a.task.title.localeCompare(b.task.title, undefined, { sensitivity: 'base', numeric: true }));
}

export const todoListMachine = setup({
  types: {
    context: {} as TodoListContext,
    events: {} as TodoListEvent,
    input: {} as TodoListInput,
    emitted: {} as TodoListEmitted,
  },
  actors: {
    loadTasks: fromPromise<Task[], { filter: TaskFilter }>(async () => {
      throw new Error('loadTasks not provided');
    }),
    loadTags: fromPromise<TaskTag[]>(async () => {
      throw new Error('loadTags not provided');
    }),
    createTask: fromPromise<{ id: number }, CreateTaskInput>(async () => {
      throw new Error('createTask not provided');
    }),
    restoreTask: fromPromise<Task, { id: number }>(async () => {
      throw new Error('restoreTask not provided');
    }),
    task: taskMachine,
  },
  guards: {
    isListEmpty: ({ context }) => context.tasks.length === 0,
    isNewDraftValid: ({ context }) => Object.keys(validateDraft(context.newDraft)).length === 0,
    isOtherFilter: ({ context, event }) => event.type === 'filter.change' && event.filter !== context.filter,
  },
  actions: {
    stopTasks: enqueueActions(({ context, enqueue }) => {
      for (const entry of context.tasks) enqueue.stopChild(entry.ref);
      enqueue.assign({ tasks: [], editingId: null });
    }),
    spawnTasks: assign(({ spawn }, tasks: Task[]) => ({
      tasks: tasks.map((task) => ({ id: task.id, task, ref: spawn('task', { id: `task-${task.id}`, input: { task } }) })),
      error: null,
    })),
    /** A refresh of the same view: keep the actors of tasks still there (same id), add new ones, stop the rest. */
    reconcileTasks: enqueueActions(({ context, enqueue }, tasks: Task[]) => {
      const existing = new Map(context.tasks.map((e) => [e.id, e]));
      const fresh = new Set(tasks.map((t) => t.id));
      for (const entry of context.tasks) if (!fresh.has(entry.id)) enqueue.stopChild(entry.ref);
      for (const task of tasks) {
        const entry = existing.get(task.id);
        if (entry) enqueue.sendTo(entry.ref, { type: 'task.refresh', task });
      }
      enqueue.assign(({ spawn }) => ({
        tasks: tasks.map((task) => {
          const entry = existing.get(task.id);
          return entry ? { ...entry, task } : { id: task.id, task, ref: spawn('task', { id: `task-${task.id}`, input: { task } }) };
        }),
        editingId: context.editingId !== null && fresh.has(context.editingId) ? context.editingId : null,
        error: null,
      }));
    }),
    assignFilter: assign(({ event }) => (event.type === 'filter.change' ? { filter: event.filter, search: '' } : {})),
    assignError: assign((_, error: TodoFailure) => ({ error })),
    assignSearch: assign(({ event }) => (event.type === 'search.change' ? { search: event.search } : {})),
    assignSort: assign(({ event }) => (event.type === 'sort.change' ? { sort: event.sort } : {})),
    assignTags: assign((_, tags: TaskTag[]) => ({ tags, tagsError: null })),
    assignTagsError: assign((_, tagsError: TodoFailure) => ({ tagsError })),
    /** A confirmed change: keep the copy, and drop the row once it no longer belongs in this view. */
    applyConfirmedTask: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'task.updated') return;
      const entry = context.tasks.find((e) => e.id === event.task.id);
      if (!entry) return;
      // Keep the row while its drawer is open; it leaves when the drawer closes.
      if (matchesFilter(event.task, context.filter) || context.editingId === entry.id) {
        enqueue.assign({ tasks: context.tasks.map((e) => (e.id === event.task.id ? { ...e, task: event.task } : e)) });
        return;
      }
      enqueue.stopChild(entry.ref);
      enqueue.assign({ tasks: context.tasks.filter((e) => e.id !== event.task.id) });
      if (event.task.isTrashed && !entry.task.isTrashed) enqueue.emit({ type: 'task.trashed', id: event.task.id, title: event.task.title });
    }),
    emitRolledBack: emit(({ event }) =>
      event.type === 'task.failed'
        ? { type: 'task.rolledBack' as const, title: event.task.title, change: event.change, error: event.error }
        : { type: 'task.rolledBack' as const, title: '', change: 'edit' as const, error: { message: '', status: 0 } },
    ),
    openTask: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'task.open') return;
      const entry = context.tasks.find((e) => e.id === event.id);
      if (!entry || !entry.ref.getSnapshot().can({ type: 'task.edit' })) return;
      enqueue.assign({ editingId: entry.id });
      enqueue.sendTo(entry.ref, { type: 'task.edit' });
    }),
    closeTask: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'task.editClosed' || context.editingId !== event.id) return;
      enqueue.assign({ editingId: null });
      const entry = context.tasks.find((e) => e.id === event.id);
      if (entry && !matchesFilter(entry.task, context.filter)) {
        enqueue.stopChild(entry.ref);
        enqueue.assign({ tasks: context.tasks.filter((e) => e.id !== event.id) });
      }
    }),
    resetNewDraft: assign(({ context }) => ({ newDraft: draftForFilter(context.filter), newDraftErrors: {}, createError: null })),
    changeNewDraft: assign(({ context, event }) => {
      if (event.type !== 'create.change') return {};
      return { newDraft: { ...context.newDraft, ...event.patch }, newDraftErrors: 'title' in event.patch ? {} : context.newDraftErrors };
    }),
    showNewDraftErrors: assign(({ context }) => ({ newDraftErrors: validateDraft(context.newDraft) })),
    assignCreateError: assign((_, createError: TodoFailure) => ({ createError })),
    emitCreated: emit(({ context }, id: number) => ({ type: 'task.created' as const, id, title: context.newDraft.title.trim() })),
    reloadList: raise({ type: 'list.reload' }),
    emitRestoreFailed: emit((_, params: { title: string; error: TodoFailure }) => ({ type: 'task.restoreFailed' as const, ...params })),
  },
}).createMachine({
  id: 'todoList',
  type: 'parallel',
  context: ({ input }) => ({
    filter: input.filter ?? 'all',
    tasks: [],
    tags: [],
    search: '',
    sort: 'newest',
    error: null,
    tagsError: null,
    editingId: null,
    newDraft: emptyDraft(),
    newDraftErrors: {},
    createError: null,
    restoring: null,
  }),
  states: {
    list: {
      initial: 'loading',
      on: {
        'filter.change': { guard: 'isOtherFilter', target: '.loading', actions: 'assignFilter' },
        'search.change': { actions: 'assignSearch' },
        'sort.change': { actions: 'assignSort' },
        'task.failed': { actions: 'emitRolledBack' },
        'task.editClosed': { actions: 'closeTask' },
      },
      states: {
        loading: {
          tags: ['loading'],
          entry: 'stopTasks',
          invoke: {
            id: 'loadTasks',
            src: 'loadTasks',
            input: ({ context }) => ({ filter: context.filter }),
            onDone: [
              {
                guard: ({ event }) => event.output.length > 0,
                target: 'loaded',
                actions: { type: 'spawnTasks', params: ({ event }) => event.output },
              },
              { target: 'empty', actions: { type: 'spawnTasks', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => toFailure(event.error) } },
          },
          on: { 'list.reload': { target: 'loading', reenter: true } },
        },
        loaded: {
          always: { guard: 'isListEmpty', target: 'empty' },
          on: {
            'task.updated': { actions: 'applyConfirmedTask' },
            'task.open': { actions: 'openTask' },
            'list.reload': { target: 'refreshing' },
          },
        },
        empty: {
          on: { 'list.reload': { target: 'refreshing' } },
        },
        /** Reloading the same view (after an add or an undo): the rows stay on screen until the answer. */
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refreshTasks',
            src: 'loadTasks',
            input: ({ context }) => ({ filter: context.filter }),
            onDone: [
              {
                guard: ({ event }) => event.output.length > 0,
                target: 'loaded',
                actions: { type: 'reconcileTasks', params: ({ event }) => event.output },
              },
              { target: 'empty', actions: { type: 'reconcileTasks', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: ['stopTasks', { type: 'assignError', params: ({ event }) => toFailure(event.error) }] },
          },
          on: {
            'task.updated': { actions: 'applyConfirmedTask' },
            'task.open': { actions: 'openTask' },
            'list.reload': { target: 'refreshing', reenter: true },
          },
        },
        failed: {
          on: { 'list.retry': { target: 'loading' }, 'list.reload': { target: 'loading' } },
        },
      },
    },
    tags: loadRegion({
      src: 'loadTags',
      onDone: { type: 'assignTags', params: ({ event }: { event: DoneActorEvent<TaskTag[]> }) => event.output },
      onError: { type: 'assignTagsError', params: ({ event }: { event: ErrorActorEvent }) => toFailure(event.error) },
      retry: { 'tags.retry': { target: 'loading' }, 'list.retry': { target: 'loading' } },
    }),
    undo: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'task.undoTrash': {
              target: 'restoring',
              actions: assign(({ event }) => ({ restoring: { id: event.id, title: event.title } })),
            },
          },
        },
        restoring: {
          tags: ['busy'],
          invoke: {
            id: 'restoreTask',
            src: 'restoreTask',
            input: ({ context }) => ({ id: context.restoring?.id ?? -1 }),
            onDone: { target: 'idle', actions: ['reloadList', assign({ restoring: null })] },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'emitRestoreFailed',
                  params: ({ context, event }) => ({ title: context.restoring?.title ?? '', error: toFailure(event.error) }),
                },
                assign({ restoring: null }),
              ],
            },
          },
        },
      },
    },
    creator: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'create.open': { target: 'open', actions: 'resetNewDraft' } },
        },
        open: {
          tags: ['drawer'],
          on: {
            'create.change': { actions: 'changeNewDraft' },
            'create.submit': [{ guard: 'isNewDraftValid', target: 'creating' }, { actions: 'showNewDraftErrors' }],
            'create.cancel': { target: 'closed' },
          },
        },
        creating: {
          tags: ['drawer', 'busy'],
          invoke: {
            id: 'createTask',
            src: 'createTask',
            input: ({ context }) => ({ task: newTaskFields(context.newDraft, context.filter) }),
            onDone: { target: 'closed', actions: [{ type: 'emitCreated', params: ({ event }) => event.output.id }, 'reloadList'] },
            onError: { target: 'open', actions: { type: 'assignCreateError', params: ({ event }) => toFailure(event.error) } },
          },
        },
      },
    },
  },
});

export type TodoListActorRef = ActorRefFrom<typeof todoListMachine>;
