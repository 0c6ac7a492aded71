import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { Screenshot } from '../domain/types';

/**
 * "Capture now" for one unit: requested → pending (the agent has not answered; the status is polled)
 * → delivered | failed | timedOut. The view shows a pending tile until the screenshot arrives.
 * The unit's agent settles the request: `failureReason` says why it failed (`unitOffline`, `unitGone`,
 * `notSupported` (no display), `refused`, `failed`, `agentRevoked`; `timeout` is this machine's own).
 * The default wait (30 s) leaves an agent time to fetch the command, capture and upload the image.
 *
 * Live events (docs/live.md) come from the invoked `liveEvents` actor the screen provides (by default none):
 * `capture.live.captured` (a `screenshot.captured` of the unit waited for) asks for the request's status at once
 * instead of at the next poll. The event names the screenshot, not the request, so the status check still says
 * whether it is this request's; the polling stays as the fallback.
 */

export type CaptureStatus = 'pending' | 'delivered' | 'failed';

export interface CaptureTicket<S extends Screenshot = Screenshot> {
  id: string;
  serviceUnitId: string;
  status: CaptureStatus;
  failureReason: string | null;
  screenshot: S | null;
}

export interface CaptureContext<S extends Screenshot = Screenshot> {
  unitId: string | null;
  ticket: CaptureTicket<S> | null;
  screenshot: S | null;
  error: unknown;
  failureReason: string | null;
  pollMs: number;
  timeoutMs: number;
}

export interface CaptureInput {
  pollMs?: number;
  timeoutMs?: number;
}

export type CaptureEvent =
  | { type: 'capture.request'; unitId: string }
  | { type: 'capture.dismiss' }
  /** A new screenshot of a unit (the live `screenshot.captured`). */
  | { type: 'capture.live.captured'; unitId: string; screenshotId: string };

export type CaptureEmitted<S extends Screenshot = Screenshot> =
  { type: 'capture.delivered'; screenshot: S } | { type: 'capture.failed'; reason: string | null; error: unknown };

