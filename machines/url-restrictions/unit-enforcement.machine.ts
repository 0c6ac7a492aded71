import { assign, fromPromise, setup } from 'xstate';

export interface UnitEnforcementContext<T> {
  unitId: string;
  /** The unit as loaded (its name and agent, with the agent's URL policy report), or null while loading or failed. */
  unit: T | null;
}

/**
 * One unit's URL rule enforcement, as the URL rules screen shows it when filtered to that unit: loads once,
 * again on refresh or retry; a failure keeps nothing stale on screen. The app provides `load`.
 */
export function createUnitEnforcementMachine<T>() {
  return setup({
    types: {} as { context: UnitEnforcementContext<T>; input: { unitId: string }; events: { type: 'enforcement.refresh' } },
    actors: { load: fromPromise<T, { unitId: string }>(() => Promise.reject(new Error('load not provided'))) },
  }).createMachine({
    id: 'unitEnforcement',
    context: ({ input }) => ({ unitId: input.unitId, unit: null }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ unitId: context.unitId }),
          onDone: { target: 'loaded', actions: assign({ unit: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ unit: null }) },
        },
      },
      loaded: { on: { 'enforcement.refresh': 'loading' } },
      failed: { on: { 'enforcement.refresh': 'loading' } },
    },
  });
}

/** The machine as the explorer draws it (the app makes its own, typed by what it loads). */
export const unitEnforcementMachine = createUnitEnforcementMachine<{ name: string }>();
