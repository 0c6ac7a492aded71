/**
 * The "stale, wait, reload" region of the screens that follow live events (the list, both dashboards): `idle` until
 * the stale event; `waiting` restarts its `liveDebounce` delay on each further one, and the quiet end runs `reload`
 * and goes back to `idle`, so a burst of events is one reload. A machine adds what it needs: transitions taken at
 * the quiet end before the reload (`unlessQuiet`, e.g. wait on while rows are selected), more transitions of
 * `waiting`, and more states (the list's `held`).
 *
 * Like `loadRegion`, the result is a plain state-node config that `createMachine` checks against the machine's own
 * `setup()` (the `liveDebounce` delay, the actions, guards and events named).
 */
export interface StaleReloadRegionOptions<Stale extends string, Reload, Before, Waiting, States> {
  /** The machine's stale event, e.g. `list.live.stale`. */
  stale: Stale;
  /** What the quiet end does (action name, object or list). */
  reload: Reload;
  /** Guarded transitions tried at the quiet end before the reload. */
  unlessQuiet?: Before[];
  /** More transitions of `waiting`. */
  waiting?: Waiting;
  /** More states of the region. */
  states?: States;
}

export function staleReloadRegion<
  const Stale extends string,
  const Reload,
  const Before = never,
  const Waiting = object,
  const States = object,
>(options: StaleReloadRegionOptions<Stale, Reload, Before, Waiting, States>) {
  const restart = { [options.stale]: { target: 'waiting' as const, reenter: true } } as Record<Stale, { target: 'waiting'; reenter: true }>;
  const start = { [options.stale]: { target: 'waiting' as const } } as Record<Stale, { target: 'waiting' }>;
  return {
    initial: 'idle' as const,
    states: {
      idle: { on: start },
      waiting: {
        on: { ...restart, ...(options.waiting ?? ({} as Waiting)) },
        after: { liveDebounce: [...(options.unlessQuiet ?? []), { target: 'idle' as const, actions: options.reload }] },
      },
      ...(options.states ?? ({} as States)),
    },
  };
}
