import { useEffect } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { DataListToolbar, DeleteConfirmModal, ListEmpty, ListError, showUndoNotification } from '@/components/data-list';
import { UnitPicker } from '@/components/unit-picker';
import { toRuleValues, type RuleRow } from './api/types';
import { RuleFormDrawer } from './components/rule-form-drawer';
import { RuleTable } from './components/rule-table';
import { UrlTester } from './components/url-tester';
import { useUnitPickerText } from './components/use-unit-picker-text';
import { apiRuleServices, useUrlRestrictions, type RuleServices } from './hooks/use-url-restrictions';

function single(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

/** Url Restrictions: the organization's allow/block rules, their editor, and a URL tester. */
export function UrlRestrictionsScreen({ services = apiRuleServices }: { services?: RuleServices }) {
  const { t } = useTranslation();
  const { list, editor, toggler, tester } = useUrlRestrictions(services);
  const searchInput = useSelector(list, (s) => s.context.searchInput);
  const query = useSelector(list, (s) => s.context.query);
  const failed = useSelector(list, (s) => s.matches({ data: 'failed' }));
  const empty = useSelector(list, (s) => s.matches({ data: 'empty' }));
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const listError = useSelector(list, (s) => s.context.error);
  const toggling = useSelector(toggler, (s) => s.hasTag('busy'));
  const deleteCandidate = useSelector(editor, (s) => (s.matches({ deletion: 'confirming' }) ? s.context.deleteCandidate : null));
  const filters = query.filters;
  const unitFilter = single(filters['unit']);
  const filtered = query.search !== '' || Object.keys(filters).length > 0;

  useEffect(() => {
    const subs = [
      editor.on('editor.saved', ({ mode, record }) => {
        notifications.show({ color: 'teal', message: t(mode === 'create' ? 'url-restrictions.notify.created' : 'url-restrictions.notify.saved', { pattern: record.pattern }) });
        list.send({ type: 'list.refresh' });
        editor.send({ type: 'editor.close' });
      }),
      editor.on('editor.delete.pending', ({ target }) => {
        list.send({ type: 'list.rows.hide', ids: [target.id] });
        showUndoNotification({ id: `delete-rule-${target.id}`, message: t('data-list.deletePending', { label: target.label }), onUndo: () => editor.send({ type: 'editor.undo' }), t });
      }),
      editor.on('editor.delete.undone', ({ target }) => list.send({ type: 'list.rows.show', ids: [target.id] })),
      editor.on('editor.deleted', ({ target }) => {
        notifications.show({ color: 'teal', message: t('data-list.deleted', { label: target.label }) });
        list.send({ type: 'list.refresh' });
      }),
      editor.on('editor.delete.failed', ({ target }) => {
        list.send({ type: 'list.rows.show', ids: [target.id] });
        notifications.show({ color: 'red', message: t('data-list.deleteFailed', { label: target.label }) });
        editor.send({ type: 'editor.delete.dismiss' });
      }),
      toggler.on('task.done', () => list.send({ type: 'list.refresh' })),
      toggler.on('task.failed', () => notifications.show({ color: 'red', message: t('url-restrictions.notify.toggleFailed') })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [editor, list, toggler, t]);

  const setFilter = (key: string, value: string | null) =>
    list.send({ type: 'list.query.change', query: { filters: { ...filters, [key]: value ?? '' } } });
  const edit = (rule: RuleRow) => editor.send({ type: 'editor.open.edit', id: rule.id, values: toRuleValues(rule) });
  const remove = (rule: RuleRow) => editor.send({ type: 'editor.delete', target: { id: rule.id, label: rule.pattern } });
  const create = () =>
    editor.send({ type: 'editor.open.create', values: unitFilter ? { scopeKind: 'units', unitIds: [unitFilter] } : {} });
  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
      {t('url-restrictions.actions.new')}
    </Button>
  );
  const unitFilterText = useUnitPickerText(t('url-restrictions.filters.unit'), t('url-restrictions.filters.anyUnit'));

  return (
    <Stack gap="lg">
      <UrlTester key={unitFilter ?? 'any'} tester={tester} defaultUnit={unitFilter} />
      <Stack gap="md">
        <DataListToolbar
          searchValue={searchInput}
          onSearchChange={(value) => list.send({ type: 'list.search.input', search: value })}
          searchLabel={t('url-restrictions.searchLabel')}
          onRefresh={() => list.send({ type: failed ? 'list.retry' : 'list.refresh' })}
          busy={busy}
          actions={createButton}
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
          <ListError onRetry={() => list.send({ type: 'list.retry' })} message={listError instanceof Error ? listError.message : null} />
        ) : empty ? (
          <ListEmpty
            filtered={filtered}
            onClearFilters={() => list.send({ type: 'list.query.change', query: { filters: {}, search: '' } })}
            title={t('url-restrictions.empty.title')}
            text={t('url-restrictions.empty.text')}
            action={createButton}
          />
        ) : (
          <RuleTable list={list} onEdit={edit} onDelete={remove} onToggle={(rule) => toggler.send({ type: 'task.start', input: rule })} toggling={toggling} />
        )}
      </Stack>
      <RuleFormDrawer editor={editor} />
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
