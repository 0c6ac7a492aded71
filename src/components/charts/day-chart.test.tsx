import { act, screen } from '@testing-library/react';
import type uPlot from 'uplot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import DayChart from './day-chart';

/** The charts uPlot was asked to draw: their options and data, and the instance (to move its cursor). */
const made = vi.hoisted(() => [] as { opts: uPlot.Options; data: uPlot.AlignedData; plot: { cursor: Partial<uPlot.Cursor> } }[]);

vi.mock('uplot', () => ({
  default: class FakePlot {
    static pxRatio = 1;
    static rangeNum = (min: number, max: number) => [min, max];
    static paths = {};
    cursor: Partial<uPlot.Cursor> = {};
    bbox = { left: 40, top: 8, width: 600, height: 200 };
    width: number;
    data: uPlot.AlignedData;
    constructor(opts: uPlot.Options, data: uPlot.AlignedData) {
      this.width = opts.width;
      this.data = data;
      made.push({ opts, data, plot: this });
    }
    setData(data: uPlot.AlignedData) {
      this.data = data;
    }
    setSize() {}
    destroy() {}
  },
}));

/** Every ResizeObserver reports a 640 px wide box at once: the chart is created as in a browser. */
class WideBox {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    this.callback([{ contentRect: { width: 640 } } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

const labels = ['Dec 1', 'Dec 2', 'Dec 3'];
const series = [
  { label: 'Actual', color: 'indigo.6', values: [2, 4.25, null] },
  { label: 'Predicted', color: 'orange.6', values: [null, 4, 6], dash: [6, 3] },
];

/** Moves the chart's cursor onto day `idx` (null: off the plot), as uPlot does under the pointer. */
function pointAt(idx: number | null) {
  const chart = made.at(-1);
  if (!chart) throw new Error('no chart');
  chart.plot.cursor = idx === null ? { idx: null, left: -10, top: 0 } : { idx, left: 100, top: 50 };
  act(() => chart.opts.hooks?.setCursor?.forEach((hook) => hook?.(chart.plot as unknown as uPlot)));
}

describe('DayChart', () => {
  const { ResizeObserver } = window;
  beforeEach(() => {
    made.length = 0;
    window.ResizeObserver = WideBox as unknown as typeof window.ResizeObserver;
    vi.stubGlobal('CanvasRenderingContext2D', function CanvasRenderingContext2D() {});
  });
  afterEach(() => {
    window.ResizeObserver = ResizeObserver;
    vi.unstubAllGlobals();
  });

  it('draws a line a series in its theme colour and dash, a day without a value as a gap', () => {
    renderWithProviders(<DayChart labels={labels} series={series} height={260} locale="en" unit=" h" />);
    const [chart] = made;
    expect(chart?.opts).toMatchObject({ width: 640, height: 260 });
    expect(chart?.data).toEqual([
      [0, 1, 2],
      [2, 4.25, null],
      [null, 4, 6],
    ]);
    const [, actual, predicted] = chart?.opts.series ?? [];
    expect(actual).toMatchObject({ label: 'Actual', stroke: '#4c6ef5' });
    expect(actual).not.toHaveProperty('dash');
    expect(predicted).toMatchObject({ label: 'Predicted', stroke: '#fd7e14', dash: [6, 3] });
    // The value axis writes the unit after each number, and the day axis the days.
    const [days, values] = chart?.opts.axes ?? [];
    const plot = chart?.plot as unknown as uPlot;
    expect((days?.values as (u: uPlot, s: number[]) => string[])(plot, [0, 2])).toEqual(['Dec 1', 'Dec 3']);
    expect((values?.values as (u: uPlot, s: number[]) => string[])(plot, [0, 2.5])).toEqual(['0 h', '2.5 h']);
  });

  it('shows the day under the pointer with each series’ value, a dash where it has none, and hides it off the plot', () => {
    renderWithProviders(<DayChart labels={labels} series={series} height={260} locale="en" unit=" h" />);
    pointAt(0);
    expect(screen.getByText('Dec 1')).toBeInTheDocument();
    expect(screen.getByText('2 h')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
    pointAt(1);
    expect(screen.getByText('4.3 h')).toBeInTheDocument();
    expect(screen.getByText('4 h')).toBeInTheDocument();
    pointAt(null);
    expect(screen.queryByText('Dec 2')).toBeNull();
  });

  it('writes numbers for its locale', () => {
    renderWithProviders(<DayChart labels={labels} series={series} height={260} locale="de" unit=" h" />, { language: 'de' });
    pointAt(1);
    expect(screen.getByText('4,3 h')).toBeInTheDocument();
  });

  it('stacks counts as areas, the first series at the bottom, a day without a count as none', () => {
    const counts = [
      { label: 'Online', color: 'teal.6', values: [50, 48, 47] },
      { label: 'Offline', color: 'red.5', values: [30, null, 33] },
    ];
    renderWithProviders(<DayChart labels={labels} series={counts} height={220} locale="en" stacked />);
    const [chart] = made;
    expect(chart?.data).toEqual([
      [0, 1, 2],
      [50, 48, 47],
      [80, 48, 80],
    ]);
    // Each area fills down to the one below it, not to the axis.
    expect(chart?.opts.bands).toEqual([{ series: [2, 1] }]);
    // The tooltip shows each series' own count, not the stacked sum.
    pointAt(2);
    expect(screen.getByText('47')).toBeInTheDocument();
    expect(screen.getByText('33')).toBeInTheDocument();
  });

  it('keeps its chart while its labels and series are the same, and draws it again for new ones', () => {
    const { rerender } = renderWithProviders(<DayChart labels={labels} series={series} height={260} locale="en" />);
    rerender(<DayChart labels={labels} series={series} height={260} locale="en" />);
    expect(made).toHaveLength(1);
    rerender(<DayChart labels={labels} series={series.slice(0, 1)} height={260} locale="en" />);
    expect(made).toHaveLength(2);
    expect(made[1]?.data).toEqual([
      [0, 1, 2],
      [2, 4.25, null],
    ]);
  });
});
