import { useLayoutEffect } from 'react';

/**
 * Hides the #loading-bg overlay of index.html once a route has rendered, and again after every navigation.
 * A layout effect, so the frame that paints the page also drops the overlay (a passive effect would run
 * after that paint, and the page would wait behind the overlay one frame more).
 */
export function useHideLoadingOverlay(key: string): void {
  useLayoutEffect(() => {
    document.getElementById('loading-bg')?.classList.add('is-hidden');
  }, [key]);
}
