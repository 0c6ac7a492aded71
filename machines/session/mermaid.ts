import type { AnyStateMachine, AnyStateNode } from 'xstate';

interface Transition {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  reenter?: boolean;
}

const idOf = (node: AnyStateNode) => node.path.join('_');

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return null;
}

/** Readable labels for XState's internal event names. */
function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done(${done[1]})`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error(${error[1]})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after(${after[1]})`;
  return eventType;
}

function declare(node: AnyStateNode, indent: string, out: string[]): void {
  for (const child of Object.values(node.states) as AnyStateNode[]) {
    const label = child.type === 'history' ? `${child.key} (history)` : child.key;
    const children = Object.values(child.states);
    if (children.length === 0) {
      out.push(`${indent}state "${label}" as ${idOf(child)}`);
      continue;
    }
    out.push(`${indent}state "${label}" as ${idOf(child)} {`);
    const initial = child.initial?.target[0] as AnyStateNode | undefined;
    if (initial) out.push(`${indent}  [*] --> ${idOf(initial)}`);
    declare(child, `${indent}  `, out);
    out.push(`${indent}}`);
  }
}

function transitionsOf(node: AnyStateNode): Transition[] {
  const list: Transition[] = [];
  for (const group of (node.transitions as Map<string, Transition[]>).values()) list.push(...group);
  list.push(...((node.always as Transition[] | undefined) ?? []));
  return list;
}

function edges(node: AnyStateNode, out: string[]): void {
  for (const child of Object.values(node.states) as AnyStateNode[]) {
    for (const t of transitionsOf(child)) {
      // Transitions that only run actions stay in the state: the diagram shows moves.
      const targets = t.target ?? [];
      const guard = guardName(t.guard);
      const label = `${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`;
      for (const target of targets) out.push(`  ${idOf(child)} --> ${idOf(target)}: ${label}`);
    }
    edges(child, out);
  }
}

/** The machine as a Mermaid state diagram, generated from its definition (docs/auth.md embeds it). */
export function toMermaid(machine: AnyStateMachine): string {
  const out = ['stateDiagram-v2'];
  const root = machine.root as AnyStateNode;
  const initial = root.initial?.target[0] as AnyStateNode | undefined;
  if (initial) out.push(`  [*] --> ${idOf(initial)}`);
  declare(root, '  ', out);
  edges(root, out);
  return out.join('\n');
}
