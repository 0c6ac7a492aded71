export { BulkActionBar } from './bulk-action-bar';
export { ConfirmModal, DeleteConfirmModal } from './confirm-modal';
export { DataListToolbar, type DataListToolbarProps } from './data-list-toolbar';
export { downloadText, toCsv, type CsvColumn } from './export-csv';
export { ListEmpty, ListError } from './list-states';
export { RelativeTime } from './relative-time';
export { TableSettings, tablePreferenceKeys, useTablePreferences, type ChoosableColumn, type TableDensity, type TablePreferences } from './table-settings';
export { hideNotification, showUndoNotification } from './undo-notification';
export { listSelectors, useListTable, type ListActorRef } from './use-list-table';
