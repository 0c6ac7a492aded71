import { Component, createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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

/**
 * A chart (uPlot, on a canvas) in a chunk of its own, so that no other route downloads it. `preload()` asks for the
 * chunk early (as its page mounts, beside the page's requests); once here the chart renders at once, without a
 * Suspense fallback that React would hold for its throttled reveal. Until then its box keeps the chart's height, so
 * nothing below moves.
 */
export function lazyChart<P extends { height: number }>(load: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function Chart(props: P) {
    return (
      <ChartBoundary fallback={<ChartFailed height={props.height} />}>
        <Suspense fallback={<Box h={props.height} />}>{createElement(loaded ?? Lazy, props)}</Suspense>
      </ChartBoundary>
    );
  }
  return { Chart, preload };
}
