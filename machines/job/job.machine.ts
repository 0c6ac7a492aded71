import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';

/** `start`: the job runs as soon as the actor starts, with `start.input` (what a screen needs on mount: the viewer). */
export interface JobInput {
  start?: { input?: unknown };
}

/**
 * A one-shot job a screen starts from a button (CSV export, "capture now"…): idle → running → idle,
 * refusing a second start while running, and emitting the outcome for a notification.
 * Input and output are opaque to the machine; the provided `job` actor knows their shape.
 */
export const jobMachine = setup({
  types: {} as {
    context: { error: unknown; output: unknown; input: unknown; startAtOnce: boolean };
    events: { type: 'job.start'; input?: unknown };
    // `| undefined` would be dropped by setup's inference and the input required of every caller; void keeps it optional.
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
    input: JobInput | void;
    emitted: { type: 'job.done'; output: unknown } | { type: 'job.failed'; error: unknown };
  },
  actors: {
    job: fromPromise<unknown, unknown>(async () => {
      throw new Error('job not provided');
    }),
  },
  actions: {
    // The actor's own start, not a component's effect on mount.
    startAtOnce: enqueueActions(({ context, enqueue }) => {
      if (context.startAtOnce) enqueue.raise({ type: 'job.start', input: context.input });
    }),
    assignInput: assign(({ event }) => ({ input: event.input, error: null })),
    assignOutput: assign((_, { output }: { output: unknown }) => ({ output })),
    emitDone: emit((_, { output }: { output: unknown }) => ({ type: 'job.done' as const, output })),
    assignError: assign((_, { error }: { error: unknown }) => ({ error })),
    emitFailed: emit((_, { error }: { error: unknown }) => ({ type: 'job.failed' as const, error })),
  },
}).createMachine({
  id: 'job',
  context: ({ input }) => ({ error: null, output: null, input: input?.start?.input ?? null, startAtOnce: input?.start !== undefined }),
  entry: 'startAtOnce',
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
