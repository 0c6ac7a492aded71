import { memo, useMemo } from 'react';
import { ActionIcon, Anchor, Badge, Group, Menu, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDotsVertical, IconEdit, IconKey, IconLogout, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  LAZY_KEY,
  cardActions,
  ListDataTable,
  RelativeTimeText,
  TableSettings,
  useLatestHandlers,
  useLazyFloating,
  useTablePreferences,
  type CardLayout,
  type ChoosableColumn,
  type ListActorRef,
} from '@/components/data-list';
import type { Action } from '@/lib/roles';
import type { UserAction, UserRow } from '../api/types';
import { STATUS_COLORS } from './user-badges';
import { rowLabelCache } from '@/lib/row-labels';

export const USER_TABLE_KEY = 'users';

export interface UserRowHandlers {
  onOpen: (row: UserRow) => void;
  onEdit: (row: UserRow) => void;
  onAction: (row: UserRow, action: UserAction) => void;
  onDelete: (row: UserRow) => void;
  /** can() for this row: buttons the role may not use are not shown. */
  allowed: (action: Action, row: UserRow) => boolean;
}

const MENU: readonly { action: UserAction; icon: typeof IconKey; when: (row: UserRow) => boolean }[] = [
  { action: 'resetPassword', icon: IconKey, when: (row) => row.status !== 'disabled' },
  { action: 'revokeSessions', icon: IconLogout, when: (row) => row.status === 'active' },
  { action: 'disable', icon: IconUserOff, when: (row) => row.status !== 'disabled' },
  { action: 'enable', icon: IconUserCheck, when: (row) => row.status === 'disabled' },
];

/** The translations a row uses, looked up once per language (rowLabelCache). */
interface RowLabels {
  t: TFunction;
  role: (roleId: UserRow['roleId']) => string;
  status: (status: UserRow['status']) => string;
  edit: (name: string) => string;
  more: (name: string) => string;
  never: string;
}

function rowLabels(t: TFunction): RowLabels {
  const { label: cached, named } = rowLabelCache(t);
  return {
    t,
    role: (roleId) => cached(`users.roles.${roleId}`),
    status: (status) => cached(`users.status.${status}`),
    edit: named('users.actions.editNamed'),
    more: named('users.actions.moreNamed'),
    never: t('users.never'),
  };
}

