import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * A one-shot job a screen starts from a button (CSV export, "capture now"…): idle → running → idle,
 * refusing a second start while running, and emitting the outcome for a notification.
 * Input and output are opaque to the machine; the provided `job` actor knows their shape.
 */
export const jobMachine = setup({
  types: {} as {
    context: { error: unknown; output: unknown; input: unknown };
    events: { type: 'job.start'; input?: unknown };
    emitted: { type: 'job.done'; output: unknown } | { type: 'job.failed'; error: unknown };
  },
  actors: {
    job: fromPromise<unknown, unknown>(async () => {
      throw new Error('job not provided');
    }),
  },
  actions: {
    assignInput: assign(({ event }) => ({ input: event.input, error: null })),
    assignOutput: assign((_, { output }: { output: unknown }) => ({ output })),
    emitDone: emit((_, { output }: { output: unknown }) => ({ type: 'job.done' as const, output })),
    assignError: assign((_, { error }: { error: unknown }) => ({ error })),
    emitFailed: emit((_, { error }: { error: unknown }) => ({ type: 'job.failed' as const, error })),
  },
}).createMachine({
  id: 'job',
  context: { error: null, output: null, input: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'job.start': { target: 'running', actions: 'assignInput' } },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'job',
        src: 'job',
        input: ({ context }: { context: { input: unknown } }) => context.input,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'assignOutput', params: ({ event }) => ({ output: event.output }) },
            { type: 'emitDone', params: ({ event }) => ({ output: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'emitFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});
