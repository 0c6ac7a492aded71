import { ActionIcon, Anchor, Badge, Code, Group, Switch, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ListCards,
  listTableClasses,
  RelativeTimeText,
  SETTLED_TABLE_VARS,
  useListTable,
  usePhoneLayout,
  type CardLayout,
  type ListActorRef,
} from '@/components/data-list';
import type { RuleRow } from '../api/types';
import { scheduleText, scopeText } from './rule-summary';

export function RuleTable({
  list,
  onEdit,
  onDelete,
  onToggle,
  toggling,
}: {
  list: ListActorRef<RuleRow>;
  onEdit: (rule: RuleRow) => void;
  onDelete: (rule: RuleRow) => void;
  onToggle: (rule: RuleRow) => void;
  toggling: boolean;
}) {
  const { t, i18n } = useTranslation();
  // Rules have no bulk actions, so the table offers no row selection.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { selectedRecords, onSelectedRecordsChange, allRecordsSelectionCheckboxProps, getRecordSelectionCheckboxProps, ...table } =
    useListTable(list, {
      rowLabel: (r) => r.pattern,
    });
  const phone = usePhoneLayout();
  // A phone's card: the pattern whole, match type and scope, the action and the on/off switch, edit and delete in the menu.
  const cards = useMemo<CardLayout<RuleRow>>(
    () => ({
      primary: (r) => r.pattern,
      primaryMono: true,
      onOpen: onEdit,
      secondary: (r) => [t(`url-restrictions.matchType.${r.matchType}`), scopeText(r.scope, t), r.reason].filter(Boolean).join(' · '),
      status: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Badge color={r.action === 'block' ? 'red' : 'teal'} variant="light" radius="sm" miw="max-content">
            {t(`url-restrictions.action.${r.action}`)}
          </Badge>
          <Switch
            size="sm"
            checked={r.enabled}
            disabled={toggling}
            onChange={() => onToggle(r)}
            aria-label={t('url-restrictions.actions.toggle', { pattern: r.pattern })}
          />
        </Group>
      ),
      meta: (r) => scheduleText(r.schedule, t),
      actionsLabel: (r) => t('data-list.rowActions', { name: r.pattern }),
      actions: (r) => [
        { key: 'edit', label: t('common.edit'), icon: <IconEdit size={16} aria-hidden />, onClick: () => onEdit(r) },
        {
          key: 'delete',
          label: t('common.delete'),
          color: 'danger',
          icon: <IconTrash size={16} aria-hidden />,
          onClick: () => onDelete(r),
        },
      ],
      stamp: () => (toggling ? '1' : '0'),
    }),
    [t, onEdit, onDelete, onToggle, toggling],
  );
  if (phone) {
    return (
      <ListCards
        records={table.records}
        layout={cards}
        label={t('url-restrictions.tableLabel')}
        pagination={{
          page: table.page,
          totalRecords: table.totalRecords,
          recordsPerPage: table.recordsPerPage,
          onPageChange: table.onPageChange,
        }}
        fetching={table.fetching}
        noRecordsText={table.noRecordsText}
      />
    );
  }
  // At 1280 px every rule is one line (8 whole rows under the URL tester in every language): the secondary columns keep
  // their values whole on one line and as narrow as those, titles longer than their column wrap (list-table.module.css), and
  // the pattern gets the rest, wrapping only a pattern longer than that (a regular expression) instead of cutting it.
  const columns: DataTableColumn<RuleRow>[] = [
    {
      accessor: 'pattern',
      title: t('url-restrictions.columns.pattern'),
      sortable: true,
      // Room for a host name on a phone: the other columns keep their words whole, so the table scrolls
      // sideways instead of squeezing the pattern to a few letters per line ("maps.goog|le.com").
      cellsStyle: () => ({ minWidth: 180 }),
      // The pattern opens the rule's editor (keyboard: Tab to it, Enter), like a name in the other lists. The reason is its
      // description (hover title, read after the name): under the pattern it made every row two lines.
      render: (r) => (
        <Anchor component="button" type="button" onClick={() => onEdit(r)} ta="left" maw="100%" title={r.reason || undefined}>
          <Code style={{ overflowWrap: 'anywhere', color: 'inherit' }}>{r.pattern}</Code>
        </Anchor>
      ),
    },
    {
      accessor: 'matchType',
      title: t('url-restrictions.columns.matchType'),
      sortable: true,
      noWrap: true,
      render: (r) => t(`url-restrictions.matchType.${r.matchType}`),
    },
    {
      accessor: 'action',
      title: t('url-restrictions.columns.action'),
      sortable: true,
      // No fixed width (mantine-datatable makes a width the column's maximum too, and 100 px cut the German
      // badges to "ERLAU…" / "SPERR…"), and the badge keeps its word's width when a phone squeezes the table.
      noWrap: true,
      render: (r) => (
        <Badge color={r.action === 'block' ? 'red' : 'teal'} variant="light" radius="sm" size="sm" miw="max-content">
          {t(`url-restrictions.action.${r.action}`)}
        </Badge>
      ),
    },
    { accessor: 'scope', title: t('url-restrictions.columns.scope'), noWrap: true, render: (r) => scopeText(r.scope, t) },
    {
      accessor: 'schedule',
      title: t('url-restrictions.columns.schedule'),
      // Days in a row as a range ("Mon–Fri, 08:00–18:00", rule-summary.ts). A long one wraps where German or French need
      // the room, onto two lines at most ("Tous les jours," / "22:00–06:00").
      cellsStyle: () => ({ minWidth: 124 }),
      render: (r) => scheduleText(r.schedule, t),
    },
    {
      accessor: 'enabled',
      title: t('url-restrictions.columns.enabled'),
      // Not sortable: the sort arrow made the column twice as wide as its switch, and the State filter picks enabled rules.
      render: (r) => (
        <Switch
          checked={r.enabled}
          disabled={toggling}
          onChange={() => onToggle(r)}
          aria-label={t('url-restrictions.actions.toggle', { pattern: r.pattern })}
        />
      ),
    },
    {
      accessor: 'updatedAt',
      title: t('url-restrictions.columns.updated'),
      sortable: true,
      noWrap: true,
      // The short relative time ("2 mo. ago", "há 2 meses"), its exact date in the tooltip; the editor's name under it made
      // every row two lines.
      render: (r) => <RelativeTimeText value={r.updatedAt} language={i18n.language} compact />,
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>{t('data-list.actions')}</VisuallyHidden>,
      textAlign: 'right',
      width: 76,
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('url-restrictions.actions.editNamed', { pattern: r.pattern })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('url-restrictions.actions.editNamed', { pattern: r.pattern })}
              onClick={() => onEdit(r)}
            >
              <IconEdit size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('url-restrictions.actions.deleteNamed', { pattern: r.pattern })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('url-restrictions.actions.deleteNamed', { pattern: r.pattern })}
              onClick={() => onDelete(r)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
  return (
    <DataTable<RuleRow>
      {...table}
      columns={columns}
      className={listTableClasses.table}
      style={SETTLED_TABLE_VARS}
      // 8 px between columns (not 10): eight columns give the pattern 32 px more.
      horizontalSpacing={8}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      // The actions stay on screen when a language's words make the table wider than the page (pt at 1280 px).
      pinLastColumn
      // A click or tap anywhere in a row opens its editor too, except on the row's own controls (switch, buttons).
      onRowClick={({ record, event }) => {
        if (event.target instanceof Element && event.target.closest('button, a, input, label')) return;
        onEdit(record);
      }}
      minHeight={table.records.length === 0 ? 200 : undefined}
      aria-label={t('url-restrictions.tableLabel')}
    />
  );
}
