import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The charts bench page of `node scripts/bench-charts.mjs`: the admin dashboard's 30-day trend mounted once with
 * Recharts (@mantine/charts AreaChart, as the dashboard drew it before) and once with the app's uPlot chart.
 * Built by the script: `vite build --config tests/bench/charts/vite.config.ts --outDir <dir>`.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: { manifest: true, emptyOutDir: true },
  logLevel: 'warn',
});
