import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { Screenshot } from '../domain/types';
import { report } from '../shared/report';

/**
 * "Capture now" for one unit: requested → pending (the agent has not answered; the status is polled)
 * → delivered | failed | timedOut. The view shows a pending tile until the screenshot arrives.
 * The unit's agent settles the request: `failureReason` says why it failed (`unitOffline`, `unitGone`,
 * `notSupported` (no display), `refused`, `failed`, `agentRevoked`; `timeout` is this machine's own).
 * The default wait (30 s) leaves an agent time to fetch the command, capture and upload the image.
 *
 * Live events (docs/live.md) come from the invoked `liveEvents` actor the screen provides (by default none):
 * `capture.live.captured` (a `screenshot.captured`) naming the request's own command (`commandId`) settles it
 * as delivered at once, with that screenshot id. One of the unit waited for that names no command (or a request
 * without one) asks for the request's status at once instead of at the next poll; one naming another command is
 * another capture's and changes nothing. The polling stays as the fallback for a missed event.
 */

export type CaptureStatus = 'pending' | 'delivered' | 'failed';

export interface CaptureTicket<S extends Screenshot = Screenshot> {
  id: string;
  serviceUnitId: string;
  status: CaptureStatus;
  failureReason: string | null;
  /** The captureScreenshot command the unit's agent answers (null: none was sent; absent: an older backend). */
  commandId?: string | null;
  screenshot: S | null;
}

export interface CaptureContext<S extends Screenshot = Screenshot> {
  unitId: string | null;
  ticket: CaptureTicket<S> | null;
  /** The delivered screenshot's id (known before its details when the live event settled the request). */
  screenshotId: string | null;
  /** The delivered screenshot (null when the live event settled the request: it names the id only). */
  screenshot: S | null;
  /** The unit's name as the live event gave it (null: not known, e.g. an older backend). */
  unitName: string | null;
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
  /** A new screenshot of a unit (the live `screenshot.captured`), with the capture command it answers (null: none). */
  | { type: 'capture.live.captured'; unitId: string; screenshotId: string; commandId?: string | null; unitName?: string };

export type CaptureEmitted<S extends Screenshot = Screenshot> =
  | { type: 'capture.delivered'; screenshotId: string; screenshot: S | null; unitName: string | null }
  | { type: 'capture.failed'; reason: string | null; error: unknown };

/** The command a capture event answers and the one the request waits for, when both are known. */
const commandsOf = <S extends Screenshot>(context: CaptureContext<S>, event: CaptureEvent) =>
  event.type === 'capture.live.captured' && event.unitId === context.unitId
    ? { answered: event.commandId ?? null, awaited: context.ticket?.commandId ?? null }
    : null;

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
      // The event answers this request's own command: it is the delivery, no status check needed.
      isOwnCapture: ({ context, event }) => {
        const commands = commandsOf(context, event);
        return commands !== null && commands.answered !== null && commands.answered === commands.awaited;
      },
      // A screenshot of the unit that cannot be matched by command (either side names none): ask the status.
      isUnmatchedCaptureOfUnit: ({ context, event }) => {
        const commands = commandsOf(context, event);
        return commands !== null && (commands.answered === null || commands.awaited === null);
      },
    },
    actions: {
      assignRequest: assign(({ event }) =>
        event.type === 'capture.request'
          ? { unitId: event.unitId, ticket: null, screenshotId: null, screenshot: null, unitName: null, error: null, failureReason: null }
          : {},
      ),
      assignTicket: assign((_, { ticket }: { ticket: CaptureTicket<S> }) => ({
        ticket,
        screenshotId: ticket.screenshot?.id ?? null,
        screenshot: ticket.screenshot,
        failureReason: ticket.failureReason,
      })),
      assignLiveDelivery: assign(({ context, event }) =>
        event.type === 'capture.live.captured' && context.ticket
          ? {
              ticket: { ...context.ticket, status: 'delivered' as const, failureReason: null },
              screenshotId: event.screenshotId,
              unitName: event.unitName ?? null,
              failureReason: null,
            }
          : {},
      ),
      assignError: assign((_, { error }: { error: unknown }) => ({ error })),
      assignTimeout: assign({ failureReason: () => 'timeout' }),
      // Emitted, and sent to a parent when there is one (the screenshots screen).
      emitDelivered: enqueueActions(({ context, self, enqueue }) =>
        report<CaptureEmitted<S>>(enqueue, self, {
          type: 'capture.delivered',
          screenshotId: context.screenshotId ?? '',
          screenshot: context.screenshot,
          unitName: context.unitName,
        }),
      ),
      emitFailed: enqueueActions(({ context, self, enqueue }) =>
        report<CaptureEmitted<S>>(enqueue, self, { type: 'capture.failed', reason: context.failureReason, error: context.error }),
      ),
      clear: assign({
        unitId: () => null,
        ticket: () => null,
        screenshotId: () => null,
        screenshot: () => null,
        unitName: () => null,
        error: () => null,
        failureReason: () => null,
      }),
    },
  }).createMachine({
    id: 'capture',
    initial: 'idle',
    context: ({ input }) => ({
      unitId: null,
      ticket: null,
      screenshotId: null,
      screenshot: null,
      unitName: null,
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
        // The agent answered this request's command: delivered, with that screenshot (a check on its way is dropped).
        on: { 'capture.live.captured': { guard: 'isOwnCapture', target: 'delivered', actions: ['assignLiveDelivery', 'emitDelivered'] } },
        states: {
          waiting: {
            after: { pollDelay: { target: 'checking' } },
            // The unit sent a screenshot that names no command: maybe this one, ask now.
            on: { 'capture.live.captured': { guard: 'isUnmatchedCaptureOfUnit', target: 'checking' } },
          },
          checking: {
            // The answer on its way may predate the delivery: ask again.
            on: { 'capture.live.captured': { guard: 'isUnmatchedCaptureOfUnit', target: 'checking', reenter: true } },
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
