import type { CSSProperties } from '@mantine/core';

/**
 * The CSS variables mantine-datatable writes on its root once its ResizeObserver has measured the table (scroll
 * shadows, the footer's place, the last row's border, the selection column's width), as they come out for a table
 * with no height of its own. Given from the first render, the library's first measurement writes the same values
 * again, which the browser ignores. Written for the first time, each changed the root's inline style, and the frame
 * that showed the rows recomputed the style of the whole table once more (11–13 ms in a trace of the report's load).
 * Only the header's height is left to measure: it depends on the columns' words.
 */
export const SETTLED_TABLE_VARS: CSSProperties = {
  '--mantine-datatable-top-shadow-opacity': '0',
  '--mantine-datatable-bottom-shadow-opacity': '0',
  '--mantine-datatable-left-shadow-opacity': '0',
  '--mantine-datatable-right-shadow-opacity': '0',
  '--mantine-datatable-footer-position': 'sticky',
  '--mantine-datatable-footer-bottom': '0',
  '--mantine-datatable-last-row-border-bottom': 'unset',
  '--mantine-datatable-selection-column-width': '44px',
};

/** The same for a table wider than its box at the usual sizes (it scrolls sideways): its right edge shows a shadow. */
export const SETTLED_WIDE_TABLE_VARS: CSSProperties = { ...SETTLED_TABLE_VARS, '--mantine-datatable-right-shadow-opacity': '1' };
