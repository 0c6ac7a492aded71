import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { blockingRule } from '../core/process-rules';
import { ProcessRuleEnforcer } from './rules';
import type { AgentProcess, AgentProcessRule } from './types';

const rule = (id: string, pattern: string, action: 'allow' | 'block', enabled = true): AgentProcessRule => ({
  id,
  pattern,
  action,
  enabled,
});
const proc = (pid: number, name: string, startedAt: string | null = '2026-11-26T10:00:00.000Z'): AgentProcess => ({
  pid,
  name,
  user: 'till',
  cpuPercent: 1,
  memoryMb: 10,
  startedAt,
});

/** Records what the agent signals and logs, instead of signalling anything. */
function harness(allowEndProcess: boolean) {
  const kills: [number, NodeJS.Signals][] = [];
  const log: string[] = [];
  const enforcer = new ProcessRuleEnforcer({
    allowEndProcess,
    log: { info: (m) => log.push(m), warn: (m) => log.push(m) },
    kill: (pid, signal) => void kills.push([pid, signal]),
  });
  return { enforcer, kills, log };
}

describe("the agent's process rules", () => {
  it('ends exactly what the one rule (core/process-rules blockingRule) blocks, glob and precedence alike', () => {
    const rules = [
      rule('1', 'steam*', 'block'),
      rule('2', 'steamwebhelper', 'allow'),
      rule('3', '*.EXE', 'block', false),
      rule('4', 'game*', 'allow', false),
      rule('5', 'game*', 'block'),
      rule('6', '*torrent*', 'block'),
      rule('7', 'transmission-*', 'allow'),
    ];
    const names = [
      'steam',
      'Steam.exe',
      'steamwebhelper',
      'SteamWebHelper',
      'game.exe',
      'gamescope',
      'qbittorrent',
      'transmission-torrent',
      'bash',
      '',
    ];
    const { enforcer, kills } = harness(true);
    enforcer.setRules(rules);
    const ended = enforcer.enforce(names.map((name, i) => proc(200 + i, name)));
    const expected = names.filter((name) => blockingRule(rules, name) !== undefined);
    expect(ended.map((p) => p.name)).toEqual(expected);
    expect(kills.map(([pid]) => names[pid - 200])).toEqual(expected);
    // The cases the table is there for.
    expect(expected).toEqual(['steam', 'Steam.exe', 'game.exe', 'gamescope', 'qbittorrent']);
  });

  it('with --allow-end-process, sends SIGTERM to a running process a block rule matches, and to nothing else', () => {
    const { enforcer, kills, log } = harness(true);
    enforcer.setRules([rule('1', 'steam*', 'block'), rule('2', 'bash', 'block', false)]);
    const report = [proc(101, 'steam'), proc(102, 'bash'), proc(103, 'firefox')];
    const ended = enforcer.enforce(report);
    expect(kills).toEqual([[101, 'SIGTERM']]);
    expect(ended.map((p) => p.pid)).toEqual([101]);
    expect(log).toEqual(['Process steam (pid 101) matches the block rule "steam*": sent it SIGTERM.']);
  });

  it('without --allow-end-process, leaves the process alone and says so once per process', () => {
    const { enforcer, kills, log } = harness(false);
    enforcer.setRules([rule('1', 'steam*', 'block')]);
    const running = [proc(101, 'steam'), proc(102, 'steamwebhelper')];
    expect(enforcer.enforce(running)).toEqual([]);
    enforcer.enforce(running);
    enforcer.enforce(running);
    expect(kills).toEqual([]);
    expect(log).toEqual([
      'Process steam (pid 101) matches the block rule "steam*": the agent would end it, but it was started without --allow-end-process.',
      'Process steamwebhelper (pid 102) matches the block rule "steam*": the agent would end it, but it was started without --allow-end-process.',
    ]);
    // The same pid, started again (a new process): said again.
    enforcer.enforce([proc(101, 'steam', '2026-11-26T11:00:00.000Z')]);
    expect(log).toHaveLength(3);
  });

  it('lets an enabled allow rule win over a block rule, as the backend does', () => {
    const { enforcer, kills } = harness(true);
    enforcer.setRules([rule('1', '*', 'block'), rule('2', 'steam*', 'block'), rule('3', 'steamwebhelper', 'allow')]);
    enforcer.enforce([proc(101, 'steam'), proc(102, 'steamwebhelper')]);
    expect(kills).toEqual([[101, 'SIGTERM']]);
  });

  it('never signals itself, and says once why a process could not be ended', () => {
    const log: string[] = [];
    const enforcer = new ProcessRuleEnforcer({
      allowEndProcess: true,
      log: { info: (m) => log.push(m), warn: (m) => log.push(m) },
      kill: () => {
        throw Object.assign(new Error('EPERM'), { code: 'EPERM' });
      },
    });
    enforcer.setRules([rule('1', 'node*', 'block')]);
    const running = [proc(process.pid, 'node'), proc(4242, 'nodejs')];
    expect(enforcer.enforce(running)).toEqual([]);
    enforcer.enforce(running);
    expect(log).toEqual([
      'Process node (pid ' +
        process.pid +
        ') matches the block rule "node*", but it was not ended: The agent does not end itself; stop its service instead.',
      'Process nodejs (pid 4242) matches the block rule "node*", but it was not ended: The agent\'s user may not end process 4242.',
    ]);
  });

  it('ignores what is not a rule in the config, rather than guessing', () => {
    const { enforcer, kills } = harness(true);
    enforcer.setRules([{ pattern: 'steam', action: 'kill', enabled: true }, { pattern: 7, action: 'block', enabled: true }, null]);
    enforcer.enforce([proc(101, 'steam'), proc(102, '7')]);
    expect(kills).toEqual([]);
  });

  it('ends a real process with SIGTERM', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    const enforcer = new ProcessRuleEnforcer({ allowEndProcess: true, log: { info: () => undefined, warn: () => undefined } });
    enforcer.setRules([rule('1', 'sua-test-blocked*', 'block')]);
    try {
      // Named after the rule here only, so nothing else on this machine matches it.
      enforcer.enforce([proc(child.pid ?? -1, 'sua-test-blocked-game')]);
      expect(await exited).toBe('SIGTERM');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
