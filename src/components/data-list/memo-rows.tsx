import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  memo,
  type CSSProperties,
  type MouseEventHandler,
  type ReactElement,
  type ReactNode,
  use,
} from 'react';
import { getStyleObject, useMantineTheme, useTableContext, type MantineStyleProp, type TableTrProps } from '@mantine/core';
import clsx from 'clsx';
import { getValueAtPath } from 'mantine-datatable';
import { LightCheckbox, type CheckboxLook } from './light-elements';
import { useLatestHandlers } from './memo-cells';

/**
 * The selection checkbox's look for the rows of a table (ListDataTable provides it, `useCheckboxLook`): with it, a row draws its
 * selection cell as plain elements (`LightCheckbox`) instead of the library's cell, a Mantine `TableTd` and `Checkbox` (about
 * eight components a row).
 */
export const SelectionLook = createContext<CheckboxLook | null>(null);

interface RowProps {
  rowProps: TableTrProps;
  children: ReactNode;
}

function sameValue(a: unknown, b: unknown, anyFunction = false): boolean {
  if (Object.is(a, b)) return true;
  if (anyFunction && typeof a === 'function' && typeof b === 'function') return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i], anyFunction));
  return false;
}

/** Two element trees that describe the same output: same types and keys, props equal by identity (children compared the same way). */
export function sameElements(a: ReactNode, b: ReactNode): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameElements(x as ReactNode, b[i] as ReactNode))
    );
  }
  if (!isValidElement(a) || !isValidElement(b) || a.type !== b.type || a.key !== b.key) return false;
  const pa = a.props as Record<string, unknown>;
  const pb = b.props as Record<string, unknown>;
  const keys = Object.keys(pa);
  if (keys.length !== Object.keys(pb).length) return false;
  return keys.every((key) => (key === 'children' ? sameElements(pa[key] as ReactNode, pb[key] as ReactNode) : sameValue(pa[key], pb[key])));
}

/**
 * The row's own handlers (`onClick` and the like) are new closures on every render of mantine-datatable's row, around the
 * table's `onRowClick`…, so they count as equal: pass stable row handlers, and no `rowExpansion`. The cells' handlers
 * (the selection checkbox's `onChange`, which holds the current selection) must be the same functions.
 */
function sameRow(a: RowProps, b: RowProps): boolean {
  const ka = Object.keys(a.rowProps) as (keyof TableTrProps)[];
  return (
    ka.length === Object.keys(b.rowProps).length &&
    ka.every((key) => sameValue(a.rowProps[key], b.rowProps[key], true)) &&
    sameElements(a.children, b.children)
  );
}

/**
 * The props mantine-datatable gives each of a row's cells (its internal cell component, not public API, read from
 * mantine-datatable 9.4). This file is the only one that relies on them; memo-rows.test.tsx fails when the library
 * passes other props, so an upgrade that changes the cell is noticed here.
 */
interface CellProps {
  accessor: string;
  record: unknown;
  index: number;
  className?: string;
  style?: MantineStyleProp;
  pinnedInfo?: { position: 'left' | 'right'; offset: number; isBoundary: boolean };
  visibleMediaQuery?: unknown;
  onClick?: MouseEventHandler<HTMLTableCellElement>;
  onDoubleClick?: MouseEventHandler<HTMLTableCellElement>;
  onContextMenu?: MouseEventHandler<HTMLTableCellElement>;
  noWrap?: boolean;
  ellipsis?: boolean;
  textAlign?: 'left' | 'center' | 'right';
  width?: string | number;
  render?: (record: unknown, index: number) => ReactNode;
  defaultRender?: (record: unknown, index: number, accessor: string) => ReactNode;
  customCellAttributes?: (record: unknown, index: number) => Record<string, unknown>;
}

const CELL_PROPS: Record<keyof CellProps, true> = {
  accessor: true,
  record: true,
  index: true,
  className: true,
  style: true,
  pinnedInfo: true,
  visibleMediaQuery: true,
  onClick: true,
  onDoubleClick: true,
  onContextMenu: true,
  noWrap: true,
  ellipsis: true,
  textAlign: true,
  width: true,
  render: true,
  defaultRender: true,
  customCellAttributes: true,
};
/** Every prop name of the library's cell this file knows how to draw. */
export const KNOWN_CELL_PROPS: readonly string[] = Object.keys(CELL_PROPS);

/** A cell of the library that this file can draw: one with a prop it does not know is left to the library. */
export function isLibraryCell(node: ReactNode): node is ReactElement<CellProps> {
  if (!isValidElement(node)) return false;
  const props = node.props as Partial<CellProps>;
  if (typeof props.accessor !== 'string' || !('record' in props)) return false;
  // A cell with a media query is drawn by the table's own cell (it needs its media-query hook).
  return props.visibleMediaQuery === undefined && Object.keys(props).every((key) => Object.hasOwn(CELL_PROPS, key));
}

