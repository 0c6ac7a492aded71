import { configureApiClient } from '@/lib/api-client';
import { registerDemoDataReset } from '@/lib/session';

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

/** Resolves once the first paint is on screen (two animation frames), at once where there are none. */
function afterFirstPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    // rAF does not run in a hidden tab: a timer makes sure a background tab still starts its backend.
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        setTimeout(resolve, 0);
      }),
    );
  });
}

/**
 * Starts the embedded Mirage backend unless a remote API is configured, without blocking the first paint:
 * the app renders at once, the backend's chunk downloads in parallel, and it loads or seeds its database
 * once the first screen is painted. Every API request waits for it (`whenReady` of the API client), so a
 * request made meanwhile is answered by the backend, never sent to the network. Mirage is its own chunk:
 * remote builds never download it.
 */
export function startBackend(env: ImportMetaEnv = import.meta.env): Promise<void> {
  if ((env.VITE_API_MODE ?? 'mirage') === 'remote') return Promise.resolve();
  report({ phase: 'loading', done: 0 });
  const chunk = import('@mirage/browser');
  // Registered before anything renders: when the stored data breaks the start, "Reset demo data" is the way out.
  registerDemoDataReset(async () => (await chunk).resetBrowserDemoData());
  const ready = (async () => {
    const { startBrowserServer } = await chunk;
    await afterFirstPaint();
    await startBrowserServer({
      latencyMs: env.VITE_MOCK_LATENCY_MS,
      tokenLifetimeS: env.VITE_MOCK_TOKEN_LIFETIME_S,
      seed: env.VITE_SEED,
      onProgress: (phase, done) => report({ phase, done }),
    });
    report({ phase: 'ready', done: 1 });
  })();
  ready.catch(() => report({ phase: 'failed', done: 1 }));
  configureApiClient({ whenReady: () => ready });
  return ready;
}
