import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { LiveEvent, Screenshot } from '../domain/types';
import { deferredActor } from '../testing/deferred';
import { fakeLiveStream } from '../testing/fake-stream';
import { captureMachine, type CaptureTicket } from './capture.machine';
import { screenshotCaptureEvent } from './screenshots-live';

const shot: Screenshot = {
  id: 's9',
  serviceUnitId: 'u1',
  capturedAt: '2026-01-01T00:00:00.000Z',
  width: 1920,
  height: 1080,
  activeWindowTitle: 'Inbox',
  processName: 'OUTLOOK.EXE',
  flagged: false,
  note: '',
};
const ticket = (status: CaptureTicket['status'], patch: Partial<CaptureTicket> = {}): CaptureTicket => ({
  id: 'c1',
  serviceUnitId: 'u1',
  status,
  failureReason: null,
  screenshot: status === 'delivered' ? shot : null,
  ...patch,
});
const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function start(checks: CaptureTicket[], request = ticket('pending')) {
  const clock = new SimulatedClock();
  const requestCapture = vi.fn(async (_: { input: { unitId: string } }) => request);
  let n = 0;
  const checkCapture = vi.fn(async (_: { input: { ticketId: string } }) => checks[Math.min(n++, checks.length - 1)] as CaptureTicket);
  const actor = createActor(
    captureMachine.provide({ actors: { requestCapture: fromPromise(requestCapture), checkCapture: fromPromise(checkCapture) } }),
    { input: { pollMs: 500, timeoutMs: 5000 }, clock },
  );
  actor.start();
  return { actor, clock, requestCapture, checkCapture };
}

