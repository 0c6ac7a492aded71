import { createMachine, type AnyStateMachine, type AnyStateNode, type StateValue } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { eventLabel, guardName, transitionsOf, type TransitionView } from './mermaid';

/**
 * A machine as a drawable graph, read from its definition: every state node (nested and parallel
 * regions as compound nodes), every transition that moves (event, guard, delay, invoked actor's outcome),
 * and the actors each state invokes. The explorer (/dev/statecharts) lays it out and draws it.
 */
export type ChartNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type ChartEdgeKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface ChartNode {
  /** The state's path joined with dots (`signedIn.locked.idle`): the same string `snapshot.matches` takes. */
  id: string;
  key: string;
  /** The enclosing state's id; null for a top-level state. */
  parent: string | null;
  type: ChartNodeType;
  /** The parent's initial state (parallel regions are all entered, so none of them is marked). */
  initial: boolean;
  /** Actors invoked while the state is active: `src` is what the app provides, `id` names done/error. */
  invokes: { id: string; src: string }[];
  /** Transitions that run actions without leaving the state (the event only). */
  handles: string[];
  /** Child ids in definition order. */
  children: string[];
  /** Drawn folded (machines/statecharts/fold.ts): how many states the box holds. */
  folded?: number;
}

export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  /** The event type as the machine receives it (`xstate.done.actor.login`; '' for always). */
  eventType: string;
  /** Readable: `session.login`, `done(login)`, `after(idleTimeout)`, `always`. */
  label: string;
  guard: string | null;
  kind: ChartEdgeKind;
  /** Folded charts: the label as drawn, and the moves this one edge stands for. */
  short?: string;
  merged?: readonly ChartEdge[];
}

export interface ChartGraph {
  id: string;
  /** The root's own type: a parallel root enters all its top-level regions. */
  rootType: 'compound' | 'parallel';
  nodes: ChartNode[];
  edges: ChartEdge[];
  /** Transitions declared on the machine itself (handled in every state). */
  rootTransitions: { label: string; guard: string | null; targets: string[] }[];
}

const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states);
const pathOf = (node: AnyStateNode): string => node.path.join('.');

function kindOf(eventType: string): ChartEdgeKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.')) return 'done';
  if (eventType.startsWith('xstate.error.')) return 'error';
  return 'event';
}

function nodeType(node: AnyStateNode): ChartNodeType {
  if (node.type === 'history' || node.type === 'final' || node.type === 'parallel' || node.type === 'compound') return node.type;
  return 'atomic';
}

function srcName(src: unknown): string {
  return typeof src === 'string' ? src : 'inline';
}

export function chartOf(machine: AnyStateMachine): ChartGraph {
  const nodes: ChartNode[] = [];
  const edges: ChartEdge[] = [];
  const root: AnyStateNode = machine.root;

  const visit = (node: AnyStateNode, parent: AnyStateNode | null) => {
    const id = pathOf(node);
    const initialChild: AnyStateNode | undefined = parent && parent.type !== 'parallel' ? parent.initial?.target[0] : undefined;
    const handles = new Set<string>();
    transitionsOf(node).forEach((t, index) => {
      const targets = t.target ?? [];
      if (targets.length === 0) {
        handles.add(eventLabel(t.eventType));
        return;
      }
      for (const target of targets) {
        edges.push({
          id: `${id}#${index}>${pathOf(target)}`,
          source: id,
          target: pathOf(target),
          eventType: t.eventType,
          label: eventLabel(t.eventType),
          guard: guardName(t.guard),
          kind: kindOf(t.eventType),
        });
      }
    });
    nodes.push({
      id,
      key: node.key,
      parent: parent && parent !== root ? pathOf(parent) : null,
      type: nodeType(node),
      initial: initialChild === node,
      invokes: node.invoke.map((i) => ({ id: i.id, src: srcName(i.src) })),
      handles: [...handles],
      children: childrenOf(node).map(pathOf),
    });
    for (const child of childrenOf(node)) visit(child, node);
  };
  for (const child of childrenOf(root)) visit(child, root);

  return {
    id: machine.id,
    rootType: root.type === 'parallel' ? 'parallel' : 'compound',
    nodes,
    edges,
    rootTransitions: transitionsOf(root).map((t) => ({
      label: eventLabel(t.eventType),
      guard: guardName(t.guard),
      targets: (t.target ?? []).map(pathOf),
    })),
  };
}