/**
 * The row's `tr` and `td`s as plain elements with the classes, attributes and styles Mantine's `TableTr`/`TableTd` give them
 * (read from the table's context): those are a Mantine `Box` each, and mantine-datatable's cell adds a media-query hook (state,
 * an effect and a `matchMedia` listener), about 200 components per page of 25 rows. Anything not shaped like a plain cell
 * (the selection checkbox, a cell with `visibleMediaQuery`) is drawn by the table's own component.
 * memo-rows.test.tsx checks that the output is the same as the table's.
 */
function LightRow({ rowProps, children }: RowProps) {
  const ctx = useTableContext();
  const theme = useMantineTheme();
  const checkboxLook = use(SelectionLook);
  const td = ctx.getStyles('td');
  const tr = ctx.getStyles('tr', { className: rowProps.className });
  const { className: _className, style, children: _children, ...rest } = rowProps;
  const cells = isValidElement(children) && children.type === Fragment ? (children.props as { children: ReactNode }).children : children;
  const draw = (node: ReactNode): ReactNode => {
    if (Array.isArray(node)) return node.map(draw);
    if (checkboxLook && isSelectionCell(node)) return drawSelection(node, checkboxLook);
    if (!isLibraryCell(node)) return node;
    const {
      accessor,
      record,
      index,
      className,
      pinnedInfo: pinned,
      onClick,
      onDoubleClick,
      onContextMenu,
      noWrap,
      ellipsis,
      textAlign,
      width,
      render,
      defaultRender,
      customCellAttributes,
    } = node.props;
    const cellStyle: CSSProperties = {
      ...getStyleObject(td.style, theme),
      ...(width === undefined ? {} : { width, minWidth: width, maxWidth: width }),
      ...getStyleObject(node.props.style, theme),
      ...(pinned ? { position: 'sticky', [pinned.position]: pinned.offset, overflow: 'visible' } : {}),
    };
    return (
      <td
        key={node.key}
        {...(ctx.withColumnBorders ? { 'data-with-column-border': true } : {})}
        data-pinned={pinned?.position}
        data-pinned-shadow={pinned?.isBoundary ? pinned.position : undefined}
        style={Object.keys(cellStyle).length > 0 ? cellStyle : undefined}
        className={clsx(
          td.className,
          {
            'mantine-datatable-nowrap': noWrap || ellipsis,
            'mantine-datatable-ellipsis': ellipsis,
            'mantine-datatable-pointer-cursor': onClick || onDoubleClick,
            'mantine-datatable-context-menu-cursor': onContextMenu,
            'mantine-datatable-text-align-left': textAlign === 'left',
            'mantine-datatable-text-align-center': textAlign === 'center',
            'mantine-datatable-text-align-right': textAlign === 'right',
          },
          className,
        )}
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        onContextMenu={onContextMenu}
        {...customCellAttributes?.(record, index)}
      >
        {
          (render
            ? render(record, index)
            : defaultRender
              ? defaultRender(record, index, accessor)
              : getValueAtPath(record, accessor)) as ReactNode
        }
      </td>
    );
  };
  /** The library's selection cell (mantine-datatable 9.4's row selector cell: a `TableTd` and a `Checkbox`), drawn plain. */
  const drawSelection = (node: ReactElement<SelectionCellProps>, look: CheckboxLook): ReactNode => {
    const {
      className,
      style: cellStyle,
      record,
      index,
      trigger,
      onChange,
      withRightShadow,
      checkboxProps,
      getCheckboxProps,
      checked,
      disabled,
    } = node.props;
    const boxProps = { ...checkboxProps, ...getCheckboxProps?.(record, index) };
    const enabled = !disabled && !boxProps.disabled;
    const merged = { ...getStyleObject(td.style, theme), ...getStyleObject(cellStyle, theme) };
    return (
      <td
        key={node.key}
        {...(ctx.withColumnBorders ? { 'data-with-column-border': true } : {})}
        data-shadow-visible={withRightShadow || undefined}
        style={Object.keys(merged).length > 0 ? merged : undefined}
        className={clsx(
          td.className,
          'mantine-datatable-row-selector-cell',
          { 'mantine-datatable-pointer-cursor': trigger === 'cell' && enabled },
          className,
        )}
        onClick={(event) => {
          event.stopPropagation();
          if (trigger === 'cell' && enabled) onChange?.(event);
        }}
      >
        <LightCheckbox
          look={look}
          {...boxProps}
          checked={checked}
          disabled={disabled || boxProps.disabled}
          onChange={onChange}
          inputClassName={enabled ? 'mantine-datatable-pointer-cursor' : undefined}
        />
      </td>
    );
  };
  const rowStyle = { ...getStyleObject(tr.style, theme), ...getStyleObject(style, theme) };
  return (
    <tr
      {...(ctx.withRowBorders ? { 'data-with-row-border': true } : {})}
      {...(ctx.striped ? { 'data-striped': ctx.striped } : {})}
      {...(ctx.highlightOnHover ? { 'data-hover': true } : {})}
      style={Object.keys(rowStyle).length > 0 ? rowStyle : undefined}
      className={tr.className}
      {...rest}
    >
      {draw(cells)}
    </tr>
  );
}

