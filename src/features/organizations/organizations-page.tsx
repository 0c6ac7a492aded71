import { useCallback, useMemo } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { AskedJob } from '@machines/crud-screen/crud-screen.machine';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  BulkActionBar,
  DataListToolbar,
  DeleteConfirmModal,
  downloadText,
  ListEmpty,
  ListError,
  toCsv,
  type CsvColumn,
} from '@/components/data-list';
import { useCrudNotifications } from '@/components/crud-screen';
import { useUrlParam, withUrlParam } from '@/lib/list-query';
import { can, subjectFor, type Action } from '@/lib/roles';
import { useSessionAccess, useSessionUser } from '@/lib/session';
import type { Viewer } from './api/get-viewer';
import { toFormValues, type OrganizationFormValues, type OrganizationRow, type StatusAction } from './api/types';
import { versionTag } from '@/lib/conflicts';
import { OrganizationDetailDrawer } from './components/organization-detail-drawer';
import { OrganizationFilters } from './components/organization-filters';
import { activeFilterCount } from '@/lib/list-query';
import { OrganizationFormDrawer } from './components/organization-form-drawer';
import { OrganizationTable, OrganizationTableSettings } from './components/organization-table';
import { StatusReasonModal, type StatusRequest } from './components/status-reason-modal';
import { apiServices, useOrganizationsScreen, type OrganizationJobs, type OrganizationServices } from './hooks/use-organizations-screen';

