import { memo, useMemo } from 'react';
import { ActionIcon, Anchor, Group, Menu, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconDotsVertical, IconEdit, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  cardActions,
  ListDataTable,
  RelativeTime,
  TableSettings,
  useLatestHandlers,
  useTablePreferences,
  type CardLayout,
  type ChoosableColumn,
  type ListActorRef,
} from '@/components/data-list';
import type { Action } from '@/lib/roles';
import type { OrganizationRow, StatusAction } from '../api/types';
import { OrganizationStatusBadge } from './organization-status-badge';
import { rowLabelCache } from '@/lib/row-labels';

export const ORGANIZATION_TABLE_KEY = 'organizations';

export interface OrganizationRowHandlers {
  onOpen: (row: OrganizationRow) => void;
  onEdit: (row: OrganizationRow) => void;
  onStatus: (row: OrganizationRow, action: StatusAction) => void;
  onDelete: (row: OrganizationRow) => void;
  /** can() for this row: buttons the role may not use are not shown. */
  allowed: (action: Action, row: OrganizationRow) => boolean;
}

const STATUS_ACTIONS: readonly { action: StatusAction; from: readonly string[]; icon: typeof IconPlayerPause }[] = [
  { action: 'suspend', from: ['active'], icon: IconPlayerPause },
  { action: 'activate', from: ['suspended', 'archived'], icon: IconPlayerPlay },
  { action: 'archive', from: ['active', 'suspended'], icon: IconArchive },
];

