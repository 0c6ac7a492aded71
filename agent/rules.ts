// The one process-rule decision (core/process-rules.ts), which the simulated agents apply too: not a copy of it.
import { blockingRule, hasBlockRule } from '../core/process-rules';
import type { Logger } from './client';
import { sendSigterm } from './commands';
import type { AgentProcess, AgentProcessRule } from './types';

/**
 * The unit's process rules, enforced on this machine: at each process report, a running process that an
 * enabled block rule matches, and no enabled allow rule, gets SIGTERM — only with --allow-end-process;
 * without it the agent says once per process that it would end it.
 */

const isProcessRule = (value: unknown): value is AgentProcessRule => {
  if (value === null || typeof value !== 'object') return false;
  const rule = value as Partial<Record<keyof AgentProcessRule, unknown>>;
  return typeof rule.pattern === 'string' && (rule.action === 'allow' || rule.action === 'block') && typeof rule.enabled === 'boolean';
};

export interface EnforcerOptions {
  allowEndProcess: boolean;
  log: Logger;
  /** process.kill, replaced in tests. */
  kill?: (pid: number, signal: NodeJS.Signals) => void;
}

export class ProcessRuleEnforcer {
  private rules: AgentProcessRule[] = [];
  /** Processes already named in the log as not ended (no flag, or the signal failed): each is said once. */
  private told = new Set<string>();

  constructor(private readonly options: EnforcerOptions) {}

  /** The rules of the latest config; an entry that is not a rule (a newer server's shape) is left out, not guessed at. */
  setRules(rules: readonly unknown[]): void {
    this.rules = rules.filter(isProcessRule);
  }

  /**
   * Ends what the rules block among `processes` (this report's list). Returns the processes sent SIGTERM: the
   * caller leaves them out of the report, so the server records them as ended by the rule (it never ends one itself).
   */
  enforce(processes: readonly AgentProcess[]): AgentProcess[] {
    const { allowEndProcess, log, kill } = this.options;
    const ended: AgentProcess[] = [];
    const seen = new Set<string>();
    if (!hasBlockRule(this.rules)) {
      this.told.clear();
      return ended;
    }
    for (const p of processes) {
      const rule = blockingRule(this.rules, p.name);
      if (!rule) continue;
      // A pid is reused once its process is gone: the start time tells two apart.
      const key = `${p.pid} ${p.startedAt ?? ''} ${p.name}`;
      seen.add(key);
      const what = `Process ${p.name} (pid ${p.pid}) matches the block rule "${rule.pattern}"`;
      if (!allowEndProcess) {
        if (!this.told.has(key)) log.warn(`${what}: the agent would end it, but it was started without --allow-end-process.`);
        this.told.add(key);
        continue;
      }
      const result = sendSigterm(p.pid, kill);
      if (result.status === 'succeeded') {
        log.info(`${what}: sent it SIGTERM.`);
        ended.push(p);
      } else {
        if (!this.told.has(key)) log.warn(`${what}, but it was not ended: ${result.message ?? result.status}.`);
        this.told.add(key);
      }
    }
    // Forget processes that left the list, so the set stays as small as what runs.
    for (const key of this.told) if (!seen.has(key)) this.told.delete(key);
    return ended;
  }
}
