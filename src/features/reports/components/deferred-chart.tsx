import { useCallback, useDeferredValue, useState, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';

/**
 * The charts waiting for their turn to draw. One chart (recharts: its axes, scales and store settle over a few
 * renders) costs the main thread tens of milliseconds; the report's three drawn in one task blocked it for a few
 * hundred (issue 46 §1). So in a browser each draws in an idle period of its own, one after the other: the next
 * idle period comes once the tasks of the chart before (its render) are done.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function schedule(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  // The timeout keeps a busy page from holding its charts back for long.
  requestIdleCallback(
    () => {
      scheduled = false;
      waiting.shift()?.();
      schedule();
    },
    { timeout: 1000 },
  );
}

/** Queues `start`; returns a function that takes it out again (the chart left the page before its turn). */
function awaitTurn(start: () => void): () => void {
  waiting.push(start);
  schedule();
  return () => {
    const at = waiting.indexOf(start);
    if (at >= 0) waiting.splice(at, 1);
  };
}

// jsdom (the tests) has no idle callbacks: there a chart draws in the background render after its page, as before.
const canQueue = () => typeof requestIdleCallback === 'function';

/**
 * Draws its chart after the figures and tables around it are on screen, because a chart is the slowest part of a
 * report's first render: in a browser in an idle period of its own, one chart at a time; elsewhere in a background
 * render. Until then a placeholder of the chart's height keeps the layout still, and holds the chart's place in
 * the queue while it is on the page (its ref's cleanup gives the place up). Screen readers read the chart's
 * table, which is not deferred.
 */
export function DeferredChart({ height, children }: { height: number; children: ReactNode }) {
  const rendered = useDeferredValue(true, false);
  const [queued] = useState(canQueue);
  const [turn, setTurn] = useState(false);
  const placeholder = useCallback((node: HTMLDivElement | null) => (node && queued ? awaitTurn(() => setTurn(true)) : undefined), [queued]);
  const ready = queued ? turn : rendered;
  return ready ? children : <Skeleton ref={placeholder} height={height} radius="sm" />;
}
