import { notifications } from '@mantine/notifications';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type {
  CrudScreenEmitted,
  CrudScreenInput,
  CrudScreenMachine,
  JobMap,
  JobRequest,
  JobResult,
} from '@machines/crud-screen/crud-screen.machine';
import type { DeleteTarget, EditorMode } from '@machines/editor/editor.machine';
import type { ListRow } from '@machines/list/list.machine';
import { useActorEvents } from '@/components/actor-bridges';
import { hideNotification, showUndoNotification } from '@/components/data-list';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

/**
 * Runs a CRUD screen (machines/crud-screen) and hands the view the parent and its list and editor children.
 * The screen's `logic` is the machine with the real actors provided (see docs/crud-screen.md). The view sends
 * list and editor events to `list` and `editor`, and only jobs (`crud.job*`) to `screen`.
 */
export function useCrudScreen<T extends ListRow, V extends object, S, J extends JobMap = JobMap>(
  logic: CrudScreenMachine<T, V, S, J>,
  input: CrudScreenInput<NoInfer<V>, NoInfer<J>>,
) {
  const screen = useScreenActor(logic, { input });
  const list = useSelector(screen, (s) => s.context.list);
  const editor = useSelector(screen, (s) => s.context.editor);
  return { screen, list, editor };
}

type CrudScreenRef<T extends ListRow, V extends object, S, J extends JobMap = JobMap> = ActorRefFrom<CrudScreenMachine<T, V, S, J>>;

/** A toast: a plain message, or a title with a message. `null` shows nothing. */
type ToastText = string | { title?: string; message: string } | null;

interface CrudToasts<S, J extends JobMap = JobMap> {
  /** Prefix of the notification ids, e.g. 'unit' → `unit-delete-<id>` for the undo toast. */
  idPrefix: string;
  saved: (mode: EditorMode, record: S) => ToastText;
  /** Default: "“label” could not be deleted". */
  deleteFailed?: (target: DeleteTarget, error: unknown) => ToastText;
  bulkDone?: (action: string, count: number) => ToastText;
  bulkFailed?: (action: string, error: unknown) => ToastText;
  /** A job finished (switch on `result.job` to read its typed output): return a toast, or do what it is for (e.g. download the export) and return one. */
  jobDone?: (result: JobResult<J>) => ToastText;
  jobFailed?: (request: JobRequest<J>, error: unknown) => ToastText;
  /** Side effects beyond toasts (e.g. close a detail drawer showing the row whose delete is pending). */
  onEvent?: (event: CrudScreenEmitted<S, J>) => void;
}

function show(text: ToastText, color?: string): void {
  if (text === null) return;
  if (typeof text === 'string') notifications.show({ color, message: text });
  else notifications.show({ color, title: text.title, message: text.message });
}

/**
 * The one place a CRUD screen's notifications are written. The undo contract: a pending delete shows an
 * Undo toast for the undo window; undo replaces it with "kept", the delete with "deleted", a failure with the
 * red error. Every screen gets the same toasts; `toasts` only supplies the screen's own words.
 */
export function useCrudNotifications<T extends ListRow, V extends object, S, J extends JobMap = JobMap>(
  screen: CrudScreenRef<T, V, S, J>,
  toasts: CrudToasts<S, J>,
): void {
  const { t } = useTranslation();
  const undoId = (target: DeleteTarget) => `${toasts.idPrefix}-delete-${target.id}`;
  useActorEvents(screen, {
    'crud.saved': (e) => show(toasts.saved(e.mode, e.record), 'teal'),
    'crud.delete.pending': (e) => {
      showUndoNotification({
        id: undoId(e.target),
        message: t('data-list.deletePending', { label: e.target.label }),
        // Undo is the editor's (it owns the pending row): the toast names its row, so an older toast cannot undo a newer delete.
        onUndo: () => screen.getSnapshot().context.editor.send({ type: 'editor.undo', id: e.target.id }),
        t,
      });
    },
    'crud.delete.undone': (e) => {
      hideNotification(undoId(e.target));
      show(t('data-list.deleteUndone', { label: e.target.label }));
    },
    'crud.deleted': (e) => {
      hideNotification(undoId(e.target));
      show(t('data-list.deleted', { label: e.target.label }), 'teal');
    },
    'crud.delete.failed': (e) => {
      hideNotification(undoId(e.target));
      show(toasts.deleteFailed ? toasts.deleteFailed(e.target, e.error) : t('data-list.deleteFailed', { label: e.target.label }), 'red');
    },
    'crud.bulk.done': (e) => show(toasts.bulkDone?.(e.action, e.count) ?? null, 'teal'),
    'crud.bulk.failed': (e) => show(toasts.bulkFailed?.(e.action, e.error) ?? null, 'red'),
    'crud.job.done': (e) => show(toasts.jobDone?.(e.result) ?? null, 'teal'),
    'crud.job.failed': (e) => show(toasts.jobFailed?.(e.request, e.error) ?? null, 'red'),
    '*': (e) => toasts.onEvent?.(e),
  });
}
