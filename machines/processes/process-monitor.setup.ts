import { assign, emit, enqueueActions, fromCallback, fromPromise, raise, setup, type EventObject } from 'xstate';
import type { Command, LiveEvent, UnitProcess } from '../domain/types';

export const POLL_INTERVALS_MS = [2000, 5000, 10_000, 30_000] as const;
export const DEFAULT_POLL_INTERVAL_MS = 5000;
const MAX_BACKOFF_MS = 60_000;
export const DEFAULT_COMMAND_POLL_MS = 1500;
export const DEFAULT_COMMAND_TIMEOUT_MS = 60_000;

/** What the monitor reads of a command (`POST /api/processes/{id}/end`, `GET /api/commands/{id}`). */
export type CommandOutcome = Pick<Command, 'id' | 'status' | 'message'>;

/** How an end command ended when it did not succeed; `timedOut`: no result within `commandTimeoutMs`. */
export type EndFailure = 'refused' | 'failed' | 'notSupported' | 'timedOut';

/** An end command the agent has not answered yet; its process shows "ending…". */
export interface PendingEnd {
  process: UnitProcess;
  commandId: string;
  /** Status checks made so far (the wait gives up after `commandTimeoutMs / commandPollMs` of them). */
  checks: number;
}

const isFinished = (status: Command['status']) => status !== 'pending' && status !== 'sent';

export interface ProcessSample {
  unitId: string;
  items: UnitProcess[];
  /** When the unit reported (server time, ISO). */
  sampledAt: string;
}

export type ProcessSortColumn = 'name' | 'pid' | 'user' | 'cpuPercent' | 'memoryMb' | 'startedAt';
export interface ProcessSort {
  column: ProcessSortColumn;
  direction: 'asc' | 'desc';
}

export interface BlockResult {
  ruleId: string;
  endedProcessIds: string[];
}

export interface ProcessMonitorContext {
  unitId: string | null;
  intervalMs: number;
  items: UnitProcess[];
  sampledAt: string | null;
  /** Client time of the last successful poll (ms), for "updated … ago". */
  updatedAt: number | null;
  error: unknown;
  /** Consecutive failed polls. */
  failures: number;
  maxAutoRetries: number;
  sort: ProcessSort;
  search: string;
  /** The process an action is asked or running for. */
  target: UnitProcess | null;
  actionError: unknown;
  /** Consulted once, when watching first starts. */
  startPaused: boolean;
  /** The browser tab is hidden (document.visibilityState, reported by the view). */
  documentHidden: boolean;
  /** Which of the page's tabs is shown; only 'processes' shows the table. */
  view: MonitorView;
  /** End commands waiting for the agent's result. */
  ending: PendingEnd[];
  commandPollMs: number;
  /** Status checks before an end command is given up (commandTimeoutMs / commandPollMs). */
  maxCommandChecks: number;
}

export type MonitorView = 'processes' | 'rules';

export interface ProcessMonitorInput {
  unitId?: string | null;
  intervalMs?: number;
  maxAutoRetries?: number;
  /** Start paused (e.g. the user paused before leaving). */
  paused?: boolean;
  documentHidden?: boolean;
  view?: MonitorView;
  /** How often an unfinished end command is checked (default 1.5 s). */
  commandPollMs?: number;
  /** How long the monitor waits for the agent's result (default 60 s). */
  commandTimeoutMs?: number;
}

export type ProcessMonitorEvent =
  | { type: 'process.unit.select'; unitId: string | null }
  | { type: 'process.pause' }
  | { type: 'process.resume' }
  | { type: 'process.interval.change'; intervalMs: number }
  | { type: 'process.refresh' }
  | { type: 'process.retry' }
  | { type: 'process.sort'; sort: ProcessSort }
  | { type: 'process.search'; search: string }
  | { type: 'process.end'; process: UnitProcess }
  | { type: 'process.block'; process: UnitProcess }
  | { type: 'process.action.confirm' }
  | { type: 'process.action.cancel' }
  | { type: 'process.visibility.hidden' }
  | { type: 'process.visibility.visible' }
  | { type: 'process.view.change'; view: MonitorView }
  /** A command finished (the live event stream's `command.finished`): settles its end at once. */
  | { type: 'process.command.finished'; command: CommandOutcome }
  /** The live event stream's `processes.changed`: a unit reported its processes (refreshes the shown one at once). */
  | { type: 'process.live.changed'; unitId: string | null };

/**
 * What the monitor takes from the live events (docs/live.md), for the app's `liveEvents` actor: a finished end
 * command settles at once (polling `GET /api/commands/{id}` stays the fallback), and a unit's changed processes are
 * fetched now if it is the one shown (the machine decides). Null: not the monitor's business.
 */
export function processMonitorLiveEvent(event: LiveEvent): ProcessMonitorEvent | null {
  if (event.type === 'command.finished' && event.data.command.kind === 'endProcess') {
    return { type: 'process.command.finished', command: event.data.command };
  }
  if (event.type === 'processes.changed') return { type: 'process.live.changed', unitId: event.unitId };
  return null;
}

