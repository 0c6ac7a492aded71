import { assign, emit, fromPromise, setup } from 'xstate';
import type { UnitProcess } from '../domain/types';

/**
 * The live process table of one service unit.
 *
 * Regions (parallel):
 * - `monitor`: noUnit → watching. `watching.live` polls: loading → waiting (interval) → loading…;
 *   a failed poll backs off (interval × 2ⁿ, capped) and after `maxAutoRetries` stops in `stalled`
 *   until the user retries. `watching.paused` polls nothing. Picking another unit re-enters
 *   `watching`, which stops the in-flight request (its late answer is dropped) and clears the rows.
 *   While nobody can see the table (browser tab hidden, or the Rules tab shown) `live` rests in
 *   `suspended`, and refreshes at once when the table is seen again. The view reports visibility
 *   (`process.visibility.*`, `process.view.change`); the machine itself touches no DOM.
 * - `action`: end a process / block its executable, each behind a confirmation.
 */

export const POLL_INTERVALS_MS = [2000, 5000, 10_000, 30_000] as const;
export const DEFAULT_POLL_INTERVAL_MS = 5000;
const MAX_BACKOFF_MS = 60_000;

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
  | { type: 'process.view.change'; view: MonitorView };

export type ProcessMonitorEmitted =
  | { type: 'process.ended'; process: UnitProcess }
  | { type: 'process.blocked'; process: UnitProcess; endedCount: number }
  | { type: 'process.action.failed'; action: 'end' | 'block'; process: UnitProcess; error: unknown };

const isInterval = (ms: number) => Number.isFinite(ms) && ms >= 500;

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

export function retryDelayMs(intervalMs: number, failures: number): number {
  return Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.max(0, failures - 1));
}

