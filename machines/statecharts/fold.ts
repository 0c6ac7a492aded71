import type { ChartEdge, ChartGraph, ChartNode } from './chart';

/**
 * A large chart folded so it reads at a normal size: every compound or parallel state that holds no current
 * state is one box ("N states", opened on request), moves into or out of a folded box start or end at the box,
 * moves inside it are not drawn, and the moves between the same two boxes are one edge that lists them all.
 */
export interface FoldOptions {
  /** Dotted ids of the current states, with their ancestors (`activeIds`): these stay open. */
  active: readonly string[];
  /** Compound states the reader opened. */
  expanded?: readonly string[];
}

/** Longest edge label drawn; the full text is the edge's title and is listed beside the chart. */
export const SHORT_LABEL = 18;

const textOf = (edge: Pick<ChartEdge, 'label' | 'guard'>) => (edge.guard ? `${edge.label} [${edge.guard}]` : edge.label);

/**
 * The label as drawn: a long one loses its guard, then an event keeps its last dotted parts (`…remote.signedOut`),
 * anything else its start (`error(refreshTo…`); `+N` says how many more moves the edge stands for.
 */
export function shortLabel(edges: readonly Pick<ChartEdge, 'label' | 'guard' | 'kind'>[]): string {
  const first = edges[0];
  if (!first) return '';
  let text = textOf(first);
  if (text.length > SHORT_LABEL) text = first.label;
  if (text.length > SHORT_LABEL && first.kind === 'event') {
    const parts = text.split('.');
    let tail = parts.pop() ?? '';
    while (parts.length > 0 && `…${parts[parts.length - 1] ?? ''}.${tail}`.length <= SHORT_LABEL) tail = `${parts.pop() ?? ''}.${tail}`;
    text = `…${tail}`;
  }
  if (text.length > SHORT_LABEL) text = `${text.slice(0, SHORT_LABEL - 1)}…`;
  return edges.length > 1 ? `${text} +${edges.length - 1}` : text;
}

/**
 * The states drawn open: compound states on the current path, those the reader opened whose parents are open
 * too, and the regions of an open parallel state (they are all active at once).
 */
export function openStates(graph: ChartGraph, options: FoldOptions): Set<string> {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const wanted = new Set([...options.active, ...(options.expanded ?? [])]);
  const open = new Set<string>();
  // graph.nodes lists every parent before its children.
  for (const node of graph.nodes) {
    if (node.children.length === 0) continue;
    const parent = node.parent === null ? null : byId.get(node.parent);
    if (parent && !open.has(parent.id)) continue;
    if (wanted.has(node.id) || parent?.type === 'parallel') open.add(node.id);
  }
  return open;
}

export function foldChart(graph: ChartGraph, options: FoldOptions): ChartGraph {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const open = openStates(graph, options);
  const inside = (node: ChartNode): number =>
    node.children.reduce((sum, id) => {
      const child = byId.get(id);
      return sum + (child ? 1 + inside(child) : 0);
    }, 0);

  // Visible: top-level states and the children of open ones (graph.nodes lists parents before children).
  const shown = new Map<string, ChartNode>();
  for (const node of graph.nodes) {
    if (node.parent !== null && !(open.has(node.parent) && shown.has(node.parent))) continue;
    shown.set(node.id, node.children.length > 0 && !open.has(node.id) ? { ...node, children: [], folded: inside(node) } : node);
  }
  const drawnAs = (id: string): string => {
    let at: string | null = id;
    while (at !== null && !shown.has(at)) at = byId.get(at)?.parent ?? null;
    return at ?? id;
  };

  const path = (id: string): string[] => {
    const out: string[] = [];
    for (let at: string | null = id; at !== null; at = shown.get(at)?.parent ?? null) out.unshift(at);
    return out;
  };
  // Each edge joins two states of one box (siblings), so every box is laid out on its own: a move from a region's
  // state to a top-level state is drawn from the top-level box that holds it, and its full text says where from.
  const lift = (from: string, to: string): [string, string] => {
    const a = path(from);
    const b = path(to);
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
    if (i === a.length || i === b.length) return [a[i - 1] ?? from, a[i - 1] ?? from];
    return [a[i] ?? from, b[i] ?? to];
  };

  const groups = new Map<string, { source: string; target: string; edges: ChartEdge[] }>();
  for (const edge of graph.edges) {
    const foldedSource = drawnAs(edge.source);
    const foldedTarget = drawnAs(edge.target);
    // A move between two states of one folded box happens inside it.
    if (foldedSource === foldedTarget && edge.source !== edge.target) continue;
    const [source, target] = lift(foldedSource, foldedTarget);
    const key = `${source}>${target}`;
    const group = groups.get(key) ?? { source, target, edges: [] };
    group.edges.push(edge);
    groups.set(key, group);
  }
  const edges = [...groups.values()].map(({ source, target, edges: moves }): ChartEdge => {
    const [first] = moves as [ChartEdge, ...ChartEdge[]];
    const kinds = new Set(moves.map((m) => m.kind));
    return {
      ...first,
      id: moves.length > 1 ? `${source}>${target}` : first.id,
      source,
      target,
      kind: kinds.size === 1 ? first.kind : 'event',
      short: shortLabel(moves),
      merged: moves,
    };
  });
  return { ...graph, nodes: [...shown.values()], edges };
}

/** The full text of a drawn edge: every move it stands for (`session.lock [canLock]: signedIn.access.active → …`). */
export function fullLabels(edge: ChartEdge): string[] {
  return (edge.merged ?? [edge]).map((m) => `${textOf(m)}: ${m.source} → ${m.target}`);
}
