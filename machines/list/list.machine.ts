import { and, assign, enqueueActions, fromCallback, fromPromise, not, or, raise, setup, stateIn, type EventObject } from 'xstate';
import type { Page } from '../domain/types';
import type { BulkRequest, ListContext, ListEvent, ListInput, ListRow } from './list.types';
import { bulkOutcomeOf, bulkRequestOf, pendingBulkAction } from './list-bulk';
import { applyQueryChange, initialQuery, isNewRowsOrder, newRowPlace, sameQuery, type ListQuery } from './list-query';
import { report } from '../shared/report';
import { staleReloadRegion } from '../shared/stale-reload-region';

/**
 * The one list machine every server-side list screen runs on.
 *
 * Regions:
 * - `data`: loading → loaded | empty | failed (retry); bulk runs a provided action on the selection then reloads.
 *   It sends the versions the rows had in view: rows changed meanwhile are left as they are, reported (`bulkReport`,
 *   beside the refused ones) and stay selected, so the user sees them as they are now and may run the action again.
 * - `search`: typing is debounced here (not in the component), then becomes a query change.
 * - `liveRefresh`: `list.live.stale` (someone else changed the rows) reloads once things are quiet (debounced, and
 *   not while rows are selected); while a parent holds it (`list.live.hold`: the CRUD screen's edit drawer is open)
 *   it waits in `held` and reloads once on `list.live.release`. A reload asked for meanwhile (`list.refresh`) serves it.
 *
 * Live events (docs/live.md) come from the invoked `liveEvents` actor the screen provides (by default none):
 * a changed row in view is replaced in place, no reload; a created row reloads page 1 of an unfiltered list,
 * elsewhere it is counted (`newCount`, the "3 new units — show" bar) so nothing moves under the pointer;
 * a removed row in view reloads (under the pointer it waits as a stale reload). A created row that says its filter values (`match`) is dropped when a filter
 * excludes it and may appear under a filter it passes; while the view reports the pointer over the rows
 * (`list.pointer.enter`/`leave`) a new row is counted and a stale reload waits, so no row moves under it.
 * A created row the page already accounts for is not counted: one it shows, or one created (`at`) before its load
 * began, e.g. the events of a locked time that replay on unlock while the screen loads again.
 *
 * What the view shows of `busy` is `context.busyShown`: set at once while there are no rows (a first load), after
 * `busyDelay` while there are, so a page, sort or search answered sooner does not flash the loader. It is context and a
 * delayed event, not a region: a query change re-enters every region, and the delay runs from the first load on.
 *
 * Every query change re-enters `data.loading`, which stops the previous `fetchPage` invoke (its signal
 * is aborted and its late answer is dropped), so a slow stale response never replaces a newer one.
 */

export * from './list.types';
export * from './list-query';

/** What the list reports to its parent (sendParent, the CRUD screen) and emits (for listeners of a list without a parent, e.g. screenshots). */
export type ListReport =
  | { type: 'list.bulk.done'; action: string; count: number; refused: number; changed: number }
  | { type: 'list.bulk.failed'; action: string; error: unknown };

/** The default `busyDelayMs`. */
export const BUSY_DELAY_MS = 200;

