import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  ColorSwatch,
  Group,
  Paper,
  parseThemeColor,
  rgba,
  Text,
  useComputedColorScheme,
  useMantineTheme,
  type MantineTheme,
} from '@mantine/core';
import uPlot from 'uplot';
import { UplotChart, type UplotOptions } from './uplot-chart';

/** One stacked series: its name, a theme colour ('teal.6') and one value per label. */
export interface AreaSeries {
  label: string;
  color: string;
  values: readonly number[];
}

interface Hover {
  idx: number;
  /** The pointer in the chart's box (CSS pixels). */
  left: number;
  top: number;
  /** In the plot's right half: the tooltip goes left of the pointer. */
  flip: boolean;
}

const FONT_SIZE = 12;
const TOOLTIP_GAP = 12;
// Whole numbers on both axes: days on x, counts on y.
const X_INCRS = [1, 2, 3, 5, 7, 10, 14, 15, 20, 30, 50, 100];
const Y_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000];

/** The chart's colours in the current scheme, as Mantine's own charts draw them (grid dashed, text dimmed). */
function chartColors(theme: MantineTheme, scheme: 'light' | 'dark') {
  const dark = scheme === 'dark';
  return {
    text: dark ? theme.colors.dark[1] : theme.colors.gray[7],
    grid: rgba(dark ? theme.colors.dark[3] : theme.colors.gray[5], 0.6),
    surface: dark ? theme.colors.dark[6] : theme.white,
  };
}

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
    // The widest day label, measured on the canvas once per chart: the labels' spacing and the room right of the
    // last one follow it ('26 de nov.' is twice '26. Nov.'; at 390 px a fixed 60 px made them run together).
    const widths = new WeakMap<uPlot, number>();
    const widestDay = (u: uPlot): number => {
      let width = widths.get(u);
      if (width === undefined) {
        u.ctx.save();
        u.ctx.font = font;
        width = Math.ceil(Math.max(0, ...days.map((d) => u.ctx.measureText(d).width)));
        u.ctx.restore();
        widths.set(u, width);
      }
      return width;
    };
    return {
      legend: { show: false },
      padding: [8, (u) => Math.max(24, Math.ceil(widestDay(u) / 2) + 4), 0, 0],
      cursor: {
        y: false,
        drag: { x: false, y: false, setScale: false },
        points: { size: 8, width: 2, fill: (_u, i) => named[i - 1]?.color ?? c.text, stroke: () => c.surface },
      },
      scales: {
        x: { time: false },
        y: { range: (_u, _min, max) => uPlot.rangeNum(0, Math.max(max, 1), 0.1, true) },
      },
      axes: [
        {
          stroke: c.text,
          font,
          ticks: { show: false },
          grid: { show: false },
          gap: 6,
          // One line of labels (uPlot's default leaves 50 px).
          size: FONT_SIZE + 6 + 8,
          incrs: X_INCRS,
          space: (u) => widestDay(u) + FONT_SIZE,
          // The latest day always has its label; the others step back from it.
          splits: (_u, _axis, min, max, incr) => {
            const out: number[] = [];
            for (let i = max; i >= min; i -= incr) out.unshift(i);
            return out;
          },
          values: (_u, splits) => splits.map((i) => days[i] ?? ''),
        },
        {
          stroke: c.text,
          font,
          ticks: { show: false },
          grid: { stroke: c.grid, width: 1, dash: [5, 5] },
          gap: 8,
          incrs: Y_INCRS,
          space: FONT_SIZE * 3,
          values: (_u, splits) => splits.map((v) => number.format(v)),
          // As wide as its longest number (measured on the canvas, not in the DOM).
          size: (u, values) => {
            const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
            u.ctx.save();
            u.ctx.font = font;
            const width = u.ctx.measureText(longest).width;
            u.ctx.restore();
            return Math.ceil(width) + 8 + 8;
          },
        },
      ],
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
        setCursor: [
          (u) => {
            const { idx, left = -1, top = 0 } = u.cursor;
            if (idx === null || idx === undefined || left < 0) {
              setHover(null);
              return;
            }
            const { bbox } = u;
            const px = uPlot.pxRatio;
            setHover({ idx, left: left + bbox.left / px, top: top + bbox.top / px, flip: left > bbox.width / px / 2 });
          },
        ],
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
          series={series}
          colors={colors}
          format={number.format}
        />
      )}
    </UplotChart>
  );
}

/** The day under the pointer and each series' value, beside the pointer (Mantine's chart tooltip, as before). */
function ChartTooltip({
  hover,
  height,
  label,
  series,
  colors,
  format,
}: {
  hover: Hover;
  height: number;
  label: string;
  series: readonly AreaSeries[];
  colors: string[];
  format: (n: number) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Beside the pointer, vertically centred on it, but always inside the chart's box (the card clips what is not):
  // on a phone the tooltip may cover the pointer rather than be cut off.
  useLayoutEffect(() => {
    const el = ref.current;
    const box = el?.parentElement;
    if (!el || !box) return;
    const { offsetWidth: w, offsetHeight: h } = el;
    const x = hover.flip ? hover.left - TOOLTIP_GAP - w : hover.left + TOOLTIP_GAP;
    const left = Math.min(Math.max(x, 0), Math.max(0, box.clientWidth - w));
    const top = Math.min(Math.max(hover.top - h / 2, 0), Math.max(0, height - h));
    el.style.transform = `translate(${left}px, ${top}px)`;
  });
  return (
    <Paper
      ref={ref}
      withBorder
      shadow="md"
      px="md"
      py="xs"
      miw={180}
      style={{ position: 'absolute', left: 0, top: 0, width: 'max-content', pointerEvents: 'none', zIndex: 1 }}
    >
      <Text fw={500} size="sm" mb={6}>
        {label}
      </Text>
      {series.map((s, i) => (
        <Group key={s.label} justify="space-between" gap="md" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={colors[i] ?? ''} size={12} withShadow={false} />
            <Text size="sm">{s.label}</Text>
          </Group>
          <Text size="sm" fw={500}>
            {format(s.values[hover.idx] ?? 0)}
          </Text>
        </Group>
      ))}
    </Paper>
  );
}
