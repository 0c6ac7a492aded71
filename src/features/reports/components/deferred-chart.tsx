import { useDeferredValue, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';

/**
 * Draws its chart in a background render right after the figures and tables around it are on screen, because a
 * chart (recharts measures its text and container) is the slowest part of a report's first render. Until then a
 * placeholder of the chart's height keeps the layout still. Screen readers read the chart's table, which is not deferred.
 */
export function DeferredChart({ height, children }: { height: number; children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? <>{children}</> : <Skeleton height={height} radius="sm" />;
}
