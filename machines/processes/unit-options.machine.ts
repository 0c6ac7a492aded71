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
  /** A unit id (e.g. from a link) that the server does not know or does not show to this user. */
  missingId: string | null;
  lookupError: unknown;
  lookupId: string | null;
}

export type UnitOptionsEvent =
  | { type: 'units.search'; search: string }
  | { type: 'units.retry' }
  | { type: 'units.known'; unit: UnitOption | null }
  /** Look a unit up by id (a deep link) so the picker can show its name. */
  | { type: 'units.resolve'; id: string };

export const unitOptionsMachine = setup({
  types: {} as { context: UnitOptionsContext; events: UnitOptionsEvent; input: { debounceMs?: number } },
  actors: {
    searchUnits: fromPromise<UnitOption[], { search: string }>(async () => {
      throw new Error('searchUnits not provided');
    }),
    fetchUnit: fromPromise<UnitOption, { id: string }>(async () => {
      throw new Error('fetchUnit not provided');
    }),
  },
  guards: {
    isNotFound: (_, { error }: { error: unknown }) =>
      typeof error === 'object' && error !== null && 'status' in error && error.status === 404,
  },
  delays: { debounce: ({ context }) => context.debounceMs },
  actions: {
    assignSearch: assign(({ event }) => (event.type === 'units.search' ? { search: event.search } : {})),
    assignOptions: assign((_, { options }: { options: UnitOption[] }) => ({ options, error: null })),
    assignError: assign((_, { error }: { error: unknown }) => ({ error })),
    assignKnown: assign(({ event }) => (event.type === 'units.known' ? { selected: event.unit, missingId: null } : {})),
    assignLookupId: assign(({ event }) =>
      event.type === 'units.resolve' ? { missingId: null, lookupError: null, lookupId: event.id } : {},
    ),
    assignFound: assign((_, { unit }: { unit: UnitOption }) => ({ selected: unit })),
    assignMissing: assign(({ context }) => ({ missingId: context.lookupId, selected: null })),
    assignLookupError: assign((_, { error }: { error: unknown }) => ({ lookupError: error })),
  },
}).createMachine({
  id: 'unitOptions',
  type: 'parallel',
  context: ({ input }) => ({
    search: '',
    options: [],
    selected: null,
    error: null,
    debounceMs: input.debounceMs ?? 250,
    missingId: null,
    lookupError: null,
    lookupId: null,
  }),
  on: {
    'units.known': { actions: 'assignKnown' },
  },
  states: {
    search: {
      initial: 'loading',
      on: {
        'units.search': { target: '.debouncing', reenter: true, actions: 'assignSearch' },
      },
      states: {
        debouncing: { after: { debounce: 'loading' } },
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'searchUnits',
            src: 'searchUnits',
            input: ({ context }) => ({ search: context.search.trim() }),
            onDone: { target: 'ready', actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'units.retry': 'loading' } },
      },
    },
    lookup: {
      initial: 'idle',
      on: { 'units.resolve': { target: '.fetching', reenter: true, actions: 'assignLookupId' } },
      states: {
        idle: {},
        fetching: {
          tags: ['resolving'],
          invoke: {
            id: 'fetchUnit',
            src: 'fetchUnit',
            input: ({ context }) => ({ id: context.lookupId ?? '' }),
            onDone: { target: 'idle', actions: { type: 'assignFound', params: ({ event }) => ({ unit: event.output }) } },
            onError: [
              { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: 'assignMissing' },
              { target: 'idle', actions: { type: 'assignLookupError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
  },
});

/** The options to show: the search results, with the chosen unit kept in. */
export function optionsWithSelected(context: Pick<UnitOptionsContext, 'options' | 'selected'>): UnitOption[] {
  const { options, selected } = context;
  return selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options;
}