// The labels come from the table (its cells render again when the language changes): no translation hook per row.
function RowActions({ row, handlers, labels }: { row: UserRow; handlers: UserRowHandlers; labels: RowLabels }) {
  const { t } = labels;
  // The tooltip and the menu (floating-ui hooks and a portal each) mount when the pointer or focus first reaches the cell.
  const { active, ref, activate, handlers: lazyHandlers } = useLazyFloating<HTMLDivElement>();
  const items = MENU.filter((m) => m.when(row) && handlers.allowed(m.action, row));
  const canDelete = handlers.allowed('delete', row);
  const editLabel = labels.edit(row.fullName);
  const moreLabel = labels.more(row.fullName);
  const editButton = (
    <ActionIcon variant="subtle" aria-label={editLabel} onClick={() => handlers.onEdit(row)} {...{ [LAZY_KEY]: 'edit' }}>
      <IconEdit size={18} aria-hidden />
    </ActionIcon>
  );
  const moreButton = (
    <ActionIcon
      variant="subtle"
      aria-label={moreLabel}
      {...{ [LAZY_KEY]: 'more' }}
      {...(active ? {} : { 'aria-haspopup': 'menu' as const, 'aria-expanded': false, onClick: activate })}
    >
      <IconDotsVertical size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" ref={ref} {...(active ? {} : lazyHandlers)}>
      {handlers.allowed('update', row) && (active ? <Tooltip label={editLabel}>{editButton}</Tooltip> : editButton)}
      {(items.length > 0 || canDelete) &&
        (active ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>{moreButton}</Menu.Target>
            <Menu.Dropdown>
              {items.map(({ action, icon: Icon }) => (
                <Menu.Item key={action} leftSection={<Icon size={16} aria-hidden />} onClick={() => handlers.onAction(row, action)}>
                  {t(`users.actions.${action}`)}
                </Menu.Item>
              ))}
              {canDelete && (
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => handlers.onDelete(row)}>
                  {t('common.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ) : (
          moreButton
        ))}
    </Group>
  );
}

/**
 * The table's columns, sized so the default set fits 1280 px with the menu open (no sideways scroll under the pinned
 * actions); the name takes what is left. `handlers` must keep its identity (the columns, and the table's pinned-column measuring, follow it). */
export function useUserColumns(handlers: UserRowHandlers): { columns: DataTableColumn<UserRow>[]; choosable: ChoosableColumn[] } {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => userColumns(t, language, handlers), [t, language, handlers]);
}

function userColumns(
  t: TFunction,
  language: string,
  handlers: UserRowHandlers,
): { columns: DataTableColumn<UserRow>[]; choosable: ChoosableColumn[] } {
  const labels = rowLabels(t);
  const columns: DataTableColumn<UserRow>[] = [
    {
      accessor: 'fullName',
      title: t('users.columns.fullName'),
      sortable: true,
      toggleable: true,
      ellipsis: true,
      render: (u) => (
        <Anchor
          component="button"
          type="button"
          fw={500}
          onClick={() => handlers.onOpen(u)}
          ta="left"
          title={u.fullName}
          maw="100%"
          truncate="end"
          display="block"
        >
          {u.fullName}
        </Anchor>
      ),
    },
    { accessor: 'username', title: t('users.columns.username'), sortable: true, toggleable: true, width: 120, ellipsis: true },
    {
      accessor: 'email',
      title: t('users.columns.email'),
      sortable: true,
      toggleable: true,
      defaultToggle: false,
      width: 220,
      ellipsis: true,
    },
    {
      accessor: 'roleId',
      title: t('users.columns.role'),
      sortable: true,
      toggleable: true,
      // One line for 'Opérateur système' / 'Operador do sistema': a two-line row cost the eighth row in French.
      width: 156,
      noWrap: true,
      render: (u) => labels.role(u.roleId),
    },
    { accessor: 'organizationName', title: t('users.columns.organization'), toggleable: true, width: 150, ellipsis: true },
    {
      accessor: 'status',
      title: t('users.columns.status'),
      sortable: true,
      toggleable: true,
      // 'DEAKTIVIERT' whole (tests/e2e/status-badges.spec.ts).
      width: 136,
      render: (u) => (
        <Badge color={STATUS_COLORS[u.status]} variant="light">
          {labels.status(u.status)}
        </Badge>
      ),
    },
    {
      accessor: 'lastSignInAt',
      title: t('users.columns.lastSignIn'),
      sortable: true,
      toggleable: true,
      width: 124,
      ellipsis: true,
      // The short relative time ("5 sec. ago", "há 5 seg."): the long one was cut in a column sized for its values.
      render: (u) =>
        u.lastSignInAt ? (
          <RelativeTimeText value={u.lastSignInAt} language={language} compact />
        ) : (
          <Text size="sm" c="dimmed">
            {labels.never}
          </Text>
        ),
    },
    {
      accessor: 'createdAt',
      title: t('users.columns.createdAt'),
      sortable: true,
      toggleable: true,
      defaultToggle: false,
      width: 140,
      render: (u) => <RelativeTimeText value={u.createdAt} language={language} compact />,
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>{t('data-list.actions')}</VisuallyHidden>,
      textAlign: 'right',
      width: 80,
      render: (u) => <RowActions row={u} handlers={handlers} labels={labels} />,
    },
  ];
  const choosable = columns
    .filter((c) => c.toggleable === true)
    .map((c) => ({ accessor: String(c.accessor), label: typeof c.title === 'string' ? c.title : String(c.accessor) }));
  return { columns, choosable };
}

const noop = () => undefined;
const NO_HANDLERS: UserRowHandlers = { onOpen: noop, onEdit: noop, onAction: noop, onDelete: noop, allowed: () => false };

// Memoised (no props): the list screen's renders skip the column chooser.
export const UserTableSettings = memo(function UserTableSettings() {
  const { columns, choosable } = useUserColumns(NO_HANDLERS);
  const preferences = useTablePreferences(USER_TABLE_KEY, columns);
  return <TableSettings preferences={preferences} columns={choosable} />;
});

/** What the row's actions cell shows besides the row itself: which actions the viewer may use on it. */
function actionsStamp(row: UserRow, allowed: UserRowHandlers['allowed']): string {
  return (['update', 'delete', ...MENU.map((m) => m.action)] as const).map((action) => (allowed(action, row) ? '1' : '0')).join('');
}

const userLabel = (u: UserRow) => u.fullName;

/** A user as a phone's card: name, e-mail, status, role and organization; the actions the viewer may use in the menu. */
function useUserCards(handlers: UserRowHandlers): CardLayout<UserRow> {
  const { t } = useTranslation();
  return useMemo(() => {
    const labels = rowLabels(t);
    const actionsLabel = rowLabelCache(t).named('data-list.rowActions');
    return {
      primary: (u) => u.fullName,
      onOpen: handlers.onOpen,
      secondary: (u) => u.email,
      status: (u) => (
        <Badge color={STATUS_COLORS[u.status]} variant="light">
          {labels.status(u.status)}
        </Badge>
      ),
      meta: (u) => [labels.role(u.roleId), u.organizationName].filter(Boolean).join(' · '),
      actionsLabel: (u) => actionsLabel(u.fullName),
      actions: (u) =>
        cardActions(t, {
          onEdit: handlers.allowed('update', u) ? () => handlers.onEdit(u) : null,
          middle: MENU.filter((m) => m.when(u) && handlers.allowed(m.action, u)).map(({ action, icon: Icon }) => ({
            key: action,
            label: t(`users.actions.${action}`),
            icon: <Icon size={16} aria-hidden />,
            onClick: () => handlers.onAction(u, action),
          })),
          onDelete: handlers.allowed('delete', u) ? () => handlers.onDelete(u) : null,
        }),
      stamp: (u) => actionsStamp(u, handlers.allowed),
    };
  }, [t, handlers]);
}

// Memoised: the users screen passes stable props, so only the list's own changes render the table.
export const UserTable = memo(function UserTable({ list, allowed, ...events }: { list: ListActorRef<UserRow> } & UserRowHandlers) {
  const { t } = useTranslation();
  const stableEvents = useLatestHandlers(events);
  const handlers = useMemo(() => ({ ...stableEvents, allowed }), [stableEvents, allowed]);
  const { columns } = useUserColumns(handlers);
  const cards = useUserCards(handlers);
  return (
    <ListDataTable
      list={list}
      tableKey={USER_TABLE_KEY}
      columns={columns}
      cards={cards}
      stamps={{ actions: (u) => actionsStamp(u, allowed) }}
      rowLabel={userLabel}
      label={t('users.tableLabel')}
    />
  );
});
