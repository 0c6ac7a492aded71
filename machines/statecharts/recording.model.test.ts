import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import type { RecordingStart, StepDraft } from './recording';
import { recordingMachine } from './recording.machine';
const machine = recordingMachine;

const start: RecordingStart = {
  machine: 'session',
  machineId: 'session',
  file: 'machines/session/session.machine.ts',
  exportName: 'sessionMachine',
  startedAt: 0,
  snapshot: null,
  state: 'signedOut',
};
const step: StepDraft = { at: 5, kind: 'event', type: 'session.login', payload: { username: 'admin' }, state: 'signingIn', context: {} };

const walk: WalkConfig<typeof machine> = {
  machine,
  // A cap of two: the second step fills it.
  input: { cap: 2 },
  events: [
    { type: 'record.start', start },
    { type: 'record.step', step },
    { type: 'record.call', call: { at: 6, method: 'POST', path: '/api/auth/login', status: 200, ms: 12 } },
    { type: 'record.stop' },
    { type: 'record.clear' },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      steps: snapshot.context.steps.length,
      calls: Math.min(snapshot.context.calls.length, 1),
      dropped: Math.min(snapshot.context.dropped, 1),
    }),
};

describe('recording machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
