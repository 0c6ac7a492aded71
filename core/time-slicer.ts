/**
 * A long loop that gives the runtime a turn now and then: the browser's main thread (a frame, an input) or the
 * server's event loop (other requests). `breathe()` is cheap to call often: it waits for the next task only once
 * the current slice has run `ms` or longer.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface TimeSlicer {
  /** Waits for the next task when the current slice has run `ms` or longer; else resolves at once. */
  breathe(): Promise<void>;
}

export function timeSlicer(ms = 30): TimeSlicer {
  let since = performance.now();
  return {
    async breathe() {
      if (performance.now() - since < ms) return;
      await nextTask();
      since = performance.now();
    },
  };
}
