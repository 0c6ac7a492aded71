import { useEffect } from 'react';

/** Hides the #loading-bg overlay of index.html once a route has rendered, and again after every navigation. */
export function useHideLoadingOverlay(key: string): void {
  useEffect(() => {
    document.getElementById('loading-bg')?.classList.add('is-hidden');
  }, [key]);
}
