import { assign, setup } from 'xstate';
import type { CallDraft, RecordedCall, RecordedStep, RecordingStart, StepDraft } from './recording';

/** A recording holds at most this many steps; it says so when it is full. */
export const MAX_RECORDED_STEPS = 5_000;

export interface RecordingContext {
  cap: number;
  start: RecordingStart | null;
  steps: RecordedStep[];
  calls: RecordedCall[];
  /** Steps that arrived after the cap was reached. */
  dropped: number;
}

export type RecordingEvent =
  | { type: 'record.start'; start: RecordingStart }
  | { type: 'record.step'; step: StepDraft }
  | { type: 'record.call'; call: CallDraft }
  | { type: 'record.stop' }
  | { type: 'record.clear' };

const fresh = (start: RecordingStart | null) => ({ start, steps: [], calls: [], dropped: 0 });

/**
 * The explorer's recorder (docs/statecharts.md § Recording): Record starts it on one live actor, each step
 * and API call is appended until Stop, and a recording that reaches its cap stops taking steps and says so.
 * The explorer turns a stopped recording into a Vitest file (recorded-test.ts).
 */
export const recordingMachine = setup({
  types: {
    context: {} as RecordingContext,
    events: {} as RecordingEvent,
    input: {} as { cap?: number },
  },
  actions: {
    begin: assign((_, params: { start: RecordingStart }) => fresh(params.start)),
    append: assign(({ context }, params: { step: StepDraft }) => ({
      steps: [...context.steps, { ...params.step, n: context.steps.length + 1 }],
    })),
    appendCall: assign(({ context }, params: { call: CallDraft }) => ({
      calls: [...context.calls, { ...params.call, afterStep: context.steps.length }],
    })),
    drop: assign(({ context }) => ({ dropped: context.dropped + 1 })),
    forget: assign(() => fresh(null)),
  },
  guards: {
    /** This step is the last one the cap allows. */
    fillsTheCap: ({ context }) => context.steps.length + 1 >= context.cap,
  },
}).createMachine({
  id: 'recording',
  context: ({ input }) => ({ cap: input.cap ?? MAX_RECORDED_STEPS, ...fresh(null) }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'record.start': { target: 'recording', actions: { type: 'begin', params: ({ event }) => ({ start: event.start }) } } },
    },
    recording: {
      on: {
        'record.step': [
          { guard: 'fillsTheCap', target: 'full', actions: { type: 'append', params: ({ event }) => ({ step: event.step }) } },
          { actions: { type: 'append', params: ({ event }) => ({ step: event.step }) } },
        ],
        'record.call': { actions: { type: 'appendCall', params: ({ event }) => ({ call: event.call }) } },
        'record.stop': 'stopped',
      },
    },
    /** The cap is reached: nothing more is kept until Stop. */
    full: {
      on: {
        'record.step': { actions: 'drop' },
        'record.stop': 'stopped',
      },
    },
    stopped: {
      on: {
        'record.start': { target: 'recording', actions: { type: 'begin', params: ({ event }) => ({ start: event.start }) } },
        'record.clear': { target: 'idle', actions: 'forget' },
      },
    },
  },
});
