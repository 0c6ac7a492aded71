import { memo, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';

interface CellProps<T> {
  render: (row: T, index: number) => ReactNode;
  row: T;
  index: number;
  /** Everything besides the row the cell's output depends on (language, the viewer's permissions on the row). */
  stamp: string;
}

function CellContent<T>({ render, row, index }: CellProps<T>) {
  return <>{render(row, index)}</>;
}

/**
 * A cell renders again only when its row (by identity), its position or its stamp changes: a list screen
 * renders three times per page change (the URL, the loading state, the answer) and only the last one brings
 * new rows, so the cells' Mantine tooltips, menus, badges and relative times are skipped in the other two.
 * The `render` prop is left out of the comparison on purpose: it is a new closure on every render.
 */
const MemoCell = memo(CellContent, (a, b) => a.row === b.row && a.index === b.index && a.stamp === b.stamp) as <T>(
  props: CellProps<T>,
) => ReactNode;

/**
 * Wraps every rendered column of a table so its cells skip renders in which their row did not change.
 * A cell's output must depend only on the row, the language and `stamps[accessor](row)` (e.g. which actions
 * the viewer may use on the row); callbacks it calls must be stable or read the latest values
 * (see `useLatestHandlers`).
 */
export function useMemoCells<T>(
  columns: DataTableColumn<T>[],
  stamps: Partial<Record<string, (row: T) => string>> = {},
): DataTableColumn<T>[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // The same array while the columns and the language are (pass memoised columns): mantine-datatable measures its pinned
  // column in a layout effect whenever its columns change, which forced a layout on every render of a page change.
  // The stamp functions are read with the columns: they may only depend on what the columns depend on.
  return useMemo(
    () =>
      columns.map((column) => {
        const { render } = column;
        if (!render) return column;
        const stampOf = stamps[String(column.accessor)];
        return {
          ...column,
          render: (row: T, index: number) => (
            <MemoCell render={render} row={row} index={index} stamp={stampOf ? `${language}|${stampOf(row)}` : language} />
          ),
        };
      }),
    [columns, language], // eslint-disable-line react-hooks/exhaustive-deps -- stamps go with the columns (above)
  );
}

type Handler = (...args: never[]) => unknown;

/**
 * The same object of callbacks on every render, each calling the latest one passed: memoised cells keep
 * their first callbacks, which must not act on a stale URL or state. For event handlers only (not for
 * functions called while rendering).
 */
export function useLatestHandlers<H extends Record<string, Handler>>(handlers: H): H {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const keys = Object.keys(handlers).sort().join(',');
  return useMemo(
    () => Object.fromEntries(keys.split(',').map((key) => [key, (...args: never[]) => (latest.current[key] as Handler)(...args)])) as H,
    [keys],
  );
}
