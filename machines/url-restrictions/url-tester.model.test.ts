import { describe, expect, it } from 'vitest';
import { FULL_COVERAGE, reportCoverage } from '../testing/coverage';
import { planWalk, runPath, type WalkConfig } from '../testing/walk';
import { NO_REGEX_ENGINE } from './url-matcher';
import { urlTesterMachine } from './url-tester.machine';
const machine = urlTesterMachine;

const walk: WalkConfig<typeof machine> = {
  machine,
  input: { regexEngine: NO_REGEX_ENGINE },
  events: [
    { type: 'tester.submit', url: 'https://example.com/a', unitId: null, at: 0 },
    { type: 'tester.submit', url: 'not a url', unitId: null, at: 0 },
    { type: 'xstate.done.actor.loadRules', output: [] },
    { type: 'xstate.error.actor.loadRules', error: new Error('offline') },
  ],
};

describe('url-tester machine: model walk over its real graph', () => {
  it.each(planWalk(walk))('$description', async (path) => {
    await runPath(walk, path, ({ expected, actual }) => expect(actual).toEqual(expected));
  });

  it('reaches every state and transition', ({ task }) => {
    expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
