import { use, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Table, Text, useComputedColorScheme } from '@mantine/core';
import { IconArrowsMaximize } from '@tabler/icons-react';
import {
  Background,
  BaseEdge,
  ControlButton,
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
  useNodesInitialized,
  useReactFlow,
  useStore,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import type { ChartEdgeKind, ChartNode } from '@machines/statecharts/chart';
import { fullLabels } from '@machines/statecharts/fold';
import { chartFor, foldedChartFor, isFolded } from '../explorer';
import { edgeText, type ChartLayout, type Point } from '../layout';
import classes from '../statecharts.module.css';

type StateData = {
  node: ChartNode;
  active: boolean;
  initialLabel: string;
  kindLabel: string;
  invokeLabel: string;
  /** Folded charts: open or fold this compound state (absent when it holds a current state). */
  toggle?: { label: string; text: string; expanded: boolean; onClick: () => void };
};
type StateFlowNode = Node<StateData, 'state'>;
type RouteData = { points: Point[]; label: Point; text: string; title?: string; kind: ChartEdgeKind };
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
        {data.toggle?.expanded ? <ToggleButton {...data.toggle} /> : null}
      </div>
      {data.toggle && !data.toggle.expanded ? <ToggleButton {...data.toggle} /> : null}
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

function ToggleButton({ label, text, expanded, onClick }: NonNullable<StateData['toggle']>) {
  return (
    <button type="button" className={clsx('nodrag', 'nopan', classes.toggle)} aria-label={label} aria-expanded={expanded} onClick={onClick}>
      {text}
    </button>
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
        <div
          className={clsx(classes.edgeLabel, data.title && classes.titled)}
          title={data.title}
          style={{ transform: `translate(-50%, -50%) translate(${data.label.x}px, ${data.label.y}px)` }}
        >
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

/**
 * A folded chart never draws a label under 10 px: its smallest text (edge labels, 11 px) at this zoom or more.
 * Fit fits the whole chart when it can at that size, else the width, and the wheel scrolls the rest.
 */
export const READABLE_ZOOM = 0.91;
const FIT_PADDING = 16;

/** Fit the chart, for a folded chart: the whole of it if that keeps labels at 10 px, else its width (top first), else 10 px. */
function ReadableFit({ layout, auto }: { layout: ChartLayout; auto: boolean }) {
  const { t } = useTranslation();
  const { setViewport } = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const ready = useNodesInitialized();
  const fit = useCallback(() => {
    const byWidth = (width - 2 * FIT_PADDING) / Math.max(layout.width, 1);
    const byHeight = (height - 2 * FIT_PADDING) / Math.max(layout.height, 1);
    const whole = Math.min(byWidth, byHeight, 1);
    const centred = (zoom: number) => (width - layout.width * zoom) / 2;
    if (whole >= READABLE_ZOOM) void setViewport({ x: centred(whole), y: (height - layout.height * whole) / 2, zoom: whole });
    else if (byWidth >= READABLE_ZOOM) void setViewport({ x: centred(Math.min(byWidth, 1)), y: FIT_PADDING, zoom: Math.min(byWidth, 1) });
    else void setViewport({ x: FIT_PADDING, y: FIT_PADDING, zoom: READABLE_ZOOM });
  }, [layout, width, height, setViewport]);
  // Opened with no current state: the readable fit is the first view too.
  const opened = useRef(false);
  useEffect(() => {
    if (!auto || opened.current || !ready || width === 0) return;
    opened.current = true;
    fit();
  }, [auto, ready, width, fit]);
  return (
    <ControlButton onClick={fit} aria-label={t('statecharts.chart.fit')} title={t('statecharts.chart.fit')}>
      <IconArrowsMaximize aria-hidden />
    </ControlButton>
  );
}

export interface ChartViewProps {
  machine: AnyStateMachine;
  /** Dotted ids of the active states (highlighted, `aria-current="true"`). */
  active: readonly string[];
}

/** The machine's chart (ELK layout, React Flow drawing): pan by dragging, zoom with the wheel or the buttons, fit. */
export default function ChartView({ machine, active }: ChartViewProps) {
  const { t } = useTranslation();
  const folds = isFolded(machine);
  // Folded: the compound states the reader opened; the chart is laid out again for each set of open states.
  const [expanded, setExpanded] = useState<readonly string[]>([]);
  const chart = folds ? foldedChartFor(machine, active, expanded) : chartFor(machine);
  // While a new layout is computed the previous one stays on screen.
  const { layout } = use(useDeferredValue(chart));
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
        ...(folds && p.node.folded
          ? {
              toggle: {
                label: t('statecharts.chart.expand', { state: p.node.id, states: t('statecharts.chart.states', { count: p.node.folded }) }),
                text: `${t('statecharts.chart.states', { count: p.node.folded })} +`,
                expanded: false,
                onClick: () => setExpanded((list) => [...list, p.node.id]),
              },
            }
          : folds && expanded.includes(p.node.id) && !on.has(p.node.id)
            ? {
                toggle: {
                  label: t('statecharts.chart.collapse', { state: p.node.id }),
                  text: '−',
                  expanded: true,
                  onClick: () => setExpanded((list) => list.filter((id) => id !== p.node.id && !id.startsWith(`${p.node.id}.`))),
                },
              }
            : {}),
      },
    }));
  }, [layout, activeKey, t, folds, expanded]);

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
        data: {
          points: e.points,
          label: e.label,
          text: edgeText(e.edge),
          kind: e.edge.kind,
          ...(e.edge.merged ? { title: fullLabels(e.edge).join('\n') } : {}),
        },
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
      ...(folds ? { minZoom: READABLE_ZOOM } : narrow ? { minZoom: PHONE_MIN_ZOOM } : {}),
    };
  });
  const opensWhole = !layout.nodes.some((p) => active.includes(p.node.id) && !p.node.children.some((c) => active.includes(c)));

  return (
    <>
      <div className={classes.chart} data-testid="statechart">
        <ReactFlowProvider>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            edgeTypes={edgeTypes}
            colorMode={scheme}
            fitView={!folds || !opensWhole}
            fitViewOptions={focus}
            minZoom={folds ? READABLE_ZOOM : 0.1}
            // Folded: the wheel scrolls (the chart is taller than the view at a readable size); Ctrl+wheel or a pinch zooms.
            panOnScroll={folds}
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
            <Controls showInteractive={false} showFitView={!folds}>
              {folds ? <ReadableFit layout={layout} auto={opensWhole} /> : null}
            </Controls>
          </ReactFlow>
        </ReactFlowProvider>
      </div>
      {folds ? <FoldedMoves layout={layout} /> : null}
    </>
  );
}

/** Beside a folded chart: every drawn edge with the full text of the moves it stands for (edge labels are shortened). */
function FoldedMoves({ layout }: { layout: ChartLayout }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="xs" c="dimmed">
        {t('statecharts.chart.foldedHint')}
      </Text>
      <details className={classes.moves}>
        <summary>
          <Text span size="sm">
            {t('statecharts.chart.moves', { count: layout.edges.length })}
          </Text>
        </summary>
        <Table fz="xs" withRowBorders striped="even" captionSide="top">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('statecharts.chart.edge')}</Table.Th>
              <Table.Th scope="col">{t('statecharts.chart.standsFor')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {layout.edges.map((e) => (
              <Table.Tr key={e.edge.id}>
                <Table.Td>
                  {e.edge.source} → {e.edge.target}: {edgeText(e.edge)}
                </Table.Td>
                <Table.Td className={classes.wrap}>
                  {fullLabels(e.edge).map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </>
  );
}
