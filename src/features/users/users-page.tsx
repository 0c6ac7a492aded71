import { useEffect, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { ConfirmModal, DataListToolbar, DeleteConfirmModal, downloadText, ListEmpty, ListError, showUndoNotification, toCsv, type CsvColumn } from '@/components/data-list';
import { can, subjectFor, type Action, type RoleId, type Subject } from '@/lib/roles';
import { useSessionAccess, useSessionUser } from '@/lib/session';
import type { Viewer } from './api/get-viewer';
import { isLinkResult, toFormValues, type OrganizationOption, type UserAction, type UserRow } from './api/types';
import { LinkModal, type ShownLink } from './components/link-modal';
import { UserDetailDrawer } from './components/user-detail-drawer';
import { activeFilterCount, UserFilters } from './components/user-filters';
import { UserFormDrawer, type UserFormRules } from './components/user-form-drawer';
import { UserTable, UserTableSettings } from './components/user-table';
import { apiServices, useUsersScreen, type UserServices } from './hooks/use-users-screen';

function errorMessage(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/** The record can() judges a user action by (organization, current role, the role it would get). */
function recordOf(row: UserRow, nextRoleId?: RoleId) {
  return { id: row.id, organizationId: row.organizationId, roleId: row.roleId, status: row.status, ...(nextRoleId ? { nextRoleId } : {}) };
}

const CONFIRMED: readonly UserAction[] = ['disable', 'resetPassword', 'revokeSessions'];

/** Users: list with filters in the URL, invite with a one-time link, edit within the role matrix, account actions, detail and audit trail. */
export function UsersScreen({ services = apiServices }: { services?: UserServices }) {
  const { t } = useTranslation();
  const { screen, list, editor, audit, viewer, organizations } = useUsersScreen(services);
  const access = useSessionAccess();
  const user = useSessionUser();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [shownLink, setShownLink] = useState<ShownLink | null>(null);
  const [pendingAction, setPendingAction] = useState<{ row: UserRow; action: UserAction } | null>(null);

  const me = useSelector(viewer, (s) => s.context.output as Viewer | null);
  const orgOptions = useSelector(organizations, (s) => (s.context.output as { items: OrganizationOption[] } | null)?.items ?? null);
  const role = access.status === 'signedIn' ? access.role : undefined;
  const subject: Subject | null = role ? subjectFor(role, { uid: user?.uid ?? me?.uid ?? '', organizationId: me?.organization?.id ?? null }) : null;
  const allowed = (action: Action, row?: UserRow) => (subject ? can(subject, action, 'user', row ? recordOf(row) : undefined).allowed : false);
  const seesAllOrganizations = role === 1 || role === 3;

  const searchInput = useSelector(list, (s) => s.context.searchInput);
  const query = useSelector(list, (s) => s.context.query);
  const items = useSelector(list, (s) => s.context.items);
  const failed = useSelector(list, (s) => s.matches({ data: 'failed' }));
  const empty = useSelector(list, (s) => s.matches({ data: 'empty' }));
  const listError = useSelector(list, (s) => s.context.error);
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const jobBusy = useSelector(screen, (s) => s.hasTag('busy'));
  const deleteCandidate = useSelector(editor, (s) => (s.matches({ deletion: 'confirming' }) ? s.context.deleteCandidate : null));

  const openId = new URLSearchParams(search).get('user');
  const openRow = openId ? (items.find((u) => u.id === openId) ?? null) : null;
  const filtered = query.search !== '' || Object.keys(query.filters).length > 0;

  const withUserParam = (id: string | null) => {
    const params = new URLSearchParams(search);
    if (id) params.set('user', id);
    else params.delete('user');
    const qs = params.toString();
    return qs ? `${location}?${qs}` : location;
  };

  useEffect(() => {
    viewer.send({ type: 'job.start' });
    organizations.send({ type: 'job.start' });
  }, [viewer, organizations]);

  // One place turns the screen's notifications into toasts (and the link dialog).
  useEffect(() => {
    const subs = [
      screen.on('crud.saved', ({ mode, record }) => {
        if (isLinkResult(record)) {
          setShownLink({ name: record.user.fullName, link: record.link, kind: 'invite' });
          notifications.show({ color: 'teal', message: t('users.notify.invited', { name: record.user.fullName }) });
        } else {
          notifications.show({ color: 'teal', message: t(mode === 'create' ? 'users.notify.invited' : 'users.notify.saved', { name: record.fullName }) });
        }
      }),
      screen.on('crud.delete.pending', ({ target }) =>
        showUndoNotification({
          id: `delete-user-${target.id}`,
          message: t('data-list.deletePending', { label: target.label }),
          onUndo: () => screen.send({ type: 'crud.undo' }),
          t,
        }),
      ),
      screen.on('crud.delete.undone', ({ target }) => notifications.show({ message: t('data-list.deleteUndone', { label: target.label }) })),
      screen.on('crud.deleted', ({ target }) => notifications.show({ color: 'teal', message: t('data-list.deleted', { label: target.label }) })),
      screen.on('crud.delete.failed', ({ target, error }) =>
        notifications.show({ color: 'red', autoClose: 8800, title: t('data-list.deleteFailed', { label: target.label }), message: errorMessage(error) ?? '' }),
      ),
      screen.on('crud.job.done', ({ job, input, output }) => {
        if (job === 'export') {
          const { items: rows } = output as { items: UserRow[] };
          downloadText(`users-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`, toCsv(rows, csvColumns(t)));
          notifications.show({ color: 'teal', message: t('data-list.exportDone', { count: rows.length }) });
          return;
        }
        const { action } = input as { id: string; action: UserAction };
        if (isLinkResult(output)) setShownLink({ name: output.user.fullName, link: output.link, kind: 'reset' });
        notifications.show({ color: 'teal', message: t(`users.notify.${action}`) });
      }),
      screen.on('crud.job.failed', ({ job, error }) =>
        notifications.show({ color: 'red', autoClose: 8800, message: job === 'export' ? t('data-list.exportFailed') : (errorMessage(error) ?? t('users.errors.actionFailed')) }),
      ),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [screen, t]);

  const edit = (row: UserRow) => screen.send({ type: 'crud.edit', id: row.id, values: toFormValues(row) });
  const remove = (row: UserRow) => screen.send({ type: 'crud.delete', target: { id: row.id, label: row.fullName } });
  const runAction = (row: UserRow, action: UserAction) => screen.send({ type: 'crud.job', job: 'action', input: { id: row.id, action } });
  const onAction = (row: UserRow, action: UserAction) => (CONFIRMED.includes(action) ? setPendingAction({ row, action }) : runAction(row, action));

  const formRules: UserFormRules = {
    roleAllowed: (r, mode, recordId) => {
      if (!subject) return false;
      if (mode === 'create') return can(subject, 'invite', 'user', { organizationId: subject.organizationId, nextRoleId: r }).allowed;
      const row = items.find((u) => u.id === recordId);
      return row ? can(subject, 'update', 'user', recordOf(row, r)).allowed : false;
    },
    organizations: role === 1 ? orgOptions : null,
  };

  const inviteButton = allowed('invite') ? (
    <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => screen.send({ type: 'crud.create', values: { organizationId: me?.organization?.id ?? '' } })}>
      {t('users.actions.invite')}
    </Button>
  ) : undefined;

  return (
    <Stack gap="md">
      <DataListToolbar
        searchValue={searchInput}
        onSearchChange={(value) => list.send({ type: 'list.search.input', search: value })}
        searchLabel={t('users.searchLabel')}
        filters={<UserFilters list={list} organizations={seesAllOrganizations ? orgOptions : null} />}
        filtersCount={activeFilterCount(query.filters)}
        settings={<UserTableSettings />}
        onRefresh={() => screen.send({ type: 'crud.refresh' })}
        busy={busy}
        {...(allowed('export') ? { onExport: () => screen.send({ type: 'crud.job', job: 'export', input: query }), exporting: jobBusy } : {})}
        actions={inviteButton}
      />
      {failed ? (
        <ListError onRetry={() => screen.send({ type: 'crud.refresh' })} message={errorMessage(listError)} />
      ) : empty ? (
        <ListEmpty
          filtered={filtered}
          onClearFilters={() => list.send({ type: 'list.query.change', query: { filters: {}, search: '' } })}
          title={t('users.empty.title')}
          text={t('users.empty.text')}
          action={inviteButton}
        />
      ) : (
        <UserTable list={list} onOpen={(row) => navigate(withUserParam(row.id))} onEdit={edit} onAction={onAction} onDelete={remove} allowed={allowed} />
      )}
      <UserFormDrawer editor={editor} rules={formRules} />
      <UserDetailDrawer
        row={openRow}
        audit={audit}
        showAudit={openRow !== null && subject !== null && can(subject, 'read', 'auditLog', { organizationId: openRow.organizationId }).allowed}
        onClose={() => navigate(withUserParam(null))}
        onEdit={openRow && allowed('update', openRow) ? edit : null}
      />
      <LinkModal shown={shownLink} onClose={() => setShownLink(null)} />
      <ConfirmModal
        opened={pendingAction !== null}
        title={pendingAction ? t(`users.confirm.${pendingAction.action}Title`, { name: pendingAction.row.fullName }) : ''}
        confirmLabel={pendingAction ? t(`users.actions.${pendingAction.action}`) : ''}
        onConfirm={() => {
          if (pendingAction) runAction(pendingAction.row, pendingAction.action);
          setPendingAction(null);
        }}
        onCancel={() => setPendingAction(null)}
        danger={pendingAction?.action === 'disable'}
      >
        {pendingAction ? t(`users.confirm.${pendingAction.action}Text`) : ''}
      </ConfirmModal>
      <DeleteConfirmModal
        candidateLabel={deleteCandidate?.label ?? null}
        onConfirm={() => screen.send({ type: 'crud.delete.confirm' })}
        onCancel={() => screen.send({ type: 'crud.delete.cancel' })}
      />
    </Stack>
  );
}

function csvColumns(t: (key: string) => string): CsvColumn<UserRow>[] {
  return [
    { header: t('users.columns.fullName'), value: (u) => u.fullName },
    { header: t('users.columns.username'), value: (u) => u.username },
    { header: t('users.columns.email'), value: (u) => u.email },
    { header: t('users.fields.phone'), value: (u) => u.phone },
    { header: t('users.columns.role'), value: (u) => t(`users.roles.${u.roleId}`) },
    { header: t('users.columns.organization'), value: (u) => u.organizationName },
    { header: t('users.columns.status'), value: (u) => t(`users.status.${u.status}`) },
    { header: t('users.columns.lastSignIn'), value: (u) => u.lastSignInAt ?? '' },
    { header: t('users.columns.createdAt'), value: (u) => u.createdAt },
    { header: t('users.detail.invitedBy'), value: (u) => u.invitedByName },
  ];
}

export default function UsersPage() {
  return <UsersScreen />;
}
