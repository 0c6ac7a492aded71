import { useCallback, useMemo } from 'react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { ListRow } from '@machines/list/list.machine';
import { ListCards, usePhoneLayout, type CardLayout } from './list-cards';
import { useCheckboxLook } from './light-elements';
import { useMemoCells } from './memo-cells';
import { SETTLED_TABLE_VARS } from './settled-table-vars';
import { memoRowFactory, SelectionLook } from './memo-rows';
import { useTablePreferences } from './table-settings';
import { useListTable, type ListActorRef } from './use-list-table';
import classes from './list-table.module.css';

export interface ListDataTableProps<T extends ListRow> {
  list: ListActorRef<T>;
  /** The table's key for its remembered column choice and density (`useTablePreferences`). */
  tableKey: string;
  /** All columns, memoised: the table, its memoised cells and rows and its pinned-column measuring follow their identity. */
  columns: DataTableColumn<T>[];
  /** Per column, what a cell shows besides its row (see `useMemoCells`); read with the columns. */
  stamps?: Partial<Record<string, (row: T) => string>>;
  /** The row's name for its selection checkbox. */
  rowLabel: (row: T) => string;
  /** Checkboxes for bulk actions. */
  selectable?: boolean;
  /** The table's accessible name. */
  label: string;
  /** What each row shows as a card below 576 px (list-cards.tsx); without it phones get the table. Memoised. */
  cards?: CardLayout<T>;
}

/**
 * A list actor's current page in the app's list table: server paging, sorting and selection, the viewer's column choice and
 * density, the actions column pinned, and rows and cells that render only when their record changes (memo-rows.tsx).
 */
export function ListDataTable<T extends ListRow>({
  list,
  tableKey,
  columns,
  stamps,
  rowLabel,
  selectable = false,
  label,
  cards,
}: ListDataTableProps<T>) {
  const table = useListTable(list, { rowLabel });
  const preferences = useTablePreferences(tableKey, columns);
  const cells = useMemoCells(preferences.columns, stamps);
  const phone = usePhoneLayout();
  // The rows' selection checkboxes are drawn as plain elements with this look (memo-rows.tsx).
  const checkboxLook = useCheckboxLook();
  const { selectedRecords, onSelectedRecordsChange, allRecordsSelectionCheckboxProps, getRecordSelectionCheckboxProps, ...rest } = table;
  // Rows are keyed by their place on the page, not their id: a page change, sort or search updates the 25 rows in place
  // instead of unmounting them and mounting 25 new ones (issue 46 §3). Selection reads the same key within the page, and
  // the machine's selection stays by id (onSelectedRecordsChange hands it the records).
  const slots = useMemo(() => new Map(table.records.map((row, index) => [row, index])), [table.records]);
  const slotOf = useCallback((row: T) => slots.get(row) ?? row.id, [slots]);
  if (phone && cards) {
    return (
      <ListCards
        records={table.records}
        layout={cards}
        label={label}
        selection={selectable ? { selected: selectedRecords, onChange: onSelectedRecordsChange, rowLabel } : undefined}
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
  const selection = selectable
    ? { selectedRecords, onSelectedRecordsChange, allRecordsSelectionCheckboxProps, getRecordSelectionCheckboxProps }
    : {};
  return (
    <SelectionLook value={selectable ? checkboxLook : null}>
      <DataTable<T>
        {...rest}
        {...selection}
        columns={cells}
        {...preferences.densityProps}
        className={classes.table}
        style={SETTLED_TABLE_VARS}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        verticalAlign="center"
        pinLastColumn
        idAccessor={slotOf}
        rowFactory={memoRowFactory}
        minHeight={table.records.length === 0 ? 240 : undefined}
        aria-label={label}
      />
    </SelectionLook>
  );
}
