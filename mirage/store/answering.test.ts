import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerGate } from './answering';

const HOLD_MS = 2000;

describe('answerGate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const settled = async (promise: Promise<void> | null) => {
    let done = false;
    void promise?.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('holds nothing while no request is being answered', () => {
    const gate = answerGate(HOLD_MS);
    expect(gate.hold()).toBeNull();
    gate.answered();
    expect(gate.count).toBe(0);
  });

  it('holds until the last request is answered, one promise for every waiter', async () => {
    const gate = answerGate(HOLD_MS);
    gate.started();
    gate.started();
    const hold = gate.hold();
    expect(hold).not.toBeNull();
    expect(gate.hold()).toBe(hold);
    gate.answered();
    expect(await settled(hold)).toBe(false);
    gate.answered();
    expect(await settled(hold)).toBe(true);
    expect(gate.hold()).toBeNull();
  });

  it('never hands out a settled hold: after one ran out with a request still out, none until it is answered', async () => {
    const gate = answerGate(HOLD_MS);
    gate.started();
    const hold = gate.hold();
    await vi.advanceTimersByTimeAsync(HOLD_MS - 1);
    expect(await settled(hold)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(hold)).toBe(true);
    // The request is still out: a waiter gets no (settled) promise to spin on.
    expect(gate.count).toBe(1);
    expect(gate.hold()).toBeNull();
    gate.answered();
    // A new request holds again, with a promise of its own.
    gate.started();
    const next = gate.hold();
    expect(next).not.toBeNull();
    expect(next).not.toBe(hold);
    expect(await settled(next)).toBe(false);
  });

  it('a loop awaiting the hold yields to timers and ends once the hold ran out', async () => {
    const gate = answerGate(HOLD_MS);
    gate.started();
    let turns = 0;
    const loop = (async () => {
      for (let hold = gate.hold(); hold && turns < 1000; hold = gate.hold()) {
        turns += 1;
        await hold;
      }
    })();
    await vi.advanceTimersByTimeAsync(HOLD_MS);
    await loop;
    expect(turns).toBe(1);
  });
});
