import { createActor, fromPromise, SimulatedClock, type AnyActor, type AnyActorLogic, type AnyStateMachine, type StateValue } from 'xstate';
import { activeIds, chartOf, scenariosOf, type ChartGraph, type Scenario, type ScenarioStep } from '@machines/statecharts/chart';
import { describeMachine } from '@machines/statecharts/describe';
import { foldChart, openStates } from '@machines/statecharts/fold';
import { MACHINES, type RegisteredMachine } from '@machines/statecharts/registry';
import { layoutChart, type ChartLayout, type ElkLayout } from './layout';

export { MACHINES, type RegisteredMachine };

/** The registry entry that documents a running machine (same definition, else the same id). */
export function entryFor(machine: AnyStateMachine): RegisteredMachine | undefined {
  return MACHINES.find((m) => m.machine.config === machine.config) ?? MACHINES.find((m) => m.machine.id === machine.id);
}

/** Machines that run around every screen (the layout's), never "the screen the user came from". */
const AROUND_SCREENS = new Set(['session', 'live-events', 'bookmarks']);

/**
 * The actor the explorer opens on when the link names none: the newest screen the user came from (still
 * running when the explorer has a window of its own), else the session, whose log holds the sign-in.
 */
export function defaultActor<T extends { machine: AnyStateMachine; parent: string | null }>(actors: readonly T[]): T | null {
  const roots = actors.filter((a) => a.parent === null);
  const nameOf = (a: T) => entryFor(a.machine)?.name ?? a.machine.id;
  const screen = roots.findLast((a) => !AROUND_SCREENS.has(nameOf(a)));
  return screen ?? roots.find((a) => nameOf(a) === 'session') ?? null;
}

export function entryNamed(name: string | null): RegisteredMachine | undefined {
  return name ? MACHINES.find((m) => m.name === name) : undefined;
}

// ELK's bundled build runs in the page (no worker file, no eval), loaded with the first chart.
let elk: Promise<{ layout: ElkLayout }> | null = null;
function loadElk(): Promise<{ layout: ElkLayout }> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => {
    const engine = new ELK();
    return { layout: (g) => engine.layout(g) };
  });
  return elk;
}
const layouts = new WeakMap<AnyStateMachine, Promise<{ graph: ChartGraph; layout: ChartLayout }>>();

/** The machine's chart, laid out once per definition (a promise React's `use` can wait for). */
export function chartFor(machine: AnyStateMachine): Promise<{ graph: ChartGraph; layout: ChartLayout }> {
  let found = layouts.get(machine);
  if (!found) {
    const graph = chartOf(machine);
    found = loadElk()
      .then((engine) => layoutChart(graph, engine.layout))
      .then((layout) => ({ graph, layout }));
    layouts.set(machine, found);
  }
  return found;
}

/**
 * Machines too large to read whole at a normal size (the session: 26 states, 68 moves, 4750×2044 px laid out):
 * drawn folded (machines/statecharts/fold.ts). Every other machine is drawn whole.
 */
const FOLDED = new Set(['session']);
export const isFolded = (machine: AnyStateMachine): boolean => FOLDED.has(entryFor(machine)?.name ?? machine.id);

const graphs = new WeakMap<AnyStateMachine, ChartGraph>();
const folded = new WeakMap<AnyStateMachine, Map<string, Promise<{ graph: ChartGraph; layout: ChartLayout }>>>();

/** The folded chart with the current states (and those the reader opened) open, laid out once per set of open states. */
export function foldedChartFor(
  machine: AnyStateMachine,
  active: readonly string[],
  expanded: readonly string[],
): Promise<{ graph: ChartGraph; layout: ChartLayout }> {
  let whole = graphs.get(machine);
  if (!whole) {
    whole = chartOf(machine);
    graphs.set(machine, whole);
  }
  const open = openStates(whole, { active, expanded });
  const key = [...open].sort().join(',');
  const cache = folded.get(machine) ?? new Map<string, Promise<{ graph: ChartGraph; layout: ChartLayout }>>();
  folded.set(machine, cache);
  let found = cache.get(key);
  if (!found) {
    const graph = foldChart(whole, { active: [...open], expanded: [] });
    found = loadElk()
      .then((engine) => layoutChart(graph, engine.layout, { compact: true }))
      .then((layout) => ({ graph, layout }));
    cache.set(key, found);
  }
  return found;
}

const scenarios = new WeakMap<AnyStateMachine, Scenario[]>();
export function scenariosFor(machine: AnyStateMachine): Scenario[] {
  let found = scenarios.get(machine);
  if (!found) {
    found = scenariosOf(machine);
    scenarios.set(machine, found);
  }
  return found;
}

/** The event types the machine handles somewhere (what the explorer may offer to send). */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  return describeMachine(machine).events.map((e) => e.type);
}

/** The events the actor's current state accepts (`snapshot.can`), with an optional payload. */
export function acceptedEvents(
  actor: Pick<AnyActor, 'getSnapshot'>,
  types: readonly string[],
  payload: Record<string, unknown> = {},
): string[] {
  const snapshot: unknown = actor.getSnapshot();
  if (!snapshot || typeof snapshot !== 'object' || !('can' in snapshot) || typeof snapshot.can !== 'function') return [];
  const can = snapshot.can as (event: { type: string }) => boolean;
  return types.filter((type) => {
    try {
      return can.call(snapshot, { ...payload, type });
    } catch {
      // A guard that needs a payload the button does not carry: not offered.
      return false;
    }
  });
}

