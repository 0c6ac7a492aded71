import { assign, fromPromise, setup } from 'xstate';
import type { ServiceUnit, UnitStatus } from '../domain/types';

export type UnitDetail = ServiceUnit & { status: UnitStatus };

/**
 * The detail drawer of one unit, opened from the table or a `?unit=<id>` deep link.
 * A 404 (unknown id, or another organization's) lands in `notFound`, not in a crash.
 */
export const unitDetailMachine = setup({
  types: {} as {
    context: { id: string | null; unit: UnitDetail | null; error: unknown };
    events:
      | { type: 'detail.open'; id: string }
      | { type: 'detail.close' }
      | { type: 'detail.retry' }
      | { type: 'detail.updated'; unit: UnitDetail };
  },
  actors: {
    loadUnit: fromPromise<UnitDetail, { id: string }>(async () => {
      throw new Error('loadUnit not provided');
    }),
  },
  guards: {
    isNotFound: (_, { error }: { error: unknown }) =>
      typeof error === 'object' && error !== null && 'status' in error && error.status === 404,
    isOtherUnit: ({ context, event }) => event.type === 'detail.open' && event.id !== context.id,
    isSameUnit: ({ context, event }) => event.type === 'detail.updated' && event.unit.id === context.id,
  },
  actions: {
    assignId: assign(({ event }) => (event.type === 'detail.open' ? { id: event.id, unit: null, error: null } : {})),
    assignUnit: assign((_, { unit }: { unit: UnitDetail }) => ({ unit })),
    assignUpdated: assign(({ event }) => (event.type === 'detail.updated' ? { unit: event.unit } : {})),
    assignError: assign((_, { error }: { error: unknown }) => ({ error })),
    clear: assign({ id: () => null, unit: () => null, error: () => null }),
  },
}).createMachine({
  id: 'unitDetail',
  context: { id: null, unit: null, error: null },
  initial: 'closed',
  on: {
    'detail.open': { guard: 'isOtherUnit', target: '.loading', actions: 'assignId' },
    'detail.close': { target: '.closed', actions: 'clear' },
  },
  states: {
    closed: {},
    loading: {
      tags: ['open'],
      invoke: {
        id: 'loadUnit',
        src: 'loadUnit',
        input: ({ context }) => ({ id: context.id ?? '' }),
        onDone: { target: 'loaded', actions: { type: 'assignUnit', params: ({ event }) => ({ unit: event.output }) } },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loaded: {
      tags: ['open'],
      on: { 'detail.updated': { guard: 'isSameUnit', actions: 'assignUpdated' } },
    },
    notFound: { tags: ['open'] },
    failed: {
      tags: ['open'],
      on: { 'detail.retry': { target: 'loading' } },
    },
  },
});
