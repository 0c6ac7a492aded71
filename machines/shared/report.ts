import type { EventObject } from 'xstate';

/** The part of `enqueueActions`' `enqueue` a report needs. */
interface ReportQueue<E extends EventObject> {
  emit: (event: E) => void;
  sendParent: (event: E) => void;
}

/**
 * Tells a child's outcome twice: to its parent (`sendParent`, e.g. the CRUD screen) when it has one, and as an
 * emitted event for a listener of an actor that has none. Call it inside `enqueueActions`.
 */
export function report<E extends EventObject>(enqueue: ReportQueue<E>, self: { _parent?: unknown }, event: E): void {
  enqueue.emit(event);
  if (self._parent) enqueue.sendParent(event);
}
