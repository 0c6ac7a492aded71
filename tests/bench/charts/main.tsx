/**
 * `node scripts/bench-charts.mjs`: the admin dashboard's trend (30 days, units online and offline, stacked, 220 px
 * high in a 600 px card) mounted once per page load, with `?lib=recharts` (@mantine/charts AreaChart, as the
 * dashboard drew it before) or `?lib=uplot` (src/components/charts/day-chart.tsx, what it draws now).
 * Each library's chunk is loaded and evaluated before the clock starts: the figure is the mount alone.
 *
 *   window.chartsReady: resolves once the library's module is loaded
 *   window.mountChart(): mounts the chart; resolves with the time from the render call to the first frame
 *     painted with the chart drawn, the long tasks (PerformanceObserver 'longtask', 50 ms or more) in that time,
 *     and the longest gap between two turns of a message loop kept running meanwhile: the longest stretch the
 *     main thread was busy, shorter tasks included (a task and the frame rendered after it count as one)
 */
import '@mantine/core/styles.css';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Card, MantineProvider, Title } from '@mantine/core';
import { theme } from '../../../src/lib/theme';

export interface Point {
  date: string;
  online: number;
  offline: number;
}

/** The same 30 days for both: a slowly falling number of units online out of 80. */
const day = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const POINTS: Point[] = Array.from({ length: 30 }, (_, i) => {
  const online = 80 - Math.round(i * 0.8 + (i % 4));
  return { date: day.format(new Date(Date.UTC(2026, 9, 28 + i))), online, offline: 80 - online };
});

type Lib = 'recharts' | 'uplot';
const lib: Lib = new URLSearchParams(location.search).get('lib') === 'recharts' ? 'recharts' : 'uplot';

interface Mounted {
  lib: Lib;
  mountMs: number;
  longestTaskMs: number;
  longTasks: number[];
  longestBusyMs: number;
}
declare global {
  interface Window {
    chartsReady: Promise<void>;
    mountChart: () => Promise<Mounted>;
  }
}

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });

let Chart: ComponentType<{ points: Point[] }> | null = null;
window.chartsReady = (lib === 'recharts' ? import('./recharts-chart') : import('./uplot-chart')).then((m) => {
  Chart = m.default;
});

/** Whether the chart's marks are on the page: Recharts' area paths, or uPlot's canvas. */
const drawn = (root: HTMLElement) =>
  lib === 'recharts' ? root.querySelectorAll('.recharts-area-area').length >= 2 : root.querySelector('canvas') !== null;

/** After the next frame is painted: a task queued from requestAnimationFrame runs after that frame. */
const afterPaint = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(undefined);
    }),
  );

/** A message loop: each turn notes how long it waited since the last one. `stop()` gives the longest wait. */
function busyMeter() {
  const channel = new MessageChannel();
  let last = performance.now();
  let longest = 0;
  let running = true;
  channel.port1.onmessage = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) channel.port2.postMessage(undefined);
  };
  channel.port2.postMessage(undefined);
  return () => {
    running = false;
    return Math.max(longest, performance.now() - last);
  };
}

window.mountChart = async () => {
  if (!Chart) throw new Error('chartsReady first');
  const host = document.getElementById('app') as HTMLElement;
  const stop = busyMeter();
  const t0 = performance.now();
  const Drawn = Chart;
  createRoot(host).render(
    <MantineProvider theme={theme} forceColorScheme="light">
      <Card withBorder padding="md" w={632} m="md">
        <Title order={2} size="h4" mb="sm">
          Units online, last 30 days
        </Title>
        <Drawn points={POINTS} />
      </Card>
    </MantineProvider>,
  );
  // Until the marks are drawn (Recharts draws them in a second render, after measuring), then a painted frame.
  await new Promise<void>((resolve) => {
    const check = () => (drawn(host) ? resolve() : setTimeout(check, 0));
    check();
  });
  const painted = await afterPaint();
  const longestBusyMs = stop();
  // Long tasks are reported a little after they end.
  await new Promise((r) => setTimeout(r, 100));
  const during = longTasks.filter((t) => t.start + t.duration >= t0 && t.start <= painted).map((t) => Math.round(t.duration));
  return { lib, mountMs: painted - t0, longestTaskMs: Math.max(0, ...during), longTasks: during, longestBusyMs };
};
