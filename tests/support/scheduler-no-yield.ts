import { createRequire } from 'node:module';

/**
 * React renders a transition (a deferred value, a startTransition) in slices, yielding to the scheduler every few
 * milliseconds. In the tests, a query's timeout (findBy…, waitFor) could then run out between two slices of a
 * render that, in one piece, it would have waited for: the tests' timers are the same as the app's. Here React
 * never yields inside a render, as inside act(): a transition still renders after the urgent render and in a
 * task of its own, as in the browser, but whole. Loaded before react-dom (the first setup file), which reads
 * `unstable_shouldYield` once.
 */
const scheduler: { unstable_shouldYield: () => boolean } = createRequire(import.meta.url)('scheduler');
scheduler.unstable_shouldYield = () => false;
