import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import {
  toFailure,
  validateDraft,
  type DraftErrors,
  type Task,
  type TaskDraft,
  type TaskFlag,
  type TaskPatch,
  type TodoFailure,
} from './types';

/**
 * One task's lifecycle. Flag changes (important, starred, completed, trash, restore) show at once and are
 * confirmed by the server; a refusal rolls every unconfirmed change back and tells the parent, which the view
 * turns into a toast. Editing keeps a draft; a failed save keeps it too, for a retry or a rollback.
 */

export type TaskChange = TaskFlag | 'isTrashed' | 'edit';

/** What a task actor tells the list that spawned it (with `sendParent`, like the email actor tells the mailbox). */
export type TaskReport =
  /** The server confirmed a change: the confirmed task. */
  | { type: 'task.updated'; task: Task }
  /** The server refused: the task is back to what it confirmed last. */
  | { type: 'task.failed'; task: Task; change: TaskChange; error: TodoFailure }
  | { type: 'task.editClosed'; id: number };

export type TaskEvent =
  | { type: 'task.toggle'; flag: TaskFlag }
  | { type: 'task.trash' }
  | { type: 'task.restore' }
  | { type: 'task.edit' }
  /** Fresh data from a list refresh; taken only while nothing of this task's own is pending. */
  | { type: 'task.refresh'; task: Task }
  | { type: 'edit.change'; patch: Partial<TaskDraft> }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' }
  | { type: 'edit.retry' }
  | { type: 'edit.rollback' };

export interface TaskInput {
  task: Task;
}

export interface TaskContext {
  /** What the view shows: the confirmed task plus any change still on its way. */
  task: Task;
  /** The last task the server confirmed: what a rollback returns to. */
  saved: Task;
  /** The flag patch being sent now. */
  inFlight: TaskPatch;
  /** Flag changes made while a request was running: sent next. */
  queued: TaskPatch;
  /** The change that started the current request, for the rollback notice. */
  lastChange: TaskChange;
  draft: TaskDraft | null;
  draftErrors: DraftErrors;
  error: TodoFailure | null;
}

export interface UpdateTaskInput {
  id: number;
  patch: TaskPatch;
}

const draftOf = (task: Task): TaskDraft => ({ title: task.title, desc: task.desc, tags: [...task.tags] });

/** The flag patch one event asks for, from what the view shows now. */
function flagPatch(task: Task, event: TaskEvent): { patch: TaskPatch; change: TaskChange } | null {
  if (event.type === 'task.toggle') return { patch: { [event.flag]: !task[event.flag] }, change: event.flag };
  if (event.type === 'task.trash') return { patch: { isTrashed: true }, change: 'isTrashed' };
  if (event.type === 'task.restore') return { patch: { isTrashed: false }, change: 'isTrashed' };
  return null;
}

