import {
  createActor,
  createEmptyActor,
  type AnyActorLogic,
  type AnyActorScope,
  type InspectionEvent,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InputFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type AdjacencyValue, type SerializedEvent, type TraversalOptions } from 'xstate/graph';
import { createTestClock } from './clock';
import { activePaths, recordCoverage, transitionKeyOf } from './coverage';
import { deferredActors } from './deferred';
import { flushMicrotasks } from './settle';

/**
 * A model-based walk over a machine's REAL graph.
 *
 * `planWalk` explores the machine itself with xstate/graph (its own transition function: guards, assigns,
 * invokes and delays as defined) and returns one path per explored transition: the shortest path to a
 * state, then one event from there. `runPath` drives a real actor along a path with fakes and reports the
 * actual snapshot after each step next to the one the graph predicted.
 *
 * Steps are applied as the outside world would cause them:
 * - `xstate.done.actor.<id>` / `xstate.error.actor.<id>`: the deferred fake running as `<id>` resolves
 *   with the event's `output` / rejects with its `error`;
 * - `xstate.after.<delay>.<state>`: the test clock moves to the moment that delay is due;
 * - anything else is sent to the actor.
 */
export interface WalkConfig<TMachine extends AnyStateMachine> {
  machine: TMachine;
  input?: InputFrom<TMachine>;
  /**
   * The events to try in a state. For each event type the state handles, the graph tries the events of
   * that type listed here, or `{ type }` when none is listed. List done/error events of invokes with the
   * `output` / `error` the fake should answer, and payload variants that take different guarded branches.
   */
  events?: readonly AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => readonly AnyEventObject[]);
  /** Event types never to try (for example ones only a child actor sends, with no fake here to send them). */
  skip?: readonly string[];
  /** What makes two snapshots the same vertex of the graph. Default: value + context (actor refs ignored). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Actors that replace the deferred fakes by source name (child machines, callback actors). */
  actors?: Record<string, AnyActorLogic>;
  /** Actions replacing the machine's own, in the graph and the real actor (a `logError` that writes to the console, a `sendParent` with no parent). */
  actions?: Record<string, () => void>;
  /** What of the snapshot a step compares between the graph and the real actor. Default: `serializeState` if given, else the whole context. */
  compare?: (snapshot: AnyMachineSnapshot) => unknown;
  /** Drive every explored edge instead of only those that reach a new state or transition. */
  everyEdge?: boolean;
  /** Stop exploring after this many transitions tried (a guard against an unbounded context; default 50,000). */
  limit?: number;
}

export interface WalkStep {
  event: AnyEventObject;
  /** The snapshot the graph predicts after the event. */
  state: AnyMachineSnapshot;
}

export interface WalkPath {
  /** `a → b → c`: the events, readable. */
  description: string;
  steps: WalkStep[];
}

/** Serializes plain data and replaces actor refs (which hold their whole system) with their ids. */
export function plain(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'object' && v !== null && 'sessionId' in v && 'send' in v && 'id' in v) return `[actor ${String(v.id)}]`;
    if (v instanceof Error) return { error: v.message };
    return v;
  });
}

const defaultSerialize = (snapshot: AnyMachineSnapshot) => plain({ value: snapshot.value, context: snapshot.context });

