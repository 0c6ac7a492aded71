import { fromPromise } from 'xstate';

/** One call of a deferred fake actor: what it was given, and the test's hands on its answer. */
export interface DeferredCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  resolve(output: TOutput): void;
  reject(error: unknown): void;
}

/**
 * A fake promise actor whose every call waits until the test answers it, so a test decides the order
 * in which answers arrive (a slow first request answered after a second one, say).
 */
export function deferredActor<TOutput, TInput = unknown>() {
  const calls: DeferredCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  return {
    logic,
    calls,
    /** The newest call; throws when there is none, so a test never answers a request that was not made. */
    last(): DeferredCall<TOutput, TInput> {
      const call = calls.at(-1);
      if (!call) throw new Error('the actor was not called');
      return call;
    },
  };
}

/** Lets promise callbacks and the actors' reactions to them run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