export type ProcessMonitorEmitted =
  | { type: 'process.ended'; process: UnitProcess }
  | { type: 'process.blocked'; process: UnitProcess; endedCount: number }
  | { type: 'process.action.failed'; action: 'end' | 'block'; process: UnitProcess; error: unknown }
  /** The agent did not end the process: it refused, failed, cannot, or did not answer in time. */
  | { type: 'process.end.failed'; process: UnitProcess; reason: EndFailure; message: string | null };

export const isInterval = (ms: number) => Number.isFinite(ms) && ms >= 500;

/** Rows as the table shows them: searched (name, user or PID) and sorted; ties by PID. */
export function visibleProcesses(context: Pick<ProcessMonitorContext, 'items' | 'sort' | 'search'>): UnitProcess[] {
  const needle = context.search.trim().toLowerCase();
  const { column, direction } = context.sort;
  const sign = direction === 'asc' ? 1 : -1;
  return context.items
    .filter(
      (p) => !needle || p.name.toLowerCase().includes(needle) || p.user.toLowerCase().includes(needle) || String(p.pid).startsWith(needle),
    )
    .sort((a, b) => {
      const x = a[column];
      const y = b[column];
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return cmp * sign || a.pid - b.pid;
    });
}

export function processTotals(items: readonly UnitProcess[]): { cpuPercent: number; memoryMb: number; count: number } {
  let cpu = 0;
  let memory = 0;
  for (const p of items) {
    cpu += p.cpuPercent;
    memory += p.memoryMb;
  }
  return { cpuPercent: Math.round(cpu * 10) / 10, memoryMb: Math.round(memory * 10) / 10, count: items.length };
}

/**
 * What finished commands change: the pending ends they settle leave `ending`; a succeeded one's process leaves
 * the rows and is reported ended, any other final status is reported with the agent's message. `null`: nothing settles.
 */
export function settleEnds(
  context: Pick<ProcessMonitorContext, 'ending' | 'items'>,
  commands: readonly CommandOutcome[],
): {
  ending: PendingEnd[];
  items: UnitProcess[];
  ended: UnitProcess[];
  failed: { process: UnitProcess; reason: EndFailure; message: string | null }[];
} | null {
  const finished = new Map(commands.filter((c) => isFinished(c.status)).map((c) => [c.id, c]));
  const settled = context.ending.filter((e) => finished.has(e.commandId));
  if (settled.length === 0) return null;
  const ended: UnitProcess[] = [];
  const failed: { process: UnitProcess; reason: EndFailure; message: string | null }[] = [];
  for (const e of settled) {
    const command = finished.get(e.commandId);
    const status = command?.status;
    if (status === 'succeeded') ended.push(e.process);
    else if (status === 'refused' || status === 'failed' || status === 'notSupported') {
      failed.push({ process: e.process, reason: status, message: command?.message ?? null });
    }
  }
  const endedIds = new Set(ended.map((p) => p.id));
  return {
    ending: context.ending.filter((e) => !finished.has(e.commandId)),
    items: context.items.filter((p) => !endedIds.has(p.id)),
    ended,
    failed,
  };
}

export function retryDelayMs(intervalMs: number, failures: number): number {
  return Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.max(0, failures - 1));
}

