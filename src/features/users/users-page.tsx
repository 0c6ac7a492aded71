import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  ConfirmModal,
  DataListToolbar,
  DeleteConfirmModal,
  downloadText,
  ListEmpty,
  ListError,
  listSelectors,
  toCsv,
  useLatestHandlers,
  type CsvColumn,
  type ListActorRef,
} from '@/components/data-list';
import { useCrudNotifications } from '@/components/crud-screen';
import { readScope } from '@machines/permissions/can';
import { useUrlParam, withUrlParam } from '@/lib/list-query';
import { can, subjectFor, type Action, type RoleId, type Subject } from '@/lib/roles';
import { useSessionAccess, useSessionUser } from '@/lib/session';
import type { Viewer } from './api/get-viewer';
import {
  isLinkResult,
  toFormValues,
  type OrganizationOption,
  type SavedUser,
  type UserAction,
  type UserFormValues,
  type UserRow,
} from './api/types';
import { versionTag } from '@/lib/conflicts';
import { LinkModal, type ShownLink } from './components/link-modal';
import { UserDetailDrawer } from './components/user-detail-drawer';
import { UserFilters } from './components/user-filters';
import { activeFilterCount } from '@/lib/list-query';
import { UserFormDrawer, type UserFormRules } from './components/user-form-drawer';
import { UserTable, UserTableSettings } from './components/user-table';
import { apiServices, useUsersScreen, type UserJobs, type UserServices } from './hooks/use-users-screen';

type UsersScreenParts = ReturnType<typeof useUsersScreen>;
type UserList = ListActorRef<UserRow>;
type Allowed = (action: Action, row?: UserRow) => boolean;

function errorMessage(error: unknown): string | null {
  return error instanceof Error ? error.message : null;
}

/** The record can() judges a user action by (organization, current role, the role it would get). */
function recordOf(row: UserRow, nextRoleId?: RoleId) {
  return { id: row.id, organizationId: row.organizationId, roleId: row.roleId, status: row.status, ...(nextRoleId ? { nextRoleId } : {}) };
}

/** A record of some organization that is not the subject's own. */
function otherOrganizationThan(subject: Subject) {
  return { organizationId: subject.organizationId === null ? 'another organization' : `not ${subject.organizationId}` };
}

const CONFIRMED: readonly UserAction[] = ['disable', 'resetPassword', 'revokeSessions'];

// Named selectors: each part of the screen reads only what it shows.
const selectSearchInput = (s: ReturnType<UserList['getSnapshot']>) => s.context.searchInput;
const selectFilterCount = (s: ReturnType<UserList['getSnapshot']>) => activeFilterCount(s.context.query.filters);
const selectFiltered = (s: ReturnType<UserList['getSnapshot']>) =>
  s.context.query.search !== '' || Object.keys(s.context.query.filters).length > 0;
const selectListError = (s: ReturnType<UserList['getSnapshot']>) => s.context.error;

/**
 * Users: list with filters in the URL, invite with a one-time link, edit within the role matrix, account actions, detail and audit trail.
 * The screen itself reads no list state: the toolbar, the list body and the detail drawer each subscribe to what
 * they show and are memoised with stable props, so a page change renders the table, not the whole screen.
 */