export const processMonitorMachine = setup({
  types: {} as {
    context: ProcessMonitorContext;
    events: ProcessMonitorEvent;
    input: ProcessMonitorInput;
    emitted: ProcessMonitorEmitted;
  },
  actors: {
    fetchProcesses: fromPromise<ProcessSample, { unitId: string }>(async () => {
      throw new Error('fetchProcesses not provided');
    }),
    endProcess: fromPromise<unknown, { process: UnitProcess }>(async () => {
      throw new Error('endProcess not provided');
    }),
    blockExecutable: fromPromise<BlockResult, { unitId: string; process: UnitProcess }>(async () => {
      throw new Error('blockExecutable not provided');
    }),
  },
  delays: {
    pollInterval: ({ context }) => context.intervalMs,
    retryDelay: ({ context }) => retryDelayMs(context.intervalMs, context.failures),
  },
  guards: {
    hasUnit: ({ context }) => context.unitId !== null,
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
    removeTarget: assign(({ context }) => ({ items: context.items.filter((p) => p.id !== context.target?.id) })),
    removeBlocked: assign(({ context }, { result }: { result: BlockResult }) => {
      const ended = new Set(result.endedProcessIds);
      return { items: context.items.filter((p) => !ended.has(p.id) && p.id !== context.target?.id) };
    }),
    assignActionError: assign((_, { error }: { error: unknown }) => ({ actionError: error })),
    emitEnded: emit(({ context }) => ({ type: 'process.ended' as const, process: context.target as UnitProcess })),
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
    emitBlockFailed: emit(({ context }, { error }: { error: unknown }) => ({
      type: 'process.action.failed' as const,
      action: 'block' as const,
      process: context.target as UnitProcess,
      error,
    })),
  },
}).createMachine({
  id: 'processMonitor',
  type: 'parallel',
  context: ({ input }) => ({
    unitId: input.unitId ?? null,
    intervalMs: input.intervalMs !== undefined && isInterval(input.intervalMs) ? input.intervalMs : DEFAULT_POLL_INTERVAL_MS,
    items: [],
    sampledAt: null,
    updatedAt: null,
    error: null,
    failures: 0,
    maxAutoRetries: input.maxAutoRetries ?? 3,
    sort: { column: 'cpuPercent', direction: 'desc' },
    search: '',
    target: null,
    actionError: null,
    startPaused: input.paused ?? false,
    documentHidden: input.documentHidden ?? false,
    view: input.view ?? 'processes',
  }),
  on: {
    'process.sort': { actions: 'assignSort' },
    'process.search': { actions: 'assignSearch' },
  },
  states: {
    monitor: {
      initial: 'start',
      on: {
        'process.unit.select': [
          { guard: 'isUnitChosen', target: '.watching', reenter: true, actions: 'assignUnit' },
          { target: '.noUnit', actions: 'assignUnit' },
        ],
        // Only recorded here; `live` reacts through its eventless transitions.
        'process.visibility.hidden': { actions: 'assignDocumentHidden' },
        'process.visibility.visible': { actions: 'assignDocumentVisible' },
        'process.view.change': { actions: 'assignView' },
      },
      states: {
        start: {
          always: [{ guard: 'hasUnit', target: 'watching' }, { target: 'noUnit' }],
        },
        noUnit: {
          on: { 'process.interval.change': { guard: 'isValidInterval', actions: 'assignInterval' } },
        },
        watching: {
          initial: 'choose',
          states: {
            choose: {
              always: [{ guard: 'isStartPaused', target: 'paused', actions: 'clearStartPaused' }, { target: 'live' }],
            },
            live: {
              tags: ['live'],
              initial: 'loading',
              on: {
                'process.pause': { target: 'paused' },
                'process.interval.change': { guard: 'isValidInterval', actions: 'assignInterval' },
              },
              states: {
                loading: {
                  tags: ['polling'],
                  always: { guard: 'isUnseen', target: 'suspended' },
                  invoke: {
                    id: 'fetchProcesses',
                    src: 'fetchProcesses',
                    input: ({ context }) => ({ unitId: context.unitId as string }),
                    onDone: [
                      {
                        guard: { type: 'isForCurrentUnit', params: ({ event }) => ({ sample: event.output }) },
                        target: 'waiting',
                        actions: { type: 'assignSample', params: ({ event }) => ({ sample: event.output }) },
                      },
                      // An answer for a unit no longer shown: drop it and ask again.
                      { target: 'loading', reenter: true },
                    ],
                    onError: [
                      {
                        guard: { type: 'canRetryAutomatically', params: ({ event }) => ({ error: event.error }) },
                        target: 'backoff',
                        actions: { type: 'assignPollError', params: ({ event }) => ({ error: event.error }) },
                      },
                      { target: 'stalled', actions: { type: 'assignPollError', params: ({ event }) => ({ error: event.error }) } },
                    ],
                  },
                },
                waiting: {
                  always: { guard: 'isUnseen', target: 'suspended' },
                  after: { pollInterval: { target: 'loading' } },
                  on: {
                    'process.refresh': { target: 'loading' },
                    // A new interval applies from now, not after the old one runs out.
                    'process.interval.change': { guard: 'isValidInterval', target: 'waiting', reenter: true, actions: 'assignInterval' },
                  },
                },
                backoff: {
                  tags: ['failing'],
                  always: { guard: 'isUnseen', target: 'suspended' },
                  after: { retryDelay: { target: 'loading' } },
                  on: {
                    'process.retry': { target: 'loading' },
                    'process.refresh': { target: 'loading' },
                  },
                },
                // Nobody sees the table: no requests until it is seen again, then one at once.
                suspended: {
                  tags: ['suspended'],
                  always: { guard: 'isSeen', target: 'loading' },
                },
                stalled: {
                  tags: ['failing', 'stalled'],
                  on: {
                    'process.retry': { target: 'loading', actions: 'resetFailures' },
                    'process.refresh': { target: 'loading', actions: 'resetFailures' },
                  },
                },
              },
            },
            paused: {
              tags: ['paused'],
              on: {
                'process.resume': { target: 'live', actions: 'resetFailures' },
                'process.interval.change': { guard: 'isValidInterval', actions: 'assignInterval' },
              },
            },
          },
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'process.end': { guard: 'hasTargetInList', target: 'confirmingEnd', actions: 'assignTarget' },
            'process.block': { guard: 'hasTargetInList', target: 'confirmingBlock', actions: 'assignTarget' },
          },
        },
        confirmingEnd: {
          on: {
            'process.action.confirm': { target: 'ending' },
            'process.action.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        ending: {
          tags: ['acting'],
          invoke: {
            id: 'endProcess',
            src: 'endProcess',
            input: ({ context }) => ({ process: context.target as UnitProcess }),
            onDone: { target: 'idle', actions: ['removeTarget', 'emitEnded', 'clearTarget'] },
            onError: {
              target: 'idle',
              actions: [
                { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) },
                { type: 'emitEndFailed', params: ({ event }) => ({ error: event.error }) },
                'clearTarget',
              ],
            },
          },
        },
        confirmingBlock: {
          on: {
            'process.action.confirm': { target: 'blocking' },
            'process.action.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        blocking: {
          tags: ['acting'],
          invoke: {
            id: 'blockExecutable',
            src: 'blockExecutable',
            input: ({ context }) => ({ unitId: (context.target as UnitProcess).serviceUnitId, process: context.target as UnitProcess }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'removeBlocked', params: ({ event }) => ({ result: event.output }) },
                { type: 'emitBlocked', params: ({ event }) => ({ result: event.output }) },
                'clearTarget',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'assignActionError', params: ({ event }) => ({ error: event.error }) },
                { type: 'emitBlockFailed', params: ({ event }) => ({ error: event.error }) },
                'clearTarget',
              ],
            },
          },
        },
      },
    },
  },
});
