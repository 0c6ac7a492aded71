import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The floor app of `npm run bench` (docs/performance.md): the app's stack and versions with nothing else.
 * Built by scripts/bench.mjs: `vite build --config tests/bench/floor/vite.config.ts --outDir <dir>`.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  build: { manifest: true, emptyOutDir: true },
  logLevel: 'warn',
});
