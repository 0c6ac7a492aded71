import { createElement, lazy, type ComponentType } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(
    readonly reason: 'failed' | 'timeout',
    cause?: unknown,
  ) {
    super(reason === 'timeout' ? 'Loading the page timed out' : 'Loading the page failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Races a chunk import against a timeout so a stalled download ends in an error screen, not a spinner forever. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed', error));
      },
    );
  });
}

type PageLoader = () => Promise<{ default: ComponentType }>;
const cache = new Map<PageLoader, ComponentType>();
const loaded = new Map<PageLoader, ComponentType>();

/**
 * Loads a page's module before it is rendered (src/main.tsx, for the first screen): a page already loaded
 * renders at once, without a Suspense fallback that React would hold for its throttled reveal.
 */
export function preloadPage(load: PageLoader): Promise<void> {
  return load().then(
    (module) => {
      loaded.set(load, module.default);
    },
    () => undefined,
  );
}

/** One component per route loader (React.lazy until the module is there), so re-renders do not reload the chunk. */
export function lazyPage(load: PageLoader): ComponentType {
  let page = cache.get(load);
  if (!page) {
    const Lazy = lazy(() =>
      loadWithTimeout(load).then((module) => {
        loaded.set(load, module.default);
        return module;
      }),
    );
    page = function Page() {
      return createElement(loaded.get(load) ?? Lazy);
    };
    cache.set(load, page);
  }
  return page;
}