export const taskMachine = setup({
  types: {
    context: {} as TaskContext,
    events: {} as TaskEvent,
    input: {} as TaskInput,
  },
  actors: {
    updateTask: fromPromise<Task, UpdateTaskInput>(async () => {
      throw new Error('updateTask not provided');
    }),
  },
  guards: {
    isDraftValid: ({ context }) => context.draft !== null && Object.keys(validateDraft(context.draft)).length === 0,
    hasQueuedChanges: ({ context }) => Object.keys(context.queued).length > 0,
    isTrashed: ({ context }) => context.task.isTrashed,
    isNotTrashed: ({ context }) => !context.task.isTrashed,
  },
  actions: {
    applyFlagChange: assign(({ context, event }) => {
      const change = flagPatch(context.task, event);
      if (!change) return {};
      return { task: { ...context.task, ...change.patch }, inFlight: change.patch, queued: {}, lastChange: change.change };
    }),
    queueFlagChange: assign(({ context, event }) => {
      const change = flagPatch(context.task, event);
      if (!change) return {};
      return { task: { ...context.task, ...change.patch }, queued: { ...context.queued, ...change.patch }, lastChange: change.change };
    }),
    sendQueuedChanges: assign(({ context }) => ({ inFlight: context.queued, queued: {} })),
    /** The server's task plus what is still queued, so a quick second click is not undone on screen. */
    confirmFlags: assign(({ context }, output: Task) => ({ saved: output, task: { ...output, ...context.queued }, inFlight: {} })),
    rollBackFlags: assign(({ context }, failure: TodoFailure) => ({ task: context.saved, inFlight: {}, queued: {}, error: failure })),
    takeRefresh: assign(({ event }) => (event.type === 'task.refresh' ? { task: event.task, saved: event.task } : {})),
    startDraft: assign(({ context }) => ({ draft: draftOf(context.task), draftErrors: {}, error: null })),
    changeDraft: assign(({ context, event }) => {
      if (event.type !== 'edit.change' || !context.draft) return {};
      const draft = { ...context.draft, ...event.patch };
      // Clear a field's error once the user changes that field.
      const draftErrors = 'title' in event.patch ? {} : context.draftErrors;
      return { draft, draftErrors };
    }),
    showDraftErrors: assign(({ context }) => ({ draftErrors: context.draft ? validateDraft(context.draft) : {} })),
    confirmSave: assign((_, output: Task) => ({ task: output, saved: output, draft: null, draftErrors: {}, error: null })),
    keepFailure: assign((_, failure: TodoFailure) => ({ error: failure })),
    discardDraft: assign(({ context }) => ({ task: context.saved, draft: null, draftErrors: {}, error: null })),
    notifyUpdated: sendParent(({ context }): TaskReport => ({ type: 'task.updated', task: context.saved })),
    notifyRolledBack: sendParent(({ context }, failure: TodoFailure): TaskReport => ({
      type: 'task.failed',
      task: context.saved,
      change: context.lastChange,
      error: failure,
    })),
    notifyEditClosed: sendParent(({ context }): TaskReport => ({ type: 'task.editClosed', id: context.saved.id })),
  },
}).createMachine({
  id: 'task',
  context: ({ input }) => ({
    task: input.task,
    saved: input.task,
    inFlight: {},
    queued: {},
    lastChange: 'edit',
    draft: null,
    draftErrors: {},
    error: null,
  }),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'task.toggle': { target: 'syncing', actions: 'applyFlagChange' },
        'task.trash': { guard: 'isNotTrashed', target: 'syncing', actions: 'applyFlagChange' },
        'task.restore': { guard: 'isTrashed', target: 'syncing', actions: 'applyFlagChange' },
        'task.edit': { target: 'editing', actions: 'startDraft' },
        'task.refresh': { actions: 'takeRefresh' },
      },
    },
    syncing: {
      tags: ['busy'],
      invoke: {
        id: 'updateFlags',
        src: 'updateTask',
        input: ({ context }) => ({ id: context.saved.id, patch: context.inFlight }),
        onDone: [
          {
            guard: 'hasQueuedChanges',
            target: 'syncing',
            reenter: true,
            actions: [{ type: 'confirmFlags', params: ({ event }) => event.output }, 'sendQueuedChanges'],
          },
          { target: 'viewing', actions: [{ type: 'confirmFlags', params: ({ event }) => event.output }, 'notifyUpdated'] },
        ],
        onError: {
          target: 'viewing',
          actions: [
            { type: 'rollBackFlags', params: ({ event }) => toFailure(event.error) },
            { type: 'notifyRolledBack', params: ({ event }) => toFailure(event.error) },
          ],
        },
      },
      on: {
        'task.toggle': { actions: 'queueFlagChange' },
        'task.trash': { guard: 'isNotTrashed', actions: 'queueFlagChange' },
        'task.restore': { guard: 'isTrashed', actions: 'queueFlagChange' },
      },
    },
    editing: {
      tags: ['drawer'],
      on: {
        'edit.change': { actions: 'changeDraft' },
        'edit.save': [{ guard: 'isDraftValid', target: 'saving' }, { actions: 'showDraftErrors' }],
        'edit.cancel': { target: 'viewing', actions: ['discardDraft', 'notifyEditClosed'] },
      },
    },
    saving: {
      tags: ['drawer', 'busy'],
      invoke: {
        id: 'saveDraft',
        src: 'updateTask',
        input: ({ context }) => ({
          id: context.saved.id,
          patch: context.draft ? { ...context.draft, title: context.draft.title.trim() } : {},
        }),
        onDone: {
          target: 'viewing',
          actions: [{ type: 'confirmSave', params: ({ event }) => event.output }, 'notifyUpdated', 'notifyEditClosed'],
        },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => toFailure(event.error) } },
      },
    },
    failed: {
      tags: ['drawer'],
      on: {
        'edit.retry': { target: 'saving' },
        'edit.change': { target: 'editing', actions: 'changeDraft' },
        'edit.rollback': { target: 'viewing', actions: ['discardDraft', 'notifyEditClosed'] },
        'edit.cancel': { target: 'viewing', actions: ['discardDraft', 'notifyEditClosed'] },
      },
    },
  },
});

export type TaskActorRef = ActorRefFrom<typeof taskMachine>;
