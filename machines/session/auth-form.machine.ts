import { assign, emit, fromPromise, setup } from 'xstate';

/** What a failed submission says: the server's message and its per-field errors. */
export interface SubmitFailure {
  message: string;
  fieldErrors: Record<string, string>;
}

export type AuthFormValues = Record<string, string>;

const failureOf = (error: unknown): SubmitFailure => {
  const message = error instanceof Error && error.message ? error.message : 'Request failed';
  const fieldErrors =
    typeof error === 'object' && error !== null && 'fieldErrors' in error && typeof error.fieldErrors === 'object' && error.fieldErrors
      ? (error.fieldErrors as Record<string, string>)
      : {};
  return { message, fieldErrors };
};

/**
 * A public auth form (registration, forgotten password): one request per submission; a failure
 * keeps the server's message and field errors until the next submission. Local checks (required
 * fields, matching passwords) run in the view before it sends `form.submit`.
 */
export const authFormMachine = setup({
  types: {
    context: {} as { values: AuthFormValues; errorMessage: string | null; fieldErrors: Record<string, string> },
    events: {} as { type: 'form.submit'; values: AuthFormValues },
    emitted: {} as { type: 'succeeded' } | { type: 'failed'; message: string },
  },
  actors: {
    submit: fromPromise<unknown, AuthFormValues>(async () => {
      throw new Error('auth form actor "submit" not provided');
    }),
  },
}).createMachine({
  id: 'authForm',
  context: { values: {}, errorMessage: null, fieldErrors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': {
          target: 'submitting',
          actions: assign({ values: ({ event }) => event.values, errorMessage: null, fieldErrors: {} }),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.values,
        onDone: { target: 'succeeded', actions: emit({ type: 'succeeded' as const }) },
        onError: {
          target: 'editing',
          actions: [
            assign(({ event }) => {
              const failure = failureOf(event.error);
              return { errorMessage: failure.message, fieldErrors: failure.fieldErrors };
            }),
            emit(({ event }) => ({ type: 'failed' as const, message: failureOf(event.error).message })),
          ],
        },
      },
    },
    succeeded: { type: 'final' },
  },
});
