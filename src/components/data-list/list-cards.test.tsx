import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { createListMachine } from '@machines/list/list.machine';
import { renderWithProviders } from '../../../tests/render';
import { ListCards, ListDataTable, PHONE_QUERY, type CardLayout } from '.';

interface Row {
  id: string;
  name: string;
  host: string;
}
const ROWS: Row[] = [
  { id: '1', name: 'Berlin HQ Gate Kiosk 01', host: 'ber-kiosk-01' },
  { id: '2', name: 'Lisbon Front Desk', host: 'lis-desk-01' },
];

function layoutWith(onOpen: (row: Row) => void, onEdit: (row: Row) => void): CardLayout<Row> {
  return {
    primary: (r) => r.name,
    onOpen,
    secondary: (r) => r.host,
    status: () => <span>Online</span>,
    actionsLabel: (r) => `Actions for ${r.name}`,
    actions: (r) => [{ key: 'edit', label: 'Edit', onClick: () => onEdit(r) }],
  };
}

function SelectableCards({ layout, onChange }: { layout: CardLayout<Row>; onChange: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<Row[]>([]);
  return (
    <ListCards
      records={ROWS}
      layout={layout}
      label="Units"
      noRecordsText="No results"
      selection={{
        selected,
        rowLabel: (r) => r.name,
        onChange: (rows) => {
          setSelected(rows);
          onChange(rows.map((r) => r.id));
        },
      }}
      pagination={{ page: 1, totalRecords: 2, recordsPerPage: 25, onPageChange: () => undefined }}
    />
  );
}

describe('ListCards (the phone layout)', () => {
  it('shows each row whole with its second line and status; the name opens it and the menu holds its actions', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const onEdit = vi.fn();
    renderWithProviders(<SelectableCards layout={layoutWith(onOpen, onEdit)} onChange={() => undefined} />);
    const list = screen.getByRole('list', { name: 'Units' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first] = cards;
    if (!first) throw new Error('no card');
    expect(within(first).getByText('ber-kiosk-01')).toBeInTheDocument();
    expect(within(first).getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Berlin HQ Gate Kiosk 01' }));
    expect(onOpen).toHaveBeenCalledWith(ROWS[0]);
    await user.click(screen.getByRole('button', { name: 'Actions for Lisbon Front Desk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(ROWS[1]);
  });

  it('selects card by card (keeping earlier choices) and the whole page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<SelectableCards layout={layoutWith(vi.fn(), vi.fn())} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Berlin HQ Gate Kiosk 01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Lisbon Front Desk' }));
    expect(onChange).toHaveBeenLastCalledWith(['1', '2']);
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Berlin HQ Gate Kiosk 01' }));
    expect(onChange).toHaveBeenLastCalledWith(['2']);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onChange).toHaveBeenLastCalledWith(['1', '2']);
  });
});

const listMachine = createListMachine<Row>();
const LAYOUT = layoutWith(
  () => undefined,
  () => undefined,
);
const COLUMNS = [{ accessor: 'name' as const, title: 'Name' }];

function Table() {
  const actor = useActorRef(
    listMachine.provide({ actors: { fetchPage: fromPromise(() => Promise.resolve({ items: ROWS, total: 2, page: 1, pageSize: 25 })) } }),
    {
      input: { query: { pageSize: 25 } },
    },
  );
  return (
    <ListDataTable list={actor} tableKey="cards-test" columns={COLUMNS} cards={LAYOUT} rowLabel={(r) => r.name} selectable label="Units" />
  );
}

describe('ListDataTable with a card layout', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('shows cards on a phone, from the first render', async () => {
    window.matchMedia = vi.fn((query: string) => ({ ...original(query), matches: query === PHONE_QUERY || original(query).matches }));
    renderWithProviders(<Table />);
    const list = await screen.findByRole('list', { name: 'Units' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the table on wider screens', async () => {
    renderWithProviders(<Table />);
    expect(await screen.findByRole('table', { name: 'Units' })).toBeInTheDocument();
    expect(await screen.findByText('Lisbon Front Desk')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Units' })).not.toBeInTheDocument();
  });
});
