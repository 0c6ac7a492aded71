import { useCallback, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ListMachine, ListQuery, ListRow } from '@machines/list/list.machine';
import { PAGE_SIZES } from '@/lib/list-query';
import { useFirstRowsDeferred } from './use-first-rows-deferred';

export type ListActorRef<T extends ListRow> = ActorRefFrom<ListMachine<T>>;

/** Named selectors over any list actor's snapshot. */
export const listSelectors = {
  query: <T extends ListRow>(s: ReturnType<ListActorRef<T>['getSnapshot']>): ListQuery => s.context.query,
  isBusy: <T extends ListRow>(s: ReturnType<ListActorRef<T>['getSnapshot']>): boolean => s.hasTag('busy'),
  isFailed: <T extends ListRow>(s: ReturnType<ListActorRef<T>['getSnapshot']>): boolean => s.matches({ data: 'failed' }),
  isEmpty: <T extends ListRow>(s: ReturnType<ListActorRef<T>['getSnapshot']>): boolean => s.matches({ data: 'empty' }),
  isFirstLoad: <T extends ListRow>(s: ReturnType<ListActorRef<T>['getSnapshot']>): boolean =>
    s.matches({ data: 'loading' }) && s.context.items.length === 0,
};

/**
 * The list's loading state as the screen shows it: at once while it has no rows (the first load), after the list
 * machine's busy delay while it has some, so a quick answer does not flash the loader (`busyShown`, machines/list).
 */
export function useShownBusy<T extends ListRow>(actor: ListActorRef<T>): boolean {
  return useSelector(actor, (s) => s.context.busyShown);
}

/**
 * Binds a list actor to mantine-datatable's props: server-side paging, sorting and selection.
 * Only the current page's rows are handed to the table.
 */
export function useListTable<T extends ListRow>(actor: ListActorRef<T>, options: { rowLabel?: (row: T) => string } = {}) {
  const { rowLabel } = options;
  const { t } = useTranslation();
  const held = useSelector(actor, (s) => s.context.items);
  const { rows: items, pending } = useFirstRowsDeferred(held);
  const hidden = useSelector(actor, (s) => s.context.hidden);
  const total = useSelector(actor, (s) => s.context.total);
  const query = useSelector(actor, (s) => s.context.query);
  const selected = useSelector(actor, (s) => s.context.selected);
  const fetching = useShownBusy(actor) || pending;

  const records = useMemo(() => items.filter((row) => !hidden.includes(row.id)), [items, hidden]);
  const selectedRecords = useMemo(() => records.filter((row) => selected.includes(row.id)), [records, selected]);
  const sortStatus: DataTableSortStatus<T> = useMemo(
    () => ({ columnAccessor: query.sort?.column ?? '', direction: query.sort?.direction ?? 'asc' }),
    [query.sort],
  );

  const onPageChange = useCallback((page: number) => actor.send({ type: 'list.query.change', query: { page } }), [actor]);
  const onRecordsPerPageChange = useCallback((pageSize: number) => actor.send({ type: 'list.query.change', query: { pageSize } }), [actor]);
  const onSortStatusChange = useCallback(
    (status: DataTableSortStatus<T>) =>
      actor.send({ type: 'list.query.change', query: { sort: { column: String(status.columnAccessor), direction: status.direction } } }),
    [actor],
  );
  const onSelectedRecordsChange = useCallback(
    (rows: T[]) => actor.send({ type: 'list.select.set', ids: rows.map((row) => row.id) }),
    [actor],
  );
  // Stable: the memoised rows (memo-rows.tsx) compare the selection cell's props, this function among them.
  const getRecordSelectionCheckboxProps = useCallback(
    (row: T) => ({ 'aria-label': t('data-list.selectRow', { name: rowLabel ? rowLabel(row) : row.id }) }),
    [t, rowLabel],
  );

  return {
    records,
    totalRecords: Math.max(0, total - hidden.filter((id) => items.some((row) => row.id === id)).length),
    page: query.page,
    recordsPerPage: query.pageSize,
    recordsPerPageOptions: [...PAGE_SIZES],
    recordsPerPageLabel: t('data-list.pageSize'),
    onPageChange,
    onRecordsPerPageChange,
    sortStatus,
    onSortStatusChange,
    selectedRecords,
    onSelectedRecordsChange,
    fetching,
    loadingText: t('common.loading'),
    noRecordsText: t('data-list.noResultsTitle'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('data-list.paginationText', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
      'aria-label': t(`data-list.pagination.${control}`),
    }),
    getPaginationItemProps: (page: number) => ({ 'aria-label': t('data-list.pagination.page', { page }) }),
    allRecordsSelectionCheckboxProps: { 'aria-label': t('data-list.selectAll') },
    getRecordSelectionCheckboxProps,
    idAccessor: 'id' as const,
  };
}
