import { useMemo, useState } from 'react';
import { parseThemeColor, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import type uPlot from 'uplot';
import { chartColors, ChartTooltip, dayChart, FONT_SIZE, hoverOf, type Hover } from './chart-parts';
import { UplotChart, type UplotOptions } from './uplot-chart';

/** One line: its name, a theme colour ('indigo.6'), one value per label (null: none that day) and its dash. */
export interface LineSeries {
  label: string;
  color: string;
  values: readonly (number | null)[];
  /** Dash and gap lengths in pixels; a solid line without. */
  dash?: readonly number[];
}

/**
 * Lines of one value a day, drawn by uPlot on a canvas (recharts, through Mantine's LineChart, spent 100–200 ms of
 * one task on its first render: its store settles over a dozen synchronous renders). A day without a value breaks
 * its line. Colours come from the Mantine theme in the current colour scheme; a tooltip shows the day's values
 * under the pointer. No text alternative of its own: put it in a ChartFigure with a table. Import it lazily.
 */
export default function LineChart({
  labels,
  series,
  height,
  locale,
  unit = '',
}: {
  labels: readonly string[];
  series: readonly LineSeries[];
  height: number;
  /** Numbers on the axis and in the tooltip are formatted for this locale. */
  locale: string;
  /** Written after each number (' h'). */
  unit?: string;
}) {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const [hover, setHover] = useState<Hover | null>(null);
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }), [locale]);
  const colors = series.map((s) => parseThemeColor({ color: s.color, theme }).value);

  const data = useMemo(
    (): uPlot.AlignedData => [labels.map((_, i) => i), ...series.map((s) => labels.map((_, i) => s.values[i] ?? null))],
    [labels, series],
  );

  // A new options object creates the chart again: only for a new scheme, language, unit, colour, dash or day.
  const seriesKey = series.map((s) => `${s.label}\u0000${s.color}\u0000${(s.dash ?? []).join(' ')}`).join('\u0001');
  const labelsKey = labels.join('\u0001');
  const options = useMemo((): UplotOptions => {
    const c = chartColors(theme, scheme);
    const font = `${FONT_SIZE}px ${theme.fontFamily ?? 'sans-serif'}`;
    const lines = seriesKey.split('\u0001').map((s) => {
      const [label = '', color = '', dash = ''] = s.split('\u0000');
      return { label, color: parseThemeColor({ color, theme }).value, dash: dash ? dash.split(' ').map(Number) : undefined };
    });
    return {
      ...dayChart({
        colors: c,
        font,
        days: labelsKey.split('\u0001'),
        format: (v) => `${number.format(v)}${unit}`,
        seriesColors: lines.map((s) => s.color),
      }),
      series: [
        {},
        ...lines.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          ...(s.dash ? { dash: s.dash } : {}),
          points: { show: false },
        })),
      ],
      hooks: {
        setCursor: [(u) => setHover(hoverOf(u))],
      },
    };
  }, [theme, scheme, seriesKey, labelsKey, number, unit]);

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