/** The process monitor's types, actors, delays, guards and actions; its regions are in process-monitor.<region>.ts. */
export const processMonitorSetup = setup({
  types: {} as {
    context: ProcessMonitorContext;
    events: ProcessMonitorEvent;
    input: ProcessMonitorInput;
    emitted: ProcessMonitorEmitted;
  },
  actors: {
    // Without the app's actors the monitor hears no live event and no change of the page's visibility.
    liveEvents: fromCallback<EventObject>(() => undefined),
    /** Sends `process.visibility.hidden` / `visible` when the browser tab is hidden or shown again. */
    visibilityWatch: fromCallback<EventObject>(() => undefined),
    fetchProcesses: fromPromise<ProcessSample, { unitId: string }>(async () => {
      throw new Error('fetchProcesses not provided');
    }),
    endProcess: fromPromise<CommandOutcome, { process: UnitProcess }>(async () => {
      throw new Error('endProcess not provided');
    }),
    checkCommands: fromPromise<CommandOutcome[], { commandIds: string[] }>(async () => {
      throw new Error('checkCommands not provided');
    }),
    blockExecutable: fromPromise<BlockResult, { unitId: string; process: UnitProcess }>(async () => {
      throw new Error('blockExecutable not provided');
    }),
  },
  delays: {
    pollInterval: ({ context }) => context.intervalMs,
    retryDelay: ({ context }) => retryDelayMs(context.intervalMs, context.failures),
    commandPoll: ({ context }) => context.commandPollMs,
  },
  guards: {
    hasUnit: ({ context }) => context.unitId !== null,
    isShownUnit: ({ context, event }) => event.type === 'process.live.changed' && event.unitId !== null && event.unitId === context.unitId,
    isUnitChosen: ({ event }) => event.type === 'process.unit.select' && event.unitId !== null,
    isForCurrentUnit: ({ context }, { sample }: { sample: ProcessSample }) => sample.unitId === context.unitId,
    // A 4xx (the unit is gone or not ours) will not heal by itself: stop at once instead of retrying.
    canRetryAutomatically: ({ context }, { error }: { error: unknown }) => {
      const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;
      return context.failures < context.maxAutoRetries && !(status >= 400 && status < 500);
    },
    isStartPaused: ({ context }) => context.startPaused,
    hasTargetInList: ({ context, event }) =>
      (event.type === 'process.end' || event.type === 'process.block') && context.items.some((p) => p.id === event.process.id),
    isNotEnding: ({ context, event }) => event.type === 'process.end' && !context.ending.some((e) => e.process.id === event.process.id),
    isCommandFinished: (_, { command }: { command: CommandOutcome }) => isFinished(command.status),
    hasPendingEnds: ({ context }) => context.ending.length > 0,
    hasNoPendingEnds: ({ context }) => context.ending.length === 0,
    isValidInterval: ({ event }) => event.type === 'process.interval.change' && isInterval(event.intervalMs),
    isUnseen: ({ context }) => context.documentHidden || context.view !== 'processes',
    isSeen: ({ context }) => !context.documentHidden && context.view === 'processes',
  },
  actions: {
    assignUnit: assign(({ event }) =>
      event.type === 'process.unit.select'
        ? { unitId: event.unitId, items: [], sampledAt: null, updatedAt: null, error: null, failures: 0 }
        : {},
    ),
    assignSample: assign((_, { sample }: { sample: ProcessSample }) => ({
      items: sample.items,
      sampledAt: sample.sampledAt,
      updatedAt: Date.now(),
      error: null,
      failures: 0,
    })),
    assignPollError: assign(({ context }, { error }: { error: unknown }) => ({ error, failures: context.failures + 1 })),
    resetFailures: assign({ failures: () => 0 }),
    raiseRefresh: raise({ type: 'process.refresh' as const }),
    clearStartPaused: assign({ startPaused: () => false }),
    assignDocumentHidden: assign({ documentHidden: () => true }),
    assignDocumentVisible: assign({ documentHidden: () => false }),
    assignView: assign(({ event }) => (event.type === 'process.view.change' ? { view: event.view } : {})),
    assignInterval: assign(({ event }) => (event.type === 'process.interval.change' ? { intervalMs: event.intervalMs } : {})),
    assignSort: assign(({ event }) => (event.type === 'process.sort' ? { sort: event.sort } : {})),
    assignSearch: assign(({ event }) => (event.type === 'process.search' ? { search: event.search } : {})),
    assignTarget: assign(({ event }) =>
      event.type === 'process.end' || event.type === 'process.block' ? { target: event.process, actionError: null } : {},
    ),
    clearTarget: assign({ target: () => null }),
    removeBlocked: assign(({ context }, { result }: { result: BlockResult }) => {
      const ended = new Set(result.endedProcessIds);
      return { items: context.items.filter((p) => !ended.has(p.id) && p.id !== context.target?.id) };
    }),
    assignActionError: assign((_, { error }: { error: unknown }) => ({ actionError: error })),
    emitBlocked: emit(({ context }, { result }: { result: BlockResult }) => ({
      type: 'process.blocked' as const,
      process: context.target as UnitProcess,
      endedCount: result.endedProcessIds.length,
    })),
    emitEndFailed: emit(({ context }, { error }: { error: unknown }) => ({
      type: 'process.action.failed' as const,
      action: 'end' as const,
      process: context.target as UnitProcess,
      error,
    })),
    addPendingEnd: assign(({ context }, { command }: { command: CommandOutcome }) => ({
      ending: [...context.ending, { process: context.target as UnitProcess, commandId: command.id, checks: 0 }],
    })),
    settleEnds: enqueueActions(({ context, enqueue }, { commands }: { commands: readonly CommandOutcome[] }) => {
      const plan = settleEnds(context, commands);
      if (plan === null) return;
      enqueue.assign({ ending: plan.ending, items: plan.items });
      for (const process of plan.ended) enqueue.emit({ type: 'process.ended' as const, process });
      for (const f of plan.failed) enqueue.emit({ type: 'process.end.failed' as const, ...f });
      // The agent's own process report may differ from what was removed here: show the unit's list as it is now.
      if (plan.ended.length > 0) enqueue.raise({ type: 'process.refresh' });
    }),
    countCheck: enqueueActions(({ context, enqueue }) => {
      const ending = context.ending.map((e) => ({ ...e, checks: e.checks + 1 }));
      const expired = ending.filter((e) => e.checks >= context.maxCommandChecks);
      enqueue.assign({ ending: ending.filter((e) => e.checks < context.maxCommandChecks) });
      for (const e of expired) {
        enqueue.emit({ type: 'process.end.failed' as const, process: e.process, reason: 'timedOut' as const, message: null });
      }
    }),
    emitBlockFailed: emit(({ context }, { error }: { error: unknown }) => ({
      type: 'process.action.failed' as const,
      action: 'block' as const,
      process: context.target as UnitProcess,
      error,
    })),
  },
});
