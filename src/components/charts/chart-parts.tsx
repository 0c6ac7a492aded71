import { useLayoutEffect, useRef } from 'react';
import { rgba, type MantineTheme } from '@mantine/core';
import uPlot from 'uplot';
import { TooltipCard, type TooltipRow } from './tooltip-card';

/** The point under the pointer: its index, and the pointer in the chart's box (CSS pixels). */
export interface Hover {
  idx: number;
  left: number;
  top: number;
  /** In the plot's right half: the tooltip goes left of the pointer. */
  flip: boolean;
}

export const FONT_SIZE = 12;
const TOOLTIP_GAP = 12;

/** The chart's colours in the current scheme, as Mantine's own charts draw them (grid dashed, text dimmed). */
export function chartColors(theme: MantineTheme, scheme: 'light' | 'dark') {
  const dark = scheme === 'dark';
  return {
    text: dark ? theme.colors.dark[1] : theme.colors.gray[7],
    grid: rgba(dark ? theme.colors.dark[3] : theme.colors.gray[5], 0.6),
    surface: dark ? theme.colors.dark[6] : theme.white,
  };
}

/** The point under uPlot's cursor, or null when the pointer left the plot (a `setCursor` hook's argument). */
export function hoverOf(u: uPlot): Hover | null {
  const { idx, left = -1, top = 0 } = u.cursor;
  if (idx === null || idx === undefined || left < 0) return null;
  const { bbox } = u;
  const px = uPlot.pxRatio;
  return { idx, left: left + bbox.left / px, top: top + bbox.top / px, flip: left > bbox.width / px / 2 };
}

/** A text's width on the chart's canvas, in its axis font. */
export function canvasTextWidth(u: uPlot, font: string, text: string): number {
  u.ctx.save();
  u.ctx.font = font;
  const width = u.ctx.measureText(text).width;
  u.ctx.restore();
  return width;
}

/** A value axis as wide as its longest label (measured on the canvas, not in the DOM). */
export function valueAxisSize(font: string): uPlot.Axis.Size {
  return (u, values) => {
    const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
    return Math.ceil(canvasTextWidth(u, font, longest)) + 8 + 8;
  };
}

// Whole numbers of days between two labels on x.
const X_INCRS = [1, 2, 3, 5, 7, 10, 14, 15, 20, 30, 50, 100];

/**
 * What a chart of one value a day shares: a day label under the plot, the latest always shown and the others
 * stepping back from it as far apart as the widest needs; values from 0 on the left, with a dashed grid; a cursor
 * that marks each series' point of the day in its colour, and no legend or zoom of uPlot's own.
 */
export function dayChart({
  colors,
  font,
  days,
  incrs,
  format,
  seriesColors,
}: {
  colors: ReturnType<typeof chartColors>;
  font: string;
  days: readonly string[];
  incrs?: number[];
  format: (value: number) => string;
  seriesColors: readonly string[];
}): Pick<uPlot.Options, 'legend' | 'padding' | 'axes' | 'cursor' | 'scales'> {
  // The widest day label, measured on the canvas once per chart: the labels' spacing and the room right of the
  // last one follow it ('26 de nov.' is twice '26. Nov.'; at 390 px a fixed 60 px made them run together).
  const widths = new WeakMap<uPlot, number>();
  const widestDay = (u: uPlot): number => {
    let width = widths.get(u);
    if (width === undefined) {
      width = Math.ceil(Math.max(0, ...days.map((d) => canvasTextWidth(u, font, d))));
      widths.set(u, width);
    }
    return width;
  };
  return {
    legend: { show: false },
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { size: 8, width: 2, fill: (_u, i) => seriesColors[i - 1] ?? colors.text, stroke: () => colors.surface },
    },
    scales: {
      x: { time: false },
      y: { range: (_u, _min, max) => uPlot.rangeNum(0, Math.max(max, 1), 0.1, true) },
    },
    padding: [8, (u) => Math.max(24, Math.ceil(widestDay(u) / 2) + 4), 0, 0],
    axes: [
      {
        stroke: colors.text,
        font,
        ticks: { show: false },
        grid: { show: false },
        gap: 6,
        // One line of labels (uPlot's default leaves 50 px).
        size: FONT_SIZE + 6 + 8,
        incrs: X_INCRS,
        space: (u) => widestDay(u) + FONT_SIZE,
        splits: (_u, _axis, min, max, incr) => {
          const out: number[] = [];
          for (let i = max; i >= min; i -= incr) out.unshift(i);
          return out;
        },
        values: (_u, splits) => splits.map((i) => days[i] ?? ''),
      },
      {
        stroke: colors.text,
        font,
        ticks: { show: false },
        grid: { stroke: colors.grid, width: 1, dash: [5, 5] },
        gap: 8,
        ...(incrs ? { incrs } : {}),
        space: FONT_SIZE * 3,
        values: (_u, splits) => splits.map(format),
        size: valueAxisSize(font),
      },
    ],
  };
}

/** The label under the pointer and each series' value, beside the pointer (Mantine's chart tooltip). */
export function ChartTooltip({
  hover,
  height,
  label,
  rows,
  format,
}: {
  hover: Hover;
  height: number;
  label: string;
  rows: readonly TooltipRow[];
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
    <TooltipCard
      ref={ref}
      label={label}
      rows={rows}
      format={format}
      style={{ position: 'absolute', left: 0, top: 0, width: 'max-content', pointerEvents: 'none', zIndex: 1 }}
    />
  );
}
