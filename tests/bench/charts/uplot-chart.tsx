import { ChartLegend } from '../../../src/components/charts/chart-legend';
import DayChart from '../../../src/components/charts/day-chart';
import type { Point } from './main';

/** The admin dashboard's trend as it is drawn now: the legend, and uPlot on a canvas. */
export default function UplotTrend({ points }: { points: Point[] }) {
  const series = [
    { label: 'Units online', color: 'teal.6', values: points.map((p) => p.online) },
    { label: 'Units offline', color: 'red.5', values: points.map((p) => p.offline) },
  ];
  return (
    <>
      <ChartLegend items={series} />
      <DayChart labels={points.map((p) => p.date)} series={series} height={220} locale="en" stacked />
    </>
  );
}
