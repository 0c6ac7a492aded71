import { useEffect, useRef } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTool, IconToolsOff, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { ListQuery } from '@machines/list/list-machine';
import {
  BulkActionBar,
  ConfirmModal,
  DeleteConfirmModal,
  DataListToolbar,
  downloadText,
  ListEmpty,
  ListError,
  showUndoNotification,
  toCsv,
  type CsvColumn,
} from '@/components/data-list';
import { toFormValues, type UnitRow } from './api/types';
import { UnitDetailDrawer } from './components/unit-detail-drawer';
import { UnitFilters } from './components/unit-filters';
import { UnitFormDrawer } from './components/unit-form-drawer';
import { UnitTable } from './components/unit-table';
import { apiServices, useServiceUnits, type UnitServices } from './hooks/use-service-units';

function errorMessage(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/** Service Unit Management: the organization's units, filtered and paged by the server. */
export function ServiceUnitsScreen({ services = apiServices }: { services?: UnitServices }) {
  const { t } = useTranslation();
  const { list, editor, detail, exporter, tags } = useServiceUnits(services);
  const search = useSearch();
  const [location, navigate] = useLocation();

  const searchInput = useSelector(list, (s) => s.context.searchInput);
  const query = useSelector(list, (s) => s.context.query);
  const failed = useSelector(list, (s) => s.matches({ data: 'failed' }));
  const empty = useSelector(list, (s) => s.matches({ data: 'empty' }));
  const listError = useSelector(list, (s) => s.context.error);
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const selectedCount = useSelector(list, (s) => s.context.selected.length);
  const bulkRunning = useSelector(list, (s) => s.matches({ data: 'bulk' }));
  const confirmingBulk = useSelector(list, (s) => s.matches({ data: 'confirmingBulk' }));
  const exporting = useSelector(exporter, (s) => s.hasTag('busy'));
  const tagList = useSelector(tags, (s) => (s.context.output as { items: string[] } | null)?.items ?? []);
  const deleteCandidate = useSelector(editor, (s) => (s.matches({ deletion: 'confirming' }) ? s.context.deleteCandidate : null));

  const filtered = query.search !== '' || Object.keys(query.filters).length > 0;
  const unitParam = new URLSearchParams(search).get('unit');

  const withUnitParam = (id: string | null) => {
    const params = new URLSearchParams(search);
    if (id) params.set('unit', id);
    else params.delete('unit');
    const qs = params.toString();
    return qs ? `${location}?${qs}` : location;
  };

  // The latest URL builder, for the subscriptions below without re-subscribing on every URL change.
  const withUnitParamRef = useRef(withUnitParam);
  useEffect(() => {
    withUnitParamRef.current = withUnitParam;
  });

  // The ?unit=<id> deep link opens (and back/forward closes) the detail drawer.
  useEffect(() => {
    if (unitParam) detail.send({ type: 'detail.open', id: unitParam });
    else detail.send({ type: 'detail.close' });
  }, [unitParam, detail]);

  useEffect(() => {
    tags.send({ type: 'task.start' });
  }, [tags]);

  useEffect(() => {
    const subs = [
      editor.on('editor.saved', ({ mode, record }) => {
        notifications.show({ color: 'teal', message: t(mode === 'create' ? 'service-units.notify.created' : 'service-units.notify.saved', { name: record.name }) });
        list.send({ type: 'list.refresh' });
        detail.send({ type: 'detail.updated', unit: record });
        tags.send({ type: 'task.start' });
        editor.send({ type: 'editor.close' });
      }),
      editor.on('editor.delete.pending', ({ target }) => {
        list.send({ type: 'list.rows.hide', ids: [target.id] });
        if (detail.getSnapshot().context.id === target.id) navigate(withUnitParamRef.current(null));
        showUndoNotification({
          id: `delete-unit-${target.id}`,
          message: t('data-list.deletePending', { label: target.label }),
          onUndo: () => editor.send({ type: 'editor.undo' }),
          t,
        });
      }),
      editor.on('editor.delete.undone', ({ target }) => {
        list.send({ type: 'list.rows.show', ids: [target.id] });
        notifications.show({ message: t('data-list.deleteUndone', { label: target.label }) });
      }),
      editor.on('editor.deleted', ({ target }) => {
        notifications.show({ color: 'teal', message: t('data-list.deleted', { label: target.label }) });
        list.send({ type: 'list.refresh' });
      }),
      editor.on('editor.delete.failed', ({ target }) => {
        list.send({ type: 'list.rows.show', ids: [target.id] });
        notifications.show({ color: 'red', message: t('data-list.deleteFailed', { label: target.label }) });
        editor.send({ type: 'editor.delete.dismiss' });
      }),
      list.on('list.bulk.done', ({ action, count }) => {
        notifications.show({ color: 'teal', message: t(`service-units.notify.bulk.${action}`, { count }) });
        if (action === 'delete') tags.send({ type: 'task.start' });
      }),
      list.on('list.bulk.failed', () => notifications.show({ color: 'red', message: t('service-units.notify.bulkFailed') })),
      exporter.on('task.done', ({ output }) => {
        const { items } = output as { items: UnitRow[] };
        downloadText(`service-units-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`, toCsv(items, csvColumns(t)));
        notifications.show({ color: 'teal', message: t('data-list.exportDone', { count: items.length }) });
      }),
      exporter.on('task.failed', () => notifications.show({ color: 'red', message: t('data-list.exportFailed') })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [editor, list, detail, exporter, tags, t, navigate]);


  const openDetail = (unit: UnitRow) => navigate(withUnitParam(unit.id));
  const closeDetail = () => navigate(withUnitParam(null));
  const edit = (unit: UnitRow) => editor.send({ type: 'editor.open.edit', id: unit.id, values: toFormValues(unit) });
  const remove = (unit: UnitRow) => editor.send({ type: 'editor.delete', target: { id: unit.id, label: unit.name } });
  const create = () => editor.send({ type: 'editor.open.create' });
  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
      {t('service-units.actions.new')}
    </Button>
  );

  return (
    <Stack gap="md">
      <DataListToolbar
        searchValue={searchInput}
        onSearchChange={(value) => list.send({ type: 'list.search.input', search: value })}
        searchLabel={t('service-units.searchLabel')}
        filters={<UnitFilters list={list} tags={tagList} />}
        onRefresh={() => list.send({ type: failed ? 'list.retry' : 'list.refresh' })}
        busy={busy}
        onExport={() => exporter.send({ type: 'task.start', input: query satisfies ListQuery })}
        exporting={exporting}
        actions={createButton}
      />
      <BulkActionBar count={selectedCount} onClear={() => list.send({ type: 'list.select.clear' })} busy={bulkRunning}>
        <Button size="xs" variant="light" leftSection={<IconTool size={14} aria-hidden />} loading={bulkRunning} onClick={() => list.send({ type: 'list.bulk', action: 'maintenance.on' })}>
          {t('service-units.bulk.maintenanceOn')}
        </Button>
        <Button size="xs" variant="light" leftSection={<IconToolsOff size={14} aria-hidden />} disabled={bulkRunning} onClick={() => list.send({ type: 'list.bulk', action: 'maintenance.off' })}>
          {t('service-units.bulk.maintenanceOff')}
        </Button>
        <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} aria-hidden />} disabled={bulkRunning} onClick={() => list.send({ type: 'list.bulk.request', action: 'delete' })}>
          {t('service-units.bulk.delete')}
        </Button>
      </BulkActionBar>
      {failed ? (
        <ListError onRetry={() => list.send({ type: 'list.retry' })} message={errorMessage(listError)} />
      ) : empty ? (
        <ListEmpty
          filtered={filtered}
          onClearFilters={() => list.send({ type: 'list.query.change', query: { filters: {}, search: '' } })}
          title={t('service-units.empty.title')}
          text={t('service-units.empty.text')}
          action={createButton}
        />
      ) : (
        <UnitTable list={list} onOpen={openDetail} onEdit={edit} onDelete={remove} />
      )}
      <UnitFormDrawer editor={editor} tags={tagList} />
      <UnitDetailDrawer detail={detail} onClose={closeDetail} onEdit={edit} onDelete={remove} />
      <DeleteConfirmModal
        candidateLabel={deleteCandidate?.label ?? null}
        onConfirm={() => editor.send({ type: 'editor.delete.confirm' })}
        onCancel={() => editor.send({ type: 'editor.delete.cancel' })}
      />
      <ConfirmModal
        opened={confirmingBulk}
        title={t('data-list.bulkDeleteTitle', { count: selectedCount })}
        confirmLabel={t('common.delete')}
        onConfirm={() => list.send({ type: 'list.bulk.confirm' })}
        onCancel={() => list.send({ type: 'list.bulk.cancel' })}
        danger
      >
        {t('data-list.bulkDeleteText')}
      </ConfirmModal>
    </Stack>
  );
}

function csvColumns(t: (key: string) => string): CsvColumn<UnitRow>[] {
  return [
    { header: t('service-units.columns.name'), value: (u) => u.name },
    { header: t('service-units.columns.status'), value: (u) => t(`service-units.status.${u.status}`) },
    { header: t('service-units.columns.hostname'), value: (u) => u.hostname },
    { header: t('service-units.fields.ipAddress'), value: (u) => u.ipAddress },
    { header: t('service-units.columns.os'), value: (u) => t(`service-units.os.${u.operatingSystem}`) },
    { header: t('service-units.fields.agentVersion'), value: (u) => u.agentVersion },
    { header: t('service-units.columns.location'), value: (u) => u.location },
    { header: t('service-units.columns.tags'), value: (u) => u.tags.join('; ') },
    { header: t('service-units.columns.lastSeen'), value: (u) => u.lastSeenAt },
    { header: t('service-units.fields.maintenance'), value: (u) => (u.maintenance ? t('service-units.yes') : t('service-units.no')) },
    { header: t('service-units.fields.screenshotInterval'), value: (u) => u.screenshotIntervalMinutes },
    { header: t('service-units.fields.description'), value: (u) => u.description },
  ];
}

export default function ServiceUnitsPage() {
  return <ServiceUnitsScreen />;
}