function errorMessage(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/** The message of a failed delete the server explained (409: still has users or units). */
function reasonOf(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 409 ? errorMessage(error) : null;
}

/** Organizations: list with server paging/sort/filter in the URL, bulk status, CSV, drawer editor, detail and audit trail. */
export function OrganizationsScreen({ services = apiServices }: { services?: OrganizationServices }) {
  const { t } = useTranslation();
  const { screen, list, editor, audit, viewer } = useOrganizationsScreen(services);
  const access = useSessionAccess();
  const user = useSessionUser();
  // The path only: the list machine follows the query string itself (useListUrl).
  const [location, navigate] = useLocation();

  const me = useSelector(viewer, (s) => s.context.output as Viewer | null);
  const role = access.status === 'signedIn' ? access.role : undefined;
  const uid = user?.uid ?? me?.uid ?? '';
  const myOrganizationId = me?.organization?.id ?? null;
  const subject = useMemo(() => (role ? subjectFor(role, { uid, organizationId: myOrganizationId }) : null), [role, uid, myOrganizationId]);
  // Stable while the viewer is the same: the table's columns (and its memoised rows) follow it.
  const allowed = useCallback(
    (action: Action, row?: OrganizationRow) =>
      subject ? can(subject, action, 'organization', row ? { organizationId: row.id } : undefined).allowed : false,
    [subject],
  );

  const searchInput = useSelector(list, (s) => s.context.searchInput);
  const query = useSelector(list, (s) => s.context.query);
  const items = useSelector(list, (s) => s.context.items);
  const failed = useSelector(list, (s) => s.matches({ data: 'failed' }));
  const empty = useSelector(list, (s) => s.matches({ data: 'empty' }));
  const listError = useSelector(list, (s) => s.context.error);
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const selected = useSelector(list, (s) => s.context.selected);
  const jobBusy = useSelector(screen, (s) => s.hasTag('busy'));
  // The question stays open while its job runs, and is asked again (answer kept) when the job fails.
  const asked = useSelector(screen, (s) => (s.matches({ confirmation: 'idle' }) ? null : s.context.askedJob));
  const statusRequest = asked ? toStatusRequest(asked, asked.error === undefined ? null : t('organizations.errors.statusFailed')) : null;
  const deleteCandidate = useSelector(editor, (s) => (s.matches({ deletion: 'confirming' }) ? s.context.deleteCandidate : null));

  const openId = useUrlParam('org');
  const openRow = openId ? (items.find((o) => o.id === openId) ?? null) : null;
  const filtered = query.search !== '' || Object.keys(query.filters).length > 0;

  const withOrgParam = (id: string | null) => withUrlParam(location, 'org', id);

  // The shared toasts (undo, kept, deleted, failed); this screen adds its words.
  useCrudNotifications<OrganizationRow, OrganizationFormValues, OrganizationRow, OrganizationJobs>(screen, {
    idPrefix: 'organization',
    saved: (mode, record) => t(mode === 'create' ? 'organizations.notify.created' : 'organizations.notify.saved', { name: record.name }),
    deleteFailed: (target, error) => ({
      title: t('data-list.deleteFailed', { label: target.label }),
      message: reasonOf(error) ? t('organizations.errors.notEmpty') : (errorMessage(error) ?? ''),
    }),
    jobDone: (result) => {
      switch (result.job) {
        case 'export':
          downloadText(`organizations-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`, toCsv(result.output.items, csvColumns(t)));
          return t('data-list.exportDone', { count: result.output.items.length });
        case 'status':
          return t(`organizations.notify.status.${result.output.status}`, { name: result.output.name });
        case 'bulkStatus': {
          // Those changed by someone else meanwhile were left as they were: they stay selected, shown as they are now.
          const { updated, skipped, changed } = result.output;
          list.send(changed.length > 0 ? { type: 'list.select.set', ids: changed } : { type: 'list.select.clear' });
          const done = t('organizations.notify.bulk', { count: updated, skipped });
          return changed.length > 0 ? { title: done, message: t('data-list.bulkReport.changed', { count: changed.length }) } : done;
        }
      }
    },
    // A status change that fails is told in its dialog, asked again with the reason kept.
    jobFailed: (request) => (request.job === 'export' ? t('data-list.exportFailed') : null),
  });

  const edit = (row: OrganizationRow) =>
    editor.send({ type: 'editor.open.edit', id: row.id, values: toFormValues(row), version: versionTag(row) });
  const remove = (row: OrganizationRow) => editor.send({ type: 'editor.delete', target: { id: row.id, label: row.name } });
  // The question (with its reason) is the screen machine's `confirmation` state; the answer completes the job's input.
  const askStatus = (row: OrganizationRow, action: StatusAction) =>
    screen.send({ type: 'crud.job.request', request: { job: 'status', input: { id: row.id, action, reason: '' } }, label: row.name });
  const askBulk = (action: 'suspend' | 'activate') =>
    screen.send({
      type: 'crud.job.request',
      request: { job: 'bulkStatus', input: { ids: selected, action, reason: '', versions: shownVersions(items, selected) } },
      label: items.find((o) => o.id === selected[0])?.name ?? '',
    });
  // The answer completes the asked job with the typed reason.
  const confirmStatus = (reason: string) => {
    const request = asked?.request;
    if (request?.job === 'status') screen.send({ type: 'crud.job.confirm', request: { ...request, input: { ...request.input, reason } } });
    else if (request?.job === 'bulkStatus')
      screen.send({ type: 'crud.job.confirm', request: { ...request, input: { ...request.input, reason } } });
  };

  const createButton = allowed('create') ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => editor.send({ type: 'editor.open.create' })}>
      {t('organizations.actions.new')}
    </Button>
  ) : undefined;
  const canBulk = allowed('suspend') && allowed('activate');

  return (
    <Stack gap="md">
      <DataListToolbar
        searchValue={searchInput}
        onSearchChange={(value) => list.send({ type: 'list.search.input', search: value })}
        searchLabel={t('organizations.searchLabel')}
        filters={<OrganizationFilters list={list} />}
        filtersCount={activeFilterCount(query.filters)}
        settings={<OrganizationTableSettings />}
        onRefresh={() => list.send({ type: 'list.refresh' })}
        busy={busy}
        {...(allowed('export')
          ? { onExport: () => screen.send({ type: 'crud.job', request: { job: 'export', input: query } }), exporting: jobBusy }
          : {})}
        actions={createButton}
      />
      {canBulk && (
        <BulkActionBar count={selected.length} onClear={() => list.send({ type: 'list.select.clear' })} busy={jobBusy}>
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconPlayerPause size={14} aria-hidden />}
            disabled={jobBusy}
            onClick={() => askBulk('suspend')}
          >
            {t('organizations.bulk.suspend')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            disabled={jobBusy}
            onClick={() => askBulk('activate')}
          >
            {t('organizations.bulk.activate')}
          </Button>
        </BulkActionBar>
      )}
      {failed ? (
        <ListError onRetry={() => list.send({ type: 'list.refresh' })} message={errorMessage(listError)} />
      ) : empty ? (
        <ListEmpty
          filtered={filtered}
          onClearFilters={() => list.send({ type: 'list.query.change', query: { filters: {}, search: '' } })}
          title={t('organizations.empty.title')}
          text={t('organizations.empty.text')}
          action={createButton}
        />
      ) : (
        <OrganizationTable
          list={list}
          selectable={canBulk}
          onOpen={(row) => navigate(withOrgParam(row.id))}
          onEdit={edit}
          onStatus={askStatus}
          onDelete={remove}
          allowed={allowed}
        />
      )}
      {/* The licence fields (code, seat limit): the same can() question the server asks. */}
      <OrganizationFormDrawer editor={editor} canChangeLicence={allowed('changeLicense')} />
      <OrganizationDetailDrawer
        row={openRow}
        audit={audit}
        showAudit={openRow !== null && subject !== null && can(subject, 'read', 'auditLog', { organizationId: openRow.id }).allowed}
        onClose={() => navigate(withOrgParam(null))}
        onEdit={openRow && allowed('update', openRow) ? edit : null}
      />
      <StatusReasonModal
        request={statusRequest}
        busy={jobBusy}
        onConfirm={confirmStatus}
        onCancel={() => screen.send({ type: 'crud.job.cancel' })}
      />
      <DeleteConfirmModal
        candidateLabel={deleteCandidate?.label ?? null}
        onConfirm={() => editor.send({ type: 'editor.delete.confirm' })}
        onCancel={() => editor.send({ type: 'editor.delete.cancel' })}
      />
    </Stack>
  );
}

