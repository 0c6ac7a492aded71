import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef, type ReactNode } from 'react';
import uPlot from 'uplot';
import classes from './uplot-chart.module.css';

/** uPlot's options without the size: the chart takes its container's width and the given height. */
export type UplotOptions = Omit<uPlot.Options, 'width' | 'height'>;

/**
 * Whether this browser can draw on a canvas. jsdom (the component tests) has canvas elements whose
 * getContext only logs "not implemented": there the chart draws nothing, and its text alternative is all.
 */
function canDraw(): boolean {
  return typeof window !== 'undefined' && typeof window.CanvasRenderingContext2D === 'function';
}

/**
 * A uPlot chart (canvas: no DOM text to measure, so it mounts in a few milliseconds). Created once its box has
 * a width, `setData` when `data` changes, resized with its box (ResizeObserver), destroyed on unmount. A new
 * `options` object creates the chart again: keep it stable (useMemo) and change it only when a colour, a label
 * or a language changes. The box reserves `height` before the chart is drawn, so nothing moves when it is.
 * `children` are drawn over the chart (a tooltip, positioned from uPlot's cursor hooks).
 */
export function UplotChart({
  options,
  data,
  height,
  children,
}: {
  options: UplotOptions;
  data: uPlot.AlignedData;
  height: number;
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const target = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latestData = useRef(data);

  useEffect(() => {
    latestData.current = data;
    const u = chart.current;
    if (u && u.data !== data) u.setData(data);
  }, [data]);

  useEffect(() => {
    const outer = box.current;
    const inner = target.current;
    if (!outer || !inner || !canDraw()) return undefined;
    let u: uPlot | null = null;
    // The first notification carries the box's width: the chart is created then, without reading the layout itself.
    const observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[entries.length - 1]?.contentRect.width ?? 0);
      if (width <= 0) return;
      if (u === null) {
        u = new uPlot({ ...options, width, height }, latestData.current, inner);
        chart.current = u;
      } else if (width !== u.width) {
        u.setSize({ width, height });
      }
    });
    observer.observe(outer);
    return () => {
      observer.disconnect();
      u?.destroy();
      chart.current = null;
    };
  }, [options, height]);

  // The chart sits in an absolutely placed box: its fixed-width canvas never holds a grid column wider than the
  // page, so the outer box can shrink and the chart follows it.
  return (
    <div ref={box} className={classes.chart} style={{ position: 'relative', height }} data-testid="uplot-chart">
      <div ref={target} style={{ position: 'absolute', inset: 0 }} />
      {children}
    </div>
  );
}