function RowActions({ row, handlers }: { row: OrganizationRow; handlers: OrganizationRowHandlers }) {
  const { t } = useTranslation();
  const { allowed } = handlers;
  const statusItems = STATUS_ACTIONS.filter((s) => s.from.includes(row.status) && allowed(s.action, row));
  const canDelete = allowed('delete', row);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {allowed('update', row) && (
        <Tooltip label={t('organizations.actions.editNamed', { name: row.name })}>
          <ActionIcon
            variant="subtle"
            aria-label={t('organizations.actions.editNamed', { name: row.name })}
            onClick={() => handlers.onEdit(row)}
          >
            <IconEdit size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {(statusItems.length > 0 || canDelete) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('organizations.actions.moreNamed', { name: row.name })}>
              <IconDotsVertical size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {statusItems.map(({ action, icon: Icon }) => (
              <Menu.Item key={action} leftSection={<Icon size={16} aria-hidden />} onClick={() => handlers.onStatus(row, action)}>
                {t(`organizations.actions.${action}`)}
              </Menu.Item>
            ))}
            {canDelete && (
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => handlers.onDelete(row)}>
                {t('common.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** The table's columns. `handlers` must keep its identity (the columns, and the table's pinned-column measuring, follow it). */
export function useOrganizationColumns(handlers: OrganizationRowHandlers): {
  columns: DataTableColumn<OrganizationRow>[];
  choosable: ChoosableColumn[];
} {
  const { t } = useTranslation();
  return useMemo(() => organizationColumns(t, handlers), [t, handlers]);
}

function organizationColumns(
  t: TFunction,
  handlers: OrganizationRowHandlers,
): { columns: DataTableColumn<OrganizationRow>[]; choosable: ChoosableColumn[] } {
  const columns: DataTableColumn<OrganizationRow>[] = [
    {
      accessor: 'name',
      title: t('organizations.columns.name'),
      sortable: true,
      toggleable: true,
      ellipsis: true,
      render: (o) => (
        <Anchor
          component="button"
          type="button"
          fw={500}
          onClick={() => handlers.onOpen(o)}
          ta="left"
          title={o.name}
          maw="100%"
          truncate="end"
          display="block"
        >
          {o.name}
        </Anchor>
      ),
    },
    {
      accessor: 'code',
      title: t('organizations.columns.code'),
      sortable: true,
      toggleable: true,
      width: 120,
      render: (o) => (
        <Text size="sm" ff="monospace">
          {o.code}
        </Text>
      ),
    },
    {
      accessor: 'status',
      title: t('organizations.columns.status'),
      sortable: true,
      toggleable: true,
      width: 130,
      render: (o) => <OrganizationStatusBadge status={o.status} />,
    },
    { accessor: 'userCount', title: t('organizations.columns.users'), sortable: true, toggleable: true, textAlign: 'right', width: 90 },
    {
      accessor: 'unitCount',
      title: t('organizations.columns.units'),
      sortable: true,
      toggleable: true,
      textAlign: 'right',
      width: 130,
      render: (o) => t('organizations.unitsOfSeats', { units: o.unitCount, seats: o.seatLimit }),
    },
    {
      accessor: 'timezone',
      title: t('organizations.columns.timezone'),
      sortable: true,
      toggleable: true,
      defaultToggle: false,
      width: 170,
    },
    {
      accessor: 'createdAt',
      title: t('organizations.columns.createdAt'),
      sortable: true,
      toggleable: true,
      width: 140,
      render: (o) => <RelativeTime value={o.createdAt} />,
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>{t('data-list.actions')}</VisuallyHidden>,
      textAlign: 'right',
      width: 88,
      render: (o) => <RowActions row={o} handlers={handlers} />,
    },
  ];
  const choosable = columns
    .filter((c) => c.toggleable === true)
    .map((c) => ({ accessor: String(c.accessor), label: typeof c.title === 'string' ? c.title : String(c.accessor) }));
  return { columns, choosable };
}

const noop = () => undefined;
const NO_HANDLERS: OrganizationRowHandlers = { onOpen: noop, onEdit: noop, onStatus: noop, onDelete: noop, allowed: () => false };

// Memoised (no props): the list screen's renders skip the column chooser.
export const OrganizationTableSettings = memo(function OrganizationTableSettings() {
  const { columns, choosable } = useOrganizationColumns(NO_HANDLERS);
  const preferences = useTablePreferences(ORGANIZATION_TABLE_KEY, columns);
  return <TableSettings preferences={preferences} columns={choosable} />;
});

/** What the row's actions cell shows besides the row itself: which actions the viewer may use on it. */
function actionsStamp(row: OrganizationRow, allowed: OrganizationRowHandlers['allowed']): string {
  return (['update', 'delete', ...STATUS_ACTIONS.map((s) => s.action)] as const)
    .map((action) => (allowed(action, row) ? '1' : '0'))
    .join('');
}

const organizationLabel = (o: OrganizationRow) => o.name;

/** An organization as a phone's card: name, code, status, users and units; the actions the viewer may use in the menu. */
function useOrganizationCards(handlers: OrganizationRowHandlers): CardLayout<OrganizationRow> {
  const { t } = useTranslation();
  return useMemo(() => {
    const { named } = rowLabelCache(t);
    const actionsLabel = named('data-list.rowActions');
    return {
      primary: (o) => o.name,
      onOpen: handlers.onOpen,
      secondary: (o) => (
        <>
          <Text span inherit ff="monospace">
            {o.code}
          </Text>
          {` · ${t('organizations.columns.users')}: ${o.userCount}`}
        </>
      ),
      status: (o) => <OrganizationStatusBadge status={o.status} />,
      meta: (o) => `${t('organizations.columns.units')}: ${t('organizations.unitsOfSeats', { units: o.unitCount, seats: o.seatLimit })}`,
      actionsLabel: (o) => actionsLabel(o.name),
      actions: (o) =>
        cardActions(t, {
          onEdit: handlers.allowed('update', o) ? () => handlers.onEdit(o) : null,
          middle: STATUS_ACTIONS.filter((s) => s.from.includes(o.status) && handlers.allowed(s.action, o)).map(
            ({ action, icon: Icon }) => ({
              key: action,
              label: t(`organizations.actions.${action}`),
              icon: <Icon size={16} aria-hidden />,
              onClick: () => handlers.onStatus(o, action),
            }),
          ),
          onDelete: handlers.allowed('delete', o) ? () => handlers.onDelete(o) : null,
        }),
      stamp: (o) => actionsStamp(o, handlers.allowed),
    };
  }, [t, handlers]);
}

export function OrganizationTable({
  list,
  selectable,
  allowed,
  ...events
}: { list: ListActorRef<OrganizationRow>; selectable: boolean } & OrganizationRowHandlers) {
  const { t } = useTranslation();
  const stableEvents = useLatestHandlers(events);
  const handlers = useMemo(() => ({ ...stableEvents, allowed }), [stableEvents, allowed]);
  const { columns } = useOrganizationColumns(handlers);
  const cards = useOrganizationCards(handlers);
  return (
    <ListDataTable
      list={list}
      tableKey={ORGANIZATION_TABLE_KEY}
      columns={columns}
      cards={cards}
      stamps={{ actions: (o) => actionsStamp(o, allowed) }}
      rowLabel={organizationLabel}
      selectable={selectable}
      label={t('organizations.tableLabel')}
    />
  );
}
