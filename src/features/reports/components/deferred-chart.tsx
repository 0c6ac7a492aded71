import { useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';

/**
 * The charts waiting for their turn to draw. One chart (recharts: its axes, scales and store settle over a few
 * renders) costs the main thread tens of milliseconds; the report's three drawn in one task blocked it for a few
 * hundred (issue 46 §1). So in a browser each draws in an idle period of its own, one after the other.
 */
const waiting: (() => void)[] = [];
let drawing = false;

function next(): void {
  const start = waiting.shift();
  drawing = start !== undefined;
  // The timeout keeps a busy page from holding its charts back for long.
  if (start) requestIdleCallback(start, { timeout: 1000 });
}

/** Queues `start`; returns a function that takes it out again (the chart unmounted before its turn). */
function awaitTurn(start: () => void): () => void {
  waiting.push(start);
  if (!drawing) next();
  return () => {
    const at = waiting.indexOf(start);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/** Rendered with the chart: once it is committed, the next chart may take its turn (in the next idle period). */
function TurnDone({ onDone }: { onDone: () => void }) {
  useEffect(() => onDone(), [onDone]);
  return null;
}

// jsdom (the tests) has no idle callbacks: there a chart draws in the background render after its page, as before.
const canQueue = () => typeof requestIdleCallback === 'function';

/**
 * Draws its chart after the figures and tables around it are on screen, because a chart is the slowest part of a
 * report's first render: in a browser in an idle period of its own, one chart at a time; elsewhere in a background
 * render. Until then a placeholder of the chart's height keeps the layout still. Screen readers read the chart's
 * table, which is not deferred.
 */
export function DeferredChart({ height, children }: { height: number; children: ReactNode }) {
  const rendered = useDeferredValue(true, false);
  const [queued] = useState(canQueue);
  const [turn, setTurn] = useState(false);
  const release = useRef<() => void>(() => undefined);
  const drawn = useCallback(() => release.current(), []);
  useEffect(() => {
    if (!queued) return undefined;
    let holding = false;
    let gone = false;
    // The turn passes on once: when this chart is drawn, or when it leaves the page before or during its turn.
    release.current = () => {
      if (!holding) return;
      holding = false;
      next();
    };
    const cancel = awaitTurn(() => {
      holding = true;
      if (gone) release.current();
      else setTurn(true);
    });
    return () => {
      gone = true;
      cancel();
      release.current();
    };
  }, [queued]);
  const ready = queued ? turn : rendered;
  if (!ready) return <Skeleton height={height} radius="sm" />;
  return (
    <>
      {children}
      {queued && <TurnDone onDone={drawn} />}
    </>
  );
}