/**
 * A row renders again only when what mantine-datatable would draw in it changes (its record, its cells' columns, widths,
 * pinning, selection): the table renders every row on each of its own renders (the loading state of a page change, the
 * pagination, the sort arrows).
 */
const MemoRow = memo(LightRow, sameRow);

type SelectionChange = (event: unknown) => void;

/** The props mantine-datatable 9.4 gives a row's selection cell (its internal component, not public API). */
interface SelectionCellProps {
  className?: string;
  style?: MantineStyleProp;
  record: unknown;
  index: number;
  trigger?: 'cell' | 'checkbox';
  onChange?: SelectionChange;
  withRightShadow?: boolean;
  checkboxProps?: { disabled?: boolean; 'aria-label'?: string; [data: `data-${string}`]: string | undefined };
  getCheckboxProps?: (record: unknown, index: number) => { disabled?: boolean; 'aria-label'?: string };
  checked: boolean;
  disabled?: boolean;
}

const SELECTION_CELL_PROPS = new Set<string>([
  'className',
  'style',
  'record',
  'index',
  'trigger',
  'onChange',
  'withRightShadow',
  'checkboxProps',
  'getCheckboxProps',
  'checked',
  'disabled',
]);

/** The library's selection cell with only the props this file knows; one with others is left to the library. */
function isSelectionCell(node: ReactNode): node is ReactElement<SelectionCellProps> {
  if (!isValidElement(node)) return false;
  const props = node.props as Record<string, unknown>;
  return (
    'checked' in props && 'trigger' in props && 'onChange' in props && Object.keys(props).every((key) => SELECTION_CELL_PROPS.has(key))
  );
}

/** The library's selection cell (its checkbox): a cell with `checked`, `trigger` and `onChange`, not drawn here. */
function selectionCellOf(cells: ReactNode): ReactElement<{ onChange?: SelectionChange }> | null {
  const first = Array.isArray(cells) ? (cells[0] as ReactNode) : null;
  if (!isValidElement(first)) return null;
  const props = first.props as Record<string, unknown>;
  return 'checked' in props && 'trigger' in props && 'onChange' in props ? (first as ReactElement<{ onChange?: SelectionChange }>) : null;
}

/**
 * The row, its selection checkbox's `onChange` replaced by one stable function that calls the latest: the library makes a new
 * one for every row on each of its renders (it holds the current selection), so without this no row of a selectable table
 * would ever be skipped (a page change, sort or search rendered every row twice).
 */
function StableSelectionRow({ rowProps, children }: RowProps) {
  const fragment = isValidElement(children) && children.type === Fragment ? (children as ReactElement<{ children: ReactNode }>) : null;
  const cells = fragment?.props.children;
  const selection = selectionCellOf(cells);
  const onChange = selection?.props.onChange;
  const stableHandlers = useLatestHandlers({ select: (event: unknown) => onChange?.(event) });
  if (!fragment || !selection || !Array.isArray(cells)) return <MemoRow rowProps={rowProps}>{children}</MemoRow>;
  const stable = cloneElement(selection, { onChange: onChange ? stableHandlers.select : undefined });
  return <MemoRow rowProps={rowProps}>{cloneElement(fragment, undefined, stable, ...(cells.slice(1) as ReactNode[]))}</MemoRow>;
}

/**
 * mantine-datatable's `rowFactory` that skips unchanged rows. Row and cell callbacks must be stable (see
 * `useLatestHandlers`); a row's cells are compared by their column definitions, so pass columns that keep their
 * identity between renders (`useMemoCells`).
 */
export function memoRowFactory<T>({
  rowProps,
  children,
  expandedElement,
}: {
  record: T;
  index: number;
  rowProps: TableTrProps;
  children: ReactNode;
  expandedElement?: ReactNode;
}): ReactNode {
  return (
    <>
      <StableSelectionRow rowProps={rowProps}>{children}</StableSelectionRow>
      {expandedElement}
    </>
  );
}
