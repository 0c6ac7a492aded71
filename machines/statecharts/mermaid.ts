import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** One transition as XState keeps it on a state node (the fields the charts read). */
export interface TransitionView {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  reenter?: boolean;
  actions?: readonly unknown[];
}

/** A Mermaid-safe id for a state node: its path joined with `_`. */
export const idOf = (node: AnyStateNode): string => node.path.join('_').replace(/[^\w]/g, '_');

const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states) as AnyStateNode[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}

/** A guard's readable name: `isX`, `!isX` for `not(isX)`, `isA && isB` for `and([...])`, `in(state)`. */
export function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  const fnName = typeof guard === 'function' ? guard.name : null;
  if (!isRecord(guard)) return null;
  const inner = Array.isArray(guard['guards']) ? (guard['guards'] as unknown[]).map((g) => guardName(g) ?? 'inline') : null;
  if (inner && fnName === 'not') return `!${inner[0] ?? 'inline'}`;
  if (inner && fnName === 'and') return inner.join(' && ');
  if (inner && fnName === 'or') return inner.join(' || ');
  if ('stateValue' in guard) return `in(${JSON.stringify(guard['stateValue'])})`;
  if (typeof guard['type'] === 'string') return guard['type'];
  return fnName || 'inline';
}

/** The named guards a guard expression uses (so `!isX` and `isA && isB` list their parts). */
export function guardParts(guard: unknown): string[] {
  if (!guard) return [];
  if (typeof guard === 'string') return [guard];
  if (!isRecord(guard)) return [];
  if (Array.isArray(guard['guards'])) return (guard['guards'] as unknown[]).flatMap(guardParts);
  if (typeof guard['type'] === 'string') return [guard['type']];
  return [];
}

/** Readable labels for XState's internal event names. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done(${done[1]})`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error(${error[1]})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after(${after[1]})`;
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (stateDone) return `done(${stateDone[1]})`;
  return eventType;
}

/** Every transition that leaves this node: by event, delayed (after) and eventless (always). */
export function transitionsOf(node: AnyStateNode): TransitionView[] {
  const list: TransitionView[] = [];
  for (const group of (node.transitions as Map<string, TransitionView[]>).values()) list.push(...group);
  list.push(...((node.always as TransitionView[] | undefined) ?? []));
  return list;
}

function declare(node: AnyStateNode, indent: string, out: string[]): void {
  for (const child of childrenOf(node)) {
    const kind = child.type === 'history' ? ' (history)' : child.type === 'parallel' ? ' (parallel)' : '';
    const label = `${child.key}${kind}`;
    const children = childrenOf(child);
    if (children.length === 0) {
      out.push(`${indent}state "${label}" as ${idOf(child)}`);
      continue;
    }
    out.push(`${indent}state "${label}" as ${idOf(child)} {`);
    const initial = child.initial?.target[0] as AnyStateNode | undefined;
    if (initial && child.type !== 'parallel') out.push(`${indent}  [*] --> ${idOf(initial)}`);
    declare(child, `${indent}  `, out);
    for (const grandchild of children) {
      if (grandchild.type === 'final') out.push(`${indent}  ${idOf(grandchild)} --> [*]`);
    }
    out.push(`${indent}}`);
  }
}

function edges(node: AnyStateNode, out: string[]): void {
  for (const child of childrenOf(node)) {
    for (const t of transitionsOf(child)) {
      // Transitions that only run actions stay in the state: the diagram shows moves (the tables list them all).
      const guard = guardName(t.guard);
      const label = `${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`;
      for (const target of t.target ?? []) out.push(`  ${idOf(child)} --> ${idOf(target)}: ${label}`);
    }
    edges(child, out);
  }
}

/**
 * The machine as a Mermaid `stateDiagram-v2`, generated from its definition: nested states as composite
 * states with their initial state, parallel states marked "(parallel)", final states ending in `[*]`,
 * every targeted transition labelled with its event (`done(id)`, `error(id)`, `after(delay)`, `always`) and guard.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const out = ['stateDiagram-v2'];
  const root = machine.root as AnyStateNode;
  const initial = root.initial?.target[0] as AnyStateNode | undefined;
  if (initial && root.type !== 'parallel') out.push(`  [*] --> ${idOf(initial)}`);
  declare(root, '  ', out);
  for (const child of childrenOf(root)) {
    if (child.type === 'final') out.push(`  ${idOf(child)} --> [*]`);
  }
  edges(root, out);
  return out.join('\n');
}
