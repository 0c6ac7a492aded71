import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { Screenshot } from '../domain/types';
import { report } from '../shared/report';

/**
 * The lightbox over the current page of screenshots: open at one, previous/next (keys or buttons),
 * flag/unflag with a note (saving → browsing, or failed keeping what was typed), delete behind a confirmation.
 * The screen's `liveEvents` actor (by default none) says when a screenshot was deleted elsewhere
 * (`viewer.live.deleted`, the live `screenshot.changed`): the lightbox showing it, or asking to delete it, closes
 * and reports `viewer.gone`. The page is not changed here: the grid's next items (`viewer.items`) bring that.
 * Outcomes are emitted, and sent to a parent when there is one (the screenshots screen).
 */

export interface FlagInput {
  id: string;
  flagged: boolean;
  note: string;
}

export interface ViewerContext<S extends Screenshot> {
  items: S[];
  index: number;
  /** The note/flag the user is editing (kept after a failed save). */
  draft: { flagged: boolean; note: string };
  error: unknown;
  /** Where to land when the page being loaded arrives. */
  edge: 'first' | 'last' | null;
}

export type ViewerEvent<S extends Screenshot> =
  | { type: 'viewer.open'; index: number }
  | { type: 'viewer.items'; items: S[] }
  | { type: 'viewer.next' }
  | { type: 'viewer.prev' }
  /** At the end of the page: the view loads the next/previous page, the lightbox then shows its first/last. */
  | { type: 'viewer.page.next' }
  | { type: 'viewer.page.prev' }
  | { type: 'viewer.close' }
  | { type: 'viewer.draft'; flagged?: boolean; note?: string }
  | { type: 'viewer.save' }
  | { type: 'viewer.delete' }
  | { type: 'viewer.delete.confirm' }
  | { type: 'viewer.delete.cancel' }
  /** A screenshot was deleted elsewhere (the live `screenshot.changed`). */
  | { type: 'viewer.live.deleted'; id: string };

/** `viewer.gone`: the screenshot shown was deleted elsewhere, and the lightbox closed. */
export type ViewerEmitted<S extends Screenshot> =
  | { type: 'viewer.saved'; screenshot: S }
  | { type: 'viewer.deleted'; id: string }
  | { type: 'viewer.failed'; action: 'save' | 'delete'; error: unknown }
  | { type: 'viewer.gone'; id: string };

const draftOf = (s: Screenshot | undefined) => ({ flagged: s?.flagged ?? false, note: s?.note ?? '' });

