import type { AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

/**
 * The shape of a machine as xstate/graph sees it: its state nodes and its edges
 * (`source --event--> target`, ids without the machine's own id). An abstract test model (no invokes,
 * no delays: what createTestModel accepts) and the real machine must have the same shape, so a model
 * that drifts from the machine fails a test instead of being checked against itself.
 */
export interface MachineShape {
  states: string[];
  edges: string[];
}

export function shapeOf(machine: AnyStateMachine): MachineShape {
  const root = toDirectedGraph(machine);
  const strip = (id: string) => (id === root.id ? '(machine)' : id.startsWith(`${root.id}.`) ? id.slice(root.id.length + 1) : id);
  const states = new Set<string>();
  const edges = new Set<string>();
  const walk = (node: DirectedGraphNode) => {
    states.add(strip(node.id));
    for (const edge of node.edges) edges.add(`${strip(edge.source.id)} --${edge.label.text}--> ${strip(edge.target.id)}`);
    node.children.forEach(walk);
  };
  walk(root);
  return { states: [...states].sort(), edges: [...edges].sort() };
}
