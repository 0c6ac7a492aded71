import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Finds `text` on the screen while the fake clock (vi.useFakeTimers) passes `stepMs` at a time, at most `steps` times:
 * what a machine polls for (a command's or a capture's status) arrives without waiting for it in real time.
 */
export async function findTextPassingTime(text: string | RegExp, { stepMs, steps = 8 }: { stepMs: number; steps?: number }) {
  for (let step = 0; step < steps && screen.queryByText(text) === null; step += 1) {
    await act(() => vi.advanceTimersByTimeAsync(stepMs));
  }
  return screen.findByText(text);
}
