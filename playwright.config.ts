import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_BUILDS, OIDC_PROVIDER_PORT, PRISM_PORT } from './tests/e2e/support/builds';

// Browser tests run against the built app (`npm run build` first) in Debian's Chromium.
// An agent a browser test starts (agent.spec.ts) writes its browser policy (agent/url-policy.ts) under this folder, never
// to this machine's /etc, which every test's Chromium reads; url-policy.spec.ts names /etc itself.
process.env.SUA_POLICY_ROOT ??= join(tmpdir(), 'sua-e2e-policy-root');
const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = process.env.E2E_DIST ?? 'dist';

// tests/e2e/oidc.spec.ts runs against a real OpenID provider (panva's oidc-provider, tests/e2e/oidc/provider.mjs on
// 127.0.0.1:4190, 20 s access tokens) and an app build made with its authority (dist-oidc, served on 4191). Both
// start only when the run includes that spec (no file filter, or one naming oidc), or with E2E_OIDC=1; E2E_OIDC=0 skips them.
const OIDC_APP_PORT = 4191;
const e2eFilters = process.argv.slice(process.argv.indexOf('test') + 1).filter((arg) => !arg.startsWith('-'));
const runsOidc =
  process.env.E2E_OIDC === '1' || (process.env.E2E_OIDC !== '0' && (e2eFilters.length === 0 || e2eFilters.some((f) => f.includes('oidc'))));
const oidcServers: { command: string; url: string; env: Record<string, string>; reuseExistingServer: boolean; timeout: number }[] = runsOidc
  ? [
      {
        command: `node tests/e2e/oidc/provider.mjs`,
        url: `http://127.0.0.1:${OIDC_PROVIDER_PORT}/.well-known/openid-configuration`,
        env: {
          OIDC_PORT: String(OIDC_PROVIDER_PORT),
          OIDC_APP_ORIGINS: `http://127.0.0.1:${OIDC_APP_PORT}`,
          OIDC_ACCESS_TOKEN_TTL_S: '20',
        },
        reuseExistingServer: false,
        timeout: 30_000,
      },
      {
        // E2E_OIDC_BUILT=1 serves an existing dist-oidc without building again (local iterations; .ci/run builds it
        // beforehand with `npm run test:e2e:build`). The build's variables: tests/e2e/support/builds.ts.
        command: `${process.env.E2E_OIDC_BUILT === '1' ? '' : `npx vite build --outDir ${E2E_BUILDS.oidc.outDir} --emptyOutDir && `}npx vite preview --port ${OIDC_APP_PORT} --strictPort --host 127.0.0.1 --outDir ${E2E_BUILDS.oidc.outDir}`,
        url: `http://127.0.0.1:${OIDC_APP_PORT}`,
        env: E2E_BUILDS.oidc.env,
        reuseExistingServer: false,
        timeout: 300_000,
      },
    ]
  : [];

// tests/e2e/remote.spec.ts runs the app built with VITE_API_MODE=remote against a contract server no one here wrote:
// Stoplight Prism mocking docs/api/openapi.yaml on 127.0.0.1:4192 (it validates every request and answers with the
// document's examples), the build served on 4189 (another origin: CORS). Both start only when the run includes that
// spec (no file filter, or one naming remote), or with E2E_REMOTE=1; E2E_REMOTE=0 skips them (docs/deploy.md).
const REMOTE_APP_PORT = Number(process.env.E2E_REMOTE_PORT ?? 4189);
const remoteFilters = process.argv.slice(process.argv.indexOf('test') + 1).filter((arg) => !arg.startsWith('-'));
const runsRemote =
  process.env.E2E_REMOTE === '1' ||
  (process.env.E2E_REMOTE !== '0' && (remoteFilters.length === 0 || remoteFilters.some((f) => f.includes('remote'))));
const remoteDist = E2E_BUILDS.remote.outDir;
const remoteServers = runsRemote
  ? [
      {
        command: `npx prism mock docs/api/openapi.yaml --host 127.0.0.1 --port ${PRISM_PORT}`,
        url: `http://127.0.0.1:${PRISM_PORT}/api/me`,
        // Any answer (401 without a token) means Prism is up.
        reuseExistingServer: false,
        timeout: 120_000,
      },
      {
        // E2E_REMOTE_BUILT=1 serves an existing build without building again (local iterations; .ci/run builds it
        // beforehand with `npm run test:e2e:build`).
        command: `${process.env.E2E_REMOTE_BUILT === '1' ? '' : `npx vite build --outDir ${remoteDist} --emptyOutDir && `}npx vite preview --port ${REMOTE_APP_PORT} --strictPort --host 127.0.0.1 --outDir ${remoteDist}`,
        url: `http://127.0.0.1:${REMOTE_APP_PORT}`,
        env: E2E_BUILDS.remote.env,
        reuseExistingServer: false,
        timeout: 300_000,
      },
    ]
  : [];

// tests/e2e/server.spec.ts runs the remote build served by the real server (npm run server: the API over PostgreSQL,
// STATIC_DIR=dist-server, one origin) on 127.0.0.1:4193 (E2E_SERVER_PORT). The spec spawns and kills the server itself
// (it restarts it between two steps), on fresh data each run: PGlite in a temporary folder, or a new database on
// E2E_DATABASE_URL's PostgreSQL (tests/e2e/support/server-process.ts). The build (globalSetup) happens only when the run
// includes that spec (no file filter, or one naming server), or with E2E_SERVER=1; E2E_SERVER=0 skips the spec.
// E2E_SERVER_BUILT=1 uses the dist-server on disk without building again (local iterations); E2E_SERVER_SHOTS=<folder>
// keeps the spec's screenshots of the units list there; E2E_DATABASE_URL runs it on PostgreSQL instead of PGlite.
// tests/e2e/agent.spec.ts (a real agent enrolled from the UI) runs the same build on a server of its own on 4197
// (E2E_AGENT_PORT) with a 2 s heartbeat; a filter naming agent builds it too, and one naming url-policy (the console of
// tests/e2e/url-policy.spec.ts, served by its in-process server).
const serverFilters = process.argv.slice(process.argv.indexOf('test') + 1).filter((arg) => !arg.startsWith('-'));
const runsServer =
  process.env.E2E_SERVER === '1' ||
  (process.env.E2E_SERVER !== '0' &&
    (serverFilters.length === 0 || serverFilters.some((f) => f.includes('server') || f.includes('agent') || f.includes('url-policy'))));

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time (one per core; E2E_WORKERS overrides), each file's tests in order in one worker. Specs
  // share no state: each real-server spec runs a server of its own on its own port and data (server.spec.ts on 4193,
  // agent.spec.ts on 4197, url-policy.spec.ts in-process), the demo backend lives in each context's IndexedDB, and the
  // managed policy url-policy.spec.ts writes blocks only its own *.test hosts, which no other spec resolves.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  ...(runsServer ? { globalSetup: './tests/e2e/support/server-process.ts' } : {}),
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
    // tests/e2e/url-policy.spec.ts needs no preview: its own server serves dist-server. A run naming only it starts none.
    ...(e2eFilters.length > 0 && e2eFilters.every((f) => f.includes('url-policy'))
      ? []
      : [
          {
            command: `npx vite preview --port ${port} --strictPort --host 127.0.0.1 --outDir ${outDir}`,
            url: `http://127.0.0.1:${port}`,
            reuseExistingServer: false,
            timeout: 60_000,
          },
        ]),
    ...oidcServers,
    ...remoteServers,
  ],
});