export function createListMachine<T extends ListRow>() {
  return setup({
    types: {} as {
      context: ListContext<T>;
      events: ListEvent<T>;
      input: ListInput;
      emitted: ListReport;
    },
    actors: {
      fetchPage: fromPromise<Page<T>, { query: ListQuery }>(async () => {
        throw new Error('fetchPage not provided');
      }),
      bulkAction: fromPromise<unknown, BulkRequest>(async () => {
        throw new Error('bulkAction not provided');
      }),
      // A list without live updates listens to nothing.
      liveEvents: fromCallback<EventObject>(() => undefined),
    },
    delays: {
      searchDebounce: ({ context }) => context.searchDebounceMs,
      liveDebounce: ({ context }) => context.liveDebounceMs,
      busyDelay: ({ context }) => context.busyDelayMs,
    },
    guards: {
      isQueryDifferent: ({ context, event }) => event.type === 'list.query.sync' && !sameQuery(context.query, initialQuery(event.query)),
      isPageEmpty: (_, { page }: { page: Page<T> }) => page.items.length === 0,
      isPageBeyondEnd: ({ context }, { page }: { page: Page<T> }) => page.items.length === 0 && page.total > 0 && context.query.page > 1,
      hasSelection: ({ context }) => context.selected.length > 0,
      isSearchPending: ({ context }) => context.searchInput.trim() !== context.query.search,
      /** A filter in view excludes the new row: not counted either. */
      isNewRowFilteredOut: ({ context, event }) =>
        event.type === 'list.live.created' && newRowPlace(context.query, context.newRowsSort, event.match) === 'filteredOut',
      /** Page 1 (in the new rows' order) with no search, and no filter the row is not known to pass: it belongs here. */
      isNewRowOnPage: ({ context, event }) =>
        event.type === 'list.live.created' && newRowPlace(context.query, context.newRowsSort, event.match) === 'onPage',
      /** It belongs here, the page does not show it yet, and no row is under the pointer: it may appear (the rows move). */
      canShowNewRow: ({ context, event }) =>
        !context.pointerOver &&
        event.type === 'list.live.created' &&
        !context.items.some((row) => row.id === event.id) &&
        newRowPlace(context.query, context.newRowsSort, event.match) === 'onPage',
      /**
       * The page's answer accounts for the row: it shows it, or the row was created before the load began (a replay
       * after unlock). Only the count skips it; a reload it would cause still runs (a clock a little off costs one
       * reload, never a row).
       */
      isNewRowAccountedFor: ({ context, event }) =>
        event.type === 'list.live.created' &&
        (context.items.some((row) => row.id === event.id) ||
          (event.at !== undefined && context.loadStartedAt !== null && Date.parse(event.at) < context.loadStartedAt)),
      isPointerOver: ({ context }) => context.pointerOver,
      isLiveHeld: ({ context }) => context.liveHeld,
      /** The data region takes `list.refresh` here (it reloads), so the reload serves a waiting stale one. */
      isRefreshable: or([stateIn({ data: 'loaded' }), stateIn({ data: 'empty' }), stateIn({ data: 'failed' })]),
      isBusyDue: ({ context }) => context.busyDue,
      isRowInView: ({ context, event }) => event.type === 'list.live.removed' && context.items.some((row) => row.id === event.id),
    },
    actions: {
      assignQueryChange: assign(({ context, event }) => {
        if (event.type !== 'list.query.change') return {};
        const query = applyQueryChange(context.query, event.query);
        return {
          query,
          searchInput: event.query.search !== undefined ? query.search : context.searchInput,
          selected: [],
        };
      }),
      assignSyncedQuery: assign(({ event }) => {
        if (event.type !== 'list.query.sync') return {};
        const query = initialQuery(event.query);
        return { query, searchInput: query.search, selected: [] };
      }),
      assignSearchInput: assign(({ event }) => (event.type === 'list.search.input' ? { searchInput: event.search } : {})),
      raiseSearchChange: raise(({ context }) => ({
        type: 'list.query.change' as const,
        query: { search: context.searchInput.trim() },
      })),
      assignPage: assign(({ context }, { page }: { page: Page<T> }) => {
        const changed = new Map(context.liveRows.map((row) => [row.id, row]));
        return {
          items: changed.size === 0 ? page.items : page.items.map((row) => changed.get(row.id) ?? row),
          total: page.total,
          error: null,
          liveRows: [],
          // Page 1 (in the new rows' order) shows what was new; another page does not.
          newCount: context.query.page === 1 && isNewRowsOrder(context.query, context.newRowsSort) ? 0 : context.newCount,
        };
      }),
      applyLiveRow: assign(({ context, event }) => {
        if (event.type !== 'list.live.updated' || !context.items.some((row) => row.id === event.row.id)) return {};
        return { items: context.items.map((row) => (row.id === event.row.id ? event.row : row)) };
      }),
      stashLiveRow: assign(({ context, event }) =>
        event.type === 'list.live.updated' ? { liveRows: [...context.liveRows.filter((row) => row.id !== event.row.id), event.row] } : {},
      ),
      countNew: assign(({ context }) => ({ newCount: context.newCount + 1 })),
      showNew: assign(({ context }) => ({
        newCount: 0,
        query: { ...context.query, page: 1, sort: context.newRowsSort ?? context.query.sort },
        selected: [],
      })),
      assignPointerOver: assign(({ event }) => ({ pointerOver: event.type === 'list.pointer.enter' })),
      assignLoadStart: assign({ loadStartedAt: () => Date.now() }),
      // Entering a busy state: shown at once without rows; with rows after the delay (unless already shown or due).
      beginBusy: enqueueActions(({ context, enqueue }) => {
        if (context.busyShown || context.busyDue) return;
        if (context.items.length === 0) enqueue.assign({ busyShown: true });
        else {
          enqueue.assign({ busyDue: true });
          enqueue.raise({ type: 'list.busy.due' }, { id: 'busyDelay', delay: 'busyDelay' });
        }
      }),
      endBusy: enqueueActions(({ context, enqueue }) => {
        if (context.busyDue) enqueue.cancel('busyDelay');
        if (context.busyDue || context.busyShown) enqueue.assign({ busyShown: false, busyDue: false });
      }),
      showBusy: assign({ busyShown: () => true, busyDue: () => false }),
      raiseRefresh: raise({ type: 'list.refresh' as const }),
      raiseStale: raise({ type: 'list.live.stale' as const }),
      holdLive: assign({ liveHeld: () => true }),
      releaseLive: assign({ liveHeld: () => false }),
      assignLastPage: assign(({ context }, { page }: { page: Page<T> }) => {
        const last = Math.max(1, Math.ceil(page.total / context.query.pageSize));
        return { query: { ...context.query, page: last } };
      }),
      assignError: assign((_, { error }: { error: unknown }) => ({ error })),
      pruneSelection: assign(({ context }) => {
        const ids = new Set(context.items.map((row) => row.id));
        return { selected: context.selected.filter((id) => ids.has(id)) };
      }),
      toggleSelection: assign(({ context, event }) => {
        if (event.type !== 'list.select') return {};
        const isSelected = context.selected.includes(event.id);
        const want = event.selected ?? !isSelected;
        if (want === isSelected) return {};
        return { selected: want ? [...context.selected, event.id] : context.selected.filter((id) => id !== event.id) };
      }),
      selectAll: assign(({ context }) => ({
        selected: context.items.filter((row) => !context.hidden.includes(row.id)).map((row) => row.id),
      })),
      setSelection: assign(({ context, event }) => {
        if (event.type !== 'list.select.set') return {};
        const ids = new Set(context.items.map((row) => row.id));
        return { selected: event.ids.filter((id) => ids.has(id)) };
      }),
      clearSelection: assign({ selected: () => [] }),
      hideRows: assign(({ context, event }) =>
        event.type === 'list.rows.hide'
          ? {
              hidden: [...new Set([...context.hidden, ...event.ids])],
              selected: context.selected.filter((id) => !event.ids.includes(id)),
            }
          : {},
      ),
      showRows: assign(({ context, event }) =>
        event.type === 'list.rows.show' ? { hidden: context.hidden.filter((id) => !event.ids.includes(id)) } : {},
      ),
      assignBulkDone: assign(({ context }, { output }: { output: unknown }) => {
        const outcome = bulkOutcomeOf(output, context.selected);
        const action = pendingBulkAction(context);
        return {
          lastBulk: { action, count: outcome.count },
          bulkReport: { action, count: outcome.count, refused: outcome.refused, changed: outcome.changed.length },
          bulkError: null,
          // Rows changed meanwhile were left as they are: they stay selected, to be seen as they are now.
          selected: outcome.changed,
        };
      }),
      emitBulkDone: enqueueActions(({ context, self, enqueue }) =>
        report<ListReport>(enqueue, self, {
          type: 'list.bulk.done',
          action: context.lastBulk?.action ?? '',
          count: context.lastBulk?.count ?? 0,
          refused: context.bulkReport?.refused ?? 0,
          changed: context.bulkReport?.changed ?? 0,
        }),
      ),
      dismissBulkReport: assign({ bulkReport: () => null }),
      assignBulkError: assign((_, { error }: { error: unknown }) => ({ bulkError: error })),
      emitBulkFailed: enqueueActions(({ context, self, enqueue }) =>
        report<ListReport>(enqueue, self, { type: 'list.bulk.failed', action: pendingBulkAction(context), error: context.bulkError }),
      ),
      rememberBulkAction: assign(({ event }) =>
        event.type === 'list.bulk' || event.type === 'list.bulk.request'
          ? { lastBulk: { action: event.action, count: 0 }, bulkReport: null }
          : {},
      ),
    },
  }).createMachine({
    id: 'list',
    type: 'parallel',
    context: ({ input }) => {
      const query = initialQuery(input.query);
      return {
        query,
        items: [],
        total: 0,
        selected: [],
        hidden: [],
        searchInput: query.search,
        searchDebounceMs: input.searchDebounceMs ?? 300,
        error: null,
        bulkError: null,
        lastBulk: null,
        bulkReport: null,
        newCount: 0,
        loadStartedAt: null,
        liveRows: [],
        liveDebounceMs: input.liveDebounceMs ?? 1000,
        busyDelayMs: input.busyDelayMs ?? BUSY_DELAY_MS,
        busyShown: false,
        busyDue: false,
        liveHeld: false,
        newRowsSort: input.newRowsSort ?? null,
        pointerOver: false,
      };
    },
    invoke: { id: 'liveEvents', src: 'liveEvents' },
    on: {
      'list.pointer.enter': { actions: 'assignPointerOver' },
      'list.pointer.leave': { actions: 'assignPointerOver' },
      'list.busy.due': { guard: 'isBusyDue', actions: 'showBusy' },
    },
    states: {
      data: {
        initial: 'loading',
        on: {
          'list.query.change': { target: '.loading', reenter: true, actions: 'assignQueryChange' },
          'list.query.sync': { guard: 'isQueryDifferent', target: '.loading', reenter: true, actions: 'assignSyncedQuery' },
          'list.rows.hide': { actions: 'hideRows' },
          'list.rows.show': { actions: 'showRows' },
          'list.live.show': { target: '.loading', reenter: true, actions: 'showNew' },
          'list.live.updated': { actions: 'applyLiveRow' },
          'list.bulk.report.dismiss': { actions: 'dismissBulkReport' },
          // Where the new row cannot simply appear (another page, a search, a filter, under the pointer, or busy): counted,
          // unless the page's answer accounts for it.
          'list.live.created': [{ guard: 'isNewRowFilteredOut' }, { guard: 'isNewRowAccountedFor' }, { actions: 'countNew' }],
        },
        states: {
          loading: {
            tags: ['busy'],
            entry: ['assignLoadStart', 'beginBusy'],
            invoke: {
              id: 'fetchPage',
              src: 'fetchPage',
              input: ({ context }) => ({ query: context.query }),
              onDone: [
                {
                  guard: { type: 'isPageBeyondEnd', params: ({ event }) => ({ page: event.output }) },
                  target: 'loading',
                  reenter: true,
                  actions: { type: 'assignLastPage', params: ({ event }) => ({ page: event.output }) },
                },
                {
                  guard: { type: 'isPageEmpty', params: ({ event }) => ({ page: event.output }) },
                  target: 'empty',
                  actions: [{ type: 'assignPage', params: ({ event }) => ({ page: event.output }) }, 'clearSelection'],
                },
                { target: 'loaded', actions: [{ type: 'assignPage', params: ({ event }) => ({ page: event.output }) }, 'pruneSelection'] },
              ],
              onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
            },
            on: {
              'list.live.updated': { actions: ['applyLiveRow', 'stashLiveRow'] },
              // The page on its way may be older than the row: ask again.
              'list.live.created': { guard: 'canShowNewRow', target: 'loading', reenter: true },
            },
          },
          loaded: {
            entry: 'endBusy',
            on: {
              'list.refresh': { target: 'loading' },
              'list.live.created': { guard: 'canShowNewRow', target: 'loading' },
              // Under the pointer the rows must not move: the reload waits as a stale one (until the pointer leaves).
              'list.live.removed': [
                { guard: and(['isRowInView', not('isPointerOver')]), target: 'loading' },
                { guard: 'isRowInView', actions: 'raiseStale' },
              ],
              'list.select': { actions: 'toggleSelection' },
              'list.select.all': { actions: 'selectAll' },
              'list.select.set': { actions: 'setSelection' },
              'list.select.clear': { actions: 'clearSelection' },
              'list.bulk': { guard: 'hasSelection', target: 'bulk', actions: 'rememberBulkAction' },
              'list.bulk.request': { guard: 'hasSelection', target: 'confirmingBulk', actions: 'rememberBulkAction' },
            },
          },
          confirmingBulk: {
            entry: 'endBusy',
            on: {
              'list.bulk.confirm': { target: 'bulk' },
              'list.bulk.cancel': { target: 'loaded' },
            },
          },
          empty: {
            entry: 'endBusy',
            on: {
              'list.refresh': { target: 'loading' },
              // No row to move: it appears, pointer or not.
              'list.live.created': { guard: 'isNewRowOnPage', target: 'loading' },
            },
          },
          failed: {
            entry: 'endBusy',
            on: {
              'list.retry': { target: 'loading' },
              'list.refresh': { target: 'loading' },
            },
          },
          bulk: {
            tags: ['busy'],
            entry: 'beginBusy',
            invoke: {
              id: 'bulkAction',
              src: 'bulkAction',
              input: ({ context }) => bulkRequestOf(context),
              onDone: {
                target: 'loading',
                actions: [{ type: 'assignBulkDone', params: ({ event }) => ({ output: event.output }) }, 'emitBulkDone'],
              },
              onError: {
                target: 'loaded',
                actions: [{ type: 'assignBulkError', params: ({ event }) => ({ error: event.error }) }, 'emitBulkFailed'],
              },
            },
          },
        },
      },
      search: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'list.search.input': { target: 'debouncing', actions: 'assignSearchInput' },
            },
          },
          debouncing: {
            on: {
              // Each keystroke restarts the delay.
              'list.search.input': { target: 'debouncing', reenter: true, actions: 'assignSearchInput' },
            },
            after: {
              searchDebounce: [{ guard: 'isSearchPending', target: 'idle', actions: 'raiseSearchChange' }, { target: 'idle' }],
            },
          },
        },
      },
      liveRefresh: {
        on: {
          'list.live.hold': { actions: 'holdLive' },
          'list.live.release': { actions: 'releaseLive' },
        },
        // More changes within the delay wait for one reload; while rows are selected or under the pointer (the user is
        // at work on them) it waits on, while a parent holds it it waits for the release, and a list that is busy
        // (bulk, a question) ignores it.
        ...staleReloadRegion({
          stale: 'list.live.stale',
          reload: 'raiseRefresh',
          unlessQuiet: [
            { guard: 'hasSelection', target: 'waiting', reenter: true },
            { guard: 'isPointerOver', target: 'waiting', reenter: true },
            { guard: 'isLiveHeld', target: 'held' },
          ],
          waiting: { 'list.refresh': { guard: 'isRefreshable', target: 'idle' } },
          states: {
            // One reload is due: later stale events add nothing to it.
            held: {
              on: {
                'list.live.release': [
                  { guard: 'hasSelection', target: 'waiting', actions: 'releaseLive' },
                  { target: 'idle', actions: ['releaseLive', 'raiseRefresh'] },
                ],
                'list.refresh': { guard: 'isRefreshable', target: 'idle' },
              },
            },
          },
        }),
      },
    },
  });
}

export type ListMachine<T extends ListRow> = ReturnType<typeof createListMachine<T>>;