/** Inputs for machines that cannot start without one (the rest get `{}`). */
const SAMPLE_INPUTS: Record<string, unknown> = { session: { stored: null } };

export interface StepResult {
  ok: boolean;
  /** The state value the actor is in after the step. */
  state: StateValue | null;
  error?: string;
}

export interface Replay {
  scenario: Scenario;
  actor: AnyActor;
  results: StepResult[];
  /** Set when the fresh actor could not start (an input the explorer cannot fake). */
  error?: string;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A fresh actor of the machine with fakes: every invoked actor never settles (the scenario's steps send
 * their outcome), delays run on a simulated clock, so each step is exactly the scenario's event.
 */
export function startReplay(entry: Pick<RegisteredMachine, 'name' | 'machine'>, scenario: Scenario): Replay {
  const { machine } = entry;
  const fakes: Record<string, AnyActorLogic> = {};
  for (const a of describeMachine(machine).actors)
    if (a.src !== 'inline') fakes[a.src] = fromPromise(() => new Promise<never>(() => undefined));
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors: fakes }), { clock, input: SAMPLE_INPUTS[entry.name] ?? {} });
  clocks.set(actor, clock);
  try {
    actor.start();
  } catch (error) {
    return { scenario, actor, results: [], error: errorText(error) };
  }
  const snapshot = actor.getSnapshot();
  return { scenario, actor, results: [], ...(snapshot.status === 'error' ? { error: errorText(snapshot.error) } : {}) };
}

const clocks = new WeakMap<AnyActor, SimulatedClock>();

/**
 * "Continue from here": a sandbox actor of the machine started in a recorded state with its recorded (masked)
 * context. Every actor it invokes is a fake that never settles and delays run on a simulated clock, so it
 * makes no request and never touches the app's own actor.
 */
export function startSandbox(machine: AnyStateMachine, value: StateValue, context: unknown): { actor: AnyActor } | { error: string } {
  const fakes: Record<string, AnyActorLogic> = {};
  const rows = describeMachine(machine).actors.filter((a) => a.src !== 'inline');
  for (const a of rows) fakes[a.src] = fromPromise(() => new Promise<never>(() => undefined));
  try {
    const sandboxed = machine.provide({ actors: fakes });
    // As a persisted snapshot, with the actors the root and the active states invoke (fakes), so the
    // machine's sendTo them still has someone to reach.
    const active = new Set(activeIds(value));
    const children = Object.fromEntries(
      rows
        .filter((a) => a.state === '(root)' || active.has(a.state))
        .map((a) => [a.id, { src: a.src, snapshot: { status: 'active' as const, output: undefined, error: undefined } }]),
    );
    const snapshot = { status: 'active' as const, output: undefined, error: undefined, value, context, children, historyValue: {} };
    const actor = createActor(sandboxed, { snapshot, clock: new SimulatedClock() });
    actor.start();
    const status = actor.getSnapshot().status;
    return status === 'error' ? { error: errorText(actor.getSnapshot().error) } : { actor };
  } catch (error) {
    return { error: errorText(error) };
  }
}

function delayOf(machine: AnyStateMachine, step: ScenarioStep, actor: AnyActor): number {
  const name = /^xstate\.after\.(.+)\.[^.]*$/.exec(step.eventType)?.[1] ?? '';
  const numeric = Number(name);
  if (name !== '' && Number.isFinite(numeric)) return numeric;
  const delay: unknown = machine.implementations.delays?.[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') {
    try {
      const value: unknown = delay({ context: actor.getSnapshot().context, event: { type: 'xstate.init' } });
      if (typeof value === 'number') return value;
    } catch {
      // fall through: a long wait fires it
    }
  }
  return 24 * 60 * 60 * 1000;
}

const withData = (type: string, key: string, value: unknown): { type: string } => ({ type, [key]: value });

/** Takes the next step of a replay: sends its event (or lets its delay pass) and checks where the actor is. */
export function replayNext(entry: Pick<RegisteredMachine, 'machine'>, replay: Replay): Replay {
  const step = replay.scenario.steps[replay.results.length];
  if (!step || replay.error) return replay;
  const { actor } = replay;
  try {
    if (step.kind === 'after') clocks.get(actor)?.increment(delayOf(entry.machine, step, actor));
    else if (step.kind === 'done') actor.send(withData(step.eventType, 'output', {}));
    else if (step.kind === 'error') actor.send(withData(step.eventType, 'error', new Error('fake failure')));
    else if (step.kind === 'event') actor.send({ type: step.eventType });
    // 'always': the move happens by itself once its guard holds.
  } catch (error) {
    return { ...replay, results: [...replay.results, { ok: false, state: null, error: errorText(error) }] };
  }
  const snapshot = actor.getSnapshot();
  if (snapshot.status === 'error')
    return { ...replay, results: [...replay.results, { ok: false, state: null, error: errorText(snapshot.error) }] };
  const value: StateValue = snapshot.value;
  return { ...replay, results: [...replay.results, { ok: snapshot.matches(step.state), state: value }] };
}

/** The scenarios of a machine as a JSON document (the explorer's export). */
export function scenariosJson(entry: Pick<RegisteredMachine, 'name' | 'file' | 'machine'>, list: readonly Scenario[]): string {
  return JSON.stringify(
    {
      machine: entry.name,
      id: entry.machine.id,
      file: entry.file,
      scenarios: list.map((s) => ({
        reaches: s.name,
        state: s.state,
        steps: s.steps.map((step) => ({ event: step.eventType, label: step.label, guard: step.guard, kind: step.kind, state: step.state })),
      })),
    },
    null,
    2,
  );
}
