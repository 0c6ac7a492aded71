import { type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus, IconTool, IconToolsOff, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isJobActive } from '@machines/crud-screen/crud-screen.machine';
import { useCrudNotifications } from '@/components/crud-screen';
import { withUrlParam } from '@/lib/list-query';
import {
  BulkActionBar,
  BulkReport,
  ConfirmModal,
  DeleteConfirmModal,
  DataListToolbar,
  downloadText,
  ListEmpty,
  ListError,
  NewRowsBar,
  toCsv,
  useLatestHandlers,
  useShownBusy,
  type CsvColumn,
  type ListActorRef,
} from '@/components/data-list';
import { toFormValues, type UnitFormValues, type UnitRow } from './api/types';
import { versionTag } from '@/lib/conflicts';
import { UnitDetailDrawer } from './components/unit-detail-drawer';
import { UnitFilters } from './components/unit-filters';
import { activeFilterCount } from '@/lib/list-query';
import { UnitFormDrawer } from './components/unit-form-drawer';
import { UnitTable, UnitTableSettings } from './components/unit-table';
import { apiServices, UNIT_JOBS, useServiceUnits, type UnitJobs, type UnitServices } from './hooks/use-service-units';

const EMPTY_TAGS: string[] = [];

function errorMessage(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/** Service Unit Management: the organization's units, filtered and paged by the server. */
export function ServiceUnitsScreen({ services = apiServices }: { services?: UnitServices }) {
  const { t } = useTranslation();
  const { screen, list, editor, detail } = useServiceUnits(services);
  // The path only: the list and detail machines follow the query string themselves (useListUrl, useDetailUrl).
  const [location, navigate] = useLocation();

  // No selector of the query, the search box or the loading state here: a page change, sort or search then renders the table
  // and the toolbar (UnitToolbar), not the whole screen with its drawers and modals.
  const failed = useSelector(list, (s) => s.matches({ data: 'failed' }));
  const empty = useSelector(list, (s) => s.matches({ data: 'empty' }));
  const listError = useSelector(list, (s) => s.context.error);
  const selectedCount = useSelector(list, (s) => s.context.selected.length);
  const bulkRunning = useSelector(list, (s) => s.matches({ data: 'bulk' }));
  const confirmingBulk = useSelector(list, (s) => s.matches({ data: 'confirmingBulk' }));
  const exporting = useSelector(screen, (s) => isJobActive(s.context, UNIT_JOBS.export));
  const tagList = useSelector(screen, (s) => s.context.outputs.tags?.items ?? EMPTY_TAGS);
  const deleteCandidate = useSelector(editor, (s) => (s.matches({ deletion: 'confirming' }) ? s.context.deleteCandidate : null));

  const withUnitParam = (id: string | null) => withUrlParam(location, 'unit', id);

  // The screen's words for the shared CRUD toasts (src/components/crud-screen); the detail drawer follows the rows.
  useCrudNotifications<UnitRow, UnitFormValues, UnitRow, UnitJobs>(screen, {
    idPrefix: 'unit',
    saved: (mode, record) => t(mode === 'create' ? 'service-units.notify.created' : 'service-units.notify.saved', { name: record.name }),
    bulkDone: (action, count) => t(`service-units.notify.bulk.${action}`, { count }),
    bulkFailed: () => t('service-units.notify.bulkFailed'),
    jobDone: (result) => {
      if (result.job !== UNIT_JOBS.export) return null;
      const { items } = result.output;
      downloadText(`service-units-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`, toCsv(items, csvColumns(t)));
      return t('data-list.exportDone', { count: items.length });
    },
    jobFailed: (request) => (request.job === UNIT_JOBS.export ? t('data-list.exportFailed') : null),
    onEvent: (e) => {
      if (e.type === 'crud.saved') detail.send({ type: 'detail.updated', unit: e.record });
      if (e.type === 'crud.delete.pending' && detail.getSnapshot().context.id === e.target.id) navigate(withUnitParam(null));
    },
  });

  const openDetail = (unit: UnitRow) => navigate(withUnitParam(unit.id));
  const closeDetail = () => navigate(withUnitParam(null));
  const edit = (unit: UnitRow) =>
    editor.send({ type: 'editor.open.edit', id: unit.id, values: toFormValues(unit), version: versionTag(unit) });
  const remove = (unit: UnitRow) => editor.send({ type: 'editor.delete', target: { id: unit.id, label: unit.name } });
  const create = () => editor.send({ type: 'editor.open.create' });
  // Stable functions (calling the latest ones): the memoised table skips the screen's renders for the URL and the toolbar.
  const tableHandlers = useLatestHandlers({ onOpen: openDetail, onEdit: edit, onDelete: remove });
  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
      {t('service-units.actions.new')}
    </Button>
  );

  return (
    <Stack gap="md">
      <UnitToolbar
        list={list}
        filters={<UnitFilters list={list} tags={tagList} />}
        onExport={() => screen.send({ type: 'crud.job', request: { job: UNIT_JOBS.export, input: list.getSnapshot().context.query } })}
        exporting={exporting}
        actions={createButton}
      />
      <BulkActionBar count={selectedCount} onClear={() => list.send({ type: 'list.select.clear' })} busy={bulkRunning}>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconTool size={14} aria-hidden />}
          loading={bulkRunning}
          onClick={() => list.send({ type: 'list.bulk', action: 'maintenance.on' })}
        >
          {t('service-units.bulk.maintenanceOn')}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconToolsOff size={14} aria-hidden />}
          disabled={bulkRunning}
          onClick={() => list.send({ type: 'list.bulk', action: 'maintenance.off' })}
        >
          {t('service-units.bulk.maintenanceOff')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          disabled={bulkRunning}
          onClick={() => list.send({ type: 'list.bulk.request', action: 'delete' })}
        >
          {t('service-units.bulk.delete')}
        </Button>
      </BulkActionBar>
      <BulkReport list={list} />
      <UnitsNewBar list={list} />
      {failed ? (
        <ListError onRetry={() => list.send({ type: 'list.refresh' })} message={errorMessage(listError)} />
      ) : empty ? (
        <UnitsEmpty
          list={list}
          onClearFilters={() => list.send({ type: 'list.query.change', query: { filters: {}, search: '' } })}
          title={t('service-units.empty.title')}
          text={t('service-units.empty.text')}
          action={createButton}
        />
      ) : (
        <UnitTable list={list} onOpen={tableHandlers.onOpen} onEdit={tableHandlers.onEdit} onDelete={tableHandlers.onDelete} />
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

/** "3 new units — Show": units created elsewhere that wait off this page, search or filter; Show reloads page 1. */
function UnitsNewBar({ list }: { list: ListActorRef<UnitRow> }) {
  const { t } = useTranslation();
  const count = useSelector(list, (s) => s.context.newCount);
  return (
    <NewRowsBar
      count={count}
      label={t('live.newUnits', { count })}
      showLabel={t('live.showNew')}
      onShow={() => list.send({ type: 'list.live.show' })}
    />
  );
}

/** "No units", or "no units match" with a button to clear the search and filters. */
function UnitsEmpty({ list, ...props }: { list: ListActorRef<UnitRow> } & Omit<Parameters<typeof ListEmpty>[0], 'filtered'>) {
  const filtered = useSelector(list, (s) => s.context.query.search !== '' || Object.keys(s.context.query.filters).length > 0);
  return <ListEmpty filtered={filtered} {...props} />;
}

/** The toolbar, rendered alone when the search box, the filters' count or the loading state change. */
function UnitToolbar({
  list,
  filters,
  onExport,
  exporting,
  actions,
}: {
  list: ListActorRef<UnitRow>;
  filters: ReactNode;
  onExport: () => void;
  exporting: boolean;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const searchInput = useSelector(list, (s) => s.context.searchInput);
  const filtersCount = useSelector(list, (s) => activeFilterCount(s.context.query.filters));
  const busy = useShownBusy(list);
  return (
    <DataListToolbar
      searchValue={searchInput}
      onSearchChange={(value) => list.send({ type: 'list.search.input', search: value })}
      searchLabel={t('service-units.searchLabel')}
      filters={filters}
      filtersCount={filtersCount}
      settings={<UnitTableSettings />}
      onRefresh={() => list.send({ type: 'list.refresh' })}
      busy={busy}
      onExport={onExport}
      exporting={exporting}
      actions={actions}
    />
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
