import { lazyChart } from '@/components/charts/lazy-chart';

/** The 30-day trend's drawing, lazily loaded. */
export const { Chart: TrendChart, preload: preloadTrendChart } = lazyChart(() => import('@/components/charts/day-chart'));
