import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import type { Screenshot } from '../domain/types';
import { createScreenshotViewerMachine } from './screenshot-viewer.machine';
const machine = createScreenshotViewerMachine<Screenshot>();

const walk: WalkConfig<typeof machine> = {
  machine,
  events: [
    {
      type: 'viewer.items',
      items: [
        { id: 's1', unitId: 'u1', flagged: false, note: '' },
        { id: 's2', unitId: 'u1', flagged: false, note: '' },
      ],
    },
    { type: 'viewer.items', items: [{ id: 's2', unitId: 'u1', flagged: false, note: '' }] },
    { type: 'viewer.items', items: [] },
    { type: 'viewer.open', index: 0 },
    { type: 'viewer.open', index: 5 },
    { type: 'viewer.draft', flagged: true, note: 'blurry' },
    { type: 'xstate.done.actor.saveFlag', output: { id: 's1', unitId: 'u1', flagged: true, note: 'blurry' } },
    { type: 'xstate.error.actor.saveFlag', error: new Error('offline') },
    { type: 'xstate.done.actor.deleteScreenshot', output: null },
    { type: 'xstate.error.actor.deleteScreenshot', error: new Error('offline') },
    { type: 'viewer.live.deleted', id: 's1' },
    { type: 'viewer.live.deleted', id: 's9' },
  ],
};

describe('screenshot-viewer machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
