import type { ListTable } from './list-table';
import { screenshotListTable } from './screenshot-list';

/** Every list table, by the collection it follows: the row store writes them, a start ensures them. */
export const LIST_TABLES: ReadonlyMap<string, ListTable> = new Map([screenshotListTable].map((table) => [table.spec.collection, table]));
