import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartEdge, ChartGraph, ChartNode } from '@machines/statecharts/chart';

export interface Point {
  x: number;
  y: number;
}

export interface PlacedNode {
  node: ChartNode;
  /** Relative to the parent state (React Flow's `parentId` positions). */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  edge: ChartEdge;
  /** Absolute points of the route (start, bends, end). */
  points: Point[];
  /** Absolute centre of the label. */
  label: Point;
}

export interface ChartLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  width: number;
  height: number;
}

/** What lays a graph out: ELK's `layout` (injected so tests can use it in Node without a browser). */
export type ElkLayout = (graph: ElkNode) => Promise<ElkNode>;

const CHAR = 7.2;
const LABEL_CHAR = 6.4;
const LINE = 16;

/** The label as drawn: a folded chart's short one (its full text is the title), else `event [guard]`. */
export const edgeText = (edge: Pick<ChartEdge, 'label' | 'guard' | 'short'>) =>
  edge.short ?? (edge.guard ? `${edge.label} [${edge.guard}]` : edge.label);

function leafSize(node: ChartNode): { width: number; height: number } {
  // A folded box adds a line with its count and room for its open button.
  const lines = [node.key, ...node.invokes.map((i) => `invoke ${i.src}`), ...(node.folded ? ['00 states ⊕'] : [])];
  const width = Math.max(96, ...lines.map((l) => Math.ceil(l.length * CHAR) + 32));
  return { width, height: 36 + (node.invokes.length + (node.folded ? 1.5 : 0)) * LINE };
}

const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeNode': '16',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.edgeLabels.sideSelection': 'ALWAYS_DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
};

/**
 * A folded chart (machines/statecharts/fold.ts) is laid out box by box, top to bottom and narrow: its edges join
 * siblings, so each compound state is a layout of its own (regions of a parallel state stacked, at most two
 * states side by side), and labels sit at the start of their edge instead of widening the layer they cross.
 */
const COMPACT_OPTIONS: Record<string, string> = {
  ...ROOT_OPTIONS,
  'elk.hierarchyHandling': 'SEPARATE_CHILDREN',
  'elk.layered.spacing.nodeNodeBetweenLayers': '24',
  'elk.spacing.nodeNode': '12',
  'elk.spacing.edgeNode': '8',
  'elk.spacing.edgeEdge': '6',
  'elk.spacing.edgeLabel': '2',
  'elk.layered.layering.strategy': 'COFFMAN_GRAHAM',
  'elk.layered.layering.coffmanGraham.layerBound': '2',
};
const COMPACT_PARALLEL: Record<string, string> = { 'elk.direction': 'RIGHT', 'elk.aspectRatio': '0.1' };

/**
 * Lays the chart out with ELK (layered, hierarchical): compound states hold their children, every
 * transition is routed with its label placed beside it. Returns positions React Flow can draw.
 */
export async function layoutChart(graph: ChartGraph, layout: ElkLayout, { compact = false } = {}): Promise<ChartLayout> {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const elkEdge = (e: ChartEdge): ElkExtendedEdge => ({
    id: e.id,
    sources: [e.source],
    targets: [e.target],
    labels: [
      {
        id: `${e.id}:label`,
        text: edgeText(e),
        width: Math.ceil(edgeText(e).length * LABEL_CHAR) + 12,
        height: 18,
        // ELK reads the placement from the label itself.
        ...(compact ? { layoutOptions: { 'elk.edgeLabels.placement': 'TAIL' } } : {}),
      },
    ],
  });
  // Compact: an edge belongs to the box that holds its source (fold.ts made both ends siblings).
  const edgesIn = (parent: string | null) => (compact ? graph.edges.filter((e) => byId.get(e.source)?.parent === parent).map(elkEdge) : []);
  const toElk = (node: ChartNode): ElkNode => {
    if (node.children.length === 0) return { id: node.id, ...leafSize(node) };
    const header = 40 + node.invokes.length * LINE;
    return {
      id: node.id,
      layoutOptions: {
        ...(compact ? COMPACT_OPTIONS : {}),
        'elk.padding': `[top=${header},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${leafSize(node).width + 24}, ${header + 20})`,
        ...(node.type === 'parallel' ? (compact ? COMPACT_PARALLEL : { 'elk.direction': 'RIGHT' }) : {}),
      },
      children: node.children.flatMap((id) => {
        const child = byId.get(id);
        return child ? [toElk(child)] : [];
      }),
      ...(compact ? { edges: edgesIn(node.id) } : {}),
    };
  };
  const result = await layout({
    id: '(root)',
    layoutOptions: compact
      ? { ...COMPACT_OPTIONS, ...(graph.rootType === 'parallel' ? COMPACT_PARALLEL : {}) }
      : { ...ROOT_OPTIONS, ...(graph.rootType === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}) },
    children: graph.nodes.filter((n) => n.parent === null).map(toElk),
    edges: compact ? edgesIn(null) : graph.edges.map(elkEdge),
  });

  const placed: PlacedNode[] = [];
  const absolute = new Map<string, Point>([['(root)', { x: 0, y: 0 }]]);
  const walk = (elkNode: ElkNode, origin: Point) => {
    for (const child of elkNode.children ?? []) {
      const node = byId.get(child.id);
      const x = child.x ?? 0;
      const y = child.y ?? 0;
      const abs = { x: origin.x + x, y: origin.y + y };
      absolute.set(child.id, abs);
      if (node) placed.push({ node, x, y, width: child.width ?? 0, height: child.height ?? 0 });
      walk(child, abs);
    }
  };
  walk(result, { x: 0, y: 0 });

  const edgeById = new Map(graph.edges.map((e) => [e.id, e]));
  const placedEdges: PlacedEdge[] = [];
  const collect = (elkNode: ElkNode) => {
    for (const e of elkNode.edges ?? []) {
      const edge = edgeById.get(e.id);
      if (!edge) continue;
      // ELK gives a route relative to the edge's container (the lowest common ancestor).
      const origin = absolute.get(e.container ?? elkNode.id) ?? { x: 0, y: 0 };
      const section = e.sections?.[0];
      const shift = (p: { x: number; y: number }) => ({ x: origin.x + p.x, y: origin.y + p.y });
      const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift) : [];
      const label = e.labels?.[0];
      const mid = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
      placedEdges.push({
        edge,
        points,
        label:
          label && label.x !== undefined && label.y !== undefined
            ? shift({ x: label.x + (label.width ?? 0) / 2, y: label.y + (label.height ?? 0) / 2 })
            : mid,
      });
    }
    for (const child of elkNode.children ?? []) collect(child);
  };
  collect(result);

  return { nodes: placed, edges: placedEdges, width: result.width ?? 0, height: result.height ?? 0 };
}
