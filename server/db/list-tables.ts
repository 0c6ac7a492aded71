import { auditListTable } from './audit-list';
import type { ListTable } from './list-table';
import { screenshotListTable } from './screenshot-list';
import { urlRuleListTable } from './url-rules';
import { userListTable } from './user-list';

/** Every list table, by the collection it follows: the row store writes them, a start ensures them. */
export const LIST_TABLES: ReadonlyMap<string, ListTable> = new Map(
  [userListTable, auditListTable, screenshotListTable, urlRuleListTable].map((table) => [table.spec.collection, table]),
);
