import { actionRegion } from './process-monitor.action';
import { commandsRegion } from './process-monitor.commands';
import { pollingRegion } from './process-monitor.polling';
import {
  DEFAULT_COMMAND_POLL_MS,
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_POLL_INTERVAL_MS,
  isInterval,
  processMonitorSetup,
} from './process-monitor.setup';

export * from './process-monitor.setup';

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
 * - `action`: end a process / block its executable, each behind a confirmation. Ending is a command to the
 *   unit's agent: the server accepts it (202, pending) and the process stays in the table marked "ending…".
 * - `commands`: while any end command is unfinished, asks for each one's status every `commandPollMs`
 *   (`process.command.finished`, e.g. from the live event stream, settles one at once). Succeeded: the row
 *   leaves and the table refreshes; refused/failed/notSupported: reported with the agent's message; no
 *   answer within `commandTimeoutMs`: reported as timed out. Polling keeps it right without the stream.
 *
 * The app provides the invoked `liveEvents` actor (`processMonitorLiveEvent`) and `visibilityWatch` (the browser tab's
 * visibility); the view reports only which of its tabs is shown.
 */
export const processMonitorMachine = processMonitorSetup.createMachine({
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
    ending: [],
    commandPollMs: input.commandPollMs !== undefined && isInterval(input.commandPollMs) ? input.commandPollMs : DEFAULT_COMMAND_POLL_MS,
    maxCommandChecks: Math.max(
      1,
      Math.ceil(
        (input.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS) /
          (input.commandPollMs !== undefined && isInterval(input.commandPollMs) ? input.commandPollMs : DEFAULT_COMMAND_POLL_MS),
      ),
    ),
  }),
  invoke: [
    { id: 'liveEvents', src: 'liveEvents' },
    { id: 'visibilityWatch', src: 'visibilityWatch' },
  ],
  on: {
    'process.live.changed': { guard: 'isShownUnit', actions: 'raiseRefresh' },
    'process.sort': { actions: 'assignSort' },
    'process.search': { actions: 'assignSearch' },
    'process.command.finished': {
      actions: { type: 'settleEnds', params: ({ event }) => ({ commands: [event.command] }) },
    },
  },
  states: {
    monitor: pollingRegion,
    action: actionRegion,
    commands: commandsRegion,
  },
});
