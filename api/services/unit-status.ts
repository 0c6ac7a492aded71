import type { CaptureRequestRepository } from '../../core/capture-requests';
import type { CommandRepository } from '../../core/commands';
import { pruneEvents } from '../../core/events';
import type { ProcessRepository } from '../../core/processes';
import type { ApiEnv } from '../env';
import { announceUnit } from './units';

/**
 * The periodic sweep (docs/domain.md, "The status sweep"), one set of rules for both backends: the server
 * runs it every 5 s as a write of its own (server/backend.ts sweepStatuses), the browser's tab that runs the
 * simulated agents as often (mirage/domains/service-units.ts).
 */

/**
 * Announces every unit whose heartbeat window passed since it was announced online (unit.offline), in the
 * unit of work that changes its announced status. A heartbeat announces it online again (agent-api.ts).
 * Answers how many went offline.
 */
export async function sweepUnitStatuses(env: Pick<ApiEnv, 'units' | 'events'>, now: number): Promise<number> {
  const offline = await env.units.markQuietOffline(now);
  for (const unit of offline) announceUnit(env, now, 'unit.offline', unit);
  return offline.length;
}

/** What the history's prune forgets. */
export interface HistoryEnv extends Pick<ApiEnv, 'events'> {
  processes: Pick<ProcessRepository, 'pruneExitedBefore'>;
  commands: Pick<CommandRepository, 'removeFinishedBefore'>;
  captureRequests: Pick<CaptureRequestRepository, 'removeRequestedBefore'>;
}

/** How often the sweep prunes the history as well. */
const HISTORY_PRUNE_EVERY_MS = 60_000;
const EXITED_KEPT_MS = 3_600_000;
const COMMANDS_KEPT_MS = 24 * 3_600_000;

/** Whether the history is due for its prune, last pruned at `last` (a clock set back prunes at once). */
export const historyPruneDue = (last: number | undefined, now: number): boolean =>
  last === undefined || now - last >= HISTORY_PRUNE_EVERY_MS || now < last;

/**
 * Forgets the live events beyond their retention, and what the agents' reports leave behind and nobody
 * reads any more: processes that quit by themselves over an hour ago, commands finished and capture
 * requests made over a day ago (a simulated agent's reports would add thousands of rows a day). Processes
 * ended by a person or a rule stay (the dashboards count them).
 */
export async function pruneHistory(env: HistoryEnv, now: number): Promise<void> {
  await pruneEvents(env.events, now);
  await env.processes.pruneExitedBefore(new Date(now - EXITED_KEPT_MS).toISOString());
  await env.commands.removeFinishedBefore(new Date(now - COMMANDS_KEPT_MS).toISOString());
  // A screen follows its capture for a minute at most: a day-old request is read by nobody.
  await env.captureRequests.removeRequestedBefore(now - COMMANDS_KEPT_MS);
}
