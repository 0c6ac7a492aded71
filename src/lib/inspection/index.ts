import { isMachineSnapshot, StateMachine, type ActorRefLike, type AnyActorRef, type AnyStateMachine, type InspectionEvent, type StateValue } from 'xstate';
import { maskValue } from './mask';

export { maskValue, MASK, SENSITIVE_KEY } from './mask';

/**
 * Live inspection for the machine explorer (/dev/statecharts, docs/statecharts.md), on XState's own
 * `inspect` API. Started with the app (src/main.tsx) when the developer tools are on, it keeps a bounded
 * buffer of what the actors of this tab did, masked as it is recorded (tokens, passwords, secrets), so the
 * explorer shows what happened before it was opened (the sign-in, for example).
 */

/** The explorer exists in demo mode, in development builds, and in a remote build only with VITE_DEVTOOLS=true. */
export function devtoolsEnabled(env: Pick<ImportMetaEnv, 'VITE_API_MODE' | 'VITE_DEVTOOLS' | 'DEV'> = import.meta.env): boolean {
  return env.DEV === true || env.VITE_API_MODE !== 'remote' || env.VITE_DEVTOOLS === 'true';
}

export const MAX_LOGGED_EVENTS = 500;

export interface LoggedEvent {
  seq: number;
  /** Epoch ms. */
  at: number;
  /** The receiving actor (its session id, unique in the tab). */
  actor: string;
  type: string;
  /** The event without its type, masked. */
  payload: unknown;
  /** The state value the event led to; undefined until the actor has processed it, or when it is no machine. */
  state?: StateValue;
}

export interface LiveActor {
  /** Unique in the tab (`x:12`). */
  sessionId: string;
  /** The actor's id (`session`, the invoke id, or a spawned actor's id). */
  id: string;
  /** The machine definition the actor runs (the explorer finds its chart by it). */
  machine: AnyStateMachine;
  ref: AnyActorRef;
  /** The parent's session id; null for a root actor. */
  parent: string | null;
  startedAt: number;
}

type Listener = () => void;

let started = false;
let version = 0;
let seq = 0;
const events: LoggedEvent[] = [];
const actors = new Map<string, LiveActor>();
const listeners = new Set<Listener>();
/** The last logged event per actor still waiting for the state it leads to. */
const pending = new Map<string, { event: object; entry: LoggedEvent }>();

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function machineOf(ref: ActorRefLike): AnyStateMachine | null {
  const logic: unknown = 'logic' in ref ? ref.logic : null;
  return logic instanceof StateMachine ? (logic as AnyStateMachine) : null;
}

function isActorRef(ref: ActorRefLike): ref is AnyActorRef {
  return 'id' in ref && typeof ref.id === 'string';
}

function record(inspection: InspectionEvent) {
  const ref = inspection.actorRef;
  if (inspection.type === '@xstate.actor') {
    const machine = machineOf(ref);
    if (!machine || !isActorRef(ref)) return;
    const parent = ref._parent;
    actors.set(ref.sessionId, { sessionId: ref.sessionId, id: ref.id, machine, ref, parent: parent ? parent.sessionId : null, startedAt: Date.now() });
    changed();
    return;
  }
  if (inspection.type === '@xstate.event') {
    if (!actors.has(ref.sessionId)) return;
    const { type, ...payload } = inspection.event;
    const entry: LoggedEvent = { seq: ++seq, at: Date.now(), actor: ref.sessionId, type, payload: maskValue(payload) };
    events.push(entry);
    if (events.length > MAX_LOGGED_EVENTS) events.splice(0, events.length - MAX_LOGGED_EVENTS);
    pending.set(ref.sessionId, { event: inspection.event, entry });
    changed();
    return;
  }
  if (inspection.type === '@xstate.snapshot') {
    const waiting = pending.get(ref.sessionId);
    const snapshot: unknown = inspection.snapshot;
    if (waiting && waiting.event === inspection.event && isMachineSnapshot(snapshot)) {
      waiting.entry.state = snapshot.value;
      pending.delete(ref.sessionId);
    }
    const actor = actors.get(ref.sessionId);
    if (actor && isMachineSnapshot(snapshot) && snapshot.status !== 'active') actors.delete(ref.sessionId);
    changed();
  }
}

/** The observer given to `createActor(..., { inspect })`: records only once inspection has started. */
export function inspect(inspection: InspectionEvent): void {
  if (!started) return;
  try {
    record(inspection);
  } catch {
    // Inspection never breaks the inspected actor.
  }
}

/** Creation options with the app's inspector: `createActor(logic, withInspect({ input }))`. Screens use `useScreenActor` (./use-screen-actor), which adds it. */
export function withInspect<T extends object = Record<never, never>>(options?: T): T & { inspect: typeof inspect } {
  return { ...(options ?? ({} as T)), inspect };
}

/** Starts recording (src/main.tsx, before the first actor). Does nothing when the developer tools are off. */
export function startInspection(enabled: boolean = devtoolsEnabled()): void {
  started = enabled;
}

export function isInspecting(): boolean {
  return started;
}

export function subscribeInspection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever the buffer or the actor list changes (for useSyncExternalStore). */
export function inspectionVersion(): number {
  return version;
}

/** The actors of this tab that are still running, oldest first. */
export function liveActors(): LiveActor[] {
  for (const [id, actor] of actors) {
    if (actor.ref.getSnapshot().status !== 'active') actors.delete(id);
  }
  return [...actors.values()];
}

/** The buffered events, oldest first (at most MAX_LOGGED_EVENTS); optionally only those one actor received. */
export function loggedEvents(actor?: string): readonly LoggedEvent[] {
  return actor ? events.filter((e) => e.actor === actor) : events;
}

/** Forgets everything recorded (tests; the explorer's "Clear log" keeps the actors). */
export function clearInspection(options: { actors?: boolean } = {}): void {
  events.length = 0;
  pending.clear();
  if (options.actors) actors.clear();
  changed();
}
