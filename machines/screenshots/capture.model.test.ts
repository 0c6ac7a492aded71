import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { captureMachine } from './capture.machine';
const machine = captureMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { pollMs: 500, timeoutMs: 15_000 },
  events: [
    { type: 'capture.request', unitId: 'u1' },
    { type: 'xstate.done.actor.requestCapture', output: { id: 't1', status: 'pending', failureReason: null, screenshot: null } },
    {
      type: 'xstate.done.actor.requestCapture',
      output: { id: 't1', status: 'pending', failureReason: null, commandId: 'k1', screenshot: null },
    },
    { type: 'xstate.done.actor.requestCapture', output: { id: 't1', status: 'delivered', failureReason: null, screenshot: { id: 's1' } } },
    { type: 'xstate.done.actor.requestCapture', output: { id: 't1', status: 'failed', failureReason: 'offline', screenshot: null } },
    { type: 'xstate.error.actor.requestCapture', error: new Error('offline') },
    { type: 'xstate.done.actor.checkCapture', output: { id: 't1', status: 'pending', failureReason: null, screenshot: null } },
    { type: 'xstate.done.actor.checkCapture', output: { id: 't1', status: 'delivered', failureReason: null, screenshot: { id: 's1' } } },
    { type: 'xstate.done.actor.checkCapture', output: { id: 't1', status: 'failed', failureReason: 'offline', screenshot: null } },
    { type: 'xstate.error.actor.checkCapture', error: new Error('offline') },
    { type: 'capture.live.captured', unitId: 'u1', screenshotId: 's1' },
    { type: 'capture.live.captured', unitId: 'u2', screenshotId: 's2' },
    { type: 'capture.live.captured', unitId: 'u1', screenshotId: 's1', commandId: 'k1' },
    { type: 'capture.live.captured', unitId: 'u1', screenshotId: 's3', commandId: 'k2' },
  ],
};

describe('capture machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
