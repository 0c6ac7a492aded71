import { use, useMemo, useState } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import {
  Background,
  BaseEdge,
  Controls,
  EdgeLabelRenderer,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  ReactFlowProvider,
  type Edge,
  type EdgeProps,
  type FitViewOptions,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { ChartEdgeKind, ChartGraph, ChartNode } from '@machines/statecharts/chart';
import { edgeText, type ChartLayout, type Point } from '../layout';
import classes from '../statecharts.module.css';

type StateData = { node: ChartNode; active: boolean; initialLabel: string; kindLabel: string; invokeLabel: string };
type StateFlowNode = Node<StateData, 'state'>;
type RouteData = { points: Point[]; label: Point; text: string; kind: ChartEdgeKind };
type RouteFlowEdge = Edge<RouteData, 'route'>;

function StateBox({ data }: NodeProps<StateFlowNode>) {
  const { node, active } = data;
  const compound = node.children.length > 0;
  return (
    <div
      className={clsx(
        classes.state,
        compound && classes.compound,
        node.type === 'parallel' && classes.parallel,
        node.type === 'final' && classes.final,
        active && classes.active,
      )}
      data-state={node.id}
      aria-current={active ? 'true' : undefined}
    >
      <Handle type="target" position={Position.Top} className={classes.handle} isConnectable={false} />
      <div className={classes.stateName}>
        {node.initial ? <span title={data.initialLabel}>● </span> : null}
        {node.key}
        {data.kindLabel ? <span className={classes.meta}> · {data.kindLabel}</span> : null}
      </div>
      {node.invokes.map((i) => (
        <div key={i.id} className={classes.meta}>
          {data.invokeLabel} {i.src}
          {i.id !== i.src ? ` (${i.id})` : ''}
        </div>
      ))}
      <Handle type="source" position={Position.Bottom} className={classes.handle} isConnectable={false} />
    </div>
  );
}

const EDGE_COLOURS: Record<ChartEdgeKind, string> = {
  event: 'var(--mantine-color-text)',
  always: 'var(--mantine-color-dimmed)',
  after: 'var(--mantine-color-orange-text, var(--mantine-color-orange-7))',
  done: 'var(--mantine-color-teal-text, var(--mantine-color-teal-7))',
  error: 'var(--mantine-color-red-text, var(--mantine-color-red-7))',
};

function Route({ id, data, markerEnd }: EdgeProps<RouteFlowEdge>) {
  if (!data || data.points.length < 2) return null;
  const path = data.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
  const colour = EDGE_COLOURS[data.kind];
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        style={{ stroke: colour, strokeWidth: 1.4, strokeDasharray: data.kind === 'after' || data.kind === 'always' ? '5 4' : undefined }}
      />
      <EdgeLabelRenderer>
        <div className={classes.edgeLabel} style={{ transform: `translate(-50%, -50%) translate(${data.label.x}px, ${data.label.y}px)` }}>
          {data.text}
        </div>
      </EdgeLabelRenderer>
    </>
  );
}

const nodeTypes = { state: StateBox };
/** Phones (Mantine's sm breakpoint): the chart opens at no less than this zoom, so 13 px state names stay about 8 px or more. */
const NARROW = '(max-width: 48em)';
const PHONE_MIN_ZOOM = 0.6;
const edgeTypes = { route: Route };

export interface ChartViewProps {
  chart: Promise<{ graph: ChartGraph; layout: ChartLayout }>;
  /** Dotted ids of the active states (highlighted, `aria-current="true"`). */
  active: readonly string[];
}

/** The machine's chart (ELK layout, React Flow drawing): pan by dragging, zoom with the wheel or the buttons, fit. */
export default function ChartView({ chart, active }: ChartViewProps) {
  const { t } = useTranslation();
  const { layout } = use(chart);
  const scheme = useComputedColorScheme('light');
  const activeKey = active.join('|');

  const nodes = useMemo<StateFlowNode[]>(() => {
    const on = new Set(activeKey ? activeKey.split('|') : []);
    return layout.nodes.map((p) => ({
      id: p.node.id,
      type: 'state',
      position: { x: p.x, y: p.y },
      ...(p.node.parent ? { parentId: p.node.parent } : {}),
      style: { width: p.width, height: p.height },
      width: p.width,
      height: p.height,
      draggable: false,
      selectable: false,
      focusable: false,
      data: {
        node: p.node,
        active: on.has(p.node.id),
        initialLabel: t('statecharts.chart.initial'),
        kindLabel:
          p.node.type === 'parallel' || p.node.type === 'final' || p.node.type === 'history'
            ? t(`statecharts.chart.kind.${p.node.type}`)
            : '',
        invokeLabel: t('statecharts.chart.invokes'),
      },
    }));
  }, [layout, activeKey, t]);

  const edges = useMemo<RouteFlowEdge[]>(
    () =>
      layout.edges.map((e) => ({
        id: e.edge.id,
        source: e.edge.source,
        target: e.edge.target,
        type: 'route',
        focusable: false,
        selectable: false,
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16, color: EDGE_COLOURS[e.edge.kind] },
        data: { points: e.points, label: e.label, text: edgeText(e.edge), kind: e.edge.kind },
      })),
    [layout],
  );

  // Opens on what is current (the chart is remounted per machine and actor), else on the whole chart. A phone is
  // too narrow for a whole chart at a readable size: it opens on the initial state at a zoom that keeps the names
  // legible (drag to pan, pinch or the buttons to zoom, the fit button shows everything).
  const [focus] = useState<FitViewOptions>(() => {
    const on = new Set(active);
    const leaves = layout.nodes.filter((p) => on.has(p.node.id) && !p.node.children.some((c) => on.has(c)));
    const narrow = window.matchMedia(NARROW).matches;
    const start = leaves.length ? leaves : narrow ? layout.nodes.filter((p) => p.node.parent === null && p.node.initial) : [];
    return {
      ...(start.length ? { nodes: start.map((p) => ({ id: p.node.id })), padding: leaves.length ? 0.4 : 0.15 } : {}),
      maxZoom: 1,
      ...(narrow ? { minZoom: PHONE_MIN_ZOOM } : {}),
    };
  });

  return (
    <div className={classes.chart} data-testid="statechart">
      <ReactFlowProvider>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          edgeTypes={edgeTypes}
          colorMode={scheme}
          fitView
          fitViewOptions={focus}
          minZoom={0.1}
          maxZoom={2}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          proOptions={{ hideAttribution: false }}
          ariaLabelConfig={{
            'controls.ariaLabel': t('statecharts.chart.controls'),
            'controls.zoomIn.ariaLabel': t('statecharts.chart.zoomIn'),
            'controls.zoomOut.ariaLabel': t('statecharts.chart.zoomOut'),
            'controls.fitView.ariaLabel': t('statecharts.chart.fit'),
            'controls.interactive.ariaLabel': t('statecharts.chart.lock'),
          }}
        >
          <Background gap={24} />
          <Controls showInteractive={false} />
        </ReactFlow>
      </ReactFlowProvider>
    </div>
  );
}
