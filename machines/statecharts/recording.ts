import type { AnyActorRef, InspectionEvent, StateValue } from 'xstate';

/**
 * A recording of one live actor (the explorer's Record button, docs/statecharts.md § Recording): what it
 * received in order, what each step led to, and the API calls made meanwhile. Secrets are masked when
 * recorded, but each distinct secret keeps its own number (`••••••#2`), so a test made from the recording
 * can put a placeholder in its place that still drives the machine (an old token is not the new one).
 */

/** Keys whose values are never recorded in clear (the same rule as the explorer's log, src/lib/inspection/mask.ts). */
export const SECRET_KEY = /token|password|secret|session.?key/i;
export const MASKED = '••••••#';

export type StepKind = 'event' | 'done' | 'error' | 'after';

/** An invoked or spawned actor's error, as recorded (an Error's name, message and own fields). */
export interface RecordedError {
  name: string;
  message: string;
  details: Record<string, unknown>;
}

export interface RecordedStep {
  /** 1-based. */
  n: number;
  /** Milliseconds since the recording started. */
  at: number;
  kind: StepKind;
  /** The event type the actor received (`session.login`, `xstate.done.actor.login`, `xstate.after.…`). */
  type: string;
  /**
   * The machine actor it went to, when not the recorded one: its path from it (`task-12`, `email-5/replyComposer`).
   * A recorded test keeps such actors real (replay.ts).
   */
  to?: string;
  /** `to` steps: that actor's state after the step, null once it had stopped. */
  its?: StateValue | null;
  /** `done`/`error`: the invoke (or spawn) id. */
  actorId?: string;
  /** `event`: the event without its type; `done`: `{ output }`. Masked. */
  payload: Record<string, unknown>;
  /** `error` steps. */
  error?: RecordedError;
  /** The recorded actor's state value once the step had settled (what the actors told each other included). */
  state: StateValue;
  /** The recorded actor's context then, masked. */
  context: unknown;
}

export interface RecordedCall {
  /** Milliseconds since the recording started. */
  at: number;
  /** How many steps were recorded before it. */
  afterStep: number;
  method: string;
  /** Without its query string. */
  path: string;
  /** 0: no answer (network error). */
  status: number;
  ms: number;
}

/** Which actor was recorded, and where it was when the recording started. */
export interface RecordingStart {
  /** The registry name (`session`), else the machine id. */
  machine: string;
  machineId: string;
  /** The machine's file and export (from the registry), for the exported test's import. */
  file: string | null;
  exportName: string | null;
  /** Epoch ms. */
  startedAt: number;
  /** `actor.getPersistedSnapshot()` when the recording started, masked; null when it could not be taken. */
  snapshot: unknown;
  /** The input the actor was created with, masked (its type asks for one even when a snapshot is restored). */
  input?: unknown;
  state: StateValue;
}

export interface Recording {
  start: RecordingStart;
  steps: RecordedStep[];
  calls: RecordedCall[];
  /** True once the cap was reached: later steps were dropped. */
  capped: boolean;
}

/** A step as the recorder makes it: the recording machine numbers it. */
export type StepDraft = Omit<RecordedStep, 'n'>;
export type CallDraft = Omit<RecordedCall, 'afterStep'>;

