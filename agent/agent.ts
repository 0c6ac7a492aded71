import { sleep } from './backoff';
import { AgentApiError, AgentClient, AgentRevokedError, type Logger } from './client';
import { runCommandLoop, answerCommand, type CommandContext } from './commands';
import { readCredential, writeCredential, type StoredCredential } from './credential';
import { ProcessRuleEnforcer } from './rules';
import { captureScreen, type Capture } from './screenshot';
import { AGENT_VERSION, readProcesses, systemReader } from './system';
import { defaultPolicyTargets, UrlPolicyWriter, type UrlPolicyTargets } from './url-policy';
import type { AgentConfig, AgentProcess, AgentReportedSystem } from './types';

/** The agent's life: enrol once, then heartbeat, report processes, refresh its config and answer commands until stopped. */

export interface AgentOptions {
  /** --server; may be left out once enrolled (the credential file names its server). */
  server: string | null;
  enrolToken: string | null;
  credentialFile: string;
  allowEndProcess: boolean;
  /** --interval: heartbeat every this many seconds instead of the server's interval (tests). */
  intervalS: number | null;
  /** --once: one heartbeat, one process report and one look at the commands, then stop (tests). */
  once: boolean;
  /**
   * Where the URL rules are written as browser policy: 'on' this machine's browsers (defaultPolicyTargets), or the
   * folders given (tests); 'off' (--no-url-policy): the agent's policy is removed and none written. Left out (tests
   * that build options themselves): URL rules are not managed at all.
   */
  urlPolicy?: 'on' | 'off' | UrlPolicyTargets;
}

export interface AgentDeps {
  fetch?: typeof fetch;
  readSystem?: () => Promise<AgentReportedSystem>;
  readProcesses?: () => Promise<AgentProcess[]>;
  capture?: () => Promise<Capture>;
  kill?: (pid: number, signal: NodeJS.Signals) => void;
  log?: Logger;
  random?: () => number;
  /** How often the config is fetched again (tests); CONFIG_EVERY_MS by default. */
  configEveryMs?: number;
  /** The unit's time zone for URL rule schedules (tests); the machine's own by default. */
  timeZone?: string;
}

/** How the agent ended: stopped (a signal, or --once done), or revoked (the server refuses the credential). */
export type AgentEnd = 'stopped' | 'revoked';

/** The agent cannot start as asked (no credential and no token, a refused credential file, a used token…). */
export class AgentSetupError extends Error {
  override readonly name = 'AgentSetupError';
}

/** The processes go every second heartbeat: the list is the heavy part of what an agent sends. */
export const PROCESS_REPORT_EVERY = 2;
/**
 * The agent asks for its config (the rules it enforces) on start, whenever the command poll answers that the unit's
 * config version changed (within seconds of a change in the console), and every minute besides: a safety net, should a
 * change be missed (a server instance restarting while it held the poll).
 */
export const CONFIG_EVERY_MS = 60_000;

const sameServer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function revokedMessage(credentialFile: string): string {
  return (
    'The server refused this agent\'s credential (401): it was revoked ("Revoke agent" in the unit\'s drawer) or its unit was deleted. ' +
    `The agent stops. To enrol this machine again, delete ${credentialFile} and start the agent with --enrol and a new token.`
  );
}

const noLog: Logger = { info: () => undefined, warn: () => undefined };

