/**
 * Axis labels drawn without measuring text in the page (issue 46 §1). Recharts sizes every tick label with a hidden
 * span and getBoundingClientRect — a forced layout of the whole report per label — to decide which labels fit
 * (`interval` "preserveEnd") and to wrap them (its Text component): most of the report's blocking time. Here the
 * labels to show are chosen by count (a numeric `interval`), and a label wraps by a canvas measurement (no layout).
 */

const FONT_SIZE = 12;
const LINE_HEIGHT = 1.2;
/**
 * The labels' colour: the chart's text colour (Mantine's `textColor`), else the dimmed text of the colour scheme around
 * the chart, so it follows the surface in every theme. Not currentColor: recharts gives a tick its axis' class, which
 * Mantine colours with the pale grid-line colour (1.5:1 on white, 1.7:1 on the dark card; WCAG 1.4.3 asks 4.5:1).
 */
const TICK_FILL = 'var(--chart-text-color, var(--mantine-color-dimmed))';

let context: OffscreenCanvasRenderingContext2D | null | undefined;

/** The label's width in pixels: a canvas measurement in a browser; elsewhere (jsdom) an estimate from its length. */
export function textWidth(text: string): number {
  if (context === undefined) {
    context = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;
    if (context) {
      const family = typeof document === 'undefined' ? '' : getComputedStyle(document.body).fontFamily;
      context.font = `${FONT_SIZE}px ${family || 'sans-serif'}`;
    }
  }
  return context ? context.measureText(text).width : text.length * FONT_SIZE * 0.55;
}

/** The label's lines within `width` (words kept whole, at most two lines, the rest ellipsised), as recharts wraps. */
export function wrapLabel(text: string, width: number | undefined): string[] {
  if (!width || textWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  return [
    lines[0] ?? '',
    `${lines
      .slice(1)
      .join(' ')
      .slice(0, Math.max(1, Math.floor(width / (FONT_SIZE * 0.55)) - 1))}…`,
  ];
}

/** What recharts passes a tick function (the parts used here). */
interface TickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  verticalAnchor?: string;
  payload?: { value?: unknown };
  index?: number;
  visibleTicksCount?: number;
  className?: string;
  tickFormatter?: (value: unknown, index: number) => string;
}

/**
 * A tick renderer for an axis: the value (through the axis' `tickFormatter`, then `unit`) in one `<text>`, in lines of
 * `wrap` pixels, shifted by `dx`/`dy` as Mantine's own ticks are (translate(-10, 0) on a left axis, (0, 10) on a bottom one).
 */
export function plainTick({
  dx = 0,
  dy = 0,
  unit = '',
  wrap,
  endInside = false,
}: {
  dx?: number;
  dy?: number;
  unit?: string;
  wrap?: number;
  /** The last label ends at its tick (the plot's edge), as recharts shifts it inside ("preserveEnd"). */
  endInside?: boolean;
}) {
  function Tick(props: TickProps) {
    const value = props.payload?.value;
    const text = `${props.tickFormatter ? props.tickFormatter(value, props.index ?? 0) : String(value ?? '')}${unit}`;
    const lines = wrapLabel(text, wrap);
    const x = Number(props.x ?? 0) + dx;
    const y = Number(props.y ?? 0) + dy;
    // Recharts' Text: the first line's baseline at 0.71em below a "start" anchor, centred on a "middle" one.
    const first =
      props.verticalAnchor === 'start'
        ? 0.71
        : props.verticalAnchor === 'end'
          ? -(lines.length - 1) * LINE_HEIGHT
          : 0.355 - ((lines.length - 1) * LINE_HEIGHT) / 2;
    const anchor = endInside && props.index === (props.visibleTicksCount ?? 0) - 1 ? 'end' : (props.textAnchor ?? 'middle');
    return (
      <text x={x} y={y} textAnchor={anchor} fontSize={FONT_SIZE} style={{ fill: TICK_FILL }} className={props.className}>
        {lines.map((line, i) => (
          <tspan key={i} x={x} dy={`${i === 0 ? first : LINE_HEIGHT}em`}>
            {line}
          </tspan>
        ))}
        {lines.length > 1 && <title>{text}</title>}
      </text>
    );
  }
  return Tick;
}

/** A numeric `interval` that shows about `max` of `count` category labels, evenly (recharts then measures none). */
export function everyNth(count: number, max: number): number {
  return Math.max(0, Math.ceil(count / Math.max(1, max)) - 1);
}

/** What recharts gives a grid generator of an axis (the parts used here; recharts' own types are internal). */
interface GridAxis {
  scale?: {
    map(input: unknown): number | undefined;
    domain(): readonly unknown[];
    bandwidth?: () => number;
    ticks?: (count: number | undefined) => readonly number[];
  };
  ticks?: readonly unknown[];
  niceTicks?: readonly unknown[];
  type?: 'number' | 'category';
  realScaleType?: string;
  isCategorical?: boolean;
  categoricalDomain?: readonly unknown[];
  duplicateDomain?: readonly unknown[];
  tickCount?: number;
}

/** The coordinates of an axis' ticks for its grid lines, as recharts' getTicksOfAxis(axis, true) computes them. */
function tickCoordinates(axis: GridAxis | undefined): number[] {
  const scale = axis?.scale;
  if (!axis || !scale) return [];
  const band = scale.bandwidth?.() ?? 0;
  const offsetForBand = axis.realScaleType === 'scaleBand' && band ? band / 2 : 2;
  const offset = axis.type === 'category' && band ? band / offsetForBand : 0;
  const given = axis.ticks ?? axis.niceTicks;
  const values = given
    ? given.map((value) => (axis.duplicateDomain ? axis.duplicateDomain.indexOf(value) : value))
    : axis.isCategorical && axis.categoricalDomain
      ? axis.categoricalDomain
      : scale.ticks && axis.tickCount != null
        ? scale.ticks(axis.tickCount)
        : scale.domain();
  return values.map((value) => scale.map(value)).flatMap((at) => (typeof at === 'number' && Number.isFinite(at) ? [at + offset] : []));
}

/** recharts' getCoordinatesOfGrid: the ticks, and the plot's two edges unless a tick is on them. */
function withEdges(at: number[], min: number, max: number, syncWithTicks: boolean): number[] {
  if (syncWithTicks) return at;
  return [...at, ...(at.includes(min) ? [] : [min]), ...(at.includes(max) ? [] : [max])];
}

/**
 * Grid generators for a chart (its `gridProps`): a line at every tick, as recharts draws them with every tick shown,
 * without its generator's text measurement (which also runs once on a first render before the axes are known).
 */
export const gridWithoutMeasuring = {
  horizontalCoordinatesGenerator: (
    { yAxis, offset }: { yAxis: GridAxis | undefined; offset: { top: number; height: number } },
    syncWithTicks: boolean,
  ) => withEdges(tickCoordinates(yAxis), offset.top, offset.top + offset.height, syncWithTicks),
  verticalCoordinatesGenerator: (
    { xAxis, offset }: { xAxis: GridAxis | undefined; offset: { left: number; width: number } },
    syncWithTicks: boolean,
  ) => withEdges(tickCoordinates(xAxis), offset.left, offset.left + offset.width, syncWithTicks),
};
