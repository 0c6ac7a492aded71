import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { LiveEvent, ServiceUnitWithStatus } from '../domain/types';
import { changedUnitOf } from '../live/live-events.machine';

/** A unit as the API shows it: with its derived status and its agent (null: none). */
export type UnitDetail = ServiceUnitWithStatus;

/** An enrolled agent whose credential still works: the only kind "Revoke agent" applies to. */
export function hasActiveAgent(unit: UnitDetail | null): boolean {
  return unit?.agent?.kind === 'enrolled' && unit.agent.revokedAt === null;
}

/** What the drawer takes of the live events (docs/live.md): a unit's new state, applied only to its own unit. */
export function unitDetailLiveEvent(event: LiveEvent): { type: 'detail.updated'; unit: UnitDetail } | null {
  const unit = changedUnitOf(event);
  return unit ? { type: 'detail.updated', unit } : null;
}

/**
 * The detail drawer of one unit, opened from the table or a `?unit=<id>` deep link.
 * A 404 (unknown id, or another organization's) lands in `notFound`, not in a crash.
 * Loaded, it may revoke the unit's enrolled agent behind a confirmation (`DELETE /api/service-units/{id}/agent`):
 * the answer is the unit with `agent.revokedAt` set, which replaces the one shown.
 * It follows its unit's live changes through the invoked `liveEvents` actor the app provides (`unitDetailLiveEvent`).
 */
export const unitDetailMachine = setup({
  types: {} as {
    context: { id: string | null; unit: UnitDetail | null; error: unknown; revokeError: unknown };
    events:
      | { type: 'detail.open'; id: string }
      | { type: 'detail.close' }
      | { type: 'detail.retry' }
      | { type: 'detail.updated'; unit: UnitDetail }
      | { type: 'detail.revoke' }
      | { type: 'detail.revoke.confirm' }
      | { type: 'detail.revoke.cancel' };
    emitted: { type: 'detail.revoked'; unit: UnitDetail } | { type: 'detail.revoke.failed'; error: unknown };
  },
  actors: {
    // A drawer without live updates listens to nothing.
    liveEvents: fromCallback<EventObject>(() => undefined),
    loadUnit: fromPromise<UnitDetail, { id: string }>(async () => {
      throw new Error('loadUnit not provided');
    }),
    revokeAgent: fromPromise<UnitDetail, { id: string }>(async () => {
      throw new Error('revokeAgent not provided');
    }),
  },
  guards: {
    isNotFound: (_, { error }: { error: unknown }) =>
      typeof error === 'object' && error !== null && 'status' in error && error.status === 404,
    isOtherUnit: ({ context, event }) => event.type === 'detail.open' && event.id !== context.id,
    isSameUnit: ({ context, event }) => event.type === 'detail.updated' && event.unit.id === context.id,
    canRevoke: ({ context }) => hasActiveAgent(context.unit),
  },
  actions: {
    assignId: assign(({ event }) => (event.type === 'detail.open' ? { id: event.id, unit: null, error: null, revokeError: null } : {})),
    assignUnit: assign((_, { unit }: { unit: UnitDetail }) => ({ unit })),
    assignUpdated: assign(({ event }) => (event.type === 'detail.updated' ? { unit: event.unit } : {})),
    assignError: assign((_, { error }: { error: unknown }) => ({ error })),
    assignRevokeError: assign((_, { error }: { error: unknown }) => ({ revokeError: error })),
    clearRevokeError: assign({ revokeError: () => null }),
    emitRevoked: emit((_, { unit }: { unit: UnitDetail }) => ({ type: 'detail.revoked' as const, unit })),
    emitRevokeFailed: emit((_, { error }: { error: unknown }) => ({ type: 'detail.revoke.failed' as const, error })),
    clear: assign({ id: () => null, unit: () => null, error: () => null, revokeError: () => null }),
  },
}).createMachine({
  id: 'unitDetail',
  context: { id: null, unit: null, error: null, revokeError: null },
  initial: 'closed',
  invoke: { id: 'liveEvents', src: 'liveEvents' },
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
      initial: 'viewing',
      on: { 'detail.updated': { guard: 'isSameUnit', actions: 'assignUpdated' } },
      states: {
        viewing: {
          on: { 'detail.revoke': { guard: 'canRevoke', target: 'confirmingRevoke', actions: 'clearRevokeError' } },
        },
        confirmingRevoke: {
          on: {
            'detail.revoke.confirm': { target: 'revoking' },
            'detail.revoke.cancel': { target: 'viewing' },
          },
        },
        revoking: {
          tags: ['busy'],
          invoke: {
            id: 'revokeAgent',
            src: 'revokeAgent',
            input: ({ context }) => ({ id: context.id ?? '' }),
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'assignUnit', params: ({ event }) => ({ unit: event.output }) },
                { type: 'emitRevoked', params: ({ event }) => ({ unit: event.output }) },
              ],
            },
            onError: {
              target: 'viewing',
              actions: [
                { type: 'assignRevokeError', params: ({ event }) => ({ error: event.error }) },
                { type: 'emitRevokeFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    notFound: { tags: ['open'] },
    failed: {
      tags: ['open'],
      on: { 'detail.retry': { target: 'loading' } },
    },
  },
});
