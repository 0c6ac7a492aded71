import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * A one-shot task a screen starts from a button (CSV export, "capture now"…): idle → running → idle,
 * refusing a second start while running, and emitting the outcome for a notification.
 * Input and output are opaque to the machine; the provided `task` actor knows their shape.
 */
export const jobMachine = setup({
  types: {} as {
    context: { error: unknown; output: unknown; input: unknown };
    events: { type: 'task.start'; input?: unknown };
    emitted: { type: 'task.done'; output: unknown } | { type: 'task.failed'; error: unknown };
  },
  actors: {
    task: fromPromise<unknown, unknown>(async () => {
      throw new Error('task not provided');
    }),
  },
  actions: {
    assignInput: assign(({ event }) => ({ input: event.input, error: null })),
    assignOutput: assign(({ event }) => ({ output: (event as unknown as { output: unknown }).output })),
    emitDone: emit(({ event }) => ({ type: 'task.done' as const, output: (event as unknown as { output: unknown }).output })),
    assignError: assign(({ event }) => ({ error: (event as unknown as { error: unknown }).error })),
    emitFailed: emit(({ event }) => ({ type: 'task.failed' as const, error: (event as unknown as { error: unknown }).error })),
  },
}).createMachine({
  id: 'job',
  context: { error: null, output: null, input: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'task.start': { target: 'running', actions: 'assignInput' } },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'task',
        src: 'task',
        input: ({ context }: { context: { input: unknown } }) => context.input,
        onDone: { target: 'idle', actions: ['assignOutput', 'emitDone'] },
        onError: { target: 'idle', actions: ['assignError', 'emitFailed'] },
      },
    },
  },
});
