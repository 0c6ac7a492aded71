import type { AnyStateMachine, AnyStateNode, InspectionEvent, StateValue } from 'xstate';
import { eventLabel, guardName } from '../statecharts/mermaid';

/**
 * Model-based coverage of machines, keyed by machine id.
 *
 * A walk records what a REAL actor did: pass `recordCoverage` as the actor's `inspect` option and every
 * microstep of every machine actor in its system (the machine itself and any real child machines) adds
 * the state nodes it was in and the transitions it took. `coverageTargets(machine)` lists what there is
 * to reach, from the machine's own definition; `coverageOf(machine)` compares the two.
 *
 *   const actor = createActor(machine.provide({ actors: fakes }), { inspect: recordCoverage });
 *   ...
 *   it('reaches every state and transition', ({ task }) => {
 *     expect(reportCoverage(machine, task.meta)).toEqual(FULL_COVERAGE);
 *   });
 *
 * `reportCoverage` also hands the reached sets to `npm run test:coverage:machines` (its reporter reads
 * `task.meta.machineCoverage`).
 */

/** What there is to reach in a machine, or what a walk reached: state paths and transition keys. */
export interface CoverageSets {
  /** State node paths, dotted (`ready.idle`); the machine's root is not counted. */
  states: string[];
  /** Transition keys: `<source path> · <event> · #<index among that source's transitions for the event>`. */
  transitions: string[];
}

export interface CoverageRecord extends CoverageSets {
  /** The machine id the sets belong to. */
  id: string;
}

/** One registry machine and what there is to reach in it (machines/testing/registry.model.test.ts). */
export interface CoverageTarget extends CoverageSets {
  name: string;
  id: string;
  file: string;
}

export interface CoverageMeta {
  machineCoverage?: CoverageRecord[];
  machineTargets?: CoverageTarget[];
}

export const FULL_COVERAGE = { missingStates: [], missingTransitions: [] } as const;

const pathOf = (node: AnyStateNode): string => node.path.join('.');

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childrenOf(node).flatMap(allNodes)];
}

interface TransitionLike {
  source: AnyStateNode;
  eventType: string;
  guard?: unknown;
  target?: readonly AnyStateNode[] | undefined;
}

/** The transitions a node declares for one event type ('' = eventless), in declaration order. */
function declared(node: AnyStateNode, eventType: string): readonly unknown[] {
  if (eventType === '') return (node.always as unknown[] | undefined) ?? [];
  return (node.transitions as Map<string, unknown[]>).get(eventType) ?? [];
}

/** A readable, stable key for a transition of a machine (the same for `machine` and `machine.provide(...)`). */
export function transitionKey(source: AnyStateNode, eventType: string, index: number, transition?: TransitionLike): string {
  const guard = transition ? guardName(transition.guard) : null;
  const targets = transition?.target?.length ? transition.target.map(pathOf).join(', ') : '(stays)';
  return `${pathOf(source) || '(machine)'} · ${eventLabel(eventType)}${guard ? ` [${guard}]` : ''} · #${index} → ${targets}`;
}

/** Every state node and every transition of the machine, read from its definition. */
export function coverageTargets(machine: AnyStateMachine): CoverageSets {
  const nodes = allNodes(machine.root as AnyStateNode);
  const states = nodes.filter((node) => node.path.length > 0).map(pathOf);
  const transitions: string[] = [];
  for (const node of nodes) {
    const types = [
      ...(node.transitions as Map<string, unknown[]>).keys(),
      ...(((node.always as unknown[] | undefined) ?? []).length ? [''] : []),
    ];
    for (const type of types) {
      declared(node, type).forEach((t, i) => transitions.push(transitionKey(node, type, i, t as TransitionLike)));
    }
  }
  return { states: states.sort(), transitions: transitions.sort() };
}

/** The key of a transition XState took (from an inspection microstep), or null for one it made up (the initial one). */
export function transitionKeyOf(transition: { source: AnyStateNode; eventType: string }): string | null {
  const index = declared(transition.source, transition.eventType).indexOf(transition);
  return index < 0 ? null : transitionKey(transition.source, transition.eventType, index, transition as TransitionLike);
}

/** The state nodes a state value stands for (each compound and parallel ancestor included). */
export function activePaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...(child === undefined ? [] : activePaths(child, `${prefix}${key}.`)),
  ]);
}

interface Reached {
  states: Set<string>;
  transitions: Set<string>;
}

/** One store per test worker; a walk in one file adds to what another file reached (the report unions anyway). */
const STORE_KEY = Symbol.for('machines.testing.coverage');
const globalStore = globalThis as typeof globalThis & { [STORE_KEY]?: Map<string, Reached> };
const store: Map<string, Reached> = (globalStore[STORE_KEY] ??= new Map());

function reachedFor(id: string): Reached {
  let reached = store.get(id);
  if (!reached) {
    reached = { states: new Set(), transitions: new Set() };
    store.set(id, reached);
  }
  return reached;
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return (
    typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic && typeof (logic as { id: unknown }).id === 'string'
  );
}

/**
 * The `inspect` option that records coverage: `createActor(machine, { inspect: recordCoverage })`.
 * It keeps only microsteps of machine actors, keyed by their machine's id.
 */
export function recordCoverage(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  const ref: object = event.actorRef;
  const logic: unknown = 'logic' in ref ? ref.logic : undefined;
  if (!isMachine(logic)) return;
  const reached = reachedFor(logic.id);
  const value = (event.snapshot as { value?: StateValue }).value;
  if (value !== undefined) activePaths(value).forEach((path) => reached.states.add(path));
  for (const transition of event._transitions) {
    const index = declared(transition.source, transition.eventType).indexOf(transition);
    // The machine's own initial transition is not one of its declared transitions.
    if (index < 0) continue;
    reached.transitions.add(transitionKey(transition.source, transition.eventType, index, transition));
    // The source was active when its transition was taken, even a state left at once by `always`.
    const source = transition.source.path;
    for (let i = 1; i <= source.length; i += 1) reached.states.add(source.slice(0, i).join('.'));
    // A history state is never "active": reaching it means taking a transition to it.
    for (const target of transition.target ?? []) if (target.type === 'history') reached.states.add(pathOf(target));
  }
}

/** What the walks so far reached of this machine. */
export function reachedOf(machineOrId: AnyStateMachine | string): CoverageRecord {
  const id = typeof machineOrId === 'string' ? machineOrId : machineOrId.id;
  const reached = reachedFor(id);
  return { id, states: [...reached.states].sort(), transitions: [...reached.transitions].sort() };
}

export interface CoverageReport {
  missingStates: string[];
  missingTransitions: string[];
}

/** What of the machine's definition no walk has reached yet. */
export function coverageOf(machine: AnyStateMachine): CoverageReport {
  const targets = coverageTargets(machine);
  const reached = reachedOf(machine);
  const states = new Set(reached.states);
  const transitions = new Set(reached.transitions);
  return {
    missingStates: targets.states.filter((s) => !states.has(s)),
    missingTransitions: targets.transitions.filter((t) => !transitions.has(t)),
  };
}

/**
 * Hands this machine's reached sets to the coverage reporter (through the test's `task.meta`) and
 * returns what is still missing, for the test to assert `toEqual(FULL_COVERAGE)`.
 */
export function reportCoverage(machine: AnyStateMachine, meta: CoverageMeta): CoverageReport {
  meta.machineCoverage = [...(meta.machineCoverage ?? []), reachedOf(machine)];
  return coverageOf(machine);
}
