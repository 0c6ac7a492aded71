import { backoffDelayMs, sleep } from './backoff';
import { AgentApiError, AgentRevokedError, type AgentClient, type Logger } from './client';
import type { Capture } from './screenshot';
import type { AgentCommand, AgentCommandResult } from './types';

/**
 * The commands a person sends to this unit (end a process, capture the screen). The agent asks with a long
 * poll: one GET that the server holds until a command is issued or `wait` seconds pass. It passes every proxy
 * and firewall that lets HTTPS out, needs no inbound port on the unit, and costs nothing while idle.
 */

export const COMMAND_WAIT_S = 25;

export const REFUSED_END_PROCESS = 'This agent was started without --allow-end-process';

export interface CommandContext {
  client: AgentClient;
  unitId: string;
  allowEndProcess: boolean;
  capture: () => Promise<Capture>;
  log: Logger;
  /** process.kill, replaced in tests. */
  kill?: (pid: number, signal: NodeJS.Signals) => void;
  now?: () => Date;
  random?: () => number;
}

/**
 * SIGTERM to one process (the process may clean up), for a person's endProcess command and for a block rule alike.
 * Never pid 0 or below (whole process groups) nor the agent itself.
 */
export function sendSigterm(pid: number | null, kill: (pid: number, signal: NodeJS.Signals) => void = process.kill): AgentCommandResult {
  if (pid === null || !Number.isInteger(pid) || pid <= 0) return { status: 'failed', message: `Not a process id: ${String(pid)}` };
  if (pid === process.pid) return { status: 'refused', message: 'The agent does not end itself; stop its service instead' };
  try {
    kill(pid, 'SIGTERM');
    return { status: 'succeeded', message: `Sent SIGTERM to process ${pid}` };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return { status: 'failed', message: `No process ${pid} is running` };
    if (code === 'EPERM') return { status: 'failed', message: `The agent's user may not end process ${pid}` };
    return { status: 'failed', message: `Process ${pid} could not be ended: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function endProcess(command: AgentCommand, context: CommandContext): AgentCommandResult {
  if (!context.allowEndProcess) return { status: 'refused', message: REFUSED_END_PROCESS };
  return sendSigterm(command.pid, context.kill);
}

async function captureScreenshot(command: AgentCommand, context: CommandContext, signal?: AbortSignal): Promise<AgentCommandResult> {
  const capture = await context.capture();
  if (capture.kind !== 'captured') return { status: capture.kind, message: capture.message };
  try {
    const { screenshotId } = await context.client.uploadScreenshot(
      {
        unitId: context.unitId,
        commandId: command.id,
        capturedAt: (context.now?.() ?? new Date()).toISOString(),
        width: capture.width,
        height: capture.height,
        // What could not be read is empty (the contract's strings); the console shows it as unknown.
        activeWindowTitle: capture.activeWindow.title ?? '',
        processName: (capture.activeWindow.processName ?? '').slice(0, 255),
        contentType: capture.contentType,
        data: capture.image.toString('base64'),
      },
      signal,
    );
    return { status: 'succeeded', message: `Screenshot ${screenshotId} uploaded` };
  } catch (error) {
    if (error instanceof AgentApiError && !(error instanceof AgentRevokedError)) {
      return { status: 'failed', message: `The server refused the screenshot: ${error.message}`.slice(0, 500) };
    }
    throw error;
  }
}

/** Does what the command asks (or refuses it), and answers its result. */
export async function answerCommand(command: AgentCommand, context: CommandContext, signal?: AbortSignal): Promise<AgentCommandResult> {
  let result: AgentCommandResult;
  if (command.kind === 'endProcess') result = endProcess(command, context);
  else if (command.kind === 'captureScreenshot') result = await captureScreenshot(command, context, signal);
  else result = { status: 'notSupported', message: `This agent does not know the command ${String(command.kind)}` };
  context.log.info(
    `Command ${command.id} (${command.kind}${command.pid === null ? '' : ` ${command.pid}`}): ${result.status}${result.message ? ` (${result.message})` : ''}`,
  );
  try {
    await context.client.commandResult(
      command.id,
      { ...result, ...(result.message ? { message: result.message.slice(0, 500) } : {}) },
      signal,
    );
  } catch (error) {
    // 409: already finished (an upload with commandId settles a capture); 404: withdrawn. Nothing left to say.
    if (error instanceof AgentApiError && (error.status === 409 || error.status === 404)) return result;
    throw error;
  }
  return result;
}

/**
 * The agent's config as the command loop sees it: the version it has, and a fetch of the config when the poll answers
 * another (resolving to the version fetched, or null when the fetch failed).
 */
export interface ConfigFollower {
  version: () => string | null;
  refresh: () => Promise<string | null>;
}

/**
 * Asks for commands until stopped; a revoked credential ends it (AgentRevokedError), the server being away does not.
 * With `config`, the poll also names the config version the agent has: the server answers as soon as the unit's config
 * changes (a rule saved in the console), and the agent fetches it at once instead of at its next minute.
 */
export async function runCommandLoop(
  context: CommandContext,
  signal: AbortSignal,
  waitS = COMMAND_WAIT_S,
  config: ConfigFollower | null = null,
): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      const answer = await context.client.commands(waitS, signal, config?.version() ?? null);
      for (const command of answer.items) await answerCommand(command, context, signal);
      // A failed fetch keeps the last config (the rules stay enforced); it is tried again after a backoff.
      if (config && answer.configVersion !== config.version() && (await config.refresh()) === null) {
        await sleep(backoffDelayMs(failures, context.random), signal);
        failures += 1;
        continue;
      }
      failures = 0;
    } catch (error) {
      if (signal.aborted || error instanceof AgentRevokedError) throw error;
      // A refusal the agent cannot fix by asking at once again (the client already retried the server being away).
      context.log.warn(`Fetching commands failed: ${error instanceof Error ? error.message : String(error)}`);
      await sleep(backoffDelayMs(failures, context.random), signal);
      failures += 1;
    }
  }
}
