import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { LiveEvent } from '@machines/domain/types';
import { createListMachine, type ListSort, type LiveListEvent } from '@machines/list/list.machine';
import { createCaptureMachine, type CaptureEvent } from '@machines/screenshots/capture.machine';
import { createScreenshotViewerMachine, type ViewerEvent } from '@machines/screenshots/screenshot-viewer.machine';
import { createScreenshotsScreenMachine } from '@machines/screenshots/screenshots-screen.machine';
import { useActorEvents } from '@/components/actor-bridges';
import { ApiError } from '@/lib/api-client';
import { defineListQuerySchema, useInitialListQuery, useListUrl } from '@/lib/list-query';
import { liveEventsActor } from '@/lib/live';
import { bulkDeleteScreenshots } from '../api/bulk-delete-screenshots';
import { deleteScreenshot } from '../api/delete-screenshot';
import { getCaptureRequest } from '../api/get-capture-request';
import { getScreenshots } from '../api/get-screenshots';
import { requestCapture } from '../api/request-capture';
import type { ScreenshotItem } from '../api/types';
import { updateScreenshot } from '../api/update-screenshot';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

export const SCREENSHOT_PAGE_SIZES = [24, 48, 96] as const;

/** Newest first: the default order, the one a new capture comes first in. */
const NEWEST_FIRST: ListSort = { column: 'capturedAt', direction: 'desc' };

export const screenshotsQuerySchema = defineListQuerySchema({
  sortColumns: ['capturedAt'],
  filters: { unit: {}, from: {}, to: {}, flagged: { values: ['true', 'false'] } },
  pageSizes: SCREENSHOT_PAGE_SIZES,
  defaults: { pageSize: 24, sort: NEWEST_FIRST },
});

export const screenshotsListMachine = createListMachine<ScreenshotItem>();
export const captureMachine = createCaptureMachine<ScreenshotItem>();
export const viewerMachine = createScreenshotViewerMachine<ScreenshotItem>();
const screenMachine = createScreenshotsScreenMachine<ScreenshotItem>();

/**
 * What the grid applies of the live events (docs/live.md): a new capture, matched against the unit and flag
 * filters (a capture is never flagged; the date range is not checked, so under one it waits behind the bar);
 * a screenshot deleted elsewhere leaves the page (not under the pointer); one flagged or noted elsewhere, and a
 * deleted unit's screenshots (gone with it), reload when quiet (the event does not carry the row).
 */
export function screenshotListEvent(event: LiveEvent): LiveListEvent<ScreenshotItem> | null {
  switch (event.type) {
    case 'screenshot.captured':
      return {
        type: 'list.live.created',
        id: event.data.screenshotId,
        at: event.at,
        match: event.unitId === null ? { flagged: 'false' } : { unit: event.unitId, flagged: 'false' },
      };
    case 'screenshot.changed':
      return event.data.change === 'deleted' ? { type: 'list.live.removed', id: event.data.screenshotId } : { type: 'list.live.stale' };
    case 'unit.deleted':
      return { type: 'list.live.stale' };
    default:
      return null;
  }
}

/** What the lightbox applies: a screenshot deleted elsewhere (it closes if it shows that one). */
export function screenshotViewerEvent(event: LiveEvent): ViewerEvent<ScreenshotItem> | null {
  return event.type === 'screenshot.changed' && event.data.change === 'deleted'
    ? { type: 'viewer.live.deleted', id: event.data.screenshotId }
    : null;
}

/** What "capture now" applies: a new screenshot of a unit and the command it answers (its own settles the request). */
export function screenshotCaptureEvent(event: LiveEvent): CaptureEvent | null {
  return event.type === 'screenshot.captured' && event.unitId !== null
    ? {
        type: 'capture.live.captured',
        unitId: event.unitId,
        screenshotId: event.data.screenshotId,
        commandId: event.data.commandId,
        ...(event.data.unitName !== undefined ? { unitName: event.data.unitName } : {}),
      }
    : null;
}

export function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        if (error.status === 0) return t('screenshots.errors.network');
        if (error.status === 404) return t('screenshots.errors.notFound');
        const field = Object.values(error.fieldErrors)[0];
        if (field) return t(`screenshots.errors.${field}`, { defaultValue: t('screenshots.errors.generic') });
      }
      return t('screenshots.errors.generic');
    },
    [t],
  );
}

/** The screen's machine (its grid, lightbox and "capture now", and what passes between them) and its toasts. */
export function useScreenshots() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // The URL is read once here; later URL changes go to the list machine from the history events (useListUrl).
  const initial = useInitialListQuery(screenshotsQuerySchema);
  const screen = useScreenActor(
    screenMachine.provide({
      actors: {
        list: screenshotsListMachine.provide({
          actors: {
            fetchPage: fromPromise(({ input, signal }) => getScreenshots(input.query, signal)),
            bulkAction: fromPromise(({ input }) => bulkDeleteScreenshots(input.ids)),
            liveEvents: liveEventsActor(screenshotListEvent),
          },
        }),
        viewer: viewerMachine.provide({
          actors: {
            saveFlag: fromPromise(({ input }) => updateScreenshot(input.id, { flagged: input.flagged, note: input.note })),
            deleteScreenshot: fromPromise(({ input }) => deleteScreenshot(input.id)),
            liveEvents: liveEventsActor(screenshotViewerEvent),
          },
        }),
        capture: captureMachine.provide({
          actors: {
            requestCapture: fromPromise(({ input }) => requestCapture(input.unitId)),
            checkCapture: fromPromise(({ input, signal }) => getCaptureRequest(input.ticketId, signal)),
            liveEvents: liveEventsActor(screenshotCaptureEvent),
          },
        }),
      },
    }),
    { input: { list: { query: initial, newRowsSort: NEWEST_FIRST }, capture: {} } },
  );
  const list = useSelector(screen, (s) => s.context.list);
  const viewer = useSelector(screen, (s) => s.context.viewer);
  const capture = useSelector(screen, (s) => s.context.capture);
  useListUrl(list, screenshotsQuerySchema);

  useActorEvents(screen, {
    'list.bulk.done': (e) => notifications.show({ color: 'teal', message: t('screenshots.bulkDeleted', { count: e.count }) }),
    'list.bulk.failed': (e) => notifications.show({ color: 'red', title: t('screenshots.bulkDeleteFailed'), message: errorText(e.error) }),
    'viewer.saved': (e) =>
      notifications.show({ color: 'teal', message: e.screenshot.flagged ? t('screenshots.flagSaved') : t('screenshots.unflagSaved') }),
    'viewer.deleted': () => notifications.show({ color: 'teal', message: t('screenshots.deleted') }),
    'viewer.gone': () => notifications.show({ color: 'yellow', message: t('screenshots.deletedElsewhere') }),
    'viewer.failed': (e) =>
      notifications.show({
        color: 'red',
        title: e.action === 'save' ? t('screenshots.saveFailed') : t('screenshots.deleteFailed'),
        message: errorText(e.error),
      }),
    'capture.delivered': (e) => {
      // The unit's name comes with the screenshot (a status check) or with the live event that settled it.
      const unit = e.screenshot?.unitName ?? e.unitName;
      notifications.show({ color: 'teal', message: unit ? t('screenshots.captureDelivered', { unit }) : t('screenshots.captureArrived') });
    },
    'capture.failed': (e) =>
      notifications.show({
        color: 'red',
        title: t('screenshots.captureFailed'),
        message: e.reason
          ? t(`screenshots.captureReasons.${e.reason}`, { defaultValue: t('screenshots.errors.generic') })
          : errorText(e.error),
      }),
  });

  return { list, viewer, capture };
}