export const describeEvent = (event: AnyEventObject): string => {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return `done(${done[1]})`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (error) return `error(${error[1]})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `after(${after[1]})`;
  return event.type;
};

/** Event types the world cannot cause from outside: XState raises them itself. */
const internal = (type: string) => type === '*' || type.startsWith('xstate.done.state.') || type === 'xstate.init' || type.endsWith('.*');

function eventsFor<TMachine extends AnyStateMachine>(config: WalkConfig<TMachine>) {
  const skip = new Set(config.skip ?? []);
  return (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const listed = typeof config.events === 'function' ? config.events(snapshot) : (config.events ?? []);
    const types = [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]))].filter(
      (type) => !internal(type) && !skip.has(type),
    );
    return types.flatMap((type) => {
      const matching = listed.filter((event) => event.type === type);
      return matching.length ? matching : [{ type }];
    });
  };
}

const toPath = (steps: WalkStep[]): WalkPath => ({
  description: steps.length ? steps.map((s) => describeEvent(s.event)).join(' → ') : '(initial state)',
  steps,
});

/** A scope for `machine.transition` that records the keys of the declared transitions each microstep takes. */
function recordingScope(keys: string[]): AnyActorScope {
  const empty = createEmptyActor();
  const system = empty.system;
  const recording = Object.assign(Object.create(system) as typeof system, {
    _sendInspectionEvent: (inspection: InspectionEvent) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const t of inspection._transitions) {
        const key = transitionKeyOf(t);
        if (key) keys.push(key);
      }
    },
  });
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'walk',
    defer: () => {},
    system: recording,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
}

/** The keys of the declared transitions the machine's own transition function takes for this event. */
export function transitionsTaken(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): string[] {
  const keys: string[] = [];
  machine.transition(snapshot, event, recordingScope(keys));
  return keys;
}

/**
 * The machine as xstate/graph sees it, recording what each transition it explores takes, by the snapshot and the
 * event object it was given: one traversal gives the graph and what every edge takes (a second traversal and a
 * replay of every edge made the larger walks several seconds slower to plan).
 */
function recordingLogic(machine: AnyStateMachine): {
  logic: AnyStateMachine;
  taken: (from: AnyMachineSnapshot, event: AnyEventObject) => string[];
} {
  // Not by the snapshot made: a transition that changes nothing returns the snapshot it was given.
  const recorded = new WeakMap<AnyMachineSnapshot, Map<AnyEventObject, string[]>>();
  const transition = (snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyMachineSnapshot => {
    const keys: string[] = [];
    const next = machine.transition(snapshot, event, recordingScope(keys));
    const byEvent = recorded.get(snapshot) ?? new Map<AnyEventObject, string[]>();
    byEvent.set(event, keys);
    recorded.set(snapshot, byEvent);
    return next;
  };
  const logic = Object.create(machine, { transition: { value: transition } }) as AnyStateMachine;
  return { logic, taken: (from, event) => recorded.get(from)?.get(event) ?? transitionsTaken(machine, from, event) };
}

/** One path per explored transition, shortest first; paths that are the start of another are dropped. */
export function planWalk<TMachine extends AnyStateMachine>(config: WalkConfig<TMachine>): WalkPath[] {
  const serializeState = config.serializeState ?? defaultSerialize;
  // Replaced actions (a sendParent with no parent here, a console write) are replaced in the graph too.
  const machine: AnyStateMachine = config.actions ? config.machine.provide({ actions: config.actions }) : config.machine;
  const options: TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown> = {
    input: config.input,
    events: eventsFor(config),
    serializeState,
    limit: config.limit ?? 50_000,
  };
  const { logic, taken: takenBy } = recordingLogic(machine);
  const adjacency = getAdjacencyMap(logic, options);
  const initial = getShortestPaths(machine, { ...options, events: [] })[0]?.state;
  if (!initial) return [];
  const shortest = shortestSteps(new Map(Object.entries(adjacency)), serializeState(initial), serializeState);
  // What an edge takes is read from the snapshot the path predicts before it: the vertex the graph explored the
  // edge from when both hold the same value and context. A projected serializeState merges snapshots that
  // differ; then the edge is replayed from the path's own.
  const candidates: { steps: WalkStep[]; taken: string[] }[] = [];
  for (const [key, vertex] of Object.entries(adjacency)) {
    const head = shortest.get(key);
    if (!head) continue;
    const edges = (Object.keys(vertex.transitions) as SerializedEvent[]).flatMap((k) => vertex.transitions[k] ?? []);
    const last = head.at(-1);
    if (!edges.length) {
      const from = head.length > 1 ? head.at(-2)?.state : initial;
      candidates.push({ steps: head, taken: last && from ? transitionsTaken(machine, from, last.event) : [] });
    }
    const from = last?.state ?? initial;
    const same = !config.serializeState || from === vertex.state || defaultSerialize(from) === defaultSerialize(vertex.state);
    for (const edge of edges) {
      const taken = same ? takenBy(vertex.state, edge.event) : transitionsTaken(machine, from, edge.event);
      candidates.push({ steps: [...head, { event: edge.event, state: edge.state }], taken });
    }
  }
  if (config.everyEdge) return candidates.map((c) => toPath(c.steps));
  // Keep a path only when its last step reaches a state or takes a transition no shorter path did:
  // the transitions an edge takes are what the machine's own transition function reported for it.
  candidates.sort((a, b) => a.steps.length - b.steps.length);
  const seenStates = new Set<string>(activePaths(initial.value));
  const seenTransitions = new Set<string>();
  const kept: WalkStep[][] = [];
  for (const { steps, taken } of candidates) {
    const last = steps.at(-1);
    if (!last) continue;
    const fresh = [...activePaths(last.state.value).filter((p) => !seenStates.has(p)), ...taken.filter((t) => !seenTransitions.has(t))];
    if (!fresh.length) continue;
    activePaths(last.state.value).forEach((p) => seenStates.add(p));
    taken.forEach((t) => seenTransitions.add(t));
    kept.push(steps);
  }
  // Longest first, dropping a path that is the start of a longer kept one.
  kept.sort((a, b) => b.length - a.length);
  const covered = new Set<string>();
  const paths: WalkPath[] = [];
  for (const steps of kept) {
    const keys = steps.map((s) => plain(s.event));
    if (covered.has(keys.join('\n'))) continue;
    for (let i = 1; i <= keys.length; i += 1) covered.add(keys.slice(0, i).join('\n'));
    paths.push(toPath(steps));
  }
  return paths.reverse();
}

/**
 * The steps of a shortest path to every vertex, from the adjacency map already explored: xstate/graph's
 * getShortestPaths in the same order, so the same path wins a tie, and a step's state is the last snapshot
 * seen with its key, as there.
 */
function shortestSteps(
  vertices: ReadonlyMap<string, AdjacencyValue<AnyMachineSnapshot, AnyEventObject>>,
  start: string,
  serializeState: (snapshot: AnyMachineSnapshot) => string,
): Map<string, WalkStep[]> {
  const best = new Map<string, { weight: number; from?: string; event?: AnyEventObject }>([[start, { weight: 0 }]]);
  const snapshots = new Map<string, AnyMachineSnapshot>();
  const unvisited = new Set([start]);
  const visited = new Set<string>();
  for (const key of unvisited) {
    const weight = best.get(key)?.weight ?? 0;
    for (const edge of Object.values(vertices.get(key)?.transitions ?? {})) {
      const nextKey = serializeState(edge.state);
      snapshots.set(nextKey, edge.state);
      const known = best.get(nextKey);
      if (!known || known.weight > weight + 1) best.set(nextKey, { weight: weight + 1, from: key, event: edge.event });
      if (!visited.has(nextKey)) unvisited.add(nextKey);
    }
    visited.add(key);
    unvisited.delete(key);
  }
  const steps = new Map<string, WalkStep[]>();
  const stepsTo = (key: string): WalkStep[] => {
    const known = steps.get(key);
    if (known) return known;
    const entry = best.get(key);
    const state = snapshots.get(key);
    const path = entry?.from !== undefined && entry.event && state ? [...stepsTo(entry.from), { event: entry.event, state }] : [];
    steps.set(key, path);
    return path;
  };
  for (const key of best.keys()) stepsTo(key);
  return steps;
}

export interface StepResult {
  event: AnyEventObject | null;
  expected: { value: unknown; context: string };
  actual: { value: unknown; context: string };
}

/**
 * Drives a fresh real actor (fakes for every invoked source, a test clock, coverage recorded) along the
 * path. Calls `check` with the predicted and actual snapshot after the start and after every step.
 */
export async function runPath<TMachine extends AnyStateMachine>(
  config: WalkConfig<TMachine>,
  path: WalkPath,
  check: (result: StepResult) => void,
): Promise<void> {
  // A projected serializeState merges snapshots that differ elsewhere: compare what it keeps.
  const compare = config.compare ?? config.serializeState ?? ((s: AnyMachineSnapshot) => s.context);
  const sources = Object.keys(config.machine.implementations.actors ?? {});
  const deferred = deferredActors(sources);
  const clock = createTestClock();
  const machine = config.machine.provide({
    actors: { ...deferred.actors, ...config.actors },
    ...(config.actions ? { actions: config.actions } : {}),
  });
  const actor = createActor(machine, { input: config.input, clock, inspect: recordCoverage });
  const view = (s: AnyMachineSnapshot) => ({ value: s.value, context: plain(compare(s)) });
  // The graph's start, with the replaced actions too (a sendParent with no parent would fail the start).
  const planned: AnyStateMachine = config.actions ? config.machine.provide({ actions: config.actions }) : config.machine;
  const initial = getShortestPaths(planned, {
    input: config.input,
    events: [],
    serializeState: config.serializeState ?? defaultSerialize,
  })[0]?.state;
  actor.start();
  try {
    await flushMicrotasks(10);
    if (initial) check({ event: null, expected: view(initial), actual: view(actor.getSnapshot()) });
    for (const step of path.steps) {
      const { event } = step;
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
      const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
      if (done?.[1] && deferred.running(done[1])) deferred.resolve(done[1], (event as { output?: unknown }).output);
      else if (error?.[1] && deferred.running(error[1])) deferred.reject(error[1], (event as { error?: unknown }).error);
      else if (done || error) throw new Error(`${describeEvent(event)}: no fake is running as that actor`);
      else if (event.type.startsWith('xstate.after.')) clock.fire(actor, event.type);
      else actor.send(event);
      await flushMicrotasks(10);
      check({ event, expected: view(step.state), actual: view(actor.getSnapshot()) });
    }
  } finally {
    actor.stop();
  }
}