/** The dotted ids of the active state nodes of a state value (`{ signedIn: 'active' }` → signedIn, signedIn.active). */
export function activeIds(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...(child === undefined ? [] : activeIds(child, `${prefix}${key}.`)),
  ]);
}

/** One step of a scenario: the event to send (or the delay/eventless move to wait for) and where it leads. */
export interface ScenarioStep {
  /** The real event type (`session.login`, `xstate.done.actor.login`, `xstate.after.…`, '' for always). */
  eventType: string;
  label: string;
  guard: string | null;
  kind: ChartEdgeKind;
  /** The state value after the step. */
  state: StateValue;
}

export interface Scenario {
  /** The state this scenario reaches (dotted ids of its leaves, comma-separated for parallel regions). */
  name: string;
  state: StateValue;
  steps: ScenarioStep[];
}

function leafNames(value: StateValue): string {
  const ids = activeIds(value);
  return ids.filter((id) => !ids.some((other) => other.startsWith(`${id}.`))).join(', ');
}

type TransitionTarget = { target: string[]; reenter?: boolean };
type AbstractConfig = {
  id: string;
  type?: 'parallel' | 'final' | 'history';
  history?: 'shallow' | 'deep';
  initial?: string;
  states?: Record<string, AbstractConfig>;
  on?: Record<string, TransitionTarget>;
};

/**
 * The machine's structure as a plain machine: the same states, and one abstract event per transition
 * (`event [guard]`), so a guarded choice, a delay or an actor's outcome becomes a step xstate/graph can
 * take without the context, inputs and services the real machine needs. Generated from the definition.
 */
function abstractOf(machine: AnyStateMachine): { machine: AnyStateMachine; steps: Map<string, TransitionView> } {
  const steps = new Map<string, TransitionView>();
  const refOf = (node: AnyStateNode) => `n${node.path.length ? `.${node.path.join('.')}` : ''}`;
  const build = (node: AnyStateNode): AbstractConfig => {
    const on: Record<string, TransitionTarget> = {};
    transitionsOf(node).forEach((t, index) => {
      const targets = t.target ?? [];
      if (targets.length === 0) return;
      const guard = guardName(t.guard);
      // Unique per machine: the same event handled in two states or by two guarded branches is two steps.
      const key = `${refOf(node)}|${index}|${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`;
      steps.set(key, t);
      on[key] = { target: targets.map((target) => `#${refOf(target)}`), ...(t.reenter ? { reenter: true } : {}) };
    });
    const children = childrenOf(node);
    const config: AbstractConfig = { id: refOf(node), on };
    if (node.type === 'parallel' || node.type === 'final') config.type = node.type;
    if (node.type === 'history') {
      config.type = 'history';
      config.history = node.history === 'deep' ? 'deep' : 'shallow';
    }
    const initial: AnyStateNode | undefined = node.type === 'compound' ? node.initial?.target[0] : undefined;
    if (initial) config.initial = initial.key;
    if (children.length) config.states = Object.fromEntries(children.map((child) => [child.key, build(child)]));
    return config;
  };
  return { machine: createMachine(build(machine.root)), steps };
}

/** The shortest path to every reachable state of the machine's structure (xstate/graph), as scenarios. */
export function scenariosOf(machine: AnyStateMachine): Scenario[] {
  const { machine: model, steps } = abstractOf(machine);
  const events = [...steps.keys()].map((type) => ({ type }));
  const paths = getShortestPaths(model, { events, serializeState: (snapshot) => JSON.stringify(snapshot.value) });
  return paths
    .map((path) => ({
      name: leafNames(path.state.value),
      state: path.state.value,
      steps: path.steps.flatMap((step): ScenarioStep[] => {
        const t = steps.get(step.event.type);
        if (!t) return [];
        return [
          {
            eventType: t.eventType,
            label: eventLabel(t.eventType),
            guard: guardName(t.guard),
            kind: kindOf(t.eventType),
            state: step.state.value,
          },
        ];
      }),
    }))
    .sort((a, b) => a.steps.length - b.steps.length || a.name.localeCompare(b.name));
}
