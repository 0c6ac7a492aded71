import type { Server } from '@mirage/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Command, ProcessRule, UnitProcess } from '@machines/domain/types';
import { table } from '@mirage/db';
import type { ProcessRow } from '@mirage/domains/processes';
import { globMatches as patternMatches } from '../../core/process-rules';
import type { ServiceUnitRow } from '@mirage/domains/service-units';
import { processPatternProblem } from '../../core/rule-patterns';
import { agentOf, driveAgents, signInAs, startMonitoringServer, unitsOf, type Session } from './monitoring-helpers';

interface ProcessList {
  items: UnitProcess[];
  total: number;
  sampledAt: string;
}

describe('processes endpoints', () => {
  let server: Server;
  let user: Session;
  let unitId: string;

  beforeEach(async () => {
    server = await startMonitoringServer();
    user = await signInAs('user');
    unitId = String(unitsOf(server, '1')[0]?.id);
  });
  afterEach(() => server.shutdown());

  it('answers 401 without a token', async () => {
    const response = await fetch(`/api/service-units/${unitId}/processes`);
    expect(response.status).toBe(401);
  });

  it('lists running processes whose figures move with the agent’s reports', async () => {
    const first = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    expect(first.status).toBe(200);
    expect(first.body.items.length).toBeGreaterThan(5);
    expect(first.body.items.every((p) => p.state === 'running' && p.serviceUnitId === unitId)).toBe(true);
    const agent = agentOf(server, unitId);
    const report = first.body.items.map((p) => ({ ...p, cpuPercent: p.cpuPercent + 1, startedAt: p.startedAt }));
    expect((await agent.request('PUT', '/api/agent/processes', { unitId, processes: report })).status).toBe(200);
    const second = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    const figures = (list: ProcessList) =>
      list.items
        .map((p) => `${p.id}:${p.cpuPercent}:${p.memoryMb}`)
        .sort()
        .join('|');
    expect(figures(second.body)).not.toBe(figures(first.body));
  });

  it('sorts and searches', async () => {
    const byName = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes?sort=name&order=asc`);
    const names = byName.body.items.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const needle = names[names.length - 1] ?? '';
    const found = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes?search=${encodeURIComponent(needle)}`);
    expect(found.body.items.length).toBeGreaterThan(0);
    expect(found.body.items.every((p) => p.name.toLowerCase().includes(needle.toLowerCase()))).toBe(true);
  });

  it('ends a process through its agent: a command, and once the agent reports success it leaves the list', async () => {
    const list = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    const target = list.body.items[0] as UnitProcess;
    const ended = await user.request<Command>('POST', `/api/processes/${target.id}/end`);
    expect(ended.status).toBe(202);
    expect(ended.body).toMatchObject({ kind: 'endProcess', status: 'pending', processId: target.id, pid: target.pid });
    const before = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    expect(before.body.items.some((p) => p.id === target.id)).toBe(true);
    const agent = agentOf(server, unitId);
    const fetched = await agent.request<{ items: { id: string; pid: number }[] }>('GET', '/api/agent/commands');
    expect(fetched.body.items).toEqual([expect.objectContaining({ id: ended.body.id, kind: 'endProcess', pid: target.pid })]);
    expect((await user.request<Command>('GET', `/api/commands/${ended.body.id}`)).body.status).toBe('sent');
    const result = await agent.request<Command>('POST', `/api/agent/commands/${ended.body.id}/result`, { status: 'succeeded' });
    expect(result.body.status).toBe('succeeded');
    const again = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    expect(again.body.items.some((p) => p.id === target.id)).toBe(false);
    expect((await user.request('POST', `/api/processes/${target.id}/end`)).status).toBe(409);
  });

  it("never ends a process by rule itself: an enrolled unit's blocked process is listed until its agent reports it gone, then ended by the rule once", async () => {
    const agent = agentOf(server, unitId);
    const rows = table<ServiceUnitRow>(server.db, 'serviceUnits');
    const current = rows.find(unitId)?.agent;
    if (current) rows.update(unitId, { agent: { ...current, kind: 'enrolled' } });
    const list = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    const target = list.body.items.find((p) => p.name.length > 3) as UnitProcess;
    const pattern = `${target.name.slice(0, 3)}*`;
    const blocked = list.body.items.filter((p) => patternMatches(pattern, p.name));
    const ended = () =>
      table<ProcessRow>(server.db, 'processes').where((p) => p.serviceUnitId === unitId && p.state === 'ended' && p.endedReason === 'rule');
    const endedBefore = ended().length;
    const created = await user.request<ProcessRule & { endedProcessIds: string[] }>('POST', `/api/service-units/${unitId}/process-rules`, {
      pattern,
      action: 'block',
      comment: 'test',
    });
    expect(created.status).toBe(201);
    expect(created.body.endedProcessIds).toEqual([]);
    // It still runs on the machine: listing ends nothing, and the agent's next report finds the same rows.
    const report = (items: UnitProcess[]) =>
      items.map(({ pid, name, user: account, cpuPercent, memoryMb, startedAt }) => ({
        pid,
        name,
        user: account,
        cpuPercent,
        memoryMb,
        startedAt,
      }));
    for (let i = 0; i < 2; i += 1) {
      const poll = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
      expect(poll.body.items.filter((p) => patternMatches(pattern, p.name)).map((p) => p.id)).toEqual(blocked.map((p) => p.id));
      const answer = await agent.request<{ started: number; ended: number }>('PUT', '/api/agent/processes', {
        unitId,
        processes: report(list.body.items),
      });
      expect(answer.body).toMatchObject({ started: 0, ended: 0 });
    }
    expect(ended()).toHaveLength(endedBefore);
    // The agent ended them (agent/rules.ts): its report leaves them out, and they are recorded as ended by the rule, once.
    const rest = list.body.items.filter((p) => !patternMatches(pattern, p.name));
    for (let i = 0; i < 2; i += 1) await agent.request('PUT', '/api/agent/processes', { unitId, processes: report(rest) });
    const poll = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    expect(poll.body.items.some((p) => patternMatches(pattern, p.name))).toBe(false);
    expect(ended()).toHaveLength(endedBefore + blocked.length);
  });

  it("a simulated unit's agent applies a new block rule within a tick, with the same rule (an allow rule spares)", async () => {
    let now = Date.now();
    const agents = driveAgents(server, () => now);
    // The first round of heartbeats and reports, so the rule below is not applied by a scheduled report.
    await agents.tick();
    const simulated = table<ServiceUnitRow>(server.db, 'serviceUnits').where(
      (u) => u.agent?.kind === 'simulated' && String(u.organizationId) === '1' && !u.maintenance,
    )[0];
    const id = String(simulated?.id);
    const list = await user.request<ProcessList>('GET', `/api/service-units/${id}/processes`);
    const [spared, target] = list.body.items.filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
    if (!spared || !target) throw new Error('the unit runs fewer than two processes');
    await user.request('POST', `/api/service-units/${id}/process-rules`, { pattern: spared.name, action: 'allow' });
    for (const pattern of [`${spared.name}*`, target.name]) {
      const created = await user.request<{ endedProcessIds: string[] }>('POST', `/api/service-units/${id}/process-rules`, {
        pattern,
        action: 'block',
      });
      expect(created.body.endedProcessIds).toEqual([]);
    }
    now += 1_000;
    await agents.tick();
    const after = await user.request<ProcessList>('GET', `/api/service-units/${id}/processes`);
    const names = after.body.items.map((p) => p.name);
    expect(names).toContain(spared.name);
    expect(names).not.toContain(target.name);
    const byRule = table<ProcessRow>(server.db, 'processes').where(
      (p) => p.serviceUnitId === id && p.endedReason === 'rule' && p.name === target.name,
    );
    expect(byRule.length).toBeGreaterThan(0);
    agents.stop();
  });

  it('a simulated agent reports the processes of a unit someone is watching every couple of seconds, of others only with heartbeats', async () => {
    let now = Date.now();
    const agents = driveAgents(server, () => now);
    await agents.tick();
    // The first and the last simulated unit: heartbeats are staggered over the interval, so the last one's first
    // heartbeat (and process report) is almost 30 s away.
    const simulated = agents.unitIds;
    const watched = { id: simulated[0] };
    const other = { id: simulated[simulated.length - 1] };
    if (!watched.id || !other.id || watched.id === other.id) throw new Error('the seed has two simulated units');
    const reportsOf = (id: string) => table<ProcessRow>(server.db, 'processes').where((p) => p.serviceUnitId === String(id));
    const figures = (id: string) =>
      reportsOf(id)
        .filter((p) => p.state === 'running')
        .map((p) => `${p.pid}:${p.cpuPercent}`)
        .sort()
        .join();
    await user.request('GET', `/api/service-units/${watched.id}/processes`);
    const before = { watched: figures(String(watched.id)), other: figures(String(other.id)) };
    now += 2_500;
    await agents.tick();
    expect(figures(String(watched.id))).not.toBe(before.watched);
    expect(figures(String(other.id))).toBe(before.other);
    agents.stop();
  });

  it('an allow rule is an exception to a block rule', async () => {
    const list = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    const target = list.body.items[0] as UnitProcess;
    await user.request('POST', `/api/service-units/${unitId}/process-rules`, { pattern: target.name, action: 'allow' });
    await user.request('POST', `/api/service-units/${unitId}/process-rules`, { pattern: '*e*', action: 'block' });
    const poll = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    expect(poll.body.items.some((p) => p.id === target.id)).toBe(true);
  });

  it('refuses a bad pattern and a duplicate with field errors', async () => {
    const bad = await user.request<{ errors: Record<string, string> }>('POST', `/api/service-units/${unitId}/process-rules`, {
      pattern: 'a/b',
      action: 'block',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['pattern']).toBe('invalidCharacters');
    const broad = await user.request<{ errors: Record<string, string> }>('POST', `/api/service-units/${unitId}/process-rules`, {
      pattern: '**',
      action: 'maybe',
    });
    expect(broad.body.errors).toEqual({ pattern: 'tooBroad', action: 'invalidAction' });
    await user.request('POST', `/api/service-units/${unitId}/process-rules`, { pattern: 'zz-game.exe', action: 'block' });
    const dup = await user.request<{ errors: Record<string, string> }>('POST', `/api/service-units/${unitId}/process-rules`, {
      pattern: 'ZZ-GAME.EXE',
      action: 'allow',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors['pattern']).toBe('duplicate');
  });

  it('updates (partially), lists and deletes rules', async () => {
    const created = await user.request<ProcessRule>('POST', `/api/service-units/${unitId}/process-rules`, {
      pattern: 'zz-tool*',
      action: 'block',
      enabled: false,
    });
    const id = created.body.id;
    const toggled = await user.request<ProcessRule>('PUT', `/api/service-units/${unitId}/process-rules/${id}`, { enabled: true });
    expect(toggled.body).toMatchObject({ pattern: 'zz-tool*', action: 'block', enabled: true });
    const list = await user.request<{ items: ProcessRule[] }>('GET', `/api/service-units/${unitId}/process-rules`);
    expect(list.body.items.some((r) => r.id === id)).toBe(true);
    expect((await user.request('DELETE', `/api/service-units/${unitId}/process-rules/${id}`)).status).toBe(204);
    const after = await user.request<{ items: ProcessRule[] }>('GET', `/api/service-units/${unitId}/process-rules`);
    expect(after.body.items.some((r) => r.id === id)).toBe(false);
  });

  it("answers 404 for another organization's unit, process and rules", async () => {
    const globex = await signInAs('globex');
    expect((await globex.request('GET', `/api/service-units/${unitId}/processes`)).status).toBe(404);
    expect((await globex.request('GET', `/api/service-units/${unitId}/process-rules`)).status).toBe(404);
    expect((await globex.request('POST', `/api/service-units/${unitId}/process-rules`, { pattern: 'x.exe', action: 'block' })).status).toBe(
      404,
    );
    const list = await user.request<ProcessList>('GET', `/api/service-units/${unitId}/processes`);
    expect((await globex.request('POST', `/api/processes/${list.body.items[0]?.id}/end`)).status).toBe(404);
  });
});

describe('process patterns', () => {
  it.each([
    ['chrome.exe', 'chrome.exe', true],
    ['chrome.exe', 'CHROME.EXE', true],
    ['chrome*', 'chrome.exe', true],
    ['*torrent*', 'utorrent.exe', true],
    ['chrome.exe', 'chrome.exe.bak', false],
    ['c.rome', 'chrome', false],
  ])('%s matches %s: %s', (pattern, name, expected) => {
    expect(patternMatches(pattern, name)).toBe(expected);
  });

  it('explains what is wrong with a pattern', () => {
    expect(processPatternProblem('*')).toBe('tooBroad');
    expect(processPatternProblem(' * ')).toBe('tooBroad');
    expect(processPatternProblem('a\\b')).toBe('invalidCharacters');
    expect(processPatternProblem('Google Chrome')).toBeNull();
  });
});
