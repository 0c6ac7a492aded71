import type { ListQuery, ListSort } from './list-query';

/** The list machine's types: its rows, input, context, events and reports. */

export interface ListRow {
  id: string;
}

export interface BulkRequest {
  /** What to do, e.g. 'delete' or 'maintenance.on'; the provided `bulkAction` actor interprets it. */
  action: string;
  ids: string[];
  /**
   * The version each selected row had when the list showed it (rows that carry one): the API leaves a row changed
   * since as it is and answers it as changed meanwhile. Absent when no selected row has a version.
   */
  versions?: Record<string, number>;
}

/** What a `bulkAction` actor may answer; any other answer counts every selected row as done. */
export interface BulkResult {
  /** Rows the action was applied to. */
  count: number;
  /** Rows the user may read but not change: left as they are. */
  refused: number;
  /** Rows changed by someone else since the list showed them, as they are now: left as they are. */
  changedElsewhere: ListRow[];
}

/** The last bulk action's outcome, for the screen's report until dismissed or the next bulk action. */
export interface BulkReport {
  action: string;
  count: number;
  refused: number;
  /** How many rows changed meanwhile (they stay selected). */
  changed: number;
}

export interface ListInput {
  query?: Partial<ListQuery>;
  /** Debounce for `list.search.input`, ms (default 300). */
  searchDebounceMs?: number;
  /** Debounce for `list.live.stale`, ms (default 1 000). */
  liveDebounceMs?: number;
  /** How long a list with rows loads before it shows so (`busyShown`), ms (default `BUSY_DELAY_MS`). */
  busyDelayMs?: number;
  /**
   * The order that lists a new row first (screenshots: newest first). Given, a created row appears only on page 1
   * in this order (in another it is counted) and the bar's Show returns to it. Unset: any order.
   */
  newRowsSort?: ListSort;
}

export interface ListContext<T extends ListRow> {
  query: ListQuery;
  items: T[];
  total: number;
  selected: string[];
  /** Rows hidden while their deletion waits for undo. */
  hidden: string[];
  /** What the search box shows (may be ahead of `query.search` while debouncing). */
  searchInput: string;
  searchDebounceMs: number;
  error: unknown;
  bulkError: unknown;
  lastBulk: { action: string; count: number } | null;
  bulkReport: BulkReport | null;
  /** Rows created elsewhere since page 1 was loaded that the view does not show yet. */
  newCount: number;
  /** When the page in view began to load (ms, this device's clock): a row created before is in its answer. */
  loadStartedAt: number | null;
  /** Rows changed while a page loads: applied over its answer, which may be older. */
  liveRows: T[];
  liveDebounceMs: number;
  busyDelayMs: number;
  /** The view shows that the list loads (its loader, a busy refresh button). */
  busyShown: boolean;
  /** A load with rows on screen waits for `busyDelay` before it is shown. */
  busyDue: boolean;
  /** A parent holds stale reloads (`list.live.hold`) until `list.live.release`. */
  liveHeld: boolean;
  newRowsSort: ListSort | null;
  /** The pointer is over the rows (the view says so): a new row waits behind the bar rather than move them. */
  pointerOver: boolean;
}

export type ListEvent<T extends ListRow = ListRow> =
  | { type: 'list.query.change'; query: Partial<ListQuery> }
  /** The URL changed (back/forward, a shared link): adopt its query as is. */
  | { type: 'list.query.sync'; query: ListQuery }
  | { type: 'list.search.input'; search: string }
  | { type: 'list.retry' }
  /** Internal: the busy delay is over. */
  | { type: 'list.busy.due' }
  | { type: 'list.refresh' }
  | { type: 'list.select'; id: string; selected?: boolean }
  | { type: 'list.select.all' }
  | { type: 'list.select.set'; ids: string[] }
  | { type: 'list.select.clear' }
  | { type: 'list.bulk'; action: string }
  /** Ask first (e.g. bulk delete): confirmingBulk until 'list.bulk.confirm' or 'list.bulk.cancel'. */
  | { type: 'list.bulk.request'; action: string }
  | { type: 'list.bulk.confirm' }
  | { type: 'list.bulk.cancel' }
  /** The screen's bulk report was read and closed. */
  | { type: 'list.bulk.report.dismiss' }
  | { type: 'list.rows.hide'; ids: string[] }
  | { type: 'list.rows.show'; ids: string[] }
  /** Reload page 1 to show the rows counted in `newCount` (the "N new — show" bar). */
  | { type: 'list.live.show' }
  /** The pointer entered / left the rows (the view reports it; nothing moves under it). */
  | { type: 'list.pointer.enter' }
  | { type: 'list.pointer.leave' }
  /** From a parent: a stale reload waits (e.g. the edit drawer is open), then runs once on release. */
  | { type: 'list.live.hold' }
  | { type: 'list.live.release' }
  | LiveListEvent<T>;

/** What a screen's `liveEvents` actor sends the list (docs/live.md). */
export type LiveListEvent<T extends ListRow> =
  /** A row changed elsewhere (the row as the API shows it now). */
  | { type: 'list.live.updated'; row: T }
  /**
   * A row was created elsewhere. `match`: its value for each filter it can be checked against (e.g. `{ unit: '12' }`);
   * a filter it names and fails drops the event, a filter it does not name keeps the row off the page (counted).
   * `at`: when it was created (the live event's time); one created before the page began to load is not counted.
   */
  | { type: 'list.live.created'; id: string; match?: Record<string, string>; at?: string }
  | { type: 'list.live.removed'; id: string }
  /** Something the rows depend on changed: reload when quiet (debounced). */
  | { type: 'list.live.stale' };
