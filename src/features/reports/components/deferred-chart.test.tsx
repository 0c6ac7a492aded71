import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredChart } from './deferred-chart';

/** Idle callbacks the test runs one at a time, as the browser would between its tasks. */
let idle: (() => void)[] = [];
beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
});
afterEach(() => vi.unstubAllGlobals());

const runIdle = () =>
  act(() => {
    idle.shift()?.();
  });

const charts = (names: string[]) => (
  <MantineProvider>
    {names.map((name) => (
      <DeferredChart key={name} height={100}>
        <p>chart {name}</p>
      </DeferredChart>
    ))}
  </MantineProvider>
);

describe('DeferredChart in a browser', () => {
  it('draws one chart per idle period, in order, each after the one before is on screen', async () => {
    render(charts(['a', 'b', 'c']));
    expect(screen.queryByText(/^chart/)).toBeNull();
    // Only the first chart's turn is asked for: the next is asked once the first is drawn.
    expect(idle).toHaveLength(1);
    await runIdle();
    expect(screen.getByText('chart a')).toBeInTheDocument();
    expect(screen.queryByText('chart b')).toBeNull();
    expect(idle).toHaveLength(1);
    await runIdle();
    expect(screen.getByText('chart b')).toBeInTheDocument();
    expect(screen.queryByText('chart c')).toBeNull();
    await runIdle();
    expect(screen.getByText('chart c')).toBeInTheDocument();
    expect(idle).toHaveLength(0);
  });

  it('passes the turn on when a chart leaves the page during its turn', async () => {
    const { rerender } = render(charts(['a', 'b']));
    // a's turn is due; a leaves the page before its idle period comes.
    rerender(charts(['b']));
    await runIdle();
    await runIdle();
    expect(screen.getByText('chart b')).toBeInTheDocument();
  });
});
