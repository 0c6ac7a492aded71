import { Component, createElement, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type StackedAreaChart from '@/components/charts/stacked-area-chart';

type ChartModule = { default: typeof StackedAreaChart };
type ChartProps = ComponentProps<typeof StackedAreaChart>;

// The chart (uPlot, on a canvas) is a chunk of its own: no other route downloads it. The page asks for it as it
// mounts, so it loads beside the dashboard's requests; once here it renders at once, without a Suspense fallback
// that React would hold for its throttled reveal.
let chartModule: Promise<ChartModule> | undefined;
let loadedChart: ChartModule['default'] | undefined;

export function preloadTrendChart(): Promise<ChartModule> {
  chartModule ??= import('@/components/charts/stacked-area-chart').then((module) => {
    loadedChart = module.default;
    return module;
  });
  return chartModule;
}

const LazyChart = lazy(preloadTrendChart);

/** A chart whose chunk failed to load says so; its card, its legend and its table stay. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ChartFailed({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" h={height}>
      {t('dashboard.cardError')}
    </Text>
  );
}

/** The 30-day trend's drawing, lazily loaded; its box keeps the chart's height meanwhile, so nothing below moves. */
export function TrendChart(props: ChartProps) {
  return (
    <ChartBoundary fallback={<ChartFailed height={props.height} />}>
      <Suspense fallback={<Box h={props.height} />}>{createElement(loadedChart ?? LazyChart, props)}</Suspense>
    </ChartBoundary>
  );
}
