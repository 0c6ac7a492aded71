import { describe, expect, it } from 'vitest';
import type { Screenshot } from '../domain/types';
import { aScreenshot } from '../testing/fixtures';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { createScreenshotsScreenMachine } from './screenshots-screen.machine';
const machine = createScreenshotsScreenMachine<Screenshot>();

const shot = aScreenshot({ flagged: true });

// Not a literal: the list's report may carry more than this walk needs.
const bulkDone = { type: 'list.bulk.done' as const, action: 'delete', count: 1, refused: 0, changed: 0 };

/** What the children report, one of each, and the grid's rows: every transition of the screen. */
const walk: WalkConfig<typeof machine> = {
  machine,
  input: {},
  events: [
    { type: 'screenshots.rows', items: [shot] },
    bulkDone,
    { type: 'list.bulk.failed', action: 'delete', error: new Error('offline') },
    { type: 'viewer.saved', screenshot: shot },
    { type: 'viewer.deleted', id: 's1' },
    { type: 'viewer.gone', id: 's1' },
    { type: 'viewer.failed', action: 'save', error: new Error('offline') },
    { type: 'capture.delivered', screenshotId: 's1', screenshot: shot, unitName: 'Kiosk 1' },
    { type: 'capture.failed', reason: 'offline', error: null },
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};

describe('screenshots screen machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
