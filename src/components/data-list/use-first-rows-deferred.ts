import { useDeferredValue, useState } from 'react';

/**
 * A list's rows as a screen renders them: its first rows render in a background render, which React splits into
 * short tasks off the screen's load (a page of rows was one 80-150 ms task); once shown, the rows follow the list
 * machine at once, so a click never lands on a row a frame behind the count beside it. `pending` is true while
 * rows the machine holds are not rendered yet: the list shows its loader, not its empty state.
 */
export function useFirstRowsDeferred<T>(rows: T[]): { rows: T[]; pending: boolean } {
  const deferred = useDeferredValue(rows);
  const [shown, setShown] = useState(false);
  if (!shown && deferred.length > 0) setShown(true);
  if (shown) return { rows, pending: false };
  return { rows: deferred, pending: deferred !== rows };
}
