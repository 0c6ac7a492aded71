import type { Server } from '@mirage/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceUnitWithStatus } from '@machines/domain/types';
import { table } from '@mirage/db';
import type { ServiceUnitRow } from '@mirage/domains/service-units';
import { agentOf, driveAgents, heartbeatOf, signInAs, startMonitoringServer, unitsOf } from './monitoring-helpers';

const urlPolicy = {
  state: 'written',
  writtenAt: '2026-12-07T08:30:00.000Z',
  browsers: ['chromium', 'chrome'],
  message: '',
  rules: [
    { ruleId: '3', pattern: 'example.com', status: 'enforced', reason: null },
    { ruleId: '9', pattern: '^https://x', status: 'notEnforceable', reason: 'regex' },
  ],
};

describe("a heartbeat's URL policy is stored with the unit (issue 44)", () => {
  let server: Server;
  beforeEach(async () => {
    server = await startMonitoringServer();
  });
  afterEach(() => server.shutdown());

  it('the unit record shows what the agent reported; a heartbeat without one keeps it; a bad one is refused by field', async () => {
    const unit = unitsOf(server, '1')[0] as ServiceUnitWithStatus;
    const agent = agentOf(server, String(unit.id));
    const user = await signInAs('user');
    const record = async () => (await user.request<ServiceUnitWithStatus>('GET', `/api/service-units/${unit.id}`)).body;

    expect((await record()).agent?.urlPolicy ?? null).toBeNull();
    expect((await agent.request('POST', '/api/agent/heartbeat', { ...heartbeatOf(unit), urlPolicy })).status).toBe(200);
    expect((await record()).agent?.urlPolicy).toEqual(urlPolicy);

    // An older agent says nothing of URL rules: what the unit had stays.
    expect((await agent.request('POST', '/api/agent/heartbeat', heartbeatOf(unit))).status).toBe(200);
    expect((await record()).agent?.urlPolicy).toEqual(urlPolicy);

    const noPermission = {
      ...urlPolicy,
      state: 'noPermission',
      writtenAt: null,
      browsers: [],
      message: 'EACCES: /etc/chromium/policies/managed',
    };
    expect((await agent.request('POST', '/api/agent/heartbeat', { ...heartbeatOf(unit), urlPolicy: noPermission })).status).toBe(200);
    expect((await record()).agent?.urlPolicy).toMatchObject({ state: 'noPermission', message: 'EACCES: /etc/chromium/policies/managed' });

    const bad = await agent.request<{ errors: Record<string, string> }>('POST', '/api/agent/heartbeat', {
      ...heartbeatOf(unit),
      urlPolicy: { ...urlPolicy, rules: [{ ruleId: '3', pattern: 'example.com', status: 'maybe', reason: null }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ 'urlPolicy.rules.0.status': expect.any(String) as unknown });
  });

  it('the demo agents report plausible enforcement: regex and mid-host wildcards not enforceable, the rest enforced or out of schedule', async () => {
    const now = Date.now();
    const agents = driveAgents(server, () => now);
    await agents.tick();
    agents.stop();
    const simulated = table<ServiceUnitRow>(server.db, 'serviceUnits').where(
      (u) => u.agent?.kind === 'simulated' && String(u.organizationId) === '1' && u.agent.urlPolicy != null,
    )[0];
    const user = await signInAs('user');
    const record = (await user.request<ServiceUnitWithStatus>('GET', `/api/service-units/${String(simulated?.id)}`)).body;
    const policy = record.agent?.urlPolicy;
    expect(policy).toMatchObject({ state: 'written', message: '' });
    expect(policy?.browsers.length).toBeGreaterThan(0);
    const byPattern = new Map(policy?.rules.map((r) => [r.pattern, r]));
    expect(byPattern.get('^https?://([a-z0-9-]+\\.)*(casino|bet)[a-z0-9-]*\\.')).toMatchObject({
      status: 'notEnforceable',
      reason: 'regex',
    });
    expect(byPattern.get('*.torrent*')).toMatchObject({ status: 'notEnforceable', reason: 'wildcardInHost' });
    expect(policy?.rules.some((r) => r.status !== 'notEnforceable')).toBe(true);
  });
});
