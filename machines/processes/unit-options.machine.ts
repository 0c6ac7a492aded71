import { assign, fromPromise, setup } from 'xstate';
import type { UnitStatus } from '../domain/types';

/**
 * The options of a searchable unit picker. An organization may have 10,000 units, so the server
 * searches (debounced) and answers a short list; the chosen unit stays known even when a later
 * search no longer lists it.
 *
 * Region `chosen` (the multi-select): the ids chosen so far (`units.chosen`) keep the units they were picked as, and
 * ids no search has listed (a saved rule) are looked up once (`fetchUnits`); one that cannot be (deleted meanwhile)
 * is known as null and shows by its id. A lookup no longer needed, or for other ids, is dropped.
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
  /** The chosen units the multi-select knows, by id; null: it could not be looked up. */
  chosen: Record<string, UnitOption | null>;
  /** The ids being looked up. */
  chosenLookup: string[];
}

export type UnitOptionsEvent =
  | { type: 'units.search'; search: string }
  | { type: 'units.retry' }
  | { type: 'units.known'; unit: UnitOption | null }
  /** Look a unit up by id (a deep link) so the picker can show its name. */
  | { type: 'units.resolve'; id: string }
  /** The multi-select's chosen ids. */
  | { type: 'units.chosen'; ids: string[] };

/** Chosen ids neither known nor in the options: they need a lookup. */
function unknownChosen(context: UnitOptionsContext, ids: readonly string[]): string[] {
  return ids.filter((id) => !(id in context.chosen) && !context.options.some((o) => o.id === id));
}

export const unitOptionsMachine = setup({
  types: {} as { context: UnitOptionsContext; events: UnitOptionsEvent; input: { debounceMs?: number } },
  actors: {
    searchUnits: fromPromise<UnitOption[], { search: string }>(async () => {
      throw new Error('searchUnits not provided');
    }),
    fetchUnit: fromPromise<UnitOption, { id: string }>(async () => {
      throw new Error('fetchUnit not provided');
    }),
    // One answer per id, null where it could not be looked up.
    fetchUnits: fromPromise<(UnitOption | null)[], { ids: string[] }>(async () => {
      throw new Error('fetchUnits not provided');
    }),
  },
  guards: {
    isNotFound: (_, { error }: { error: unknown }) =>
      typeof error === 'object' && error !== null && 'status' in error && error.status === 404,
    hasNoUnknownChosen: ({ context, event }) => event.type === 'units.chosen' && unknownChosen(context, event.ids).length === 0,
    isLookingUpThose: ({ context, event }) =>
      event.type === 'units.chosen' && unknownChosen(context, event.ids).join(',') === context.chosenLookup.join(','),
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
    // The picked units as the options show them, before a later search drops them.
    rememberChosen: assign(({ context, event }) => {
      if (event.type !== 'units.chosen') return {};
      const picked = context.options.filter((o) => event.ids.includes(o.id));
      return { chosen: { ...context.chosen, ...Object.fromEntries(picked.map((o) => [o.id, o])) } };
    }),
    assignChosenLookup: assign(({ context, event }) =>
      event.type === 'units.chosen' ? { chosenLookup: unknownChosen(context, event.ids) } : {},
    ),
    clearChosenLookup: assign({ chosenLookup: () => [] }),
    assignLookedUp: assign(({ context }, { units }: { units: (UnitOption | null)[] }) => ({
      chosen: { ...context.chosen, ...Object.fromEntries(context.chosenLookup.map((id, i) => [id, units[i] ?? null])) },
      chosenLookup: [],
    })),
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
    chosen: {},
    chosenLookup: [],
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
    chosen: {
      initial: 'idle',
      on: {
        'units.chosen': [
          { guard: 'hasNoUnknownChosen', target: '.idle', actions: ['rememberChosen', 'clearChosenLookup'] },
          { guard: 'isLookingUpThose', actions: 'rememberChosen' },
          // Not `reenter`: that would start the search region again too.
          { target: '.fetching', actions: ['rememberChosen', 'assignChosenLookup'] },
        ],
      },
      states: {
        idle: {},
        fetching: {
          tags: ['resolving'],
          invoke: {
            id: 'fetchUnits',
            src: 'fetchUnits',
            input: ({ context }) => ({ ids: context.chosenLookup }),
            onDone: { target: 'idle', actions: { type: 'assignLookedUp', params: ({ event }) => ({ units: event.output }) } },
            onError: { target: 'idle', actions: { type: 'assignLookedUp', params: { units: [] } } },
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
