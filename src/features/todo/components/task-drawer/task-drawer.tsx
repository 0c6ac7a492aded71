import { Drawer } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { TaskActorRef } from '@machines/todo/task.machine';
import { selectCreator, selectEditor, selectTags, shallowEqual } from '../../selectors';
import { useTodoActor } from '../../hooks/use-todo-actor';
import { TaskForm } from '../task-form/task-form';

/** The "Add task" drawer: its state lives in the list machine's creator region. */
export function CreateTaskDrawer() {
  const { t } = useTranslation();
  const actor = useTodoActor();
  const creator = useSelector(actor, selectCreator, shallowEqual);
  const tags = useSelector(actor, selectTags);
  return (
    <Drawer
      opened={creator.opened}
      onClose={() => {
        if (!creator.busy) actor.send({ type: 'create.cancel' });
      }}
      title={t('todo.form.addTitle')}
      position="right"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <TaskForm
        draft={creator.draft}
        errors={creator.errors}
        tags={tags}
        busy={creator.busy}
        failure={creator.failure}
        failureTitle={t('todo.form.createFailed')}
        submitLabel={t('todo.addTask')}
        onChange={(patch) => actor.send({ type: 'create.change', patch })}
        onSubmit={() => actor.send({ type: 'create.submit' })}
        onCancel={() => actor.send({ type: 'create.cancel' })}
      />
    </Drawer>
  );
}

/** The edit drawer of the task being edited: its state lives in that task's actor. */
export function EditTaskDrawer({ taskRef }: { taskRef: TaskActorRef }) {
  const { t } = useTranslation();
  const actor = useTodoActor();
  const editor = useSelector(taskRef, selectEditor, shallowEqual);
  const tags = useSelector(actor, selectTags);
  return (
    <Drawer
      opened={editor.opened}
      onClose={() => {
        if (!editor.busy) taskRef.send({ type: 'edit.cancel' });
      }}
      title={t('todo.form.editTitle')}
      position="right"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {editor.draft ? (
        <TaskForm
          draft={editor.draft}
          errors={editor.errors}
          tags={tags}
          busy={editor.busy}
          failure={editor.failed ? editor.failure : null}
          failureTitle={t('todo.form.saveFailed')}
          submitLabel={t('common.save')}
          onChange={(patch) => taskRef.send({ type: 'edit.change', patch })}
          onSubmit={() => taskRef.send({ type: 'edit.save' })}
          onCancel={() => taskRef.send({ type: 'edit.cancel' })}
          onRetry={() => taskRef.send({ type: 'edit.retry' })}
          onDiscard={() => taskRef.send({ type: 'edit.rollback' })}
        />
      ) : null}
    </Drawer>
  );
}
