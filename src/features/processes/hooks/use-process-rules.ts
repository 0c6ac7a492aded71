import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { ProcessRule } from '@machines/domain/types';
import { createEditorMachine } from '@machines/editor/editor-machine';
import { createListMachine } from '@machines/list/list-machine';
import { hideNotification, showUndoNotification } from '@/components/data-list';
import { createProcessRule } from '../api/create-process-rule';
import { deleteProcessRule } from '../api/delete-process-rule';
import { getProcessRules } from '../api/get-process-rules';
import type { ProcessRuleValues, SavedProcessRule } from '../api/process-rule-types';
import { updateProcessRule } from '../api/update-process-rule';
import { validateProcessRule } from '../components/rule-schema';
import { useErrorText } from './use-process-monitor';

export const rulesListMachine = createListMachine<ProcessRule>();
export const ruleEditorMachine = createEditorMachine<ProcessRuleValues, SavedProcessRule>();
export const EMPTY_RULE: ProcessRuleValues = { pattern: '', action: 'block', enabled: true, comment: '' };

/** The rules tab's list and editor actors for one unit, wired to each other and to notifications. */
export function useProcessRules(unitId: string) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const list = useActorRef(
    rulesListMachine.provide({
      actors: {
        fetchPage: fromPromise(({ signal }) => getProcessRules(unitId, signal)),
        // 'enable' / 'disable' the selected rules (the row switch selects its rule, then runs this).
        bulkAction: fromPromise(({ input }) =>
          Promise.all(input.ids.map((id) => updateProcessRule(unitId, id, { enabled: input.action === 'enable' }))),
        ),
      },
    }),
    { input: { query: { pageSize: 100 } } },
  );
  const editor = useActorRef(
    ruleEditorMachine.provide({
      actors: {
        validate: fromPromise(async ({ input }) => validateProcessRule(input.values)),
        save: fromPromise(({ input }) =>
          input.mode === 'edit' && input.id ? updateProcessRule(unitId, input.id, input.values) : createProcessRule(unitId, input.values),
        ),
        remove: fromPromise(({ input }) => deleteProcessRule(unitId, input.id)),
      },
    }),
    { input: { empty: EMPTY_RULE } },
  );

  useEffect(() => {
    const subs = [
      editor.on('editor.saved', (e) => {
        list.send({ type: 'list.refresh' });
        editor.send({ type: 'editor.close' });
        const ended = e.record.endedProcessIds.length;
        notifications.show({
          color: 'teal',
          message: ended > 0 ? t('processes.ruleSavedEnded', { pattern: e.record.pattern, count: ended }) : t('processes.ruleSaved', { pattern: e.record.pattern }),
        });
      }),
      editor.on('editor.delete.pending', (e) => {
        list.send({ type: 'list.rows.hide', ids: [e.target.id] });
        showUndoNotification({
          id: `rule-delete-${e.target.id}`,
          message: t('data-list.deletePending', { label: e.target.label }),
          onUndo: () => editor.send({ type: 'editor.undo' }),
          t,
        });
      }),
      editor.on('editor.delete.undone', (e) => {
        list.send({ type: 'list.rows.show', ids: [e.target.id] });
        hideNotification(`rule-delete-${e.target.id}`);
      }),
      editor.on('editor.deleted', (e) => {
        list.send({ type: 'list.rows.show', ids: [e.target.id] });
        list.send({ type: 'list.refresh' });
        notifications.show({ color: 'teal', message: t('data-list.deleted', { label: e.target.label }) });
      }),
      editor.on('editor.delete.failed', (e) => {
        list.send({ type: 'list.rows.show', ids: [e.target.id] });
        notifications.show({ color: 'red', title: t('data-list.deleteFailed', { label: e.target.label }), message: errorText(e.error) });
      }),
      list.on('list.bulk.failed', (e) => notifications.show({ color: 'red', message: errorText(e.error) })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [editor, list, t, errorText]);

  return { list, editor };
}
