import { useState, type PointerEvent } from 'react';
import { ColorSwatch, Group, Paper, Text } from '@mantine/core';
import classes from './trend-chart.module.css';

export interface TrendSeries {
  key: string;
  label: string;
  /** A Mantine color variable, e.g. `var(--mantine-color-teal-6)`. */
  color: string;
}

export interface TrendPoint {
  label: string;
  values: Record<string, number>;
}

/** 1, 2, 2.5 or 5 times a power of ten, at least `raw`: the step between two value lines. */
function niceStep(raw: number): number {
  if (raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

const VALUE_LINES = 4;
/** At most this many date labels under the chart (30 days: every 5th). */
const MAX_DATE_LABELS = 6;

/**
 * A stacked area chart of a few dozen points (the admin dashboard's units online/offline per day), drawn as
 * one SVG scaled to its box, with the labels as HTML placed by percentage. Nothing is measured before it is
 * drawn: Recharts' first mount here took 100-200 ms in one blocking task (it measured each label in the DOM
 * and re-rendered the chart several times from its layout effects), the page's only long task after its
 * first paint. Hovering shows the day's figures, as the chart library's tooltip did. The drawing is
 * decoration for sighted users: ChartFigure gives screen readers the same figures as a table.
 */
export function TrendChart({ data, series, height, language }: { data: readonly TrendPoint[]; series: readonly TrendSeries[]; height: number; language: string }) {
  const [active, setActive] = useState<number | null>(null);
  const n = data.length;
  const totals = data.map((p) => series.reduce((sum, s) => sum + (p.values[s.key] ?? 0), 0));
  const step = niceStep(Math.max(0, ...totals) / VALUE_LINES);
  const max = step * VALUE_LINES;
  const number = new Intl.NumberFormat(language);
  const x = (i: number) => (n > 1 ? i / (n - 1) : 0.5);
  const labelEvery = Math.max(1, Math.ceil(n / MAX_DATE_LABELS));

  // Each series is drawn from the top of the ones below it (stacked), in the SVG's own units: x 0..1, y 0..max.
  const bands: { s: TrendSeries; top: number[]; bottom: number[] }[] = [];
  let below = data.map(() => 0);
  for (const s of series) {
    const top = data.map((p, i) => (below[i] ?? 0) + (p.values[s.key] ?? 0));
    bands.push({ s, top, bottom: below });
    below = top;
  }
  const line = (ys: number[]) => ys.map((y, i) => `${x(i)},${max - y}`).join(' ');
  // The lower edge of a band, right to left, closing its polygon.
  const area = (ys: number[]) => ys.map((y, i) => `${x(i)},${max - y}`).reverse().join(' ');

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (n === 0 || rect.width === 0) return;
    setActive(Math.min(n - 1, Math.max(0, Math.round(((event.clientX - rect.left) / rect.width) * (n - 1)))));
  };
  const point = active === null ? undefined : data[active];

  return (
    <div>
      <Group gap="md" justify="flex-end" mb="xs">
        {series.map((s) => (
          <Group key={s.key} gap={6} wrap="nowrap">
            <ColorSwatch color={s.color} size={12} withShadow={false} />
            <Text size="sm">{s.label}</Text>
          </Group>
        ))}
      </Group>
      <div className={classes.root} style={{ height }}>
        <div className={classes.values}>
          {Array.from({ length: VALUE_LINES + 1 }, (_, i) => (
            <span key={i} className={classes.value} style={{ top: `${(1 - i / VALUE_LINES) * 100}%` }}>
              {number.format(i * step)}
            </span>
          ))}
        </div>
        <div className={classes.plot} onPointerMove={onPointerMove} onPointerLeave={() => setActive(null)}>
          <svg className={classes.svg} viewBox={`0 0 1 ${max}`} preserveAspectRatio="none" aria-hidden focusable="false">
            {Array.from({ length: VALUE_LINES + 1 }, (_, i) => (
              <line key={i} x1={0} x2={1} y1={max - i * step} y2={max - i * step} className={classes.grid} vectorEffect="non-scaling-stroke" />
            ))}
            {bands.map(({ s, top, bottom }) => (
              <g key={s.key}>
                <polygon points={`${line(top)} ${area(bottom)}`} fill={s.color} fillOpacity={0.2} />
                <polyline points={line(top)} fill="none" stroke={s.color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
              </g>
            ))}
          </svg>
          {active !== null && <div className={classes.cursor} style={{ left: `${x(active) * 100}%` }} />}
          {point && active !== null && (
            <Paper
              withBorder
              shadow="md"
              p="xs"
              className={classes.tooltip}
              style={x(active) > 0.5 ? { right: `calc(${(1 - x(active)) * 100}% + 12px)` } : { left: `calc(${x(active) * 100}% + 12px)` }}
            >
              <Text size="sm" fw={500} mb={4}>
                {point.label}
              </Text>
              {series.map((s) => (
                <Group key={s.key} gap="xs" justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={s.color} size={10} withShadow={false} />
                    <Text size="sm">{s.label}</Text>
                  </Group>
                  <Text size="sm">{number.format(point.values[s.key] ?? 0)}</Text>
                </Group>
              ))}
            </Paper>
          )}
        </div>
        <div className={classes.dates}>
          {data.map((p, i) =>
            i % labelEvery === 0 ? (
              // Every other one hides on a phone, where six would overlap.
              <span key={i} className={(i / labelEvery) % 2 === 1 ? `${classes.date} ${classes.wide}` : classes.date} style={{ left: `${x(i) * 100}%`, transform: i === 0 ? 'none' : i === n - 1 ? 'translateX(-100%)' : 'translateX(-50%)' }}>
                {p.label}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </div>
  );
}