function csvColumns(t: (key: string) => string): CsvColumn<OrganizationRow>[] {
  return [
    { header: t('organizations.columns.name'), value: (o) => o.name },
    { header: t('organizations.columns.code'), value: (o) => o.code },
    { header: t('organizations.columns.status'), value: (o) => t(`organizations.status.${o.status}`) },
    { header: t('organizations.fields.contactEmail'), value: (o) => o.contactEmail },
    { header: t('organizations.fields.phone'), value: (o) => o.phone },
    { header: t('organizations.fields.address'), value: (o) => o.address },
    { header: t('organizations.fields.timezone'), value: (o) => o.timezone },
    { header: t('organizations.fields.seatLimit'), value: (o) => o.seatLimit },
    { header: t('organizations.columns.units'), value: (o) => o.unitCount },
    { header: t('organizations.columns.users'), value: (o) => o.userCount },
    {
      header: t('organizations.fields.screenshotsEnabled'),
      value: (o) => (o.screenshotPolicy.enabled ? t('organizations.yes') : t('organizations.no')),
    },
    { header: t('organizations.fields.intervalMinutes'), value: (o) => o.screenshotPolicy.intervalMinutes },
    { header: t('organizations.fields.retentionDays'), value: (o) => o.screenshotPolicy.retentionDays },
    { header: t('organizations.columns.createdAt'), value: (o) => o.createdAt },
  ];
}

/** The version each selected organization had in view: the bulk leaves one changed since as it is. */
function shownVersions(items: OrganizationRow[], selected: string[]): Record<string, number> {
  return Object.fromEntries(items.flatMap((o) => (selected.includes(o.id) && o.version !== undefined ? [[o.id, o.version]] : [])));
}

/** The status question the modal shows, from the asked job (`status`: one row, `bulkStatus`: the selection). */
function toStatusRequest({ request, label }: AskedJob<OrganizationJobs>, error: string | null): StatusRequest | null {
  if (request.job === 'status')
    return { action: request.input.action, ids: [request.input.id], label, bulk: false, reason: request.input.reason, error };
  if (request.job === 'bulkStatus')
    return { action: request.input.action, ids: request.input.ids, label, bulk: true, reason: request.input.reason, error };
  return null;
}

export default function OrganizationsPage() {
  return <OrganizationsScreen />;
}
