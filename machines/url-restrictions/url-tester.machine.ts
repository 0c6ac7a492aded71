import { assign, fromPromise, setup } from 'xstate';
import type { UrlRestriction } from '../domain/types';
import { decideUrl, parseUrl, type RegexEngine, type UrlDecision } from './url-matcher';

/** Why the typed URL cannot be tested: nothing typed, or text that is not a URL. */
export type UrlInputError = 'required' | 'invalidUrl';

function urlInputError(raw: string): UrlInputError | null {
  if (!raw.trim()) return 'required';
  return parseUrl(raw) ? null : 'invalidUrl';
}

/**
 * "Test a URL": fetches the organization's current rules (so a rule saved a moment ago counts),
 * then runs the pure matcher for the URL, unit and time. idle → checking → decided | failed.
 * Input that is not a URL is a field error (`invalid`, `inputError`), never a verdict: nothing is loaded
 * and no decision is shown; editing the field clears the error.
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
      inputError: UrlInputError | null;
      regexEngine: RegexEngine;
    };
    /** The engine for regex rules (the app gives RE2); NO_REGEX_ENGINE leaves regex rules out. */
    input: { regexEngine: RegexEngine };
    events: { type: 'tester.submit'; url: string; unitId: string | null; at?: number } | { type: 'tester.edit' } | { type: 'tester.reset' };
  },
  actors: {
    loadRules: fromPromise<UrlRestriction[], undefined>(async () => {
      throw new Error('loadRules not provided');
    }),
  },
  guards: {
    isInvalidInput: (_, params: { url: string }) => urlInputError(params.url) !== null,
  },
  actions: {
    assignRequest: assign(({ event }) =>
      event.type === 'tester.submit'
        ? { url: event.url, unitId: event.unitId, at: event.at ?? Date.now(), error: null, inputError: null }
        : {},
    ),
    assignInputError: assign((_, params: { url: string }) => ({
      url: params.url,
      inputError: urlInputError(params.url),
      decision: null,
      error: null,
    })),
    clearInputError: assign({ inputError: () => null }),
    decide: assign(({ context }, { rules }: { rules: UrlRestriction[] }) => {
      return { rules, decision: decideUrl(rules, context.url, context.unitId, new Date(context.at), context.regexEngine) };
    }),
    assignError: assign((_, { error }: { error: unknown }) => ({ error, decision: null })),
    clear: assign({ decision: () => null, error: () => null, inputError: () => null }),
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
    inputError: null,
    regexEngine: input.regexEngine,
  }),
  initial: 'idle',
  on: {
    'tester.submit': [
      {
        guard: { type: 'isInvalidInput', params: ({ event }) => ({ url: event.url }) },
        target: '.invalid',
        actions: { type: 'assignInputError', params: ({ event }) => ({ url: event.url }) },
      },
      { target: '.checking', actions: 'assignRequest' },
    ],
    'tester.reset': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {},
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'loadRules',
        src: 'loadRules',
        onDone: { target: 'decided', actions: { type: 'decide', params: ({ event }) => ({ rules: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    decided: {},
    failed: {},
    invalid: {
      on: { 'tester.edit': { target: 'idle', actions: 'clearInputError' } },
    },
  },
});