export async function runAgent(options: AgentOptions, signal: AbortSignal, deps: AgentDeps = {}): Promise<AgentEnd> {
  const log = deps.log ?? noLog;
  const system = deps.readSystem ?? systemReader();
  const processes = deps.readProcesses ?? readProcesses;

  let stored = await readCredential(options.credentialFile);
  if (stored && options.server && !sameServer(stored.server, options.server)) {
    throw new AgentSetupError(
      `${options.credentialFile} holds the credential of ${stored.server}, not ${options.server}: use another --credential-file to enrol with a second server.`,
    );
  }
  const server = options.server ?? stored?.server ?? null;
  if (server === null) throw new AgentSetupError('Name the server: --server https://sua.example.com');
  const client = new AgentClient({
    server,
    credential: stored?.credential ?? null,
    agentVersion: AGENT_VERSION,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.random ? { random: deps.random } : {}),
    log,
  });

  let intervalS = options.intervalS;
  try {
    if (stored === null) {
      if (options.enrolToken === null) {
        throw new AgentSetupError(
          `No credential in ${options.credentialFile}: enrol this machine with --enrol <token> (from "New unit" in the console).`,
        );
      }
      const enrolled = await client.enrol(options.enrolToken, await system(), signal);
      stored = {
        server,
        unitId: enrolled.unitId,
        organizationId: enrolled.organizationId,
        credential: enrolled.credential,
        enrolledAt: new Date().toISOString(),
      };
      await writeCredential(options.credentialFile, stored);
      intervalS ??= enrolled.heartbeatIntervalS;
      log.info(`Enrolled as unit ${stored.unitId}; the credential is in ${options.credentialFile} (mode 0600).`);
    } else if (options.enrolToken !== null) {
      log.info(`Already enrolled as unit ${stored.unitId} (${options.credentialFile}); --enrol is not needed any more and was not used.`);
    }
    client.setCredential(stored.credential);
    return await report(client, stored, options, signal, { ...deps, log, system, processes }, intervalS);
  } catch (error) {
    if (error instanceof AgentRevokedError) {
      log.warn(revokedMessage(options.credentialFile));
      // A revoked unit is no longer managed: its browsers go back to their own rules.
      if (options.urlPolicy && options.urlPolicy !== 'off') {
        const targets = options.urlPolicy === 'on' ? await defaultPolicyTargets() : options.urlPolicy;
        await new UrlPolicyWriter({ targets, log }).remove();
        log.info('URL rules: the browser policy of this agent was removed.');
      }
      return 'revoked';
    }
    if (signal.aborted) return 'stopped';
    if (error instanceof AgentApiError && error.code === 'enrolmentInvalid') {
      throw new AgentSetupError(
        `The enrolment token was refused: ${error.message}. Tokens work once, for 24 hours; create a new one in "New unit".`,
      );
    }
    if (error instanceof AgentApiError && error.status === 401) {
      throw new AgentSetupError(
        `The enrolment token was refused (${error.message}). Tokens work once, for 24 hours; create a new one in "New unit".`,
      );
    }
    throw error;
  }
}

interface Reporting {
  log: Logger;
  timeZone?: string;
  system: () => Promise<AgentReportedSystem>;
  processes: () => Promise<AgentProcess[]>;
  capture?: () => Promise<Capture>;
  kill?: (pid: number, signal: NodeJS.Signals) => void;
  random?: () => number;
  configEveryMs?: number;
}

