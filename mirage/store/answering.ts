/**
 * The requests the browser's backend is answering, for the background work that gives way to them (the load of
 * the large collections, the store of a fresh seed: mirage/browser.ts).
 *
 * `hold()` never hands out a promise that has already settled: a loop awaiting one again would turn in
 * microtasks and hold the main thread without a break (no timer, no answer, no paint) until its own limit.
 * That happened when a hold ran out (HOLD_MS) with requests still out, which a slow backend (mock latency) or
 * steady traffic makes common: the page froze for seconds at a time, and a 2 s token expired before the
 * request it was refreshed for could be sent again.
 */
export interface AnswerGate {
  /** A request is being answered. */
  started(): void;
  /** One was answered (no effect when none is counted). */
  answered(): void;
  /** How many are being answered. */
  readonly count: number;
  /**
   * While requests are being answered: a promise resolved once none is, or `holdMs` after the hold began. Null
   * when none is, and also after a hold ran out with requests still out, until they are all answered (a
   * request never reported as answered must not stop the work, nor make each of its steps wait `holdMs`).
   */
  hold(): Promise<void> | null;
}

export function answerGate(holdMs: number, timers: { setTimeout: typeof setTimeout } = globalThis): AnswerGate {
  let count = 0;
  let quiet: Promise<void> | null = null;
  let release: (() => void) | null = null;
  let ranOut = false;
  return {
    started() {
      count += 1;
    },
    answered() {
      if (count === 0 || (count -= 1) > 0) return;
      ranOut = false;
      const done = release;
      quiet = release = null;
      done?.();
    },
    get count() {
      return count;
    },
    hold() {
      if (count === 0 || ranOut) return null;
      quiet ??= new Promise<void>((resolve) => {
        release = resolve;
        timers.setTimeout(() => {
          if (release !== resolve) return;
          ranOut = true;
          quiet = release = null;
          resolve();
        }, holdMs);
      });
      return quiet;
    },
  };
}
