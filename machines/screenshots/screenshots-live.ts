import type { LiveEvent, Screenshot } from '../domain/types';
import type { LiveListEvent, ListRow } from '../list/list.types';
import type { CaptureEvent } from './capture.machine';
import type { ViewerEvent } from './screenshot-viewer.machine';

/**
 * What the screenshots screen's three machines take of the live events (docs/live.md), each through its invoked
 * `liveEvents` actor (the app's `liveEventsActor(map)`, a fake stream in the machines' tests).
 */

/** The grid's live events: none carries a row, so they suit a list of any screenshot type. */
export type ScreenshotListLiveEvent = Exclude<LiveListEvent<ListRow>, { type: 'list.live.updated' }>;

/**
 * What the grid applies: a new capture, matched against the unit and flag filters (a capture is never flagged; the
 * date range is not checked, so under one it waits behind the bar); a screenshot deleted elsewhere leaves the page
 * (not under the pointer); one flagged or noted elsewhere, and a deleted unit's screenshots (gone with it), reload
 * when quiet (the event does not carry the row).
 */
export function screenshotListEvent(event: LiveEvent): ScreenshotListLiveEvent | null {
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
export function screenshotViewerEvent(event: LiveEvent): Extract<ViewerEvent<Screenshot>, { type: 'viewer.live.deleted' }> | null {
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
