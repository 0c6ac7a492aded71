import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { createListMachine, type ListSort } from '@machines/list/list.machine';
import { createCaptureMachine } from '@machines/screenshots/capture.machine';
import { createScreenshotViewerMachine } from '@machines/screenshots/screenshot-viewer.machine';
import { createScreenshotsScreenMachine } from '@machines/screenshots/screenshots-screen.machine';
import { screenshotCaptureEvent, screenshotListEvent, screenshotViewerEvent } from '@machines/screenshots/screenshots-live';
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