async function report(
  client: AgentClient,
  stored: StoredCredential,
  options: AgentOptions,
  outer: AbortSignal,
  deps: Reporting,
  enrolIntervalS: number | null,
): Promise<AgentEnd> {
  const { log } = deps;
  // One stop for both loops: a signal, or the other loop finding the credential revoked.
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort(outer.reason);
  outer.addEventListener('abort', onOuterAbort, { once: true });
  const signal = stop.signal;
  const commandContext: CommandContext = {
    client,
    unitId: stored.unitId,
    allowEndProcess: options.allowEndProcess,
    capture: deps.capture ?? (() => captureScreen()),
    log,
    ...(deps.kill ? { kill: deps.kill } : {}),
    ...(deps.random ? { random: deps.random } : {}),
  };

  const enforcer = new ProcessRuleEnforcer({
    allowEndProcess: options.allowEndProcess,
    log,
    ...(deps.kill ? { kill: deps.kill } : {}),
  });
  const chosen = options.urlPolicy;
  const policy = chosen
    ? new UrlPolicyWriter({
        targets: chosen === 'on' || chosen === 'off' ? await defaultPolicyTargets() : chosen,
        log,
        ...(deps.timeZone ? { timeZone: deps.timeZone } : {}),
      })
    : null;
  if (chosen === 'off') {
    // What an earlier run wrote goes: the browsers follow their own rules again.
    await policy?.remove();
    log.info('URL rules: not enforced (--no-url-policy); the browser policy of this agent is removed.');
  }
  const managesPolicy = policy !== null && chosen !== 'off';
  let configSummary = '';
  let configVersion: string | null = null;
  // Ends the heartbeats' wait early; asked while a beat is under way, the wait after it is skipped.
  let wakeBeat: (() => void) | null = null;
  let beatAsked = false;
  const beatNow = () => {
    beatAsked = true;
    wakeBeat?.();
  };
  /** The wait between two heartbeats, cut short by beatNow(); rejects when the agent stops, as sleep() does. */
  const untilNextBeat = async (ms: number) => {
    if (beatAsked && !signal.aborted) {
      beatAsked = false;
      return;
    }
    const early = new AbortController();
    const onStop = () => early.abort(signal.reason);
    if (signal.aborted) onStop();
    signal.addEventListener('abort', onStop, { once: true });
    wakeBeat = () => early.abort('beat now');
    try {
      await sleep(ms, early.signal);
    } catch (error) {
      if (signal.aborted) throw error;
    } finally {
      beatAsked = false;
      wakeBeat = null;
      signal.removeEventListener('abort', onStop);
    }
  };
  let fetching: Promise<AgentConfig | null> | null = null;
  // One fetch at a time (the heartbeats' minute and the command poll's news may meet): a second caller shares it.
  const fetchConfig = (): Promise<AgentConfig | null> => {
    fetching ??= fetchConfigNow().finally(() => {
      fetching = null;
    });
    return fetching;
  };
  // A failed fetch keeps the rules of the last one: a server away for a minute does not lift them.
  const fetchConfigNow = async (): Promise<AgentConfig | null> => {
    try {
      const config = await client.config(signal);
      configVersion = config.version;
      enforcer.setRules(config.processRules);
      if (managesPolicy) {
        const before = JSON.stringify(policy.report());
        policy.setRules(config.urlRules);
        // The console shows the unit's enforcement from its heartbeat: a changed one goes now, not at the next beat.
        if (JSON.stringify(await policy.apply()) !== before) beatNow();
      }
      const enabled = config.processRules.filter((r) => r.enabled);
      const summary =
        `Config: heartbeat every ${config.heartbeatIntervalS} s; ${config.processRules.length} process rules ` +
        `(${enabled.filter((r) => r.action === 'block').length} block and ${enabled.filter((r) => r.action === 'allow').length} allow enabled, ` +
        `${options.allowEndProcess ? 'enforced' : 'not enforced: started without --allow-end-process'}); ` +
        `${config.urlRules.length} URL rules (${managesPolicy ? 'written as browser policy' : chosen === 'off' ? 'not enforced: --no-url-policy' : 'not enforced by this agent'}).`;
      // Fetched every minute: said when it changes, not each time.
      if (summary !== configSummary) log.info(summary);
      configSummary = summary;
      return config;
    } catch (error) {
      if (error instanceof AgentRevokedError || signal.aborted) throw error;
      log.warn(`The config could not be fetched: ${messageOf(error)}`);
      return null;
    }
  };

  const heartbeats = async () => {
    const config = await fetchConfig();
    let intervalS = options.intervalS ?? config?.heartbeatIntervalS ?? enrolIntervalS ?? 30;
    let configAt = Date.now();
    log.info(`Reporting as unit ${stored.unitId} to ${stored.server}, every ${intervalS} s.`);
    for (let beat = 0; !signal.aborted; beat += 1) {
      try {
        const ack = await client.heartbeat(stored.unitId, await deps.system(), signal, policy?.report());
        if (options.intervalS === null && ack.heartbeatIntervalS !== intervalS && ack.heartbeatIntervalS >= 1) {
          intervalS = ack.heartbeatIntervalS;
          log.info(`The server asks for a heartbeat every ${intervalS} s.`);
        }
        if (beat % PROCESS_REPORT_EVERY === 0) {
          const running = await deps.processes();
          // What the rules just ended leaves this report: the server records it as ended by the rule.
          const ended = new Set(enforcer.enforce(running));
          await client.reportProcesses(
            stored.unitId,
            running.filter((p) => !ended.has(p)),
            signal,
          );
        }
        if (Date.now() - configAt >= (deps.configEveryMs ?? CONFIG_EVERY_MS)) {
          configAt = Date.now();
          await fetchConfig();
        }
      } catch (error) {
        if (error instanceof AgentRevokedError || signal.aborted) throw error;
        // A refusal of one report (422…) or this machine failing to read itself: the next beat tries again.
        log.warn(`Reporting failed: ${messageOf(error)}`);
      }
      if (options.once) return;
      await untilNextBeat(intervalS * 1000);
    }
  };

  const commands = async () => {
    if (options.once) {
      for (const command of (await client.commands(0, signal)).items) await answerCommand(command, commandContext, signal);
      return;
    }
    // The poll names the config version the agent has, so a rule changed in the console reaches it within seconds;
    // the first poll waits for the first config (begun by the heartbeats), so it names one.
    await fetching?.catch(() => null);
    await runCommandLoop(commandContext, signal, undefined, {
      version: () => configVersion,
      refresh: async () => ((await fetchConfig()) === null ? null : configVersion),
    });
  };

  // Schedules open and close on the minute: the policy is looked at again at each minute's start.
  const policyMinutes = async () => {
    if (!managesPolicy || options.once) return;
    while (!signal.aborted) {
      await sleep(60_000 - (Date.now() % 60_000) + 50, signal);
      const before = JSON.stringify(policy.report());
      if (JSON.stringify(await policy.apply()) !== before) beatNow();
    }
  };

  const stopOnError = (work: () => Promise<void>) =>
    work().catch((error: unknown) => {
      stop.abort(error);
      throw error;
    });
  const results = await Promise.allSettled([stopOnError(heartbeats), stopOnError(commands), stopOnError(policyMinutes)]);
  outer.removeEventListener('abort', onOuterAbort);
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  const revoked = failures.find((reason) => reason instanceof AgentRevokedError);
  if (revoked) throw revoked;
  if (outer.aborted) return 'stopped';
  const failure = failures.find((reason) => reason !== undefined);
  if (failure !== undefined) throw failure;
  return 'stopped';
}
