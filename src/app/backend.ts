import type { apiClient } from '@/lib/api-client';
import { configureApiClient } from '@/lib/api-config';
import { registerDemoDataReset } from '@/lib/session/light';
import { afterFirstScreen } from './first-screen';

declare global {
  interface Window {
    /** The app's API client, exposed in demo mode only (for `npm run bench` and the console). */
    demoApiClient?: typeof apiClient;
  }
}

/** How far the embedded backend has come, for the boot progress bar (large seed). */
export interface BackendProgress {
  phase: 'loading' | 'seeding' | 'storing' | 'ready' | 'failed';
  /** 0..1 */
  done: number;
}

type Listener = (progress: BackendProgress) => void;
const listeners = new Set<Listener>();
let progress: BackendProgress = { phase: 'ready', done: 1 };

function report(next: BackendProgress): void {
  progress = next;
  for (const listener of listeners) listener(next);
}

/** The backend's current progress and a subscription to it (useSyncExternalStore). */
export const backendProgress = {
  get: (): BackendProgress => progress,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Starts the embedded Mirage backend unless a remote API is configured, without blocking the first paint:
 * the app renders at once, the backend's chunk downloads in parallel, and it loads or seeds its database
 * once the first screen is painted (its work would otherwise hold up the page's own rendering). Every API request waits for it (`whenReady` of the API client), so a
 * request made meanwhile is answered by the backend, never sent to the network. Mirage is its own chunk:
 * remote builds never download it.
 */
export function startBackend(env: ImportMetaEnv = import.meta.env): Promise<void> {
  if ((env.VITE_API_MODE ?? 'mirage') === 'remote') return Promise.resolve();
  report({ phase: 'loading', done: 0 });
  let demand = () => {};
  const demanded = new Promise<void>((resolve) => {
    demand = resolve;
  });
  // The backend's chunk (Mirage) is fetched and evaluated only after the first screen, or at once
  // when a request needs it: its parse and evaluation would otherwise compete with the page's own.
  const started = afterFirstScreen(demanded);
  const chunk = started.then(() => import('@mirage/browser'));
  // Demo mode only (below): the app's API client, loaded alongside the backend (it is not in the entry).
  const client = started.then(() => import('@/lib/api-client'));
  // Registered before anything renders: when the stored data breaks the start, "Reset demo data" is the way out.
  registerDemoDataReset(async () => {
    demand();
    await (await chunk).resetBrowserDemoData();
  });
  const ready = (async () => {
    const { startBrowserServer } = await chunk;
    await startBrowserServer({
      latencyMs: env.VITE_MOCK_LATENCY_MS,
      tokenLifetimeS: env.VITE_MOCK_TOKEN_LIFETIME_S,
      seed: env.VITE_SEED,
      // A fresh seed is stored in the background after the backend answers: its bar goes once it is stored.
      onProgress: (phase, done) => report(phase === 'storing' && done >= 1 ? { phase: 'ready', done: 1 } : { phase, done }),
    });
    // Demo mode only, next to `window.server`: `npm run bench` sends concurrent calls through the app's own
    // client (50 requests with an expired token must give one refresh).
    window.demoApiClient = (await client).apiClient;
    if (progress.phase !== 'storing') report({ phase: 'ready', done: 1 });
  })();
  ready.catch(() => report({ phase: 'failed', done: 1 }));
  configureApiClient({
    whenReady: () => {
      demand();
      return ready;
    },
  });
  return ready;
}
