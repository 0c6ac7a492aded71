import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';

/** One call of a deferred fake actor: what it was given, and the test's hands on its answer. */
export interface DeferredCall<TOutput, TInput> {
  /** The invoke id (or spawn id) the actor runs under: the `done(id)` / `error(id)` events carry it. */
  id: string;
  input: TInput;
  signal: AbortSignal;
  /** True once the call was resolved or rejected. */
  settled: boolean;
  resolve(output: TOutput): void;
  reject(error: unknown): void;
}

/**
 * A fake promise actor whose every call waits until the test answers it, so a test decides the order
 * in which answers arrive (a slow first request answered after a second one, say).
 *
 *   const load = deferredActor<Row[], { page: number }>();
 *   const actor = createActor(machine.provide({ actors: { load: load.logic } })).start();
 *   load.last().resolve(rows); await flush();
 */
export function deferredActor<TOutput, TInput = unknown>() {
  const calls: DeferredCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal, self }) =>
      new Promise<TOutput>((resolve, reject) => {
        const call: DeferredCall<TOutput, TInput> = {
          id: self.id,
          input,
          signal,
          settled: false,
          resolve: (output) => {
            call.settled = true;
            resolve(output);
          },
          reject: (error) => {
            call.settled = true;
            reject(error);
          },
        };
        calls.push(call);
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
    /** Calls not answered yet, oldest first. */
    pending(): DeferredCall<TOutput, TInput>[] {
      return calls.filter((c) => !c.settled && !c.signal.aborted);
    },
    /** The oldest unanswered call; throws when every call was answered. */
    next(): DeferredCall<TOutput, TInput> {
      const call = calls.find((c) => !c.settled && !c.signal.aborted);
      if (!call) throw new Error('no call is waiting for an answer');
      return call;
    },
  };
}

/**
 * Deferred fakes for many actor sources at once, answered by invoke id: what a generic walk needs to turn
 * a `xstate.done.actor.<id>` step into "the fake running as <id> answers".
 */
export function deferredActors(sources: readonly string[]) {
  const fakes = Object.fromEntries(sources.map((src) => [src, deferredActor<unknown, unknown>()]));
  const running = (id: string) =>
    Object.values(fakes)
      .flatMap((fake) => fake.calls)
      .filter((call) => call.id === id && !call.settled && !call.signal.aborted)
      .at(-1);
  return {
    fakes,
    /** `machine.provide({ actors })`. */
    actors: Object.fromEntries(Object.entries(fakes).map(([src, fake]) => [src, fake.logic])),
    /** The unanswered call running under this invoke id (the newest), or undefined. */
    running,
    resolve(id: string, output: unknown) {
      const call = running(id);
      if (!call) throw new Error(`no actor is running as "${id}"`);
      call.resolve(output);
    },
    reject(id: string, error: unknown) {
      const call = running(id);
      if (!call) throw new Error(`no actor is running as "${id}"`);
      call.reject(error);
    },
  };
}

/**
 * A fake callback actor (a poller, a listener) that records what it receives and lets the test send
 * events to its parent as the real one would.
 */
export function callbackActor<TEvent extends AnyEventObject = AnyEventObject, TInput = unknown>() {
  const received: TEvent[] = [];
  const inputs: TInput[] = [];
  let sendBack: ((event: AnyEventObject) => void) | null = null;
  let running = 0;
  const logic = fromCallback<TEvent, TInput>(({ input, receive, sendBack: send }) => {
    inputs.push(input);
    sendBack = send;
    running += 1;
    receive((event) => received.push(event));
    return () => {
      running -= 1;
    };
  });
  return {
    logic,
    received,
    inputs,
    /** How many instances are running (started and not stopped). */
    running: () => running,
    /** Sends an event to the parent as the running instance. */
    emit(event: AnyEventObject) {
      if (!sendBack || running === 0) throw new Error('the callback actor is not running');
      sendBack(event);
    },
  };
}

export { flush } from './settle';
