import { ActionIcon, Button, Group, Select, Stack, Tooltip } from '@mantine/core';
import { IconListCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { isJobActive } from '@machines/crud-screen/crud-screen.machine';
import { useCrudNotifications } from '@/components/crud-screen';
import { DataListToolbar, DeleteConfirmModal, ListEmpty, ListError, usePhoneLayout } from '@/components/data-list';
import { UnitPicker } from '@/components/unit-picker';
import { activeFilterCount } from '@/lib/list-query';
import { toRuleValues, type RuleFormValues, type RuleRow } from './api/types';
import { versionTag } from '@/lib/conflicts';
import { RuleFormDrawer } from './components/rule-form-drawer';
import { RuleTable } from './components/rule-table';
import { UnitEnforcement } from './components/unit-enforcement';
import { UnitsEnforcementDrawer } from './components/units-enforcement';
import { UrlTester } from './components/url-tester';
import { useUnitPickerText } from './components/use-unit-picker-text';
import { apiRuleServices, RULE_JOBS, useUrlRestrictions, type RuleJobs, type RuleServices } from './hooks/use-url-restrictions';

function single(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

/** Url Restrictions: the organization's allow/block rules, their editor, and a URL tester. */
export function UrlRestrictionsScreen({ services = apiRuleServices }: { services?: RuleServices }) {
  const { t } = useTranslation();
  const { screen, list, editor, tester } = useUrlRestrictions(services);
  const searchInput = useSelector(list, (s) => s.context.searchInput);
  const query = useSelector(list, (s) => s.context.query);
  const failed = useSelector(list, (s) => s.matches({ data: 'failed' }));
  const empty = useSelector(list, (s) => s.matches({ data: 'empty' }));
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const listError = useSelector(list, (s) => s.context.error);
  const toggling = useSelector(screen, (s) => isJobActive(s.context, RULE_JOBS.toggle));
  const deleteCandidate = useSelector(editor, (s) => (s.matches({ deletion: 'confirming' }) ? s.context.deleteCandidate : null));
  const filters = query.filters;
  const unitFilter = single(filters['unit']);
  const filtered = query.search !== '' || Object.keys(filters).length > 0;

  // The shared CRUD toasts (src/components/crud-screen), in this screen's words.
  useCrudNotifications<RuleRow, RuleFormValues, RuleRow, RuleJobs>(screen, {
    idPrefix: 'rule',
    saved: (mode, record) =>
      t(mode === 'create' ? 'url-restrictions.notify.created' : 'url-restrictions.notify.saved', { pattern: record.pattern }),
    jobFailed: (request) => (request.job === RULE_JOBS.toggle ? t('url-restrictions.notify.toggleFailed') : null),
  });

  const setFilter = (key: string, value: string | null) =>
    list.send({ type: 'list.query.change', query: { filters: { ...filters, [key]: value ?? '' } } });
  const edit = (rule: RuleRow) =>
    editor.send({ type: 'editor.open.edit', id: rule.id, values: toRuleValues(rule), version: versionTag(rule) });
  const remove = (rule: RuleRow) => editor.send({ type: 'editor.delete', target: { id: rule.id, label: rule.pattern } });
  const create = () => editor.send({ type: 'editor.open.create', values: unitFilter ? { scopeKind: 'units', unitIds: [unitFilter] } : {} });
  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
      {t('url-restrictions.actions.new')}
    </Button>
  );
  // How every unit enforces the rules (issue 44): a drawer, so the rules keep their rows on the first screen.
  const [enforcementOpen, setEnforcementOpen] = useState(false);
  const phone = usePhoneLayout();
  const enforcementLabel = t('url-policy.units.open');
  const enforcementButton = phone ? (
    <Tooltip label={enforcementLabel}>
      <ActionIcon variant="default" size="lg" aria-label={enforcementLabel} onClick={() => setEnforcementOpen(true)}>
        <IconListCheck size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button variant="default" leftSection={<IconListCheck size={16} aria-hidden />} onClick={() => setEnforcementOpen(true)}>
      {enforcementLabel}
    </Button>
  );
  const unitFilterText = useUnitPickerText(t('url-restrictions.filters.unit'), t('url-restrictions.filters.anyUnit'));

  return (
    // One gap less than the other screens' sections: the tester, toolbar and 8 whole rules on a 1280×800 screen.
    <Stack gap="md">
      <UrlTester key={unitFilter ?? 'any'} tester={tester} defaultUnit={unitFilter} />
      {unitFilter && <UnitEnforcement key={unitFilter} unitId={unitFilter} />}
      <Stack gap="md">
        <DataListToolbar
          searchValue={searchInput}
          onSearchChange={(value) => list.send({ type: 'list.search.input', search: value })}
          searchLabel={t('url-restrictions.searchLabel')}
          onRefresh={() => list.send({ type: 'list.refresh' })}
          busy={busy}
          actions={
            <>
              {enforcementButton}
              {createButton}
            </>
          }
          filtersCount={activeFilterCount(filters)}
          filters={
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label={t('url-restrictions.filters.action')}
                placeholder={t('data-list.all')}
                data={[
                  { value: 'block', label: t('url-restrictions.action.block') },
                  { value: 'allow', label: t('url-restrictions.action.allow') },
                ]}
                value={single(filters['action'])}
                onChange={(v) => setFilter('action', v)}
                clearable
                w={150}
              />
              <Select
                label={t('url-restrictions.filters.enabled')}
                placeholder={t('data-list.all')}
                data={[
                  { value: 'true', label: t('url-restrictions.filters.onlyEnabled') },
                  { value: 'false', label: t('url-restrictions.filters.onlyDisabled') },
                ]}
                value={single(filters['enabled'])}
                onChange={(v) => setFilter('enabled', v)}
                clearable
                w={170}
              />
              <UnitPicker value={unitFilter} onChange={(v) => setFilter('unit', v)} text={unitFilterText} clearable w={260} />
            </Group>
          }
        />
        {failed ? (
          <ListError onRetry={() => list.send({ type: 'list.refresh' })} message={listError instanceof Error ? listError.message : null} />
        ) : empty ? (
          <ListEmpty
            filtered={filtered}
            onClearFilters={() => list.send({ type: 'list.query.change', query: { filters: {}, search: '' } })}
            title={t('url-restrictions.empty.title')}
            text={t('url-restrictions.empty.text')}
            action={createButton}
          />
        ) : (
          <RuleTable
            list={list}
            onEdit={edit}
            onDelete={remove}
            onToggle={(rule) => screen.send({ type: 'crud.job', request: { job: RULE_JOBS.toggle, input: rule } })}
            toggling={toggling}
          />
        )}
      </Stack>
      <RuleFormDrawer editor={editor} />
      <UnitsEnforcementDrawer opened={enforcementOpen} onClose={() => setEnforcementOpen(false)} />
      <DeleteConfirmModal
        candidateLabel={deleteCandidate?.label ?? null}
        onConfirm={() => editor.send({ type: 'editor.delete.confirm' })}
        onCancel={() => editor.send({ type: 'editor.delete.cancel' })}
      />
    </Stack>
  );
}

export default function UrlRestrictionsPage() {
  return <UrlRestrictionsScreen />;
}
