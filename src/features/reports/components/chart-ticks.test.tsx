import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { everyNth, gridWithoutMeasuring, plainTick, wrapLabel } from './chart-ticks';

describe('chart ticks without text measurement', () => {
  it('shows about the asked number of category labels', () => {
    // 30 days of history and 7 of forecast: every fifth date, 8 labels.
    expect(everyNth(37, 8)).toBe(4);
    expect(everyNth(5, 8)).toBe(0);
    expect(everyNth(0, 8)).toBe(0);
  });

  it('wraps a label wider than its axis at word boundaries, in two lines at most', () => {
    // jsdom has no canvas: about 6.6 px a character at 12 px.
    expect(wrapLabel('Memory saturation', 150)).toEqual(['Memory saturation']);
    expect(wrapLabel('Memory saturation', 60)).toEqual(['Memory', 'saturation']);
    const [first, second, ...rest] = wrapLabel('one two three four five six seven', 50);
    expect(first).toBe('one two');
    expect(second?.endsWith('…')).toBe(true);
    expect(rest).toEqual([]);
  });

  it('draws the value with the axis formatter and unit, the last one inside the plot when asked', () => {
    const Tick = plainTick({ dy: 10, unit: ' h', endInside: true });
    const { container } = render(
      <svg>
        <Tick x={100} y={20} textAnchor="middle" verticalAnchor="start" payload={{ value: 6 }} index={4} visibleTicksCount={5} />
        <Tick
          x={50}
          y={20}
          textAnchor="middle"
          verticalAnchor="start"
          payload={{ value: 3 }}
          index={2}
          visibleTicksCount={5}
          tickFormatter={(v) => `${String(v)}.0`}
        />
      </svg>,
    );
    const [last, middle] = [...container.querySelectorAll('text')];
    expect(last?.textContent).toBe('6 h');
    expect(last).toHaveAttribute('text-anchor', 'end');
    expect(last).toHaveAttribute('y', '30');
    expect(middle?.textContent).toBe('3.0 h');
    expect(middle).toHaveAttribute('text-anchor', 'middle');
  });

  it('puts a grid line at every tick of a band axis and of a number axis, and at the plot edges', () => {
    // A band scale of two categories over 0–100 (bandwidth 40) and a linear one over 0–200 with nice ticks.
    const band = { map: (v: unknown) => (v === 'A' ? 10 : v === 'B' ? 60 : undefined), domain: () => ['A', 'B'], bandwidth: () => 40 };
    const lines = gridWithoutMeasuring.horizontalCoordinatesGenerator(
      {
        yAxis: { scale: band, type: 'category', realScaleType: 'band', isCategorical: true, categoricalDomain: ['A', 'B'] },
        offset: { top: 0, height: 100 },
      },
      false,
    );
    // recharts' offset for a grid on a category axis that is not 'scaleBand': half the band.
    expect(lines).toEqual([30, 80, 0, 100]);
    const linear = { map: (v: unknown) => Number(v) / 2, domain: () => [0, 200] };
    const columns = gridWithoutMeasuring.verticalCoordinatesGenerator(
      { xAxis: { scale: linear, type: 'number', niceTicks: [0, 100, 200] }, offset: { left: 0, width: 100 } },
      false,
    );
    expect(columns).toEqual([0, 50, 100]);
    expect(gridWithoutMeasuring.verticalCoordinatesGenerator({ xAxis: undefined, offset: { left: 0, width: 100 } }, true)).toEqual([]);
  });
});
