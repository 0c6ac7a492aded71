import { assign, fromPromise, setup } from 'xstate';
import type { UnitStatus } from '../domain/types';

/**
 * The options of a searchable unit picker. An organization may have 10,000 units, so the server
 * searches (debounced) and answers a short list; the chosen unit stays known even when a later
 * search no longer lists it.
 */

export interface UnitOption {
  id: string;
  name: string;
  hostname: string;
  status: UnitStatus;
}

export interface UnitOptionsContext {
  search: string;
  options: UnitOption[];
  selected: UnitOption | null;
  error: unknown;
  debounceMs: number;
}

export type UnitOptionsEvent =
  | { type: 'units.search'; search: string }
  | { type: 'units.retry' }
  | { type: 'units.known'; unit: UnitOption | null };

export const unitOptionsMachine = setup({
  types: {} as { context: UnitOptionsContext; events: UnitOptionsEvent; input: { debounceMs?: number } },
  actors: {
    searchUnits: fromPromise<UnitOption[], { search: string }>(async () => {
      throw new Error('searchUnits not provided');
    }),
  },
  delays: { debounce: ({ context }) => context.debounceMs },
  actions: {
    assignSearch: assign(({ event }) => (event.type === 'units.search' ? { search: event.search } : {})),
    assignOptions: assign(({ event }) => ({ options: (event as unknown as { output: UnitOption[] }).output, error: null })),
    assignError: assign(({ event }) => ({ error: (event as unknown as { error: unknown }).error })),
    assignKnown: assign(({ event }) => (event.type === 'units.known' ? { selected: event.unit } : {})),
  },
}).createMachine({
  id: 'unitOptions',
  initial: 'loading',
  context: ({ input }) => ({ search: '', options: [], selected: null, error: null, debounceMs: input.debounceMs ?? 250 }),
  on: {
    'units.search': { target: '.debouncing', reenter: true, actions: 'assignSearch' },
    'units.known': { actions: 'assignKnown' },
  },
  states: {
    debouncing: { after: { debounce: 'loading' } },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'searchUnits',
        src: 'searchUnits',
        input: ({ context }) => ({ search: context.search.trim() }),
        onDone: { target: 'ready', actions: 'assignOptions' },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    ready: {},
    failed: { on: { 'units.retry': 'loading' } },
  },
});

/** The options to show: the search results, with the chosen unit kept in. */
export function optionsWithSelected(context: Pick<UnitOptionsContext, 'options' | 'selected'>): UnitOption[] {
  const { options, selected } = context;
  return selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options;
}
