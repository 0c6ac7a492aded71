/**
 * The moment the first screen is painted: work that the first paint does not need (the embedded backend,
 * code a later click needs) starts then, not before, so it never competes with the first paint.
 */

/** How long work that waits for the first screen waits at most before it starts anyway. */
const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * Resolves once the first screen is painted: the route's page has rendered (it hides the boot overlay
 * of index.html, see loading-overlay.ts) and a frame has gone out. At most FIRST_SCREEN_WAIT_MS; at once
 * where there is no document (tests).
 */
export function afterFirstScreen(demanded: Promise<void> = new Promise<void>(() => {})): Promise<void> {
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
      // rAF does not run in a hidden tab: the timer then starts the work all the same.
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
    // Needed now (a request waits for the backend: a restored session confirming itself): start at once.
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
