/**
 * The "load with retry" region several screens share: `loading` (one invoke) → `loaded`, or `failed`
 * until a retry transition sends it back to `loading`. Each machine gives its own actor, actions, tags
 * and retry transition; the factory fixes the shape, so the three states are written once.
 *
 * The result is a plain state-node config: `createMachine` checks the actor name, the actions and the
 * retry event against the machine's own `setup()` types, like any hand-written region. Actions that
 * read the output or error take it through `params` with a typed event (`DoneActorEvent<T>`,
 * `ErrorActorEvent`), since a config built outside `createMachine` gets no contextual types.
 */
export interface LoadRegionOptions<Src extends string, Done, Failed, Retry extends object> {
  /** The provided actor that loads; also the invoke's id. */
  src: Src;
  /** What `loading` does with the actor's output (action name, object with params, or a list). */
  onDone: Done;
  /** What `loading` does with the actor's error. */
  onError?: Failed;
  /** The transitions of `failed` back to loading, e.g. `{ 'x.retry': { target: 'loading' } }`. */
  retry: Retry;
  tags?: { loading?: string[]; failed?: string[] };
}

export function loadRegion<const Src extends string, const Done, const Retry extends object, const Failed = undefined>(
  options: LoadRegionOptions<Src, Done, Failed, Retry>,
) {
  return {
    initial: 'loading' as const,
    states: {
      loading: {
        tags: options.tags?.loading ?? [],
        invoke: {
          id: options.src,
          src: options.src,
          onDone: { target: 'loaded' as const, actions: options.onDone },
          onError: { target: 'failed' as const, actions: options.onError },
        },
      },
      loaded: {},
      failed: { tags: options.tags?.failed ?? [], on: options.retry },
    },
  };
}
