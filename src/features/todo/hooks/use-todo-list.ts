import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useActorEvents, useSendOnChange } from '@/components/actor-bridges';
import { showUndoNotification } from '@/components/data-list/undo-notification';
import type { TaskFilter } from '@machines/todo/types';
import type { TodoLogic } from './todo-machine';
import { failureKey } from '../selectors';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

/** Runs the to-do list actor for the page: follows the route's filter and turns its notices into toasts. */
export function useTodoList(logic: TodoLogic, filter: TaskFilter) {
  const { t } = useTranslation();
  const actorRef = useScreenActor(logic, { input: { filter } });

  useSendOnChange(actorRef, filter, (value) => ({ type: 'filter.change' as const, filter: value }));

  useActorEvents(actorRef, {
    'task.created': (event) =>
      notifications.show({ color: 'green', title: t('todo.toast.createdTitle'), message: t('todo.toast.created', { title: event.title }) }),
    'task.rolledBack': (event) =>
      notifications.show({
        color: 'red',
        autoClose: 5000,
        title: t('todo.toast.rollbackTitle'),
        message: `${t(`todo.toast.rollback.${event.change}`, { title: event.title })} ${t(failureKey(event.error))}`,
      }),
    'task.trashed': (event) =>
      showUndoNotification({
        id: `todo-trashed-${event.id}`,
        message: t('todo.toast.trashed', { title: event.title }),
        onUndo: () => actorRef.send({ type: 'task.undoTrash', id: event.id, title: event.title }),
        t,
      }),
    'task.restoreFailed': (event) =>
      notifications.show({
        color: 'red',
        autoClose: 5000,
        title: t('todo.toast.rollbackTitle'),
        message: `${t('todo.toast.restoreFailed', { title: event.title })} ${t(failureKey(event.error))}`,
      }),
  });

  return actorRef;
}
