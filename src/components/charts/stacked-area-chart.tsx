import { useMemo, useState } from 'react';
import { parseThemeColor, rgba, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import uPlot from 'uplot';
import { chartColors, ChartTooltip, dayChart, FONT_SIZE, hoverOf, type Hover } from './chart-parts';
import { UplotChart, type UplotOptions } from './uplot-chart';

/** One stacked series: its name, a theme colour ('teal.6') and one value per label. */
export interface AreaSeries {
  label: string;
  color: string;
  values: readonly number[];
}

// Whole numbers: counts on y.
const Y_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000];

/**
 * A stacked area chart drawn by uPlot on a canvas (Mantine's AreaChart with `type="stacked"` measures each axis
 * label in the DOM and renders twice on mount: one 110–200 ms task on the admin dashboard). The first series is
 * at the bottom. Colours come from the Mantine theme in the current colour scheme; a tooltip shows the day's
 * values under the pointer. The drawing has no text alternative of its own: put it in a ChartFigure with a table.
 * Import it lazily (React.lazy): uPlot is then downloaded only with the chart.
 */
export default function StackedAreaChart({
  labels,
  series,
  height,
  locale,
}: {
  labels: readonly string[];
  series: readonly AreaSeries[];
  height: number;
  /** Numbers on the axis and in the tooltip are formatted for this locale. */
  locale: string;
}) {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const [hover, setHover] = useState<Hover | null>(null);
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const colors = series.map((s) => parseThemeColor({ color: s.color, theme }).value);

  // uPlot draws each series from the x axis up: series i is the sum of the first i+1, and each band fills only
  // between it and the one below.
  const data = useMemo((): uPlot.AlignedData => {
    const x = labels.map((_, i) => i);
    const sums = new Array<number>(labels.length).fill(0);
    const stacked = series.map((s) => labels.map((_, i) => (sums[i] = (sums[i] ?? 0) + (s.values[i] ?? 0))));
    return [x, ...stacked];
  }, [labels, series]);

  // A new options object creates the chart again: only for a new scheme, language, colour, series or day.
  const seriesKey = series.map((s) => `${s.label}\u0000${s.color}`).join('\u0001');
  const labelsKey = labels.join('\u0001');
  const options = useMemo((): UplotOptions => {
    const c = chartColors(theme, scheme);
    const font = `${FONT_SIZE}px ${theme.fontFamily ?? 'sans-serif'}`;
    const days = labelsKey.split('\u0001');
    const named = seriesKey.split('\u0001').map((s) => {
      const [label = '', color = ''] = s.split('\u0000');
      return { label, color: parseThemeColor({ color, theme }).value };
    });
    return {
      ...dayChart({ colors: c, font, days, incrs: Y_INCRS, format: (v) => number.format(v), seriesColors: named.map((s) => s.color) }),
      series: [
        {},
        ...named.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          fill: rgba(s.color, 0.2),
          points: { show: false },
          paths: uPlot.paths.spline?.(),
        })),
      ],
      bands: named.slice(1).map((_, i) => ({ series: [i + 2, i + 1] as [number, number] })),
      hooks: {
        setCursor: [(u) => setHover(hoverOf(u))],
      },
    };
  }, [theme, scheme, seriesKey, labelsKey, number]);

  return (
    <UplotChart options={options} data={data} height={height}>
      {hover && (
        <ChartTooltip
          hover={hover}
          height={height}
          label={labels[hover.idx] ?? ''}
          rows={series.map((s, i) => ({ label: s.label, color: colors[i] ?? '', value: s.values[hover.idx] ?? 0 }))}
          format={number.format}
        />
      )}
    </UplotChart>
  );
}
