import { apiClient, configureApiClient } from '@/lib/api-client';
import { registerDemoDataReset } from '@/lib/session';

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

/** How long the backend waits at most for the first screen before it starts anyway. */
const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * Resolves once the first screen is painted: the route's page has rendered (it hides the boot overlay
 * of index.html, see loading-overlay.ts) and a frame has gone out. At most FIRST_SCREEN_WAIT_MS; at once
 * where there is no document (tests).
 */
function afterFirstScreen(demanded: Promise<void>): Promise<void> {
  if (typeof document === 'undefined' || typeof requestAnimationFrame !== 'function') return Promise.resolve();
  const overlay = document.getElementById('loading-bg');
  const painted = () => !overlay || overlay.classList.contains('is-hidden');
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      clearTimeout(timer);
      // rAF does not run in a hidden tab: the timer then starts the backend all the same.
      const fallback = setTimeout(resolve, 100);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          clearTimeout(fallback);
          setTimeout(resolve, 0);
        }),
      );
    };
    const observer = painted() || !overlay ? null : new MutationObserver(() => painted() && finish());
    observer?.observe(overlay as HTMLElement, { attributes: true, attributeFilter: ['class'] });
    const timer = setTimeout(finish, FIRST_SCREEN_WAIT_MS);
    // A request is waiting (a restored session confirming itself behind the spinner): start at once.
    void demanded.then(() => {
      if (done) return;
      done = true;
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    });
    if (painted()) finish();
  });
}

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
  // The backend's chunk (Mirage, 90 KB gz) is fetched and evaluated only after the first screen, or at once
  // when a request needs it: its parse and evaluation would otherwise compete with the page's own.
  const started = afterFirstScreen(demanded);
  const chunk = started.then(() => import('@mirage/browser'));
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
      onProgress: (phase, done) => report({ phase, done }),
    });
    report({ phase: 'ready', done: 1 });
    // Demo mode only, next to `window.server`: `npm run bench` sends concurrent calls through the app's own
    // client (50 requests with an expired token must give one refresh).
    window.demoApiClient = apiClient;
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
