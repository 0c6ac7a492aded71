import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { createCrudScreenMachine } from '@machines/crud-screen/crud-screen.machine';
import type { ProcessRule } from '@machines/domain/types';
import { createEditorMachine } from '@machines/editor/editor.machine';
import { createListMachine, type BulkResult, type ListRow } from '@machines/list/list.machine';
import { useCrudNotifications, useCrudScreen } from '@/components/crud-screen';
import { createProcessRule } from '../api/create-process-rule';
import { deleteProcessRule } from '../api/delete-process-rule';
import { getProcessRules } from '../api/get-process-rules';
import type { ProcessRuleValues, SavedProcessRule } from '../api/process-rule-types';
import { updateProcessRule } from '../api/update-process-rule';
import { validateProcessRule } from '../components/rule-schema';
import { useErrorText } from './use-process-monitor';
import { changedElsewhereRecord, rethrowAsConflict } from '@/lib/conflicts';

export const rulesListMachine = createListMachine<ProcessRule>();
export const ruleEditorMachine = createEditorMachine<ProcessRuleValues, SavedProcessRule>();
export const rulesScreenMachine = createCrudScreenMachine<ProcessRule, ProcessRuleValues, SavedProcessRule>();
export const EMPTY_RULE: ProcessRuleValues = { pattern: '', action: 'block', enabled: true, comment: '' };
/** A rule's editable fields (the form's values, and theirs in a conflict). */
export const toRuleValues = (rule: ProcessRule): ProcessRuleValues => ({
  pattern: rule.pattern,
  action: rule.action,
  enabled: rule.enabled,
  comment: rule.comment,
});

/** The rules tab of one unit: the CRUD-screen machine (list + editor, routed by the machine) and its toasts. */
export function useProcessRules(unitId: string) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const logic = rulesScreenMachine.provide({
    actors: {
      list: rulesListMachine.provide({
        actors: {
          fetchPage: fromPromise(({ signal }) => getProcessRules(unitId, signal)),
          // 'enable' / 'disable' the selected rules (the row switch selects its rule, then runs this), each at the version
          // the list showed: a rule changed meanwhile is left as it is and reported (the list's bulk report).
          bulkAction: fromPromise(async ({ input }): Promise<unknown> => {
            const enabled = input.action === 'enable';
            const answers = await Promise.allSettled(
              input.ids.map((id) => {
                const version = input.versions?.[id];
                return updateProcessRule(unitId, id, { enabled }, version === undefined ? null : `"${version}"`);
              }),
            );
            const changedElsewhere: ListRow[] = [];
            for (const answer of answers) {
              if (answer.status === 'fulfilled') continue;
              const current = changedElsewhereRecord(answer.reason);
              if (!current) throw answer.reason;
              changedElsewhere.push({ id: String(current['id']) });
            }
            const result: BulkResult = { count: answers.length - changedElsewhere.length, refused: 0, changedElsewhere };
            return result;
          }),
        },
      }),
      editor: ruleEditorMachine.provide({
        actors: {
          validate: fromPromise(async ({ input }) => validateProcessRule(input.values)),
          save: fromPromise(({ input }) =>
            input.mode === 'edit' && input.id
              ? updateProcessRule(unitId, input.id, input.values, input.version).catch(rethrowAsConflict(toRuleValues))
              : createProcessRule(unitId, input.values),
          ),
          remove: fromPromise(({ input }) => deleteProcessRule(unitId, input.id)),
        },
      }),
    },
  });
  const { screen, list, editor } = useCrudScreen<ProcessRule, ProcessRuleValues, SavedProcessRule>(logic, {
    list: { query: { pageSize: 100 } },
    editor: { empty: EMPTY_RULE },
  });

  useCrudNotifications<ProcessRule, ProcessRuleValues, SavedProcessRule>(screen, {
    idPrefix: 'rule',
    saved: (_mode, record) => {
      const ended = record.endedProcessIds.length;
      return ended > 0
        ? t('processes.ruleSavedEnded', { pattern: record.pattern, count: ended })
        : t('processes.ruleSaved', { pattern: record.pattern });
    },
    deleteFailed: (target, error) => ({ title: t('data-list.deleteFailed', { label: target.label }), message: errorText(error) }),
    bulkFailed: (_action, error) => errorText(error),
  });

  return { screen, list, editor };
}
