import { ActionIcon, Anchor, Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { RelativeTime, useListTable, type ListActorRef } from '@/components/data-list';
import type { UnitRow } from '../api/types';
import { StatusBadge } from './status-badge';

export function UnitTable({
  list,
  onOpen,
  onEdit,
  onDelete,
}: {
  list: ListActorRef<UnitRow>;
  onOpen: (unit: UnitRow) => void;
  onEdit: (unit: UnitRow) => void;
  onDelete: (unit: UnitRow) => void;
}) {
  const { t } = useTranslation();
  const table = useListTable(list, { rowLabel: (u) => u.name });
  const columns: DataTableColumn<UnitRow>[] = [
    { accessor: 'status', title: t('service-units.columns.status'), sortable: true, width: 150, render: (u) => <StatusBadge status={u.status} /> },
    {
      accessor: 'name',
      title: t('service-units.columns.name'),
      sortable: true,
      render: (u) => (
        <Anchor component="button" type="button" fw={500} onClick={() => onOpen(u)} ta="left">
          {u.name}
        </Anchor>
      ),
    },
    { accessor: 'hostname', title: t('service-units.columns.hostname'), sortable: true, render: (u) => <Text size="sm" ff="monospace">{u.hostname}</Text> },
    { accessor: 'operatingSystem', title: t('service-units.columns.os'), sortable: true, width: 110, render: (u) => t(`service-units.os.${u.operatingSystem}`) },
    { accessor: 'location', title: t('service-units.columns.location'), sortable: true },
    { accessor: 'lastSeenAt', title: t('service-units.columns.lastSeen'), sortable: true, width: 150, render: (u) => <RelativeTime value={u.lastSeenAt} /> },
    {
      accessor: 'tags',
      title: t('service-units.columns.tags'),
      render: (u) => (
        <Group gap={4}>
          {u.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="default" radius="sm" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>{t('data-list.actions')}</VisuallyHidden>,
      textAlign: 'right',
      width: 96,
      render: (u) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('service-units.actions.editNamed', { name: u.name })}>
            <ActionIcon variant="subtle" aria-label={t('service-units.actions.editNamed', { name: u.name })} onClick={() => onEdit(u)}>
              <IconEdit size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('service-units.actions.deleteNamed', { name: u.name })}>
            <ActionIcon variant="subtle" color="red" aria-label={t('service-units.actions.deleteNamed', { name: u.name })} onClick={() => onDelete(u)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
  return (
    <DataTable<UnitRow>
      {...table}
      columns={columns}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalAlign="center"
      minHeight={table.records.length === 0 ? 240 : undefined}
      aria-label={t('service-units.tableLabel')}
    />
  );
}
