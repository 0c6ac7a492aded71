// Types only: a value import of 'xstate' here would put XState's runtime in the first load (the entry imports this
// module; build/boot-chunks.ts), where the sign-in page runs no actor (src/lib/session/current.ts).
import type { ActorRefLike, AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InspectionEvent, StateValue } from 'xstate';
import { maskValue } from './mask';

export { maskValue, MASK } from './mask';

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

/**
 * `devtoolsEnabled()` decided when the app is built: `import.meta.env` is a constant in a build, so a remote
 * build without VITE_DEVTOOLS carries neither the explorer's routes nor the recording code in its entry.
 */
export const DEVTOOLS_BUILD: boolean =
  import.meta.env.DEV === true || import.meta.env.VITE_API_MODE !== 'remote' || import.meta.env.VITE_DEVTOOLS === 'true';

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
  /** The context it led to, masked (the explorer's timeline shows it and starts a sandbox from it). */
  context?: unknown;
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

/** An HTTP call the app made (src/lib/api-client.ts), for the explorer's recordings. */
export interface ApiCallNote {
  type: 'api.call';
  /** Epoch ms when it was sent. */
  at: number;
  method: string;
  path: string;
  /** 0: no answer. */
  status: number;
  ms: number;
}

/** A recording's raw feed: every inspection event and API call, as they happen (the recorder masks them). */
export type Tap = (event: InspectionEvent | ApiCallNote) => void;

let started = false;
let version = 0;
let seq = 0;
const events: LoggedEvent[] = [];
const actors = new Map<string, LiveActor>();
/**
 * Created, not started yet: listed only once they start. React may create a screen's actor during a render
 * it then throws away (a Suspense retry, for one) and never start or stop it; such an actor stayed listed
 * "running" in its initial state forever (issue 45). Weakly held, so a discarded one is garbage.
 */
const created = new WeakMap<object, LiveActor>();
const listeners = new Set<Listener>();
const taps = new Set<Tap>();

function toTaps(event: InspectionEvent | ApiCallNote) {
  for (const tap of taps) {
    try {
      tap(event);
    } catch {
      // A tap of a closed explorer window: forget it.
      taps.delete(tap);
    }
  }
}
/** The last logged event per actor still waiting for the state it leads to. */
const pending = new Map<string, { event: object; entry: LoggedEvent }>();

function changed() {
  version += 1;
  for (const listener of listeners) {
    try {
      listener();
    } catch {
      // A listener of a closed explorer window: forget it, and never break the inspected actors.
      listeners.delete(listener);
    }
  }
}

/** A machine's logic (XState's `StateMachine`: a root state node and its implementations), not a promise's or a callback's. */
function isStateMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && '__xstatenode' in logic && 'root' in logic && 'implementations' in logic;
}

function machineOf(ref: ActorRefLike): AnyStateMachine | null {
  const logic: unknown = 'logic' in ref ? ref.logic : null;
  return isStateMachine(logic) ? logic : null;
}

/** XState's `isMachineSnapshot`, without importing its runtime. */
function isMachineSnapshot(value: unknown): value is AnyMachineSnapshot {
  return typeof value === 'object' && value !== null && 'machine' in value && 'value' in value;
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
    created.set(ref, {
      sessionId: ref.sessionId,
      id: ref.id,
      machine,
      ref,
      parent: parent ? parent.sessionId : null,
      startedAt: Date.now(),
    });
    return;
  }
  if (inspection.type === '@xstate.event') {
    const starting = inspection.event.type === 'xstate.init' ? created.get(ref) : undefined;
    if (starting) {
      created.delete(ref);
      actors.set(ref.sessionId, { ...starting, startedAt: Date.now() });
    }
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
      waiting.entry.context = maskValue(snapshot.context);
      pending.delete(ref.sessionId);
    }
    const actor = actors.get(ref.sessionId);
    if (actor && isMachineSnapshot(snapshot) && snapshot.status !== 'active') actors.delete(ref.sessionId);
    changed();
  }
}

/** The observer given to `createActor(..., { inspect })`: records only once inspection has started. */
export function inspect(inspection: InspectionEvent): void {
  if (!DEVTOOLS_BUILD || !started) return;
  try {
    record(inspection);
    if (taps.size > 0) toTaps(inspection);
  } catch {
    // Inspection never breaks the inspected actor.
  }
}

/** Creation options with the app's inspector: `createActor(logic, withInspect({ input }))`. Screens use `useScreenActor` (./use-screen-actor), which adds it. */
export function withInspect<T extends object = Record<never, never>>(options?: T): T & { inspect: typeof inspect } {
  return { ...(options ?? ({} as T)), inspect };
}

