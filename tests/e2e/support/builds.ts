import { spawn } from 'node:child_process';

/**
 * The app builds the browser suite serves besides the demo build (E2E_DIST), each made with the origin it talks to.
 * playwright.config.ts builds one before serving it, one after the other; `npm run test:e2e:build` builds them all
 * side by side beforehand (.ci/run), and E2E_OIDC_BUILT=1 E2E_REMOTE_BUILT=1 then serve them as they are.
 */

export const OIDC_PROVIDER_PORT = 4190;
export const PRISM_PORT = Number(process.env.E2E_PRISM_PORT ?? 4192);

export interface E2eBuild {
  outDir: string;
  env: Record<string, string>;
}

export const E2E_BUILDS = {
  // tests/e2e/oidc.spec.ts: the app signs in at the OpenID provider. No simulated latency in the demo backend, as the
  // main build the suite serves in CI (.ci/run).
  oidc: {
    outDir: 'dist-oidc',
    env: {
      VITE_MOCK_LATENCY_MS: '0',
      VITE_OIDC_AUTHORITY: `http://127.0.0.1:${OIDC_PROVIDER_PORT}`,
      VITE_OIDC_CLIENT_ID: 'service-unit-admin',
      VITE_OIDC_SCOPE: 'openid profile email offline_access',
    },
  },
  // tests/e2e/remote.spec.ts: the remote build calling Prism on another origin.
  remote: {
    outDir: process.env.E2E_REMOTE_DIST ?? 'dist-remote',
    env: { VITE_API_MODE: 'remote', VITE_API_BASE_URL: `http://127.0.0.1:${PRISM_PORT}` },
  },
} satisfies Record<string, E2eBuild>;

/** `npx vite build` of one of them; resolves with its seconds, rejects with its output when it fails. */
export function build({ outDir, env }: E2eBuild): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve((Date.now() - started) / 1000) : reject(new Error(`vite build --outDir ${outDir} failed:\n${output}`)),
    );
  });
}
