import { enqueueActions, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { Screenshot } from '../domain/types';
import { createListMachine, type ListInput, type ListReport } from '../list/list.machine';
import { createCaptureMachine, type CaptureEmitted, type CaptureInput } from './capture.machine';
import { createScreenshotViewerMachine, type ViewerEmitted } from './screenshot-viewer.machine';

/**
 * The screenshots screen: a parent that spawns its three actors, the paged grid (`list`), the lightbox (`viewer`) and
 * "capture now" (`capture`), as the CRUD screen does its list and editor. Views send to the children and show what this
 * parent emits. Between them:
 * - the lightbox walks the page the grid shows: the grid's rows go to the viewer (`viewer.items`) when they change;
 * - a flag saved, a screenshot deleted in the lightbox, or a capture delivered reloads the grid;
 * - every outcome the children report (`sendParent`) is emitted once, for the screen's toasts.
 */

export interface ScreenshotsScreenInput {
  list?: ListInput;
  capture?: CaptureInput;
}

/** What the screen emits: its children's outcomes, as they reported them. */
export type ScreenshotsScreenEmitted<S extends Screenshot> = ListReport | ViewerEmitted<S> | CaptureEmitted<S>;

export type ScreenshotsScreenEvent<S extends Screenshot> =
  | ScreenshotsScreenEmitted<S>
  /** The grid's rows changed (the `rowsFollower` actor): the lightbox walks them. */
  | { type: 'screenshots.rows'; items: S[] };

export function createScreenshotsScreenMachine<S extends Screenshot>() {
  const listLogic = createListMachine<S>();
  const viewerLogic = createScreenshotViewerMachine<S>();
  const captureLogic = createCaptureMachine<S>();
  type Rows = { list: ActorRefFrom<typeof listLogic>; viewer: ActorRefFrom<typeof viewerLogic> };

  return setup({
    types: {} as {
      context: Rows & { capture: ActorRefFrom<typeof captureLogic> };
      events: ScreenshotsScreenEvent<S>;
      input: ScreenshotsScreenInput;
      emitted: ScreenshotsScreenEmitted<S>;
      children: { list: 'list'; viewer: 'viewer'; capture: 'capture'; rowsFollower: 'rowsFollower' };
    },
    actors: {
      list: listLogic,
      viewer: viewerLogic,
      capture: captureLogic,
      // The grid's rows, each time they are not the ones the lightbox has.
      rowsFollower: fromCallback<ScreenshotsScreenEvent<S>, Rows>(({ input, sendBack }) => {
        const subscription = input.list.subscribe((s) => {
          if (input.viewer.getSnapshot().context.items !== s.context.items) sendBack({ type: 'screenshots.rows', items: s.context.items });
        });
        return () => subscription.unsubscribe();
      }),
    },
    actions: {
      giveRowsToViewer: enqueueActions(({ context, event, enqueue }) => {
        if (event.type === 'screenshots.rows') enqueue.sendTo(context.viewer, { type: 'viewer.items', items: event.items });
      }),
      refreshList: enqueueActions(({ context, enqueue }) => enqueue.sendTo(context.list, { type: 'list.refresh' })),
      // A child's report, told to the view as it came.
      emitReport: enqueueActions(({ event, enqueue }) => {
        if (event.type !== 'screenshots.rows') enqueue.emit(event);
      }),
    },
  }).createMachine({
    id: 'screenshotsScreen',
    context: ({ input, spawn }) => ({
      list: spawn('list', { id: 'list', input: input.list ?? {} }),
      viewer: spawn('viewer', { id: 'viewer' }),
      capture: spawn('capture', { id: 'capture', input: input.capture ?? {} }),
    }),
    invoke: { id: 'rowsFollower', src: 'rowsFollower', input: ({ context }) => ({ list: context.list, viewer: context.viewer }) },
    on: {
      'screenshots.rows': { actions: 'giveRowsToViewer' },
      'list.bulk.done': { actions: 'emitReport' },
      'list.bulk.failed': { actions: 'emitReport' },
      'viewer.saved': { actions: ['refreshList', 'emitReport'] },
      'viewer.deleted': { actions: ['refreshList', 'emitReport'] },
      'viewer.gone': { actions: 'emitReport' },
      'viewer.failed': { actions: 'emitReport' },
      'capture.delivered': { actions: ['refreshList', 'emitReport'] },
      'capture.failed': { actions: 'emitReport' },
    },
  });
}
