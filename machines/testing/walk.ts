import { createActor, type AnyActorLogic, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type InputFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type SerializedEvent, type TraversalOptions } from 'xstate/graph';
import { createTestClock } from './clock';
import { recordCoverage } from './coverage';
import { deferredActors } from './deferred';
import { flush } from './settle';

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
  /** What of the context a step compares between the graph and the real actor. Default: all of it. */
  compare?: (snapshot: AnyMachineSnapshot) => unknown;
  /** Stop exploring after this many vertices (a guard against an unbounded context). */
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
    const types = [...new Set(snapshot._nodes.flatMap((node) => node.ownEvents as string[]))].filter((type) => !internal(type) && !skip.has(type));
    return types.flatMap((type) => {
      const matching = listed.filter((event) => event.type === type);
      return matching.length ? matching : [{ type }];
    });
  };
}

/** One path per explored transition, shortest first; paths that are the start of another are dropped. */
export function planWalk<TMachine extends AnyStateMachine>(config: WalkConfig<TMachine>): WalkPath[] {
  const serializeState = config.serializeState ?? defaultSerialize;
  const machine: AnyStateMachine = config.machine;
  const options: TraversalOptions<AnyMachineSnapshot, AnyEventObject, unknown> = { input: config.input, events: eventsFor(config), serializeState, limit: config.limit ?? 5_000 };
  const shortest = new Map<string, WalkStep[]>();
  // xstate/graph starts each path with an `xstate.init` step; the rest pair an event with the state after it.
  for (const path of getShortestPaths(machine, options)) {
    shortest.set(serializeState(path.state), path.steps.slice(1).map((step) => ({ event: step.event, state: step.state })));
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
  candidates.sort((a, b) => b.length - a.length);
  const covered = new Set<string>();
  const paths: WalkPath[] = [];
  for (const steps of candidates) {
    const keys = steps.map((s) => plain(s.event));
    const whole = keys.join('\n');
    if (covered.has(whole)) continue;
    for (let i = 1; i <= keys.length; i += 1) covered.add(keys.slice(0, i).join('\n'));
    paths.push({ description: steps.length ? steps.map((s) => describeEvent(s.event)).join(' → ') : '(initial state)', steps });
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
export async function runPath<TMachine extends AnyStateMachine>(config: WalkConfig<TMachine>, path: WalkPath, check: (result: StepResult) => void): Promise<void> {
  const compare = config.compare ?? ((s: AnyMachineSnapshot) => s.context);
  const sources = Object.keys(config.machine.implementations.actors ?? {});
  const deferred = deferredActors(sources);
  const clock = createTestClock();
  const machine = config.machine.provide({ actors: { ...deferred.actors, ...config.actors } });
  const actor = createActor(machine, { input: config.input, clock, inspect: recordCoverage });
  const view = (s: AnyMachineSnapshot) => ({ value: s.value, context: plain(compare(s)) });
  const initial = getShortestPaths(config.machine, { input: config.input, events: [], serializeState: config.serializeState ?? defaultSerialize })[0]?.state;
  actor.start();
  try {
    await flush();
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
      await flush();
      check({ event, expected: view(step.state), actual: view(actor.getSnapshot()) });
    }
  } finally {
    actor.stop();
  }
}
