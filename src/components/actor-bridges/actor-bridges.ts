import { useEffect, useEffectEvent, useRef } from 'react';
import type { EventObject } from 'xstate';

/**
 * The two ways a view is allowed to wire itself to an actor with an effect (docs/architecture.md, "Effects"): one
 * effect each, here, instead of one per screen. Coordination between actors, timers and DOM listeners a machine can
 * own belong in the machines (invoked actors), not in either of these.
 */

/** What `useActorEvents` needs of an actor: its emitted events. */
interface Emitting<TEmitted extends EventObject> {
  on(type: '*', handler: (event: TEmitted) => void): { unsubscribe(): void };
}

type Handlers<TEmitted extends EventObject> = { [K in TEmitted['type']]?: (event: Extract<TEmitted, { type: K }>) => void } & {
  /** Every event, after its own handler. */
  '*'?: (event: TEmitted) => void;
};

/**
 * Shows what an actor announces (its `emit`ted events) while the component is mounted: toasts, a download, a
 * navigation. The latest `handlers` are used, without subscribing again on every render; `actor` null: nothing yet.
 */
export function useActorEvents<TEmitted extends EventObject>(actor: Emitting<TEmitted> | null, handlers: Handlers<TEmitted>): void {
  // The latest handlers, read when an event comes (an emit can arrive while React renders, where an effect event may not run).
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!actor) return undefined;
    const subscription = actor.on('*', (event) => {
      const own = latest.current;
      const handler = own[event.type as TEmitted['type']] as ((e: TEmitted) => void) | undefined;
      handler?.(event);
      own['*']?.(event);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}

/**
 * Tells an actor what the router or a prop says now (a URL parameter, a chosen id): `eventOf(value)` is sent when the
 * component mounts and whenever `value` changes (compared with `Object.is`); null sends nothing (the machine has it).
 */
export function useSendOnChange<TValue, TEvent extends EventObject>(
  actor: { send(event: TEvent): void },
  value: TValue,
  eventOf: (value: TValue) => TEvent | null,
): void {
  const toEvent = useEffectEvent(eventOf);
  useEffect(() => {
    const event = toEvent(value);
    if (event) actor.send(event);
  }, [actor, value]);
}
