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
import { getAdjacencyMap, getShortestPaths, type SerializedEvent, type TraversalOptions } from 'xstate/graph';
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

/** The keys of the declared transitions the machine's own transition function takes for this event. */
export function transitionsTaken(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): string[] {
  const keys: string[] = [];
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
  const scope: AnyActorScope = {
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
  machine.transition(snapshot, event, scope);
  return keys;
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
  const shortest = new Map<string, WalkStep[]>();
  // xstate/graph starts each path with an `xstate.init` step; the rest pair an event with the state after it.
  for (const path of getShortestPaths(machine, options)) {
    shortest.set(
      serializeState(path.state),
      path.steps.slice(1).map((step) => ({ event: step.event, state: step.state })),
    );
  }
  const adjacency = getAdjacencyMap(machine, options);
  const candidates: WalkStep[][] = [];
  for (const [key, vertex] of Object.entries(adjacency)) {
    const head = shortest.get(key);
    if (!head) continue;
    const edges = (Object.keys(vertex.transitions) as SerializedEvent[]).flatMap((k) => vertex.transitions[k] ?? []);
    if (!edges.length) candidates.push(head);
    for (const edge of edges) candidates.push([...head, { event: edge.event, state: edge.state }]);
  }
  if (config.everyEdge) return candidates.map(toPath);
  // Keep a path only when its last step reaches a state or takes a transition no shorter path did:
  // the transitions an edge takes are what the machine's own transition function reports for it.
  candidates.sort((a, b) => a.length - b.length);
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  const initial = getShortestPaths(machine, { ...options, events: [] })[0]?.state;
  if (initial) activePaths(initial.value).forEach((p) => seenStates.add(p));
  const kept: WalkStep[][] = [];
  for (const steps of candidates) {
    const last = steps.at(-1);
    if (!last) continue;
    const from = steps.length > 1 ? steps.at(-2)?.state : initial;
    const taken = from ? transitionsTaken(machine, from, last.event) : [];
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
