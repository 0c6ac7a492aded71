import { defineConfig } from '@playwright/test';

// Browser tests run against the built app (`npm run build` first) in Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = process.env.E2E_DIST ?? 'dist';

// tests/e2e/oidc.spec.ts runs against a real OpenID provider (panva's oidc-provider, tests/e2e/oidc/provider.mjs on
// 127.0.0.1:4190, 20 s access tokens) and an app build made with its authority (dist-oidc, served on 4191). Both
// start only when the run includes that spec (no file filter, or one naming oidc), or with E2E_OIDC=1; E2E_OIDC=0 skips them.
const OIDC_PROVIDER_PORT = 4190;
const OIDC_APP_PORT = 4191;
const e2eFilters = process.argv.slice(process.argv.indexOf('test') + 1).filter((arg) => !arg.startsWith('-'));
const runsOidc = process.env.E2E_OIDC === '1' || (process.env.E2E_OIDC !== '0' && (e2eFilters.length === 0 || e2eFilters.some((f) => f.includes('oidc'))));
const oidcServers: { command: string; url: string; env: Record<string, string>; reuseExistingServer: boolean; timeout: number }[] = runsOidc
  ? [
      {
        command: `node tests/e2e/oidc/provider.mjs`,
        url: `http://127.0.0.1:${OIDC_PROVIDER_PORT}/.well-known/openid-configuration`,
        env: { OIDC_PORT: String(OIDC_PROVIDER_PORT), OIDC_APP_ORIGINS: `http://127.0.0.1:${OIDC_APP_PORT}`, OIDC_ACCESS_TOKEN_TTL_S: '20' },
        reuseExistingServer: false,
        timeout: 30_000,
      },
      {
        // E2E_OIDC_BUILT=1 serves an existing dist-oidc without building again (local iterations).
        command: `${process.env.E2E_OIDC_BUILT === '1' ? '' : 'npx vite build --outDir dist-oidc --emptyOutDir && '}npx vite preview --port ${OIDC_APP_PORT} --strictPort --host 127.0.0.1 --outDir dist-oidc`,
        url: `http://127.0.0.1:${OIDC_APP_PORT}`,
        env: {
          VITE_OIDC_AUTHORITY: `http://127.0.0.1:${OIDC_PROVIDER_PORT}`,
          VITE_OIDC_CLIENT_ID: 'service-unit-admin',
          VITE_OIDC_SCOPE: 'openid profile email offline_access',
        },
        reuseExistingServer: false,
        timeout: 300_000,
      },
    ]
  : [];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: `npx vite preview --port ${port} --strictPort --host 127.0.0.1 --outDir ${outDir}`,
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    ...oidcServers,
  ],
});
