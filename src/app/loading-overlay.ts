import { useLayoutEffect } from 'react';

/**
 * Hides the #loading-bg overlay of index.html once a route has rendered, and again after every navigation.
 * In the commit that shows the page (a layout effect): the frame that paints the page also drops the
 * overlay. A passive effect runs after that paint, so the first screen waited one more task and frame with
 * the page rendered behind the overlay (docs/performance.md).
 */
export function useHideLoadingOverlay(key: string): void {
  useLayoutEffect(() => {
    document.getElementById('loading-bg')?.classList.add('is-hidden');
  }, [key]);
}