export function createCaptureMachine<S extends Screenshot = Screenshot>() {
  return setup({
    types: {} as { context: CaptureContext<S>; events: CaptureEvent; input: CaptureInput; emitted: CaptureEmitted<S> },
    actors: {
      requestCapture: fromPromise<CaptureTicket<S>, { unitId: string }>(async () => {
        throw new Error('requestCapture not provided');
      }),
      checkCapture: fromPromise<CaptureTicket<S>, { ticketId: string }>(async () => {
        throw new Error('checkCapture not provided');
      }),
      // Without live events the request is polled only.
      liveEvents: fromCallback<EventObject>(() => undefined),
    },
    delays: {
      pollDelay: ({ context }) => context.pollMs,
      captureTimeout: ({ context }) => context.timeoutMs,
    },
    guards: {
      isDelivered: (_, { ticket }: { ticket: CaptureTicket<S> }) => ticket.status === 'delivered',
      isFailed: (_, { ticket }: { ticket: CaptureTicket<S> }) => ticket.status === 'failed',
      isCaptureOfUnit: ({ context, event }) => event.type === 'capture.live.captured' && event.unitId === context.unitId,
    },
    actions: {
      assignRequest: assign(({ event }) =>
        event.type === 'capture.request' ? { unitId: event.unitId, ticket: null, screenshot: null, error: null, failureReason: null } : {},
      ),
      assignTicket: assign((_, { ticket }: { ticket: CaptureTicket<S> }) => ({
        ticket,
        screenshot: ticket.screenshot,
        failureReason: ticket.failureReason,
      })),
      assignError: assign((_, { error }: { error: unknown }) => ({ error })),
      assignTimeout: assign({ failureReason: () => 'timeout' }),
      emitDelivered: emit(({ context }) => ({ type: 'capture.delivered' as const, screenshot: context.screenshot as S })),
      emitFailed: emit(({ context }) => ({ type: 'capture.failed' as const, reason: context.failureReason, error: context.error })),
      clear: assign({ unitId: () => null, ticket: () => null, screenshot: () => null, error: () => null, failureReason: () => null }),
    },
  }).createMachine({
    id: 'capture',
    initial: 'idle',
    context: ({ input }) => ({
      unitId: null,
      ticket: null,
      screenshot: null,
      error: null,
      failureReason: null,
      pollMs: input.pollMs ?? 500,
      timeoutMs: input.timeoutMs ?? 30_000,
    }),
    invoke: { id: 'liveEvents', src: 'liveEvents' },
    states: {
      idle: {
        on: { 'capture.request': { target: 'requesting', actions: 'assignRequest' } },
      },
      requesting: {
        tags: ['pending'],
        invoke: {
          id: 'requestCapture',
          src: 'requestCapture',
          input: ({ context }) => ({ unitId: context.unitId as string }),
          onDone: [
            {
              guard: { type: 'isDelivered', params: ({ event }) => ({ ticket: event.output }) },
              target: 'delivered',
              actions: [{ type: 'assignTicket', params: ({ event }) => ({ ticket: event.output }) }, 'emitDelivered'],
            },
            {
              guard: { type: 'isFailed', params: ({ event }) => ({ ticket: event.output }) },
              target: 'failed',
              actions: [{ type: 'assignTicket', params: ({ event }) => ({ ticket: event.output }) }, 'emitFailed'],
            },
            { target: 'pending', actions: { type: 'assignTicket', params: ({ event }) => ({ ticket: event.output }) } },
          ],
          onError: { target: 'failed', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'] },
        },
      },
      pending: {
        tags: ['pending'],
        initial: 'waiting',
        // The whole wait is bounded, however many status checks it takes.
        after: { captureTimeout: { target: 'timedOut', actions: ['assignTimeout', 'emitFailed'] } },
        states: {
          waiting: {
            after: { pollDelay: { target: 'checking' } },
            // The unit sent a screenshot: likely this one, ask now.
            on: { 'capture.live.captured': { guard: 'isCaptureOfUnit', target: 'checking' } },
          },
          checking: {
            // The answer on its way may predate the delivery: ask again.
            on: { 'capture.live.captured': { guard: 'isCaptureOfUnit', target: 'checking', reenter: true } },
            invoke: {
              id: 'checkCapture',
              src: 'checkCapture',
              input: ({ context }) => ({ ticketId: (context.ticket as CaptureTicket<S>).id }),
              onDone: [
                {
                  guard: { type: 'isDelivered', params: ({ event }) => ({ ticket: event.output }) },
                  target: '#capture.delivered',
                  actions: [{ type: 'assignTicket', params: ({ event }) => ({ ticket: event.output }) }, 'emitDelivered'],
                },
                {
                  guard: { type: 'isFailed', params: ({ event }) => ({ ticket: event.output }) },
                  target: '#capture.failed',
                  actions: [{ type: 'assignTicket', params: ({ event }) => ({ ticket: event.output }) }, 'emitFailed'],
                },
                { target: 'waiting', actions: { type: 'assignTicket', params: ({ event }) => ({ ticket: event.output }) } },
              ],
              // A failed status check is not a failed capture: ask again.
              onError: { target: 'waiting' },
            },
          },
        },
      },
      delivered: {
        on: {
          'capture.request': { target: 'requesting', actions: 'assignRequest' },
          'capture.dismiss': { target: 'idle', actions: 'clear' },
        },
      },
      failed: {
        on: {
          'capture.request': { target: 'requesting', actions: 'assignRequest' },
          'capture.dismiss': { target: 'idle', actions: 'clear' },
        },
      },
      timedOut: {
        on: {
          'capture.request': { target: 'requesting', actions: 'assignRequest' },
          'capture.dismiss': { target: 'idle', actions: 'clear' },
        },
      },
    },
  });
}

export const captureMachine = createCaptureMachine();
