import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { eventLabel, guardName, guardParts, transitionsOf } from './mermaid';

export interface EventRow {
  /** The event type as sent (`session.signIn`), never XState's internal names. */
  type: string;
  /** The states (dotted paths) that handle it. */
  handledIn: string[];
}

export interface GuardRow {
  name: string;
  /** `state: event` pairs where the guard decides. */
  usedOn: string[];
}

export interface ActorRow {
  /** The invoke id (the `done(id)` / `error(id)` events carry it). */
  id: string;
  /** The logic name the app provides with `machine.provide({ actors: { [src]: ... } })`. */
  src: string;
  state: string;
}

export interface DelayRow {
  /** A named delay (provided in `delays`) or a number of milliseconds. */
  delay: string;
  state: string;
  target: string;
}

export interface MachineDescription {
  id: string;
  stateCount: number;
  events: EventRow[];
  guards: GuardRow[];
  actors: ActorRow[];
  delays: DelayRow[];
  emitted: string[];
}

const INTERNAL = /^xstate\./;

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

const pathOf = (node: AnyStateNode): string => (node.path.length ? node.path.join('.') : '(root)');

function isRecord(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}

/** The event type of a statically declared `emit({ type })` action, if the action is one. */
function emittedType(action: unknown, named: Record<string, unknown>): string | null {
  const resolved =
    typeof action === 'string'
      ? named[action]
      : isRecord(action) && typeof action['type'] === 'string' && !('event' in action)
        ? named[action['type']]
        : action;
  if (!isRecord(resolved) || resolved['type'] !== 'xstate.emit') return null;
  const event = resolved['event'];
  return isRecord(event) && typeof event['type'] === 'string' ? event['type'] : null;
}

function actionsOf(node: AnyStateNode): unknown[] {
  const own = [...(node.entry as unknown[]), ...(node.exit as unknown[])];
  for (const t of transitionsOf(node)) own.push(...(t.actions ?? []));
  return own;
}

/** What a machine accepts, decides on, invokes, waits for and emits — read from its definition. */
export function describeMachine(machine: AnyStateMachine): MachineDescription {
  const nodes = allNodes(machine.root as AnyStateNode);
  const events = new Map<string, Set<string>>();
  const guards = new Map<string, Set<string>>();
  const actors: ActorRow[] = [];
  const delays: DelayRow[] = [];
  const emitted = new Set<string>();
  const namedActions = (machine.implementations.actions ?? {}) as Record<string, unknown>;

  for (const name of Object.keys(machine.implementations.guards ?? {})) guards.set(name, new Set());

  for (const node of nodes) {
    const state = pathOf(node);
    for (const invoke of node.invoke as { id: string; src: unknown }[]) {
      actors.push({ id: invoke.id, src: typeof invoke.src === 'string' ? invoke.src : 'inline', state });
    }
    for (const after of node.after as { delay: unknown; target?: readonly AnyStateNode[] }[]) {
      const target = (after.target ?? []).map(pathOf).join(', ') || '(stays)';
      delays.push({ delay: String(after.delay), state, target });
    }
    for (const t of transitionsOf(node)) {
      const label = eventLabel(t.eventType);
      if (t.eventType !== '' && !INTERNAL.test(t.eventType)) {
        const set = events.get(t.eventType) ?? new Set<string>();
        set.add(state);
        events.set(t.eventType, set);
      }
      for (const part of guardParts(t.guard)) {
        const set = guards.get(part) ?? new Set<string>();
        set.add(`${state}: ${label}`);
        guards.set(part, set);
      }
      if (t.guard && guardParts(t.guard).length === 0) {
        const name = guardName(t.guard) ?? 'inline';
        const set = guards.get(name) ?? new Set<string>();
        set.add(`${state}: ${label}`);
        guards.set(name, set);
      }
    }
    for (const action of actionsOf(node)) {
      const type = emittedType(action, namedActions);
      if (type) emitted.add(type);
    }
  }

  const byName = (a: string, b: string) => a.localeCompare(b);
  return {
    id: machine.id,
    stateCount: nodes.length - 1,
    events: [...events].map(([type, set]) => ({ type, handledIn: [...set] })).sort((a, b) => byName(a.type, b.type)),
    guards: [...guards].map(([name, set]) => ({ name, usedOn: [...set] })).sort((a, b) => byName(a.name, b.name)),
    actors,
    delays,
    emitted: [...emitted].sort(byName),
  };
}
