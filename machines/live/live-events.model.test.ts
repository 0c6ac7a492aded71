import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import type { LiveEvent } from '../domain/types';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { aUnit } from '../testing/fixtures';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { liveEventsMachine } from './live-events.machine';
const machine = liveEventsMachine;

const event: LiveEvent = {
  id: '7',
  type: 'unit.online',
  at: '2026-11-26T12:00:00.000Z',
  organizationId: 'org-1',
  subjectId: 'unit-1',
  unitId: 'unit-1',
  data: { unit: { ...aUnit(), status: 'online', agent: null } },
};

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { jitter: 0, maxFailures: 2, owner: 'user-2:key-1' },
  // The stream's actor sends nothing by itself here: the walk sends its events as the real one would.
  actors: { openStream: fromCallback(() => undefined) },
  events: [
    { type: 'stream.opened', lastId: '3' },
    { type: 'stream.event', event },
    { type: 'stream.failed', error: new Error('network') },
    { type: 'stream.failed', error: new Error('404'), notServed: true },
    { type: 'stream.ended' },
    { type: 'live.pause' },
    { type: 'live.resume', owner: 'user-2:key-1' },
    { type: 'live.resume', owner: 'user-3:key-2' },
    { type: 'live.stop' },
    { type: 'xstate.done.actor.fetchRecent', output: { items: [event], lastId: '7' } },
    { type: 'xstate.error.actor.fetchRecent', error: new Error('offline') },
  ],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      last: snapshot.context.lastEventId,
      owner: snapshot.context.owner,
      failures: Math.min(snapshot.context.failures, 2),
    }),
};

describe('live-events machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
