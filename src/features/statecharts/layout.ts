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

export const edgeText = (edge: Pick<ChartEdge, 'label' | 'guard'>) => (edge.guard ? `${edge.label} [${edge.guard}]` : edge.label);

function leafSize(node: ChartNode): { width: number; height: number } {
  const lines = [node.key, ...node.invokes.map((i) => `invoke ${i.src}`)];
  const width = Math.max(96, ...lines.map((l) => Math.ceil(l.length * CHAR) + 32));
  return { width, height: 36 + node.invokes.length * LINE };
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
 * Lays the chart out with ELK (layered, hierarchical): compound states hold their children, every
 * transition is routed with its label placed beside it. Returns positions React Flow can draw.
 */
export async function layoutChart(graph: ChartGraph, layout: ElkLayout): Promise<ChartLayout> {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const toElk = (node: ChartNode): ElkNode => {
    if (node.children.length === 0) return { id: node.id, ...leafSize(node) };
    const header = 40 + node.invokes.length * LINE;
    return {
      id: node.id,
      layoutOptions: {
        'elk.padding': `[top=${header},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${leafSize(node).width + 24}, ${header + 20})`,
        ...(node.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
      children: node.children.flatMap((id) => {
        const child = byId.get(id);
        return child ? [toElk(child)] : [];
      }),
    };
  };
  const edges: ElkExtendedEdge[] = graph.edges.map((e) => ({
    id: e.id,
    sources: [e.source],
    targets: [e.target],
    labels: [{ id: `${e.id}:label`, text: edgeText(e), width: Math.ceil(edgeText(e).length * LABEL_CHAR) + 12, height: 18 }],
  }));
  const result = await layout({
    id: '(root)',
    layoutOptions: { ...ROOT_OPTIONS, ...(graph.rootType === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}) },
    children: graph.nodes.filter((n) => n.parent === null).map(toElk),
    edges,
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
