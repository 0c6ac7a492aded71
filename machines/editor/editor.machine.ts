import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { report } from '../shared/report';
import { sameJson } from '../shared/same-json';
import type {
  DeleteTarget,
  EditConflict,
  EditorContext,
  EditorEvent,
  EditorInput,
  EditorMode,
  FieldErrors,
  SaveInput,
  ValidateInput,
} from './editor.types';

/**
 * The one create/edit/delete machine every editor screen runs on.
 *
 * Regions (parallel, so a deletion waiting for undo never blocks editing another row):
 * - `form`: closed → editing (pristine | dirty) → validating → submitting → saved, or failed (values kept,
 *   server field errors from a 422 in context); closing while dirty asks first (confirmingDiscard).
 *   A save refused because the record changed meanwhile (412 `changedElsewhere`) goes to `conflict`: their values
 *   beside the user's, and a choice: take theirs, keep mine (saved against their version), or cancel. Nothing
 *   typed is lost.
 * - `deletion`: idle → confirming → pending (5 s undo window) → deleting → idle | failed.
 *   A second deletion confirmed while one is pending first flushes the pending one (no silent loss).
 *
 * Validation is a provided `validate` actor (the app keeps its zod schemas in src/) answering field errors.
 *
 * Outcomes (`EditorReport`: saved, delete pending/undone/deleted/failed) go to the parent with `sendParent`
 * (the CRUD screen reacts to them) and are emitted too, for a listener of an editor without a parent. So do
 * `editor.form.opened` / `editor.form.closed`, when the form's `open` tag (the drawer) comes and goes: the CRUD
 * screen holds the list's live reload while the drawer is open.
 */

export * from './editor.types';

/** What the editor reports to its parent (sendParent) and emits (for a listener of an editor that has none). */
export type EditorReport<T> =
  | { type: 'editor.saved'; mode: EditorMode; record: T }
  | { type: 'editor.delete.pending'; target: DeleteTarget }
  | { type: 'editor.delete.undone'; target: DeleteTarget }
  | { type: 'editor.deleted'; target: DeleteTarget }
  | { type: 'editor.delete.failed'; target: DeleteTarget; error: unknown }
  /** The form opened (the drawer shows): from closed or saved into editing. */
  | { type: 'editor.form.opened' }
  /** The form left its `open` states: closed, discarded, dismissed, or saved. */
  | { type: 'editor.form.closed' };

/** Reads `{ message, fieldErrors }` off whatever the save actor threw, without knowing its class. */
function describeError(error: unknown): { message: string | null; fieldErrors: FieldErrors } {
  if (typeof error !== 'object' || error === null) return { message: null, fieldErrors: {} };
  const message = 'message' in error && typeof error.message === 'string' ? error.message : null;
  const raw = 'fieldErrors' in error ? error.fieldErrors : undefined;
  const fieldErrors: FieldErrors = {};
  if (typeof raw === 'object' && raw !== null) {
    for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') fieldErrors[key] = value;
  }
  return { message, fieldErrors };
}

/** The conflict a save actor threw (`{ conflict: EditConflict }`), or null for any other error. */
function conflictOf<V>(error: unknown): EditConflict<V> | null {
  if (typeof error !== 'object' || error === null || !('conflict' in error)) return null;
  const conflict = error.conflict;
  if (typeof conflict !== 'object' || conflict === null || !('theirs' in conflict) || !('version' in conflict)) return null;
  return conflict as EditConflict<V>;
}