export function UsersScreen({ services = apiServices }: { services?: UserServices }) {
  const { t } = useTranslation();
  const { screen, list, editor, audit, viewer, organizations } = useUsersScreen(services);
  const access = useSessionAccess();
  const user = useSessionUser();
  // The path only: a query-string change is the list machine's (it follows the URL), not a render of the screen.
  const [location, navigate] = useLocation();
  const [shownLink, setShownLink] = useState<ShownLink | null>(null);

  const me = useSelector(viewer, (s) => s.context.output as Viewer | null);
  const orgOptions = useSelector(organizations, (s) => (s.context.output as { items: OrganizationOption[] } | null)?.items ?? null);
  const role = access.status === 'signedIn' ? access.role : undefined;
  const uid = user?.uid ?? me?.uid ?? '';
  const myOrganizationId = me?.organization?.id ?? null;
  const subject: Subject | null = useMemo(
    () => (role ? subjectFor(role, { uid, organizationId: myOrganizationId }) : null),
    [role, uid, myOrganizationId],
  );
  const allowed: Allowed = useCallback(
    (action, row) => (subject ? can(subject, action, 'user', row ? recordOf(row) : undefined).allowed : false),
    [subject],
  );
  // Whoever reads users of every organization filters by organization.
  const seesAllOrganizations = subject !== null && readScope(subject, 'user').kind === 'all';
  // Whoever may invite into another organization than their own picks the organization in the form.
  const placesInAnyOrganization = subject !== null && can(subject, 'invite', 'user', otherOrganizationThan(subject)).allowed;

  // The shared toasts (undo, kept, deleted, failed); this screen adds its words and the link dialog.
  useCrudNotifications<UserRow, UserFormValues, SavedUser, UserJobs>(screen, {
    idPrefix: 'user',
    saved: (mode, record) => {
      if (!isLinkResult(record)) return t(mode === 'create' ? 'users.notify.invited' : 'users.notify.saved', { name: record.fullName });
      setShownLink({ name: record.user.fullName, link: record.link, kind: 'invite' });
      return t('users.notify.invited', { name: record.user.fullName });
    },
    deleteFailed: (target, error) => ({ title: t('data-list.deleteFailed', { label: target.label }), message: errorMessage(error) ?? '' }),
    jobDone: (result) => {
      if (result.job === 'export') {
        const rows = result.output.items;
        downloadText(`users-${dayjs().format('YYYY-MM-DD-HHmm')}.csv`, toCsv(rows, csvColumns(t)));
        return t('data-list.exportDone', { count: rows.length });
      }
      if (isLinkResult(result.output)) setShownLink({ name: result.output.user.fullName, link: result.output.link, kind: 'reset' });
      return t(`users.notify.${result.input.action}`);
    },
    jobFailed: (request, error) =>
      request.job === 'export' ? t('data-list.exportFailed') : (errorMessage(error) ?? t('users.errors.actionFailed')),
  });

  const withUserParam = (id: string | null) => withUrlParam(location, 'user', id);
  const runAction = (row: UserRow, action: UserAction) =>
    screen.send({ type: 'crud.job', request: { job: 'action', input: { id: row.id, action } } });
  // The same functions on every render (the memoised parts keep them), each acting on the latest URL and state.
  const handlers = useLatestHandlers({
    onOpen: (row: UserRow) => navigate(withUserParam(row.id)),
    onClose: () => navigate(withUserParam(null)),
    onEdit: (row: UserRow) => editor.send({ type: 'editor.open.edit', id: row.id, values: toFormValues(row), version: versionTag(row) }),
    onDelete: (row: UserRow) => editor.send({ type: 'editor.delete', target: { id: row.id, label: row.fullName } }),
    onAction: (row: UserRow, action: UserAction) =>
      CONFIRMED.includes(action)
        ? screen.send({ type: 'crud.job.request', request: { job: 'action', input: { id: row.id, action } }, label: row.fullName })
        : runAction(row, action),
    onInvite: () => editor.send({ type: 'editor.open.create', values: { organizationId: myOrganizationId ?? '' } }),
    onCloseLink: () => setShownLink(null),
  });

  const formRules: UserFormRules = useMemo(
    () => ({
      roleAllowed: (r, mode, recordId) => {
        if (!subject) return false;
        if (mode === 'create') return can(subject, 'invite', 'user', { organizationId: subject.organizationId, nextRoleId: r }).allowed;
        const row = list.getSnapshot().context.items.find((u) => u.id === recordId);
        return row ? can(subject, 'update', 'user', recordOf(row, r)).allowed : false;
      },
      organizations: placesInAnyOrganization ? orgOptions : null,
    }),
    [subject, list, placesInAnyOrganization, orgOptions],
  );

  const mayInvite = allowed('invite');
  const inviteButton = useMemo(
    () =>
      mayInvite ? (
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={handlers.onInvite}>
          {t('users.actions.invite')}
        </Button>
      ) : undefined,
    [mayInvite, handlers, t],
  );

  return (
    <Stack gap="md">
      <UsersToolbar
        screen={screen}
        list={list}
        organizations={seesAllOrganizations ? orgOptions : null}
        canExport={allowed('export')}
        actions={inviteButton}
      />
      <UsersListBody list={list} inviteButton={inviteButton} handlers={handlers} allowed={allowed} />
      <MemoUserFormDrawer editor={editor} rules={formRules} />
      <UserDetail list={list} audit={audit} subject={subject} allowed={allowed} onClose={handlers.onClose} onEdit={handlers.onEdit} />
      <MemoLinkModal shown={shownLink} onClose={handlers.onCloseLink} />
      <PendingActionConfirm screen={screen} />
      <UserDeleteConfirm editor={editor} />
    </Stack>
  );
}

const MemoUserFormDrawer = memo(UserFormDrawer);
const MemoLinkModal = memo(LinkModal);

