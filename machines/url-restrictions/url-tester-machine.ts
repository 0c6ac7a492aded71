import { assign, fromPromise, setup } from 'xstate';
import type { UrlRestriction } from '../domain/types';
import { decideUrl, type RegexEngine, type UrlDecision } from './url-matcher';

/**
 * "Test a URL": fetches the organization's current rules (so a rule saved a moment ago counts),
 * then runs the pure matcher for the URL, unit and time. idle → checking → decided | failed.
 * The app hands in a linear-time regex engine (RE2) as input.
 */
export const urlTesterMachine = setup({
  types: {} as {
    context: {
      url: string;
      unitId: string | null;
      at: number;
      rules: UrlRestriction[];
      decision: UrlDecision | null;
      error: unknown;
      regexEngine: RegexEngine;
    };
    /** The engine for regex rules (the app gives RE2); NO_REGEX_ENGINE leaves regex rules out. */
    input: { regexEngine: RegexEngine };
    events: { type: 'tester.submit'; url: string; unitId: string | null; at?: number } | { type: 'tester.reset' };
  },
  actors: {
    loadRules: fromPromise<UrlRestriction[], undefined>(async () => {
      throw new Error('loadRules not provided');
    }),
  },
  actions: {
    assignRequest: assign(({ event }) =>
      event.type === 'tester.submit' ? { url: event.url, unitId: event.unitId, at: event.at ?? Date.now(), error: null } : {},
    ),
    decide: assign(({ context, event }) => {
      const rules = (event as unknown as { output: UrlRestriction[] }).output;
      return { rules, decision: decideUrl(rules, context.url, context.unitId, new Date(context.at), context.regexEngine) };
    }),
    assignError: assign(({ event }) => ({ error: (event as unknown as { error: unknown }).error, decision: null })),
    clear: assign({ decision: () => null, error: () => null }),
  },
}).createMachine({
  id: 'urlTester',
  context: ({ input }) => ({
    url: '',
    unitId: null,
    at: 0,
    rules: [],
    decision: null,
    error: null,
    regexEngine: input.regexEngine,
  }),
  initial: 'idle',
  on: {
    'tester.submit': { target: '.checking', actions: 'assignRequest' },
    'tester.reset': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {},
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'loadRules',
        src: 'loadRules',
        onDone: { target: 'decided', actions: 'decide' },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    decided: {},
    failed: {},
  },
});
