import { fromPromise } from 'xstate';
import { createCrudScreenMachine, jobActor } from '@machines/crud-screen/crud-screen.machine';
import {
  createEditorMachine,
  type DeleteTarget,
  type FieldErrors,
  type SaveInput,
  type ValidateInput,
} from '@machines/editor/editor.machine';
import { createListMachine, type BulkRequest, type ListQuery } from '@machines/list/list.machine';
import { urlTesterMachine } from '@machines/url-restrictions/url-tester.machine';
import type { Page, UrlRestriction } from '@machines/domain/types';
import { useCrudScreen } from '@/components/crud-screen';
import { defineListQuerySchema, useInitialListQuery, useListUrl } from '@/lib/list-query';
import { createUrlRestriction } from '../api/create-url-restriction';
import { deleteUrlRestriction } from '../api/delete-url-restriction';
import { getAllUrlRestrictions } from '../api/get-all-url-restrictions';
import { getUrlRestrictions } from '../api/get-url-restrictions';
import { EMPTY_RULE, toRuleValues, type RuleFormValues, type RuleRow } from '../api/types';
import { rethrowAsConflict } from '@/lib/conflicts';
import { updateUrlRestriction } from '../api/update-url-restriction';
import { validateRule } from '../schema';
import { re2Engine } from '@/lib/regex-engine';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

export const ruleListMachine = createListMachine<RuleRow>();
export const ruleEditorMachine = createEditorMachine<RuleFormValues, RuleRow>();
/** The screen's one job: turn a rule on or off from the table (answers the saved rule). */
export type RuleJobs = { toggle: { input: RuleRow; output: RuleRow } };

export const ruleScreenMachine = createCrudScreenMachine<RuleRow, RuleFormValues, RuleRow, RuleJobs>();
export const RULE_JOBS = { toggle: 'toggle' } as const;

export const ruleQuerySchema = defineListQuerySchema({
  sortColumns: ['pattern', 'matchType', 'action', 'enabled', 'updatedAt'],
  filters: {
    action: { values: ['allow', 'block'] },
    matchType: { values: ['domain', 'exact', 'wildcard', 'regex'], multiple: true },
    enabled: { values: ['true', 'false'] },
    unit: {},
  },
  defaults: { pageSize: 25, sort: { column: 'updatedAt', direction: 'desc' } },
});

export interface RuleServices {
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<Page<RuleRow>>;
  save: (input: SaveInput<RuleFormValues>) => Promise<RuleRow>;
  remove: (target: DeleteTarget) => Promise<unknown>;
  loadAll: () => Promise<UrlRestriction[]>;
}

export const apiRuleServices: RuleServices = {
  fetchPage: (query, signal) => getUrlRestrictions(query, signal),
  save: ({ mode, id, values, version }) =>
    mode === 'edit' && id ? updateUrlRestriction(id, values, version).catch(rethrowAsConflict(toRuleValues)) : createUrlRestriction(values),
  remove: ({ id }) => deleteUrlRestriction(id),
  loadAll: () => getAllUrlRestrictions(),
};

export function useUrlRestrictions(services: RuleServices = apiRuleServices) {
  // The URL is read once here; later URL changes go to the list machine from the history events (useListUrl).
  const initial = useInitialListQuery(ruleQuerySchema);

  const logic = ruleScreenMachine.provide({
    actors: {
      list: ruleListMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input, signal }) => services.fetchPage(input.query, signal)),
          bulkAction: fromPromise<unknown, BulkRequest>(async () => Promise.reject(new Error('No bulk actions for URL rules'))),
        },
      }),
      editor: ruleEditorMachine.provide({
        actors: {
          validate: fromPromise<FieldErrors, ValidateInput<RuleFormValues>>(async ({ input }) => validateRule(input.values)),
          save: fromPromise<RuleRow, SaveInput<RuleFormValues>>(({ input }) => services.save(input)),
          remove: fromPromise<unknown, DeleteTarget>(({ input }) => services.remove(input)),
        },
      }),
      // Turning a rule on or off from the table saves the whole rule with `enabled` flipped.
      job: jobActor<RuleJobs>(({ input: rule }) =>
        services.save({ mode: 'edit', id: rule.id, values: { ...toRuleValues(rule), enabled: !rule.enabled }, version: null }),
      ),
    },
  });
  const { screen, list, editor } = useCrudScreen<RuleRow, RuleFormValues, RuleRow, RuleJobs>(logic, {
    list: { query: initial },
    editor: { empty: EMPTY_RULE },
    jobs: { refreshAfter: [RULE_JOBS.toggle] },
  });
  useListUrl(list, ruleQuerySchema);

  const tester = useScreenActor(urlTesterMachine.provide({ actors: { loadRules: fromPromise(() => services.loadAll()) } }), {
    input: { regexEngine: re2Engine },
  });

  return { screen, list, editor, tester };
}