/** Search, filters, column chooser, refresh (busy while the list loads), export and invite. */
const UsersToolbar = memo(function UsersToolbar({
  screen,
  list,
  organizations,
  canExport,
  actions,
}: {
  screen: UsersScreenParts['screen'];
  list: UserList;
  organizations: OrganizationOption[] | null;
  canExport: boolean;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const searchInput = useSelector(list, selectSearchInput);
  const filtersCount = useSelector(list, selectFilterCount);
  const busy = useSelector(list, listSelectors.isBusy);
  const jobBusy = useSelector(screen, (s) => s.hasTag('busy'));
  const filters = useMemo(() => <UserFilters list={list} organizations={organizations} />, [list, organizations]);
  const settings = useMemo(() => <UserTableSettings />, []);
  return (
    <DataListToolbar
      searchValue={searchInput}
      onSearchChange={(value) => list.send({ type: 'list.search.input', search: value })}
      searchLabel={t('users.searchLabel')}
      filters={filters}
      filtersCount={filtersCount}
      settings={settings}
      onRefresh={() => list.send({ type: 'list.refresh' })}
      busy={busy}
      // The export takes the query at the time of the click.
      {...(canExport
        ? {
            onExport: () => screen.send({ type: 'crud.job', request: { job: 'export', input: list.getSnapshot().context.query } }),
            exporting: jobBusy,
          }
        : {})}
      actions={actions}
    />
  );
});

interface ScreenHandlers {
  onOpen: (row: UserRow) => void;
  onEdit: (row: UserRow) => void;
  onAction: (row: UserRow, action: UserAction) => void;
  onDelete: (row: UserRow) => void;
}

/** The table, or the list's error or empty state. */
const UsersListBody = memo(function UsersListBody({
  list,
  inviteButton,
  handlers,
  allowed,
}: {
  list: UserList;
  inviteButton: ReactNode;
  handlers: ScreenHandlers;
  allowed: Allowed;
}) {
  const { t } = useTranslation();
  const failed = useSelector(list, listSelectors.isFailed);
  const empty = useSelector(list, listSelectors.isEmpty);
  const filtered = useSelector(list, selectFiltered);
  const listError = useSelector(list, selectListError);
  if (failed) return <ListError onRetry={() => list.send({ type: 'list.refresh' })} message={errorMessage(listError)} />;
  if (empty) {
    return (
      <ListEmpty
        filtered={filtered}
        onClearFilters={() => list.send({ type: 'list.query.change', query: { filters: {}, search: '' } })}
        title={t('users.empty.title')}
        text={t('users.empty.text')}
        action={inviteButton}
      />
    );
  }
  return (
    <UserTable
      list={list}
      onOpen={handlers.onOpen}
      onEdit={handlers.onEdit}
      onAction={handlers.onAction}
      onDelete={handlers.onDelete}
      allowed={allowed}
    />
  );
});

/** The drawer of the user named in the URL (`?user=`), when that user is on the current page. */
const UserDetail = memo(function UserDetail({
  list,
  audit,
  subject,
  allowed,
  onClose,
  onEdit,
}: {
  list: UserList;
  audit: UsersScreenParts['audit'];
  subject: Subject | null;
  allowed: Allowed;
  onClose: () => void;
  onEdit: (row: UserRow) => void;
}) {
  const openId = useUrlParam('user');
  const openRow = useSelector(list, (s) => (openId ? (s.context.items.find((u) => u.id === openId) ?? null) : null));
  return (
    <UserDetailDrawer
      row={openRow}
      audit={audit}
      showAudit={
        openRow !== null && subject !== null && can(subject, 'read', 'auditLog', { organizationId: openRow.organizationId }).allowed
      }
      onClose={onClose}
      onEdit={openRow && allowed('update', openRow) ? onEdit : null}
    />
  );
});

/** The asked action of a crud.job.request (`action` is the only job that asks first here). */
function askedAction(s: ReturnType<UsersScreenParts['screen']['getSnapshot']>): { name: string; action: UserAction } | null {
  const asked = s.matches({ confirmation: 'asking' }) ? s.context.askedJob : null;
  return asked?.request.job === 'action' ? { name: asked.label, action: asked.request.input.action } : null;
}

/** The question before disabling, resetting a password or revoking sessions (the screen machine's `confirmation` state). */
const PendingActionConfirm = memo(function PendingActionConfirm({ screen }: { screen: UsersScreenParts['screen'] }) {
  const { t } = useTranslation();
  const pending = useSelector(screen, askedAction, (a, b) => a?.name === b?.name && a?.action === b?.action);
  return (
    <ConfirmModal
      opened={pending !== null}
      title={pending ? t(`users.confirm.${pending.action}Title`, { name: pending.name }) : ''}
      confirmLabel={pending ? t(`users.actions.${pending.action}`) : ''}
      onConfirm={() => screen.send({ type: 'crud.job.confirm' })}
      onCancel={() => screen.send({ type: 'crud.job.cancel' })}
      danger={pending?.action === 'disable'}
    >
      {pending ? t(`users.confirm.${pending.action}Text`) : ''}
    </ConfirmModal>
  );
});

const UserDeleteConfirm = memo(function UserDeleteConfirm({ editor }: { editor: UsersScreenParts['editor'] }) {
  const deleteCandidate = useSelector(editor, (s) => (s.matches({ deletion: 'confirming' }) ? s.context.deleteCandidate : null));
  return (
    <DeleteConfirmModal
      candidateLabel={deleteCandidate?.label ?? null}
      onConfirm={() => editor.send({ type: 'editor.delete.confirm' })}
      onCancel={() => editor.send({ type: 'editor.delete.cancel' })}
    />
  );
});

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
