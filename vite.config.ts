/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@/': dir('./src/'),
      '@machines/': dir('./machines/'),
      '@mirage/': dir('./mirage/'),
    },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
  build: {
    chunkSizeWarningLimit: 1500,
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./tests/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'mirage/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    css: false,
    testTimeout: 15000,
    // Vite exposes VITE_* at build time; tests get the embedded backend with no latency.
    env: { VITE_API_MODE: 'mirage', VITE_MOCK_LATENCY_MS: '0' },
  },
});
