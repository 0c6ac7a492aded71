import { act, render, screen } from '@testing-library/react';
import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UplotChart, type UplotOptions } from './uplot-chart';

/** What the wrapper asked of uPlot: one record per chart it created. */
const made = vi.hoisted(() => [] as { opts: { width: number; height: number }; data: unknown; calls: string[]; width: number }[]);

vi.mock('uplot', () => ({
  default: class FakePlot {
    width: number;
    data: unknown;
    private readonly record: (typeof made)[number];
    constructor(opts: { width: number; height: number }, data: unknown, target: HTMLElement) {
      this.width = opts.width;
      this.data = data;
      this.record = { opts, data, calls: [], width: opts.width };
      made.push(this.record);
      target.append(document.createElement('canvas'));
    }
    setData(data: unknown) {
      this.data = data;
      this.record.calls.push('setData');
    }
    setSize({ width }: { width: number }) {
      this.width = width;
      this.record.width = width;
      this.record.calls.push(`setSize ${width}`);
    }
    destroy() {
      this.record.calls.push('destroy');
    }
  },
}));

/** A ResizeObserver the test drives: `resize(width)` tells every observer its box is that wide. */
const observers = new Set<ResizeObserverCallback>();
class DrivenResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    observers.add(this.callback);
  }
  unobserve() {}
  disconnect() {
    observers.delete(this.callback);
  }
}
function resize(width: number) {
  act(() => {
    for (const callback of observers) callback([{ contentRect: { width } } as ResizeObserverEntry], {} as ResizeObserver);
  });
}

const options: UplotOptions = { series: [{}, { label: 'a' }] };
const data: uPlot.AlignedData = [
  [0, 1, 2],
  [3, 4, 5],
];

describe('UplotChart', () => {
  const { ResizeObserver } = window;
  beforeEach(() => {
    made.length = 0;
    observers.clear();
    window.ResizeObserver = DrivenResizeObserver as unknown as typeof window.ResizeObserver;
    // A browser with a 2D canvas (jsdom has none).
    vi.stubGlobal('CanvasRenderingContext2D', function CanvasRenderingContext2D() {});
  });
  afterEach(() => {
    window.ResizeObserver = ResizeObserver;
    vi.unstubAllGlobals();
  });

  it('is created once its box has a width, follows its data and its width, and is destroyed on unmount', () => {
    const { rerender, unmount } = render(<UplotChart options={options} data={data} height={200} />);
    const box = screen.getByTestId('uplot-chart');
    expect(box).toHaveStyle({ height: '200px' });
    expect(made).toHaveLength(0);

    resize(0);
    expect(made).toHaveLength(0);
    resize(640.6);
    expect(made).toHaveLength(1);
    expect(made[0]?.opts).toMatchObject({ width: 640, height: 200, series: options.series });
    expect(made[0]?.data).toBe(data);
    expect(box.querySelector('canvas')).not.toBeNull();

    const next: uPlot.AlignedData = [
      [0, 1, 2],
      [6, 7, 8],
    ];
    rerender(<UplotChart options={options} data={next} height={200} />);
    resize(640);
    resize(320);
    expect(made[0]?.calls).toEqual(['setData', 'setSize 320']);

    unmount();
    expect(made[0]?.calls.at(-1)).toBe('destroy');
    expect(made).toHaveLength(1);
  });

  it('new options make a new chart with the latest data', () => {
    const { rerender } = render(<UplotChart options={options} data={data} height={200} />);
    resize(500);
    const next: uPlot.AlignedData = [[0], [1]];
    rerender(<UplotChart options={{ ...options }} data={next} height={200} />);
    expect(made[0]?.calls).toContain('destroy');
    resize(500);
    expect(made).toHaveLength(2);
    expect(made[1]?.data).toBe(next);
  });

  it('draws nothing, and logs nothing, where there is no canvas (jsdom)', () => {
    vi.unstubAllGlobals();
    render(<UplotChart options={options} data={data} height={120} />);
    resize(500);
    expect(made).toHaveLength(0);
    expect(screen.getByTestId('uplot-chart')).toHaveStyle({ height: '120px' });
  });
});