/** 32-bit FNV-1a twice (two seeds): a secret is known again by its hash, never kept in clear. */
function hashOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(36)}.${b.toString(36)}`;
}

/** `Object.prototype.toString`: an Error or a Date from another window (the explorer's opener) too. */
const tagOf = (value: object) => Object.prototype.toString.call(value);

function isActorLike(value: object): value is { id: string } {
  return 'send' in value && 'getSnapshot' in value && typeof (value as { id?: unknown }).id === 'string';
}

const MAX_DEPTH = 16;

/** Masks values as they are recorded: secrets numbered by identity, errors and actors by name, functions dropped. */
export function createMasker() {
  const numbers = new Map<string, number>();
  const numberOf = (secret: unknown): number => {
    const key = hashOf(typeof secret === 'string' ? secret : (JSON.stringify(secret) ?? String(secret)));
    let n = numbers.get(key);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(key, n);
    }
    return n;
  };
  const errorOf = (value: object): RecordedError => {
    const details: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (key !== 'stack') details[key] = mask(item, 1);
    const { name, message } = value as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : 'Error', message: typeof message === 'string' ? message : '', details };
  };
  function mask(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
    if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return value;
    if (typeof value === 'function') return '[function]';
    if (typeof value !== 'object') return String(value);
    if (seen.has(value)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[…]';
    const tag = tagOf(value);
    if (tag === '[object Date]') return (value as Date).toISOString();
    if (tag === '[object Error]') return errorOf(value);
    if (isActorLike(value)) return `[actor ${value.id}]`;
    seen.add(value);
    try {
      if (Array.isArray(value)) return value.map((item: unknown) => mask(item, depth + 1, seen));
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined || typeof item === 'function') continue;
        // A number or a flag under such a key (`tokenExpiry`) is no secret, and delays are computed from it.
        const secret = SECRET_KEY.test(key) && item !== null && item !== '' && typeof item !== 'number' && typeof item !== 'boolean';
        out[key] = secret ? `${MASKED}${numberOf(item)}` : mask(item, depth + 1, seen);
      }
      return out;
    } finally {
      seen.delete(value);
    }
  }
  return {
    mask,
    /** An actor's error (any thrown value). */
    error(value: unknown): RecordedError {
      if (typeof value === 'object' && value !== null) return errorOf(value);
      return { name: 'Error', message: String(value), details: {} };
    },
  };
}

function kindOf(type: string, self: boolean): StepKind | null {
  if (type === 'xstate.init' || type === 'xstate.stop' || type.startsWith('xstate.snapshot.')) return null;
  if (type.startsWith('xstate.done.actor.')) return 'done';
  if (type.startsWith('xstate.error.actor.')) return 'error';
  // A delayed event the actor sent itself (`after`, a delayed raise): the scheduler delivers it.
  if (type.startsWith('xstate.after.') || self) return 'after';
  return 'event';
}

function isSnapshotWith(value: unknown): value is { value: StateValue; context: unknown } {
  return typeof value === 'object' && value !== null && 'value' in value && 'context' in value;
}

interface RefLike {
  sessionId: string;
  id?: string;
  _parent?: RefLike;
  src?: unknown;
}

type Target = Pick<AnyActorRef, 'sessionId' | 'getSnapshot' | 'getPersistedSnapshot'>;

export interface RecorderOptions {
  /** Actor sources a recorded test keeps real (`replaySources(machine).real`): events to them are steps too. */
  realSources?: readonly string[];
}

const childrenOf = (snapshot: unknown): Record<string, { getSnapshot: () => unknown }> => {
  const children: unknown = typeof snapshot === 'object' && snapshot !== null && 'children' in snapshot ? snapshot.children : null;
  return typeof children === 'object' && children !== null ? (children as Record<string, { getSnapshot: () => unknown }>) : {};
};

/**
 * Turns the inspection events of one actor, and of the machines it spawns or invokes, into steps. A step is
 * what came from outside (the app, a promise's answer, a delay); what the machines told each other follows
 * from it and is not a step. A step is complete once the next begins (or `settle()`): then the recorded
 * actor's state is the one the step settled in. `now` is injected so tests need no real time.
 */
export function createRecorder(target: Target, now: () => number, options: RecorderOptions = {}) {
  const masker = createMasker();
  const real = new Set(options.realSources ?? []);
  const startedAt = now();
  let pending: { draft: Omit<StepDraft, 'state' | 'context'>; path: string[] } | null = null;

  /** The ids from the recorded actor down to `ref`, and whether each is a machine the test keeps real; null outside. */
  const pathOf = (ref: RefLike | undefined): { ids: string[]; real: boolean } | null => {
    const ids: string[] = [];
    let isReal = true;
    for (let at = ref; at; at = at._parent) {
      if (at.sessionId === target.sessionId) return { ids, real: isReal };
      ids.unshift(at.id ?? at.sessionId);
      if (typeof at.src !== 'string' || !real.has(at.src)) isReal = false;
    }
    return null;
  };

  const settle = (): StepDraft | null => {
    if (!pending) return null;
    const { draft, path } = pending;
    pending = null;
    const root: unknown = target.getSnapshot();
    if (!isSnapshotWith(root)) return null;
    const step: StepDraft = { ...draft, state: root.value, context: masker.mask(root.context) };
    if (path.length) {
      let child: unknown = root;
      for (const id of path) child = childrenOf(child)[id]?.getSnapshot();
      step.its = isSnapshotWith(child) && 'status' in child && child.status === 'active' ? child.value : null;
    }
    return step;
  };

  return {
    startedAt,
    /** The actor's persisted snapshot now (masked), where the exported test starts. */
    snapshot(): { snapshot: unknown; state: StateValue; input?: unknown } {
      const current: unknown = target.getSnapshot();
      const state = isSnapshotWith(current) ? current.value : {};
      const options: unknown = 'options' in target ? target.options : undefined;
      const input: unknown = typeof options === 'object' && options !== null && 'input' in options ? options.input : undefined;
      const withInput = input === undefined ? {} : { input: masker.mask(input) };
      try {
        return { snapshot: masker.mask(target.getPersistedSnapshot()), state, ...withInput };
      } catch {
        // An actor holding inline logic cannot be persisted: the test then starts from the initial state.
        return { snapshot: null, state, ...withInput };
      }
    },
    /** The step this inspection event completes (the previous one, when it begins a new one), if any. */
    observe(inspection: InspectionEvent): StepDraft | null {
      if (inspection.type !== '@xstate.event') return null;
      const receiver = pathOf(inspection.actorRef);
      // Only the recorded actor and the machines the test keeps real receive steps.
      if (!receiver?.real) return null;
      const source = inspection.sourceRef ? pathOf(inspection.sourceRef) : null;
      const self = inspection.sourceRef?.sessionId === inspection.actorRef.sessionId;
      // One of the real machines told another: it happens again by itself in the test.
      if (source?.real && !self) return null;
      const { type, ...rest } = inspection.event;
      const kind = kindOf(type, self);
      if (!kind) return null;
      const at = now() - startedAt;
      const to = receiver.ids.length ? { to: receiver.ids.join('/') } : {};
      let draft: Omit<StepDraft, 'state' | 'context'>;
      if (kind === 'done' || kind === 'error') {
        const actorId = type.slice(kind === 'done' ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
        draft =
          kind === 'done'
            ? { at, kind, type, ...to, actorId, payload: { output: masker.mask(rest['output']) } }
            : { at, kind, type, ...to, actorId, payload: {}, error: masker.error(rest['error']) };
      } else {
        draft = { at, kind, type, ...to, payload: masker.mask(rest) as Record<string, unknown> };
      }
      const previous = settle();
      pending = { draft, path: receiver.ids };
      return previous;
    },
    /** Completes the step under way (at Stop, or before an API call is noted beside the steps). */
    settle,
    /** An API call the app made, as recorded beside the steps. */
    call(call: { method: string; path: string; status: number; ms: number; at: number }): CallDraft {
      return {
        at: call.at - startedAt,
        method: call.method.toUpperCase(),
        path: call.path.split('?')[0] ?? call.path,
        status: call.status,
        ms: Math.round(call.ms),
      };
    },
  };
}