describe('capture machine', () => {
  it('is pending until the status check reports the new screenshot', async () => {
    const { actor, clock, requestCapture, checkCapture } = start([ticket('pending'), ticket('pending'), ticket('delivered')]);
    const delivered: string[] = [];
    actor.on('capture.delivered', (e) => delivered.push(e.screenshotId));
    actor.send({ type: 'capture.request', unitId: 'u1' });
    await flush();
    expect(requestCapture.mock.calls[0]?.[0].input).toEqual({ unitId: 'u1' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    clock.increment(500);
    await flush();
    clock.increment(500);
    await flush();
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(delivered).toEqual([]);
    clock.increment(500);
    await flush();
    expect(checkCapture).toHaveBeenCalledTimes(3);
    expect(checkCapture.mock.calls[0]?.[0].input).toEqual({ ticketId: 'c1' });
    expect(actor.getSnapshot().matches('delivered')).toBe(true);
    expect(delivered).toEqual(['s9']);
  });

  it('reports a failure the unit answers with', async () => {
    const { actor, clock } = start([ticket('failed', { failureReason: 'unitOffline' })]);
    const failures: (string | null)[] = [];
    actor.on('capture.failed', (e) => failures.push(e.reason));
    actor.send({ type: 'capture.request', unitId: 'u1' });
    await flush();
    clock.increment(500);
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(failures).toEqual(['unitOffline']);
  });

  it('fails when the request itself is refused', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      captureMachine.provide({ actors: { requestCapture: fromPromise(async () => Promise.reject(new Error('404'))) } }),
      { clock, input: {} },
    );
    actor.start();
    actor.send({ type: 'capture.request', unitId: 'u1' });
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect((actor.getSnapshot().context.error as Error).message).toBe('404');
  });

  it('times out when the unit never answers, and can be asked again', async () => {
    const { actor, clock } = start([ticket('pending')]);
    const failures: (string | null)[] = [];
    actor.on('capture.failed', (e) => failures.push(e.reason));
    actor.send({ type: 'capture.request', unitId: 'u1' });
    await flush();
    for (let t = 0; t < 10; t += 1) {
      clock.increment(500);
      await flush();
    }
    expect(actor.getSnapshot().matches('timedOut')).toBe(true);
    expect(failures).toEqual(['timeout']);
    actor.send({ type: 'capture.request', unitId: 'u2' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().context.unitId).toBe('u2');
  });

  it('keeps waiting when a status check fails', async () => {
    const clock = new SimulatedClock();
    let n = 0;
    const actor = createActor(
      captureMachine.provide({
        actors: {
          requestCapture: fromPromise(async () => ticket('pending')),
          checkCapture: fromPromise(async () => {
            n += 1;
            if (n === 1) throw new Error('network');
            return ticket('delivered');
          }),
        },
      }),
      { clock, input: { pollMs: 500 } },
    );
    actor.start();
    actor.send({ type: 'capture.request', unitId: 'u1' });
    await flush();
    clock.increment(500);
    await flush();
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    clock.increment(500);
    await flush();
    expect(actor.getSnapshot().matches('delivered')).toBe(true);
  });
});

/** A `screenshot.captured` as the backend sends it: of `unit`, answering `commandId` (null: none, the agent's own schedule). */
function captured(unit: string, screenshotId: string, commandId: string | null = null, unitName?: string): LiveEvent {
  const data = { screenshotId, commandId, ...(unitName !== undefined ? { unitName } : {}) };
  return {
    id: screenshotId,
    type: 'screenshot.captured',
    at: '2026-01-01T00:00:05.000Z',
    organizationId: '1',
    subjectId: screenshotId,
    unitId: unit,
    data,
  };
}

describe('capture machine: live events from a fake stream, through the screen’s map', () => {
  /** Status checks the test answers, and a fake live stream mapped as the screen maps it (`screenshotCaptureEvent`). */
  function startLive(request = ticket('pending')) {
    const clock = new SimulatedClock();
    const checks = deferredActor<CaptureTicket, { ticketId: string }>();
    const live = fakeLiveStream(screenshotCaptureEvent);
    const actor = createActor(
      captureMachine.provide({
        actors: { requestCapture: fromPromise(async () => request), checkCapture: checks.logic, liveEvents: live.logic },
      }),
      { input: { pollMs: 5000, timeoutMs: 30_000 }, clock },
    ).start();
    const delivered: string[] = [];
    actor.on('capture.delivered', (e) => delivered.push(e.screenshotId));
    return { actor, clock, checks, live, delivered };
  }

  it('settles at once when the unit’s screenshot arrives, without waiting for the next poll', async () => {
    const { actor, checks, live, delivered } = startLive();
    actor.send({ type: 'capture.request', unitId: 'u1' });
    await flush();
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(checks.calls).toHaveLength(0);

    live.push(captured('u1', 's9'));
    expect(checks.last().input).toEqual({ ticketId: 'c1' });
    checks.last().resolve(ticket('delivered'));
    await flush();
    expect(actor.getSnapshot().matches('delivered')).toBe(true);
    expect(delivered).toEqual(['s9']);
  });

  it('asks again when the screenshot arrives while a status check is on its way (its answer may be older)', async () => {
    const { actor, clock, checks, live, delivered } = startLive();
    actor.send({ type: 'capture.request', unitId: 'u1' });
    await flush();
    clock.increment(5000);
    const older = checks.last();
    live.push(captured('u1', 's9'));
    expect(older.signal.aborted).toBe(true);
    expect(checks.calls).toHaveLength(2);
    checks.last().resolve(ticket('delivered'));
    await flush();
    expect(delivered).toEqual(['s9']);
  });

  it('ignores another unit’s screenshot, and keeps polling', async () => {
    const { actor, clock, checks, live } = startLive();
    actor.send({ type: 'capture.request', unitId: 'u1' });
    await flush();
    live.push(captured('u2', 's7'));
    expect(checks.calls).toHaveLength(0);
    expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
    clock.increment(5000);
    expect(checks.calls).toHaveLength(1);
  });

  it('a screenshot of the unit that is not this request’s leaves it pending (the check says so)', async () => {
    const { actor, checks, live, delivered } = startLive();
    actor.send({ type: 'capture.request', unitId: 'u1' });
    await flush();
    live.push(captured('u1', 's3'));
    checks.last().resolve(ticket('pending'));
    await flush();
    expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
    expect(delivered).toEqual([]);
  });

  describe('a request that names its command', () => {
    const own = ticket('pending', { commandId: 'k1' });

    it('is delivered by the screenshot that answers its command, without asking the status', async () => {
      const { actor, checks, live, delivered } = startLive(own);
      const units: (string | null)[] = [];
      actor.on('capture.delivered', (e) => units.push(e.unitName));
      actor.send({ type: 'capture.request', unitId: 'u1' });
      await flush();
      live.push(captured('u1', 's9', 'k1', 'Kiosk 1'));
      expect(actor.getSnapshot().matches('delivered')).toBe(true);
      expect(actor.getSnapshot().hasTag('pending')).toBe(false);
      expect(actor.getSnapshot().context.screenshotId).toBe('s9');
      expect(actor.getSnapshot().context.ticket?.status).toBe('delivered');
      expect(delivered).toEqual(['s9']);
      // The event named the unit: the notice can say which one.
      expect(units).toEqual(['Kiosk 1']);
      expect(checks.calls).toHaveLength(0);
    });

    it('is delivered by its own screenshot while a status check is on its way (the check is dropped)', async () => {
      const { actor, clock, checks, live, delivered } = startLive(own);
      actor.send({ type: 'capture.request', unitId: 'u1' });
      await flush();
      clock.increment(5000);
      const onItsWay = checks.last();
      live.push(captured('u1', 's9', 'k1'));
      expect(onItsWay.signal.aborted).toBe(true);
      expect(actor.getSnapshot().matches('delivered')).toBe(true);
      expect(delivered).toEqual(['s9']);
    });

    it('another capture of the same unit (another command) leaves it pending, without a status check', async () => {
      const { actor, checks, live, delivered } = startLive(own);
      actor.send({ type: 'capture.request', unitId: 'u1' });
      await flush();
      live.push(captured('u1', 's3', 'k2'));
      expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
      expect(checks.calls).toHaveLength(0);
      live.push(captured('u1', 's9', 'k1'));
      expect(delivered).toEqual(['s9']);
    });

    it('a screenshot that names no command still asks the status (the fallback)', async () => {
      const { actor, checks, live, delivered } = startLive(own);
      actor.send({ type: 'capture.request', unitId: 'u1' });
      await flush();
      live.push(captured('u1', 's9', null));
      expect(checks.last().input).toEqual({ ticketId: 'c1' });
      checks.last().resolve(ticket('delivered', { commandId: 'k1' }));
      await flush();
      expect(actor.getSnapshot().matches('delivered')).toBe(true);
      expect(delivered).toEqual(['s9']);
    });

    it('a missed event: the poll still delivers it, with the screenshot', async () => {
      const { actor, clock, checks, delivered } = startLive(own);
      actor.send({ type: 'capture.request', unitId: 'u1' });
      await flush();
      clock.increment(5000);
      checks.last().resolve(ticket('delivered', { commandId: 'k1' }));
      await flush();
      expect(actor.getSnapshot().matches('delivered')).toBe(true);
      expect(actor.getSnapshot().context.screenshot).toEqual(shot);
      expect(delivered).toEqual(['s9']);
    });
  });

  it('a screenshot with no capture waiting changes nothing', async () => {
    const { actor, checks, live } = startLive();
    live.push(captured('u1', 's3'));
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(checks.calls).toHaveLength(0);
  });
});
