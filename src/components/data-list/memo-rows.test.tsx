import { isValidElement, useState, type ReactElement, type ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import { useCheckboxLook } from './light-elements';
import { isLibraryCell, KNOWN_CELL_PROPS, memoRowFactory, SelectionLook } from './memo-rows';

/** The rows' selection checkboxes drawn plain (as ListDataTable does), or by the library when `light` is false. */
function Checkboxes({ light, children }: { light: boolean; children: ReactNode }) {
  const look = useCheckboxLook();
  return <SelectionLook value={light ? look : null}>{children}</SelectionLook>;
}

interface Row {
  id: string;
  name: string;
  count: number;
}

const rows: Row[] = [
  { id: '1', name: 'Ann', count: 3 },
  { id: '2', name: 'Bea', count: 5 },
];

/** An element's tag, attributes (in any order) and children, for comparing two renderings. */
function shape(node: Element | null | undefined): string {
  if (!node) return '';
  const attributes = [...node.attributes]
    // The selection checkbox's id is Mantine's generated one (nothing refers to it; the plain checkbox has none); classes in any order.
    .filter((a) => a.name !== 'id')
    .map((a) => (a.name === 'class' ? `class=${a.value.split(/\s+/).sort().join(' ')}` : `${a.name}=${a.value}`))
    .sort()
    .join(' ');
  const children = [...node.childNodes].map((child) => (child instanceof Element ? shape(child) : (child.textContent ?? ''))).join('');
  return `<${node.tagName} ${attributes}>${children}</${node.tagName}>`;
}

function table(records: Row[], columns: DataTableColumn<Row>[], options: { fetching?: boolean; memo?: boolean } = {}) {
  return (
    <DataTable<Row>
      withTableBorder
      highlightOnHover
      pinLastColumn
      fetching={options.fetching ?? false}
      records={records}
      columns={columns}
      {...(options.memo === false ? {} : { rowFactory: memoRowFactory })}
    />
  );
}

describe('memoRowFactory', () => {
  it("knows every prop mantine-datatable gives its cells (the library's internal cell: an upgrade that changes it fails here)", () => {
    const seen = new Set<string>();
    let cells = 0;
    let drawnHere = 0;
    const spy: typeof memoRowFactory = (props) => {
      const fragment = props.children as ReactElement<{ children: ReactNode[] }>;
      for (const cell of fragment.props.children.flat()) {
        if (!isValidElement(cell)) continue;
        cells += 1;
        if (isLibraryCell(cell)) drawnHere += 1;
        for (const key of Object.keys(cell.props as object)) seen.add(key);
      }
      return memoRowFactory(props);
    };
    const columns: DataTableColumn<Row>[] = [{ accessor: 'name' }, { accessor: 'count', render: (r) => r.count }];
    renderWithProviders(<DataTable<Row> records={rows} columns={columns} rowFactory={spy} />);
    expect(cells).toBe(4);
    expect(drawnHere).toBe(4);
    expect([...seen].sort()).toEqual([...KNOWN_CELL_PROPS].sort());
  });

  it('draws the same rows as the table itself', () => {
    const columns: DataTableColumn<Row>[] = [
      { accessor: 'name', ellipsis: true },
      { accessor: 'count', width: 88, textAlign: 'right', render: (r) => <b>{r.count}</b> },
    ];
    const plain = shape(renderWithProviders(table(rows, columns, { memo: false })).container.querySelector('tbody'));
    const memoised = shape(renderWithProviders(table(rows, columns)).container.querySelector('tbody'));
    expect(memoised).toBe(plain);
    expect(memoised).toContain('<B >5</B>');
    expect(memoised).toContain('style=width: 88px; min-width: 88px; max-width: 88px;');
  });

  it("draws a selectable table's checkboxes as the library does, plain", () => {
    const columns: DataTableColumn<Row>[] = [{ accessor: 'name' }];
    const selectable = (light: boolean) => (
      <Checkboxes light={light}>
        <DataTable<Row>
          records={rows}
          columns={columns}
          pinLastColumn
          rowFactory={memoRowFactory}
          selectedRecords={[rows[1] as Row]}
          onSelectedRecordsChange={() => undefined}
          getRecordSelectionCheckboxProps={(r) => ({ 'aria-label': `Select ${r.name}` })}
        />
      </Checkboxes>
    );
    const library = renderWithProviders(selectable(false));
    const libraryShape = shape(library.container.querySelector('tbody'));
    library.unmount();
    const plain = shape(renderWithProviders(selectable(true)).container.querySelector('tbody'));
    expect(plain).toContain('mantine-Checkbox-input');
    expect(plain).toContain('data-checked=true');
    expect(plain).toBe(libraryShape);
  });

  it("skips a row's cells while its record and columns stay, and draws a changed record", () => {
    const render = vi.fn((r: Row) => <b>{r.count}</b>);
    const columns: DataTableColumn<Row>[] = [{ accessor: 'name' }, { accessor: 'count', render }];
    const view = renderWithProviders(table(rows, columns));
    expect(render).toHaveBeenCalledTimes(2);

    // The loading render of a page change: same rows, same columns.
    view.rerender(table(rows, columns, { fetching: true }));
    expect(render).toHaveBeenCalledTimes(2);

    // The answer: one record changed.
    const changed = [rows[0] as Row, { id: '2', name: 'Bea', count: 6 }];
    view.rerender(table(changed, columns));
    expect(render).toHaveBeenCalledTimes(3);
    expect(view.container.querySelector('tbody')?.textContent).toContain('6');

    // Other columns: every row draws again.
    view.rerender(table(changed, [{ accessor: 'name' }, { accessor: 'count', render, textAlign: 'right' }]));
    expect(render).toHaveBeenCalledTimes(5);
  });

  it.each([false, true])(
    'skips the rows of a selectable table too, and a skipped row still selects with the current selection (plain checkboxes: %s)',
    async (light) => {
      const user = userEvent.setup();
      const render = vi.fn((r: Row) => r.name);
      const columns: DataTableColumn<Row>[] = [{ accessor: 'name', render }];
      const checkboxProps = (r: Row) => ({ 'aria-label': `Select ${r.name}` });
      function Selectable({ fetching }: { fetching: boolean }) {
        const [selected, setSelected] = useState<Row[]>([]);
        return (
          <Checkboxes light={light}>
            <DataTable<Row>
              records={rows}
              columns={columns}
              fetching={fetching}
              rowFactory={memoRowFactory}
              selectedRecords={selected}
              onSelectedRecordsChange={setSelected}
              getRecordSelectionCheckboxProps={checkboxProps}
            />
            <output>{selected.map((r) => r.name).join(',')}</output>
          </Checkboxes>
        );
      }
      const view = renderWithProviders(<Selectable fetching={false} />);
      expect(render).toHaveBeenCalledTimes(2);
      // The loading render of a page change: the library hands every row a new selection handler, and no row draws again.
      view.rerender(<Selectable fetching />);
      expect(render).toHaveBeenCalledTimes(2);
      // Ticking Ann draws Ann's row alone; Bea's row, skipped, then adds Bea to the selection as it is now.
      await user.click(screen.getByRole('checkbox', { name: 'Select Ann' }));
      expect(render).toHaveBeenCalledTimes(3);
      await user.click(screen.getByRole('checkbox', { name: 'Select Bea' }));
      expect(screen.getByRole('status')).toHaveTextContent('Ann,Bea');
      await user.click(screen.getByRole('checkbox', { name: 'Select Ann' }));
      expect(screen.getByRole('status')).toHaveTextContent(/^Bea$/);
    },
  );

  it.each([false, true])(
    'keeps the selection of every row when rows are picked one after the other (plain checkboxes: %s)',
    async (light) => {
      const user = userEvent.setup();
      const columns: DataTableColumn<Row>[] = [{ accessor: 'name' }];
      function Selectable() {
        const [selected, setSelected] = useState<Row[]>([]);
        return (
          <Checkboxes light={light}>
            <DataTable<Row>
              records={rows}
              columns={columns}
              rowFactory={memoRowFactory}
              selectedRecords={selected}
              onSelectedRecordsChange={setSelected}
              getRecordSelectionCheckboxProps={(r) => ({ 'aria-label': `Select ${r.name}` })}
            />
            <output>{selected.map((r) => r.name).join(',')}</output>
          </Checkboxes>
        );
      }
      renderWithProviders(<Selectable />);
      await user.click(screen.getByRole('checkbox', { name: 'Select Ann' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select Bea' }));
      expect(screen.getByRole('status')).toHaveTextContent('Ann,Bea');
    },
  );
});
