import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import type { Point } from './main';

/** The admin dashboard's trend as it was drawn before uPlot (src/features/dashboard/admin-dashboard-page.tsx). */
export default function RechartsChart({ points }: { points: Point[] }) {
  return (
    <AreaChart
      h={220}
      data={points}
      dataKey="date"
      type="stacked"
      withDots={false}
      series={[
        { name: 'online', label: 'Units online', color: 'teal.6' },
        { name: 'offline', label: 'Units offline', color: 'red.5' },
      ]}
      withLegend
      areaChartProps={{ accessibilityLayer: false }}
    />
  );
}
