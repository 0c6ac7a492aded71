import { lazyChart } from '@/components/charts/lazy-chart';

/** A unit's actual and predicted downtime (uPlot), lazily loaded. */
export const { Chart: DowntimeChart, preload: preloadDowntimeChart } = lazyChart(() => import('@/components/charts/day-chart'));