export function createEditorMachine<V extends object, T>() {
  return setup({
    types: {} as {
      context: EditorContext<V, T>;
      events: EditorEvent<V>;
      input: EditorInput<V>;
      emitted: EditorReport<T>;
    },
    actors: {
      validate: fromPromise<FieldErrors, ValidateInput<V>>(async () => {
        throw new Error('validate not provided');
      }),
      save: fromPromise<T, SaveInput<V>>(async () => {
        throw new Error('save not provided');
      }),
      remove: fromPromise<unknown, DeleteTarget>(async () => {
        throw new Error('remove not provided');
      }),
    },
    delays: {
      undoWindow: ({ context }) => context.undoMs,
    },
    guards: {
      isDirty: ({ context }) => !sameJson(context.values, context.initial),
      hasErrors: (_, errors: FieldErrors) => Object.keys(errors).length > 0,
      hasTarget: ({ context, event }) =>
        event.type === 'editor.delete' && (event.target !== undefined || (context.mode === 'edit' && context.id !== null)),
      isPendingTarget: ({ context, event }) => event.type === 'editor.undo' && context.pendingDelete?.id === event.id,
      isConflict: (_, { error }: { error: unknown }) => conflictOf(error) !== null,
    },
    actions: {
      openCreate: assign(({ context, event }) => {
        if (event.type !== 'editor.open.create') return {};
        const values = { ...context.empty, ...(event.values ?? {}) } as V;
        return {
          mode: 'create' as const,
          id: null,
          initial: values,
          values,
          fieldErrors: {},
          formError: null,
          saveError: null,
          saved: null,
          version: null,
          conflict: null,
        };
      }),
      openEdit: assign(({ event }) => {
        if (event.type !== 'editor.open.edit') return {};
        return {
          mode: 'edit' as const,
          id: event.id,
          initial: event.values,
          values: event.values,
          fieldErrors: {},
          formError: null,
          saveError: null,
          saved: null,
          version: event.version ?? null,
          conflict: null,
        };
      }),
      assignChange: assign(({ context, event }) => {
        if (event.type !== 'editor.change') return {};
        const changed = new Set(Object.keys(event.values));
        const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([key]) => !changed.has(key)));
        return { values: { ...context.values, ...event.values }, fieldErrors };
      }),
      assignValidationErrors: assign((_, errors: FieldErrors) => ({ fieldErrors: errors })),
      clearErrors: assign({ fieldErrors: () => ({}), formError: () => null, saveError: () => null }),
      assignSaved: assign(({ context }, { record }: { record: T }) => ({ saved: record, initial: context.values })),
      reportOpened: enqueueActions(({ self, enqueue }) => report<EditorReport<T>>(enqueue, self, { type: 'editor.form.opened' })),
      reportClosed: enqueueActions(({ self, enqueue }) => report<EditorReport<T>>(enqueue, self, { type: 'editor.form.closed' })),
      emitSaved: enqueueActions(({ context, self, enqueue }) =>
        report<EditorReport<T>>(enqueue, self, { type: 'editor.saved', mode: context.mode, record: context.saved as T }),
      ),
      assignConflict: assign((_, { error }: { error: unknown }) => ({ conflict: conflictOf<V>(error), formError: null, saveError: null })),
      /** Their values become the form's, and what it was read at: the user edits on from there. */
      takeTheirs: assign(({ context }) =>
        context.conflict
          ? {
              values: context.conflict.theirs,
              initial: context.conflict.theirs,
              version: context.conflict.version,
              conflict: null,
              fieldErrors: {},
            }
          : {},
      ),
      /** The next save goes against their version: the user has seen it. */
      keepMine: assign(({ context }) => (context.conflict ? { version: context.conflict.version, conflict: null } : {})),
      dropConflict: assign({ conflict: () => null }),
      assignSaveError: assign((_, { error }: { error: unknown }) => {
        const { message, fieldErrors } = describeError(error);
        return { saveError: error, formError: message, fieldErrors };
      }),
      reset: assign(({ context }) => ({
        mode: 'create' as const,
        id: null,
        values: context.empty,
        initial: context.empty,
        fieldErrors: {},
        formError: null,
        saveError: null,
        version: null,
        conflict: null,
      })),
      assignDeleteCandidate: assign(({ context, event }) => {
        if (event.type !== 'editor.delete') return {};
        const target = event.target ?? { id: context.id ?? '', label: '' };
        return { deleteCandidate: target, deleteError: null };
      }),
      clearDeleteCandidate: assign({ deleteCandidate: () => null }),
      promoteCandidate: assign(({ context }) => ({ pendingDelete: context.deleteCandidate, deleteCandidate: null })),
      emitPending: enqueueActions(({ context, self, enqueue }) =>
        report<EditorReport<T>>(enqueue, self, { type: 'editor.delete.pending', target: context.pendingDelete as DeleteTarget }),
      ),
      emitUndone: enqueueActions(({ context, self, enqueue }) =>
        report<EditorReport<T>>(enqueue, self, { type: 'editor.delete.undone', target: context.pendingDelete as DeleteTarget }),
      ),
      emitDeleted: enqueueActions(({ context, self, enqueue }) =>
        report<EditorReport<T>>(enqueue, self, { type: 'editor.deleted', target: context.pendingDelete as DeleteTarget }),
      ),
      emitDeleteFailed: enqueueActions(({ context, self, enqueue }, { error }: { error: unknown }) =>
        report<EditorReport<T>>(enqueue, self, { type: 'editor.delete.failed', target: context.pendingDelete as DeleteTarget, error }),
      ),
      assignDeleteError: assign((_, { error }: { error: unknown }) => ({ deleteError: error })),
      clearPending: assign({ pendingDelete: () => null }),
      /** A deleted row cannot stay open in the form. */
      closeFormIfDeleted: enqueueActions(({ context, enqueue }) => {
        if (context.pendingDelete && context.id === context.pendingDelete.id) enqueue.raise({ type: 'editor.form.dismiss' });
      }),
    },
  }).createMachine({
    id: 'editor',
    type: 'parallel',
    context: ({ input }) => ({
      mode: 'create',
      id: null,
      initial: input.empty,
      values: input.empty,
      fieldErrors: {},
      formError: null,
      saveError: null,
      saved: null,
      version: null,
      conflict: null,
      deleteCandidate: null,
      pendingDelete: null,
      deleteError: null,
      undoMs: input.undoMs ?? 5000,
      empty: input.empty,
    }),
    states: {
      form: {
        initial: 'closed',
        on: {
          'editor.form.dismiss': { target: '.closed', actions: ['reset', 'reportClosed'] },
        },
        states: {
          closed: {
            on: {
              'editor.open.create': { target: 'editing', actions: ['openCreate', 'reportOpened'] },
              'editor.open.edit': { target: 'editing', actions: ['openEdit', 'reportOpened'] },
            },
          },
          editing: {
            tags: ['open'],
            initial: 'pristine',
            states: {
              pristine: {},
              dirty: { tags: ['dirty'] },
              check: {
                always: [{ guard: 'isDirty', target: 'dirty' }, { target: 'pristine' }],
              },
            },
            on: {
              'editor.change': { target: '.check', actions: 'assignChange' },
              'editor.submit': { target: 'validating' },
              'editor.close': [
                { guard: 'isDirty', target: 'confirmingDiscard' },
                { target: 'closed', actions: ['reset', 'reportClosed'] },
              ],
            },
          },
          validating: {
            tags: ['open', 'busy'],
            invoke: {
              id: 'validate',
              src: 'validate',
              input: ({ context }) => ({ mode: context.mode, values: context.values }),
              onDone: [
                {
                  guard: { type: 'hasErrors', params: ({ event }) => event.output },
                  target: 'editing.check',
                  actions: { type: 'assignValidationErrors', params: ({ event }) => event.output },
                },
                { target: 'submitting', actions: 'clearErrors' },
              ],
              onError: { target: 'failed', actions: { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          submitting: {
            tags: ['open', 'busy'],
            invoke: {
              id: 'save',
              src: 'save',
              input: ({ context }) => ({ mode: context.mode, id: context.id, values: context.values, version: context.version }),
              onDone: {
                target: 'saved',
                actions: [{ type: 'assignSaved', params: ({ event }) => ({ record: event.output }) }, 'emitSaved', 'reportClosed'],
              },
              onError: [
                {
                  guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
                  target: 'conflict',
                  actions: { type: 'assignConflict', params: ({ event }) => ({ error: event.error }) },
                },
                { target: 'failed', actions: { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) } },
              ],
            },
          },
          failed: {
            tags: ['open', 'dirty'],
            on: {
              'editor.change': { target: 'editing.check', actions: 'assignChange' },
              'editor.submit': { target: 'validating' },
              'editor.close': { target: 'confirmingDiscard' },
            },
          },
          conflict: {
            tags: ['open', 'dirty'],
            on: {
              'editor.conflict.takeTheirs': { target: 'editing.check', actions: 'takeTheirs' },
              'editor.conflict.keepMine': { target: 'validating', actions: 'keepMine' },
              'editor.conflict.cancel': { target: 'editing.check', actions: 'dropConflict' },
              // Typing on while the choice is open keeps what is typed: the choice stays.
              'editor.change': { actions: 'assignChange' },
              'editor.close': { target: 'confirmingDiscard', actions: 'dropConflict' },
            },
          },
          confirmingDiscard: {
            tags: ['open', 'dirty'],
            on: {
              'editor.discard.confirm': { target: 'closed', actions: ['reset', 'reportClosed'] },
              'editor.discard.cancel': { target: 'editing.check' },
            },
          },
          saved: {
            on: {
              'editor.open.create': { target: 'editing', actions: ['openCreate', 'reportOpened'] },
              'editor.open.edit': { target: 'editing', actions: ['openEdit', 'reportOpened'] },
              'editor.close': { target: 'closed', actions: 'reset' },
            },
          },
        },
      },
      deletion: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'editor.delete': { guard: 'hasTarget', target: 'confirming', actions: 'assignDeleteCandidate' },
            },
          },
          confirming: {
            on: {
              'editor.delete.confirm': { target: 'pending', actions: ['promoteCandidate', 'closeFormIfDeleted', 'emitPending'] },
              'editor.delete.cancel': { target: 'idle', actions: 'clearDeleteCandidate' },
            },
          },
          pending: {
            after: { undoWindow: { target: 'deleting' } },
            on: {
              'editor.undo': { guard: 'isPendingTarget', target: 'idle', actions: ['emitUndone', 'clearPending'] },
              // Another row: commit this one now, then ask about the next.
              'editor.delete': { guard: 'hasTarget', target: 'flushing', actions: 'assignDeleteCandidate' },
            },
          },
          flushing: {
            invoke: {
              id: 'removeNow',
              src: 'remove',
              input: ({ context }) => context.pendingDelete as DeleteTarget,
              onDone: { target: 'confirming', actions: ['emitDeleted', 'clearPending'] },
              onError: {
                target: 'confirming',
                actions: [
                  { type: 'assignDeleteError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'emitDeleteFailed', params: ({ event }) => ({ error: event.error }) },
                  'clearPending',
                ],
              },
            },
          },
          deleting: {
            invoke: {
              id: 'remove',
              src: 'remove',
              input: ({ context }) => context.pendingDelete as DeleteTarget,
              onDone: { target: 'idle', actions: ['emitDeleted', 'clearPending'] },
              onError: {
                target: 'failed',
                actions: [
                  { type: 'assignDeleteError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'emitDeleteFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            },
          },
          failed: {
            on: {
              'editor.delete.dismiss': { target: 'idle', actions: 'clearPending' },
              'editor.delete': { guard: 'hasTarget', target: 'confirming', actions: ['clearPending', 'assignDeleteCandidate'] },
            },
          },
        },
      },
    },
  });
}

export type EditorMachine<V extends object, T> = ReturnType<typeof createEditorMachine<V, T>>;
