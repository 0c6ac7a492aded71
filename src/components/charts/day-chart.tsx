import { useMemo, useState } from 'react';
import { parseThemeColor, rgba, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import uPlot from 'uplot';
import { chartColors, ChartTooltip, dayChart, FONT_SIZE, hoverOf, type Hover } from './chart-parts';
import { UplotChart, type UplotOptions } from './uplot-chart';

/** One series: its name, a theme colour ('indigo.6'), one value per day (null: none that day) and its line's dash. */
export interface DaySeries {
  label: string;
  color: string;
  values: readonly (number | null)[];
  /** Dash and gap lengths in pixels; a solid line without. */
  dash?: readonly number[];
}

// Whole numbers of a count on y, for stacked areas.
const COUNT_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000];

/**
 * Values a day drawn by uPlot on a canvas: lines (a day without a value breaks its line), or `stacked` areas of
 * counts, the first series at the bottom. Mantine's charts (Recharts) measured each axis label in the DOM and
 * settled their store over a dozen synchronous renders: one 100–200 ms task per chart on its first render. Colours
 * come from the Mantine theme in the current colour scheme; a tooltip shows the day's values under the pointer.
 * No text alternative of its own: put it in a ChartFigure with a table. Import it lazily (lazyChart): uPlot is then
 * downloaded only with a chart.
 */
export default function DayChart({
  labels,
  series,
  height,
  locale,
  unit = '',
  stacked = false,
}: {
  labels: readonly string[];
  series: readonly DaySeries[];
  height: number;
  /** Numbers on the axis and in the tooltip are formatted for this locale. */
  locale: string;
  /** Written after each number (' h'). */
  unit?: string;
  /** Areas, each on the ones before it (whole counts), instead of lines. */
  stacked?: boolean;
}) {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const [hover, setHover] = useState<Hover | null>(null);
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }), [locale]);
  const colors = series.map((s) => parseThemeColor({ color: s.color, theme }).value);

  // Stacked, uPlot draws each series from the x axis up: series i is the sum of the first i+1, and each band fills
  // only between it and the one below.
  const data = useMemo((): uPlot.AlignedData => {
    const x = labels.map((_, i) => i);
    if (!stacked) return [x, ...series.map((s) => labels.map((_, i) => s.values[i] ?? null))];
    const sums = new Array<number>(labels.length).fill(0);
    return [x, ...series.map((s) => labels.map((_, i) => (sums[i] = (sums[i] ?? 0) + (s.values[i] ?? 0))))];
  }, [labels, series, stacked]);

  // A new options object creates the chart again: only for a new scheme, language, unit, colour, dash or day.
  const seriesKey = series.map((s) => `${s.label}\u0000${s.color}\u0000${(s.dash ?? []).join(' ')}`).join('\u0001');
  const labelsKey = labels.join('\u0001');
  const options = useMemo((): UplotOptions => {
    const c = chartColors(theme, scheme);
    const font = `${FONT_SIZE}px ${theme.fontFamily ?? 'sans-serif'}`;
    const drawn = seriesKey.split('\u0001').map((s) => {
      const [label = '', color = '', dash = ''] = s.split('\u0000');
      return { label, color: parseThemeColor({ color, theme }).value, dash: dash ? dash.split(' ').map(Number) : undefined };
    });
    return {
      ...dayChart({
        colors: c,
        font,
        days: labelsKey.split('\u0001'),
        ...(stacked ? { incrs: COUNT_INCRS } : {}),
        format: (v) => `${number.format(v)}${unit}`,
        seriesColors: drawn.map((s) => s.color),
      }),
      series: [
        {},
        ...drawn.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          points: { show: false },
          ...(s.dash ? { dash: s.dash } : {}),
          ...(stacked ? { fill: rgba(s.color, 0.2), paths: uPlot.paths.spline?.() } : {}),
        })),
      ],
      ...(stacked ? { bands: drawn.slice(1).map((_, i) => ({ series: [i + 2, i + 1] as [number, number] })) } : {}),
      hooks: {
        setCursor: [(u) => setHover(hoverOf(u))],
      },
    };
  }, [theme, scheme, seriesKey, labelsKey, number, unit, stacked]);

  return (
    <UplotChart options={options} data={data} height={height}>
      {hover && (
        <ChartTooltip
          hover={hover}
          height={height}
          label={labels[hover.idx] ?? ''}
          rows={series.map((s, i) => ({ label: s.label, color: colors[i] ?? '', value: s.values[hover.idx] ?? null }))}
          format={(v) => `${number.format(v)}${unit}`}
        />
      )}
    </UplotChart>
  );
}
