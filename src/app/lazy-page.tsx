import { lazy, type ComponentType } from 'react';

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

const cache = new Map<() => Promise<{ default: ComponentType }>, ComponentType>();

/** One React.lazy component per route loader, so re-renders do not reload the chunk. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let page = cache.get(load);
  if (!page) {
    page = lazy(() => loadWithTimeout(load));
    cache.set(load, page);
  }
  return page;
}
