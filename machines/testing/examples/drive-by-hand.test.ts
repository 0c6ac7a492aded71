import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Screenshot } from '../../domain/types';
import { captureMachine, type CaptureTicket } from '../../screenshots/capture.machine';
import { createResourceMachine } from '../../resource/resource.machine';
import { createTestClock } from '../clock';
import { deferredActor } from '../deferred';
import { aScreenshot, aUnit } from '../fixtures';
import { flush, settle } from '../settle';

describe('driving a machine by hand with the kit', () => {
  it('answers a request when the test says so (deferred fake + flush)', async () => {
    const load = deferredActor<ReturnType<typeof aUnit>>();
    const machine = createResourceMachine<ReturnType<typeof aUnit>>('unit');
    const actor = createActor(machine.provide({ actors: { load: load.logic } })).start();
    expect(actor.getSnapshot().value).toBe('loading');

    load.last().resolve(aUnit({ name: 'Kiosk' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.data?.name).toBe('Kiosk');
  });

  it('moves time only when the test says so (test clock for delays)', async () => {
    const request = deferredActor<CaptureTicket<Screenshot>, { unitId: string }>();
    const check = deferredActor<CaptureTicket<Screenshot>, { ticketId: string }>();
    const clock = createTestClock();
    const actor = createActor(captureMachine.provide({ actors: { requestCapture: request.logic, checkCapture: check.logic } }), {
      input: { pollMs: 500, timeoutMs: 15_000 },
      clock,
    }).start();

    actor.send({ type: 'capture.request', unitId: 'unit-1' });
    request.last().resolve({ id: 't1', serviceUnitId: 'unit-1', status: 'pending', failureReason: null, screenshot: null });
    await flush();
    expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);

    clock.advance(500); // the poll delay is due: the machine checks the ticket
    expect(actor.getSnapshot().matches({ pending: 'checking' })).toBe(true);
    check.last().resolve({ id: 't1', serviceUnitId: 'unit-1', status: 'delivered', failureReason: null, screenshot: aScreenshot() });
    await settle(actor, (s) => s.matches('delivered'));
    expect(clock.pending()).toBe(0); // leaving `pending` cancelled the 15 s timeout
  });
});
