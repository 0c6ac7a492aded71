import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The peer of `npm run bench` (issue 23 §2): react-admin's DataTable over ra-data-fakerest with 10,000 units.
 * Built by scripts/bench-peer.mjs: `vite build --config tests/bench/peer/vite.config.ts --outDir <dir>`.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: { manifest: true, emptyOutDir: true },
  logLevel: 'warn',
});
