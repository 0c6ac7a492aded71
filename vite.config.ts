/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootChunks } from './build/boot-chunks.ts';
import { hashedBootFiles } from './build/hashed-boot-files.ts';
import { parsedYaml } from './build/parsed-yaml.ts';
import { cspPlugin } from './build/csp-plugin.ts';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Plain .test.ts files under src/ that still need a DOM (DOMPurify, localStorage, window events). */
const NEEDS_DOM = [
  'src/lib/text.test.ts',
  'src/lib/i18n.test.ts',
  'src/lib/theme.test.ts',
  'src/features/email/snippet.test.ts',
  'src/features/auth/server-messages.test.ts',
];

/**
 * DOM test files that replace a module (vi.mock/vi.doMock). Without isolation a module mock would leak
 * into the next file of the same worker, so these always get a fresh module graph each ('dom-isolated');
 * the other DOM files ('dom') could share one (see its isolate setting).
 */
function filesMockingModules(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(dir(folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'e2e') walk(path);
      } else if (/\.test\.tsx?$/.test(entry.name) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(dir(path), 'utf8'))) {
        found.push(path.slice(2));
      }
    }
  };
  walk('./src');
  walk('./tests');
  return found;
}
const MOCKS_MODULES = filesMockingModules();
const DOM_FILES = ['src/**/*.test.tsx', 'tests/**/*.test.tsx', 'tests/mirage/**/*.test.ts', 'tests/contract/**/*.test.ts', ...NEEDS_DOM];

export default defineConfig({
  // cspPlugin: the build's Content-Security-Policy meta tag and _headers, sent by `vite preview` (docs/security.md).
  // bootChunks: the first load in two chunks (build/boot-chunks.ts).
  // hashedBootFiles: the boot overlay's script and styles cached like the bundles (build/hashed-boot-files.ts).
  // parsedYaml: `*.yaml?parsed` imports a YAML file's data, parsed at build time (build/parsed-yaml.ts).
  plugins: [react(), cspPlugin(), bootChunks(), hashedBootFiles(), parsedYaml()],
  resolve: {
    alias: {
      '@/': dir('./src/'),
      '@machines/': dir('./machines/'),
      '@mirage/': dir('./mirage/'),
    },
  },
  // npm run dev:remote: the app talks to `npm run server` through this proxy, as one origin (no CORS to set up).
  server: {
    port: 5173,
    ...(process.env.VITE_API_MODE === 'remote' && !process.env.VITE_API_BASE_URL
      ? { proxy: { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8787', changeOrigin: false } } }
      : {}),
  },
  preview: { port: 4173 },
  build: {
    // Two pages: the app, and the identity provider's silent-renewal frame (completes the answer, never boots the app).
    rolldownOptions: { input: { main: dir('./index.html'), 'silent-callback': dir('./silent-callback.html') } },
  },
  test: {
    globals: true,
    css: false,
    // A guard against a hung test, not a timing assertion; generous because the CPU may be shared.
    testTimeout: 30_000,
    // The same guard for a file's setup: a PGlite database and its migrations may take over 10 s on a busy machine.
    hookTimeout: 30_000,
    // Two cores run two test files at once (Vitest's default leaves one core to the main process).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Every language's translations at once (the app's entry has English's first namespaces only; src/lib/i18n.ts).
    // scrypt: a result already computed in the worker is given again (every test's sign-in hashes the same demo
    // password with the same salt); tests/support/memo-scrypt.ts. PGlite: a new database starts from a copy of the
    // worker's first one instead of running initdb again (tests/support/pglite-template.ts).
    alias: [
      { find: /^@\/lib\/locales\/first$/, replacement: dir('./src/lib/locales/all.ts') },
      { find: /^@noble\/hashes\/scrypt\.js$/, replacement: dir('./tests/support/memo-scrypt.ts') },
      { find: /^@electric-sql\/pglite$/, replacement: dir('./tests/support/pglite-template.ts') },
    ],
    // Vite exposes VITE_* at build time; tests get the embedded backend with no latency.
    // SUA_POLICY_ROOT: an agent a test starts writes its browser policy (agent/url-policy.ts) under this folder, never to
    // this machine's /etc, where every browser test's Chromium would read it.
    env: { VITE_API_MODE: 'mirage', VITE_MOCK_LATENCY_MS: '0', SUA_POLICY_ROOT: join(tmpdir(), 'sua-test-policy-root') },
    // Both projects fail a test that writes console.error (or a React console.warn): tests/console-guard.ts.
    projects: [
      {
        extends: true,
        test: {
          // Machines, the backend's pure parts and plain modules: no DOM. A file that needs one fails
          // loudly here ("document is not defined"); add it to NEEDS_DOM.
          name: 'node',
          environment: 'node',
          include: [
            'machines/**/*.test.ts',
            'core/**/*.test.ts',
            'api/**/*.test.ts',
            'mirage/**/*.test.ts',
            'server/**/*.test.ts',
            'agent/**/*.test.ts',
            'src/**/*.test.ts',
            'tests/*.test.ts',
            'tests/session/**/*.test.ts',
            // A test exported from the machine explorer, placed anywhere under tests/ (docs/testing-machines.md).
            'tests/**/*.recorded.test.ts',
          ],
          exclude: NEEDS_DOM,
          setupFiles: ['./tests/console-guard.ts'],
          // These files share no mutable global state (machines are pure, timers are faked per test):
          // one worker runs them one after another without re-importing xstate for every file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Components, screens and the backend through fetch (Pretender patches the window's fetch).
          // tests/setup.ts resets what a test leaves behind (DOM, storage, toasts, fake timers).
          name: 'dom',
          environment: 'jsdom',
          include: DOM_FILES,
          exclude: ['tests/e2e/**', ...MOCKS_MODULES],
          setupFiles: ['./tests/support/scheduler-no-yield.ts', './tests/console-guard.ts', './tests/setup.ts'],
          // One module graph per worker, so Mantine and Mirage are imported once, not once per file.
          // tests/setup.ts resets what a file leaves behind; files that mock modules run in 'dom-isolated'.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-isolated',
          environment: 'jsdom',
          include: MOCKS_MODULES,
          setupFiles: ['./tests/support/scheduler-no-yield.ts', './tests/console-guard.ts', './tests/setup.ts'],
        },
      },
    ],
  },
});