export function createScreenshotViewerMachine<S extends Screenshot>() {
  return setup({
    types: {} as { context: ViewerContext<S>; events: ViewerEvent<S>; emitted: ViewerEmitted<S> },
    actors: {
      saveFlag: fromPromise<S, FlagInput>(async () => {
        throw new Error('saveFlag not provided');
      }),
      deleteScreenshot: fromPromise<unknown, { id: string }>(async () => {
        throw new Error('deleteScreenshot not provided');
      }),
      // Without live events nothing is deleted under the lightbox.
      liveEvents: fromCallback<EventObject>(() => undefined),
    },
    guards: {
      hasNext: ({ context }) => context.index < context.items.length - 1,
      hasPrev: ({ context }) => context.index > 0,
      isValidIndex: ({ context, event }) => event.type === 'viewer.open' && event.index >= 0 && event.index < context.items.length,
      isLastItem: ({ context }) => context.items.length <= 1,
      hasItems: ({ event }) => event.type === 'viewer.items' && event.items.length > 0,
      isCurrentDeleted: ({ context, event }) => event.type === 'viewer.live.deleted' && context.items[context.index]?.id === event.id,
      isCurrentGone: ({ context, event }) =>
        event.type === 'viewer.items' && !event.items.some((s) => s.id === context.items[context.index]?.id),
    },
    actions: {
      assignTurnedPage: assign(({ context, event }) => {
        if (event.type !== 'viewer.items') return {};
        const index = context.edge === 'last' ? event.items.length - 1 : 0;
        return { items: event.items, index, edge: null, draft: draftOf(event.items[index]), error: null };
      }),
      assignEdgeFirst: assign({ edge: () => 'first' as const }),
      assignEdgeLast: assign({ edge: () => 'last' as const }),
      assignItems: assign(({ context, event }) => {
        if (event.type !== 'viewer.items') return {};
        const currentId = context.items[context.index]?.id;
        const found = event.items.findIndex((s) => s.id === currentId);
        return { items: event.items, index: found >= 0 ? found : Math.min(context.index, Math.max(0, event.items.length - 1)) };
      }),
      openAt: assign(({ context, event }) =>
        event.type === 'viewer.open' ? { index: event.index, draft: draftOf(context.items[event.index]), error: null } : {},
      ),
      stepNext: assign(({ context }) => ({ index: context.index + 1, draft: draftOf(context.items[context.index + 1]), error: null })),
      stepPrev: assign(({ context }) => ({ index: context.index - 1, draft: draftOf(context.items[context.index - 1]), error: null })),
      assignDraft: assign(({ context, event }) =>
        event.type === 'viewer.draft'
          ? { draft: { flagged: event.flagged ?? context.draft.flagged, note: event.note ?? context.draft.note } }
          : {},
      ),
      assignSaved: assign(({ context }, { screenshot: saved }: { screenshot: S }) => ({
        items: context.items.map((s) => (s.id === saved.id ? saved : s)),
        draft: draftOf(saved),
        error: null,
      })),
      emitSaved: enqueueActions(({ self, enqueue }, { screenshot }: { screenshot: S }) =>
        report<ViewerEmitted<S>>(enqueue, self, { type: 'viewer.saved', screenshot }),
      ),
      assignError: assign((_, { error }: { error: unknown }) => ({ error })),
      emitSaveFailed: enqueueActions(({ self, enqueue }, { error }: { error: unknown }) =>
        report<ViewerEmitted<S>>(enqueue, self, { type: 'viewer.failed', action: 'save', error }),
      ),
      emitDeleteFailed: enqueueActions(({ self, enqueue }, { error }: { error: unknown }) =>
        report<ViewerEmitted<S>>(enqueue, self, { type: 'viewer.failed', action: 'delete', error }),
      ),
      removeCurrent: assign(({ context }) => {
        const items = context.items.filter((_, i) => i !== context.index);
        const index = Math.min(context.index, items.length - 1);
        return { items, index: Math.max(0, index), draft: draftOf(items[index]) };
      }),
      emitDeleted: enqueueActions(({ context, self, enqueue }) =>
        report<ViewerEmitted<S>>(enqueue, self, { type: 'viewer.deleted', id: context.items[context.index]?.id ?? '' }),
      ),
      emitGone: enqueueActions(({ event, self, enqueue }) => {
        const id = event.type === 'viewer.live.deleted' ? event.id : '';
        report<ViewerEmitted<S>>(enqueue, self, { type: 'viewer.gone', id });
      }),
    },
  }).createMachine({
    id: 'screenshotViewer',
    initial: 'closed',
    context: { items: [], index: 0, draft: { flagged: false, note: '' }, error: null, edge: null },
    invoke: { id: 'liveEvents', src: 'liveEvents' },
    on: {
      'viewer.items': [{ guard: 'isCurrentGone', target: '.closed', actions: 'assignItems' }, { actions: 'assignItems' }],
    },
    states: {
      closed: {
        on: { 'viewer.open': { guard: 'isValidIndex', target: 'open', actions: 'openAt' } },
      },
      open: {
        tags: ['open'],
        initial: 'browsing',
        on: { 'viewer.close': { target: 'closed' } },
        states: {
          browsing: {
            on: {
              'viewer.next': { guard: 'hasNext', actions: 'stepNext' },
              'viewer.prev': { guard: 'hasPrev', actions: 'stepPrev' },
              'viewer.page.next': { target: 'turning', actions: 'assignEdgeFirst' },
              'viewer.page.prev': { target: 'turning', actions: 'assignEdgeLast' },
              'viewer.draft': { actions: 'assignDraft' },
              'viewer.save': { target: 'saving' },
              'viewer.delete': { target: 'confirmingDelete' },
              'viewer.live.deleted': { guard: 'isCurrentDeleted', target: '#screenshotViewer.closed', actions: 'emitGone' },
            },
          },
          turning: {
            tags: ['busy'],
            on: {
              'viewer.items': [
                { guard: 'hasItems', target: 'browsing', actions: 'assignTurnedPage' },
                { target: '#screenshotViewer.closed', actions: 'assignItems' },
              ],
            },
          },
          saving: {
            tags: ['busy'],
            invoke: {
              id: 'saveFlag',
              src: 'saveFlag',
              input: ({ context }) => ({ id: context.items[context.index]?.id ?? '', ...context.draft }),
              onDone: {
                target: 'browsing',
                actions: [
                  { type: 'assignSaved', params: ({ event }) => ({ screenshot: event.output }) },
                  { type: 'emitSaved', params: ({ event }) => ({ screenshot: event.output }) },
                ],
              },
              onError: {
                target: 'browsing',
                actions: [
                  { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'emitSaveFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            },
          },
          confirmingDelete: {
            on: {
              'viewer.delete.confirm': { target: 'deleting' },
              'viewer.delete.cancel': { target: 'browsing' },
              // Nothing left to delete.
              'viewer.live.deleted': { guard: 'isCurrentDeleted', target: '#screenshotViewer.closed', actions: 'emitGone' },
            },
          },
          deleting: {
            tags: ['busy'],
            invoke: {
              id: 'deleteScreenshot',
              src: 'deleteScreenshot',
              input: ({ context }) => ({ id: context.items[context.index]?.id ?? '' }),
              onDone: [
                { guard: 'isLastItem', target: '#screenshotViewer.closed', actions: ['emitDeleted', 'removeCurrent'] },
                { target: 'browsing', actions: ['emitDeleted', 'removeCurrent'] },
              ],
              onError: {
                target: 'browsing',
                actions: [
                  { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                  { type: 'emitDeleteFailed', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            },
          },
        },
      },
    },
  });
}