/**
 * What the explorer reads. A screen's actors stop when this tab navigates to the explorer, so the explorer can
 * also be opened in a window of its own from the user menu: that window reads the recording of the tab that
 * opened it (same origin, through `window.opener`), whose screen keeps running, instead of its own.
 */
export interface InspectionSource {
  isInspecting: () => boolean;
  subscribe: (listener: Listener) => () => void;
  version: () => number;
  liveActors: () => LiveActor[];
  loggedEvents: (actor?: string) => readonly LoggedEvent[];
  clear: (options?: { actors?: boolean }) => void;
  /** Every inspection event and API call from now on, until the returned function is called. */
  tap: (tap: Tap) => () => void;
}

const SOURCE_KEY = '__appInspection';
type WithSource = Window & { [SOURCE_KEY]?: InspectionSource };

const local: InspectionSource = {
  isInspecting: () => started,
  subscribe: (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: () => version,
  liveActors: () => {
    for (const [id, actor] of actors) {
      if (actor.ref.getSnapshot().status !== 'active') actors.delete(id);
    }
    return [...actors.values()];
  },
  loggedEvents: (actor) => (actor ? events.filter((e) => e.actor === actor) : events),
  clear: (options = {}) => {
    events.length = 0;
    pending.clear();
    if (options.actors) actors.clear();
    changed();
  },
  tap: (tap) => {
    taps.add(tap);
    return () => taps.delete(tap);
  },
};

/** Notes an HTTP call for a running recording (nothing happens when none runs). */
export function noteApiCall(call: Omit<ApiCallNote, 'type'>): void {
  if (!DEVTOOLS_BUILD || !started || taps.size === 0) return;
  toTaps({ type: 'api.call', ...call });
}

/** Feeds a recording (the explorer's Record button), from this tab or the one that opened this window. */
export function tapInspection(tap: Tap): () => void {
  return source().tap(tap);
}

/** The recording of the app window that opened this one, when there is one that records. */
export function openerInspection(): InspectionSource | null {
  if (typeof window === 'undefined') return null;
  try {
    const opener = window.opener as WithSource | null;
    const source = opener && !opener.closed ? opener[SOURCE_KEY] : undefined;
    return source?.isInspecting() ? source : null;
  } catch {
    // An opener of another origin.
    return null;
  }
}

const source = (): InspectionSource => openerInspection() ?? local;

/**
 * Whether this document is the machine explorer's own window (opened from the user menu): a tool window that
 * shows the opener's actors. Its session runs no live connection of its own (src/lib/live/live-service.ts).
 */
export function isExplorerWindow(): boolean {
  return typeof window !== 'undefined' && window.location.pathname === '/dev/statecharts' && openerInspection() !== null;
}

/** Starts recording (src/main.tsx, before the first actor). Does nothing when the developer tools are off. */
export function startInspection(enabled: boolean = DEVTOOLS_BUILD): void {
  // A build without the developer tools never records (and so carries none of the recording code).
  if (!DEVTOOLS_BUILD) return;
  started = enabled;
  // An explorer window this tab opens reads this tab's recording.
  if (typeof window !== 'undefined') {
    (window as WithSource)[SOURCE_KEY] = enabled ? local : undefined;
  }
}

export function isInspecting(): boolean {
  return source().isInspecting();
}

export function subscribeInspection(listener: Listener): () => void {
  const opener = openerInspection();
  if (!opener) return local.subscribe(listener);
  // Subscribed in the opener's recording: leave it when this window closes.
  const unsubscribe = opener.subscribe(listener);
  window.addEventListener('pagehide', unsubscribe, { once: true });
  return () => {
    window.removeEventListener('pagehide', unsubscribe);
    unsubscribe();
  };
}

/** Changes whenever the buffer or the actor list changes (for useSyncExternalStore). */
export function inspectionVersion(): number {
  return source().version();
}

/** The actors still running in this tab (or in the tab that opened this explorer window), oldest first. */
export function liveActors(): LiveActor[] {
  return source().liveActors();
}

/** The buffered events, oldest first (at most MAX_LOGGED_EVENTS); optionally only those one actor received. */
export function loggedEvents(actor?: string): readonly LoggedEvent[] {
  return source().loggedEvents(actor);
}

/** Forgets everything recorded (tests; the explorer's "Clear log" keeps the actors). */
export function clearInspection(options: { actors?: boolean } = {}): void {
  source().clear(options);
}
