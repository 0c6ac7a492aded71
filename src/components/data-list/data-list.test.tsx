import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef, useSelector } from '@xstate/react';
import { DataTable } from 'mantine-datatable';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { createListMachine, type ListQuery } from '@machines/list/list.machine';
import type { Page } from '@machines/domain/types';
import { renderWithProviders } from '../../../tests/render';
import { BulkActionBar, DataListToolbar, DeleteConfirmModal, ListDataTable, ListEmpty, ListError, toCsv, useListTable } from '.';

interface Row {
  id: string;
  name: string;
}
const listMachine = createListMachine<Row>();

function Table({ fetchPage }: { fetchPage: (q: ListQuery) => Promise<Page<Row>> }) {
  const actor = useActorRef(listMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => fetchPage(input.query)) } }), {
    input: { query: { pageSize: 10, sort: { column: 'name', direction: 'asc' } } },
  });
  const table = useListTable(actor, { rowLabel: (r) => r.name });
  return <DataTable {...table} minHeight={200} columns={[{ accessor: 'name', title: 'Name', sortable: true }]} />;
}

const NAME_COLUMNS = [{ accessor: 'name' as const, title: 'Name' }];
const unitName = (r: Row) => r.name;

describe('shared list UI', () => {
  it('a page change updates the rows in place (keyed by their place), and selection still names the records', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 4 }, (_, i) => ({ id: `u${i}`, name: `Unit ${i}` }));
    const fetchPage = (q: ListQuery) =>
      Promise.resolve({ items: all.slice((q.page - 1) * 2, q.page * 2), total: all.length, page: q.page, pageSize: 2 });
    function Screen() {
      const actor = useActorRef(listMachine.provide({ actors: { fetchPage: fromPromise(({ input }) => fetchPage(input.query)) } }), {
        input: { query: { pageSize: 2 } },
      });
      const selected = useSelector(actor, (s) => s.context.selected.join(','));
      return (
        <>
          <ListDataTable list={actor} tableKey="slots-test" columns={NAME_COLUMNS} rowLabel={unitName} selectable label="Units" />
          <output>{selected}</output>
        </>
      );
    }
    renderWithProviders(<Screen />);
    const firstRow = (await screen.findByRole('checkbox', { name: 'Select Unit 0' })).closest('tr');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('checkbox', { name: 'Select Unit 2' });
    expect(screen.getByRole('checkbox', { name: 'Select Unit 2' }).closest('tr')).toBe(firstRow);
    await user.click(screen.getByRole('checkbox', { name: 'Select Unit 3' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^u3$/);
    expect(screen.getByRole('checkbox', { name: 'Select Unit 3' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Unit 2' })).not.toBeChecked();
  });

  it('the toolbar reports typing, clears the search and exports', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const onExport = vi.fn();
    renderWithProviders(<DataListToolbar searchValue="ab" onSearchChange={onSearch} onExport={onExport} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'c');
    expect(onSearch).toHaveBeenLastCalledWith('abc');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalled();
  });

  it('the filters wait behind "Filters (n)" and open in a panel, so the toolbar stays one line', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DataListToolbar searchValue="" onSearchChange={() => undefined} filters={<input aria-label="Status" />} filtersCount={2} />,
    );
    expect(screen.queryByRole('textbox', { name: 'Status' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(panel).getByRole('textbox', { name: 'Status' })).toBeInTheDocument();
  });

  it('the bulk bar shows the count and clears, and hides with nothing selected', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    const { rerender } = renderWithProviders(
      <BulkActionBar count={3} onClear={onClear}>
        <button type="button">Delete</button>
      </BulkActionBar>,
    );
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalled();
    rerender(
      <BulkActionBar count={0} onClear={onClear}>
        x
      </BulkActionBar>,
    );
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('the error state offers Retry; the empty state tells "no results" from "nothing yet"', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const onClear = vi.fn();
    renderWithProviders(
      <>
        <ListError onRetry={onRetry} />
        <ListEmpty filtered onClearFilters={onClear} />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    expect(screen.getByText('No results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('binds a list actor to the table: rows of one page, server sort and paging', async () => {
    const user = userEvent.setup();
    const fetchPage = vi.fn(async (q: ListQuery): Promise<Page<Row>> => {
      const all = Array.from({ length: 23 }, (_, i) => ({ id: String(i + 1), name: `Unit ${String(i + 1).padStart(2, '0')}` }));
      if (q.sort?.direction === 'desc') all.reverse();
      const start = (q.page - 1) * q.pageSize;
      return { items: all.slice(start, start + q.pageSize), total: all.length, page: q.page, pageSize: q.pageSize };
    });
    renderWithProviders(<Table fetchPage={fetchPage} />);
    expect(await screen.findByText('Unit 01')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: /^Select Unit/ })).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Unit 11')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    await user.click(screen.getByText('Name'));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: { column: 'name', direction: 'desc' } })),
    );
    expect(await screen.findByText('Unit 23')).toBeInTheDocument();
  });

  it('CSV export quotes values and defuses formulas', () => {
    const csv = toCsv(
      [{ a: 'x, y', b: '=SUM(A1)', c: -5 }],
      [
        { header: 'A', value: (r) => r.a },
        { header: 'B', value: (r) => r.b },
        { header: 'C', value: (r) => r.c },
      ],
    );
    expect(csv).toBe('A,B,C\r\n"x, y",\'=SUM(A1),-5');
  });
});

describe('DeleteConfirmModal', () => {
  it('names the candidate, and Delete / Cancel reach the machine', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = renderWithProviders(
      <DeleteConfirmModal candidateLabel="Build server" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Build server');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<DeleteConfirmModal candidateLabel={null} onConfirm={onConfirm} onCancel={onCancel} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
