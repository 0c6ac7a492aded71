import { afterEach, describe, expect, it } from 'vitest';
import type { Command, LiveEvent, ServiceUnit } from '@machines/domain/types';
import { table } from '@mirage/db';
import { sweepUnitStatuses, type ServiceUnitRow } from '@mirage/domains/service-units';
import { eventsTable, pruneEvents, resourceOfEvent, touchesLiveCollections } from '@mirage/events';
import { subjectOf, type UserRow } from '@mirage/http';
import { can } from '@machines/permissions/can';
import { makeServer, type Server } from '@mirage/server';
import { startSimulatedAgents, type AgentCall } from '@mirage/simulated-agents';
import { agentOf, driveAgents, fetchAgentCall, heartbeatOf, signInAs, type Session } from './monitoring-helpers';

/**
 * The live events (mirage/events.ts): scoped by the lists' read rule, announced with the change that
 * causes them; the status sweep; and the simulated agents on a fake clock (mirage/simulated-agents.ts).
 */

interface EventPage {
  items: LiveEvent[];
  lastId: string;
}

let server: Server;
let now = Date.now();
afterEach(() => server.shutdown());

async function start() {
  now = Date.now();
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default', now: () => now });
}

const startOf = async (session: Session) => (await session.request<EventPage>('GET', '/api/events/recent')).body.lastId;
const since = async (session: Session, after: string) =>
  (await session.request<EventPage>('GET', `/api/events/recent?after=${after}&limit=500`)).body.items;
const unitRows = () => table<ServiceUnitRow>(server.db, 'serviceUnits');

describe('live events', () => {
  it('reach only those who may read what they are about: no event of another organization reaches a user', async () => {
    await start();
    const sessions = await Promise.all(['user', 'globex', 'admin', 'gabe', 'superadmin'].map((name) => signInAs(name)));
    const [user, globex, admin, gabe, superadmin] = sessions as [Session, Session, Session, Session, Session];
    const marks = await Promise.all([user, globex, admin, gabe, superadmin].map(startOf));
    const acmeUnit = unitRows().where((u) => String(u.organizationId) === '1')[0] as ServiceUnitRow;
    const { id: _id, organizationId: _org, agent: _agent, announcedStatus: _announced, ...fields } = acmeUnit;
    expect((await user.request('PUT', `/api/service-units/${acmeUnit.id}`, { ...fields, location: 'Moved' })).status).toBe(200);
    expect((await admin.request('PUT', '/api/me/profile', { displayName: 'Ada', about: '', phoneNumber: '', photoURL: '' })).status).toBe(
      200,
    );

    const seen = await Promise.all([user, globex, admin, gabe, superadmin].map((s, i) => since(s, marks[i] as string)));
    const [byUser, byGlobex, byAdmin, byGabe, bySuper] = seen as LiveEvent[][];
    expect(byUser?.map((e) => e.type)).toEqual(['unit.changed']);
    const changed = byUser?.[0];
    expect(changed?.type === 'unit.changed' && changed.data.unit.location).toBe('Moved');
    expect(byGlobex).toEqual([]);
    expect(byAdmin?.map((e) => e.type).sort()).toEqual(['unit.changed', 'user.changed']);
    expect(bySuper?.map((e) => e.type).sort()).toEqual(['unit.changed', 'user.changed']);
    // Globex's admin reads every organization's units (can.ts), not Acme's users.
    expect(byGabe?.map((e) => e.type)).toEqual(['unit.changed']);
    // Each caller got exactly the events can() lets them read.
    const all = bySuper ?? [];
    ['user', 'globex', 'admin', 'gabe', 'superadmin'].forEach((name, i) => {
      const row = table<UserRow>(server.db, 'users').where((u) => u.username === name)[0] as UserRow;
      const readable = all.filter(
        (e) => can(subjectOf(row), 'read', resourceOfEvent(e.type), { organizationId: e.organizationId }).allowed,
      );
      expect(
        seen[i]?.map((e) => e.id),
        name,
      ).toEqual(readable.map((e) => e.id));
    });
  });

  it('start at the newest id without items, and resume after the last one seen', async () => {
    await start();
    const user = await signInAs('user');
    const first = await user.request<EventPage>('GET', '/api/events/recent');
    expect(first.body.items).toEqual([]);
    const unit = unitRows().where((u) => String(u.organizationId) === '1')[0] as ServiceUnitRow;
    await user.request('POST', '/api/service-units/bulk-maintenance', { ids: [unit.id], maintenance: true });
    await user.request('POST', '/api/service-units/bulk-maintenance', { ids: [unit.id], maintenance: false });
    const one = await user.request<EventPage>('GET', `/api/events/recent?after=${first.body.lastId}&limit=1`);
    expect(one.body.items).toHaveLength(1);
    const rest = await user.request<EventPage>('GET', `/api/events/recent?after=${one.body.lastId}`);
    expect(rest.body.items).toHaveLength(1);
    expect(Number(rest.body.items[0]?.id)).toBeGreaterThan(Number(one.body.items[0]?.id));
    const stream = await fetch(`/api/events?after=${first.body.lastId}`, { headers: { Authorization: `Bearer ${user.token}` } });
    const text = await stream.text();
    expect(stream.headers.get('Content-Type')).toContain('text/event-stream');
    expect(text).toMatch(/^id: \d+\nevent: unit\.changed\ndata: \{.*\}\n\n/);
    const resumed = await fetch('/api/events', { headers: { Authorization: `Bearer ${user.token}`, 'Last-Event-ID': rest.body.lastId } });
    expect(await resumed.text()).not.toContain('event:');
  });

  it('are pruned to the newest ones within 24 h, keeping the newest whatever its age', async () => {
    await start();
    const events = eventsTable(server.db);
    for (let i = 0; i < 5; i += 1) {
      events.insert({
        type: 'unit.deleted',
        at: new Date(now - 48 * 3_600_000).toISOString(),
        organizationId: '1',
        subjectId: '1',
        unitId: '1',
        data: {},
      });
    }
    expect(await pruneEvents(server.db, now, 3)).toBe(4);
    expect(events.count()).toBe(1);
  });

  it('wake a host only when a stored batch holds events or commands', () => {
    expect(touchesLiveCollections([{ collection: 'serviceUnits', put: [{ id: '1' }], deleted: [] }])).toBe(false);
    expect(touchesLiveCollections([{ collection: 'events', put: [{ id: '9' }], deleted: [] }])).toBe(true);
    expect(touchesLiveCollections([{ collection: 'commands', put: [{ id: '2' }], deleted: [] }])).toBe(true);
    expect(touchesLiveCollections([{ collection: 'events', put: [], deleted: ['1'] }])).toBe(false);
  });
});

describe('the unit status sweep', () => {
  it('announces a unit offline once its window passed, online again at its next heartbeat; quiet heartbeats announce nothing', async () => {
    await start();
    const user = await signInAs('user');
    const unit = unitRows().where((u) => String(u.organizationId) === '1' && u.agent?.kind === 'simulated' && !u.maintenance)[0];
    if (!unit) throw new Error('no unit with an agent');
    const agent = agentOf(server, String(unit.id));
    // The first heartbeat reports the system (a visible change); the next ones change nothing visible.
    await agent.request('POST', '/api/agent/heartbeat', heartbeatOf(unit as ServiceUnit));
    const mark = await startOf(user);
    await agent.request('POST', '/api/agent/heartbeat', heartbeatOf(unit as ServiceUnit));
    expect(await since(user, mark)).toEqual([]);

    now += 91_000;
    expect(await sweepUnitStatuses(server.db, now)).toBeGreaterThan(0);
    const offline = (await since(user, mark)).filter((e) => e.subjectId === String(unit.id));
    expect(offline.map((e) => e.type)).toEqual(['unit.offline']);
    expect(offline[0]?.type === 'unit.offline' && offline[0].data.unit.status).toBe('offline');
    const again = await startOf(user);
    await sweepUnitStatuses(server.db, now + 5_000);
    expect((await since(user, again)).filter((e) => e.subjectId === String(unit.id))).toEqual([]);

    await agent.request('POST', '/api/agent/heartbeat', heartbeatOf(unit as ServiceUnit));
    const online = (await since(user, again)).filter((e) => e.subjectId === String(unit.id));
    expect(online.map((e) => e.type)).toEqual(['unit.online']);
    const view = await user.request<{ status: string }>('GET', `/api/service-units/${unit.id}`);
    expect(view.body.status).toBe('online');
  });
});

describe('the sweep’s pruning', () => {
  it('drops processes that quit over an hour ago, commands finished and capture requests made over a day ago, keeps what a person or a rule ended', async () => {
    await start();
    const processes = table<{ id: string; endedReason: string | null }>(server.db, 'processes');
    const ended = (endedReason: string, msAgo: number) =>
      processes.insert({
        serviceUnitId: '1',
        name: 'x',
        pid: 1,
        user: 'u',
        cpuPercent: 0,
        memoryMb: 1,
        startedAt: new Date(now - msAgo - 1000).toISOString(),
        state: 'ended',
        endedAt: new Date(now - msAgo).toISOString(),
        endedReason,
      } as never);
    const exitedLongAgo = ended('exit', 2 * 3_600_000);
    const exitedJustNow = ended('exit', 60_000);
    const byRule = ended('rule', 2 * 3_600_000);
    const commands = table<{ id: string }>(server.db, 'commands');
    const old = commands.insert({ finishedAt: new Date(now - 2 * 86_400_000).toISOString() } as never);
    const captures = table<{ id: string }>(server.db, 'captureRequests');
    const oldCapture = captures.insert({ requestedAt: now - 86_400_001, status: 'delivered' } as never);
    const recentCapture = captures.insert({ requestedAt: now - 3_600_000, status: 'pending' } as never);
    await sweepUnitStatuses(server.db, now);
    expect(captures.find(oldCapture.id)).toBeUndefined();
    expect(captures.find(recentCapture.id)).toBeDefined();
    expect(processes.find(exitedLongAgo.id)).toBeUndefined();
    expect(processes.find(exitedJustNow.id)).toBeDefined();
    expect(processes.find(byRule.id)).toBeDefined();
    expect(commands.find(old.id)).toBeUndefined();
  });
});

describe('the simulated agents (a fake clock)', () => {
  it('start only once startAfter settles (the browser: after the first paint and an idle period): no read, timer or call before', async () => {
    await start();
    let begin: () => void = () => undefined;
    const calls: string[] = [];
    const timers: number[] = [];
    const agents = startSimulatedAgents({
      db: server.db,
      call: (method, url, headers, body) => {
        calls.push(url);
        return fetchAgentCall(method, url, headers, body);
      },
      now: () => now,
      setTimeout: (_run, ms) => timers.push(ms),
      clearTimeout: () => undefined,
      startAfter: () => new Promise<void>((resolve) => (begin = resolve)),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(timers).toEqual([]);
    expect(agents.unitIds).toEqual([]);
    begin();
    await agents.ready;
    expect(timers).toEqual([1000]);
    expect(agents.unitIds.length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
    await agents.tick();
    expect(calls.length).toBeGreaterThan(0);
    agents.stop();
  });

  it('report a failed call, but not one still under way when the driver stopped (the tab or server going away)', async () => {
    await start();
    const failLater = () => {
      let fail: (error: Error) => void = () => undefined;
      const call: AgentCall = () => new Promise((_, reject) => (fail = reject));
      return { call, fail: (message: string) => fail(new Error(message)) };
    };
    for (const stopFirst of [false, true]) {
      const { call, fail } = failLater();
      const reported: unknown[] = [];
      const agents = startSimulatedAgents({
        db: server.db,
        call,
        now: () => now,
        setTimeout: () => null,
        clearTimeout: () => undefined,
        onError: (error) => reported.push(error),
      });
      const ticked = agents.tick();
      // The first heartbeat is under way; it fails after (or before) the driver stops.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (stopFirst) agents.stop();
      fail('the server went away');
      await ticked;
      agents.stop();
      expect(reported.length > 0, `stopped first: ${stopFirst}`).toBe(!stopFirst);
    }
  });

  it('heartbeat each unit at its interval, staggered, report processes and answer commands through the agent API', async () => {
    await start();
    const user = await signInAs('user');
    const agents = driveAgents(server, () => now);
    await agents.ready;
    const simulated = unitRows().where((u) => u.agent?.kind === 'simulated');
    expect(agents.unitIds).toHaveLength(simulated.length);
    expect(simulated.length).toBeGreaterThan(20);
    const seenBefore = new Map(simulated.map((u) => [String(u.id), u.lastSeenAt]));

    // Staggered: a third of the interval in, about a third of the agents have reported.
    now += 10_000;
    await agents.tick();
    const moved = () => unitRows().where((u) => seenBefore.has(String(u.id)) && u.lastSeenAt !== seenBefore.get(String(u.id))).length;
    expect(moved()).toBeGreaterThan(0);
    expect(moved()).toBeLessThan(simulated.length);
    now += 20_000;
    await agents.tick();
    expect(moved()).toBe(simulated.length);

    // A command: the agent ends its own process at its next heartbeat, and the process leaves the list.
    const unitId = String(simulated.find((u) => String(u.organizationId) === '1' && !u.maintenance)?.id);
    const list = await user.request<{ items: { id: string; pid: number }[] }>('GET', `/api/service-units/${unitId}/processes`);
    const target = list.body.items[0];
    const command = await user.request<Command>('POST', `/api/processes/${target?.id ?? ''}/end`);
    expect(command.status).toBe(202);
    const mark = await startOf(user);
    const capture = await user.request<{ id: string }>('POST', `/api/service-units/${unitId}/capture`);
    // Within a second, not at the next heartbeat: as a real agent's long poll.
    now += 1_000;
    await agents.tick();
    expect((await user.request<Command>('GET', `/api/commands/${command.body.id}`)).body.status).toBe('succeeded');
    const after = await user.request<{ items: { id: string }[] }>('GET', `/api/service-units/${unitId}/processes`);
    expect(after.body.items.some((p) => p.id === target?.id)).toBe(false);
    const delivered = await user.request<{ status: string; screenshot: { id: string; hasImage?: boolean } | null }>(
      'GET',
      `/api/capture-requests/${capture.body.id}`,
    );
    expect(delivered.body.status).toBe('delivered');
    // A simulated screenshot has no uploaded image: the app draws it, as the seeded ones.
    expect(delivered.body.screenshot?.hasImage).toBeUndefined();
    // Its screenshot.captured names the capture command it answers (the one command.finished reports for the request).
    const events = await since(user, mark);
    const finished = events.find((e) => e.type === 'command.finished' && e.data.command.captureRequestId === capture.body.id);
    const captured = events.find((e) => e.type === 'screenshot.captured' && e.data.screenshotId === delivered.body.screenshot?.id);
    expect(captured?.type === 'screenshot.captured' && captured.data.commandId).toBe(finished?.subjectId);
    expect(finished).toBeDefined();

    // A revoked agent stops: its unit goes offline once the window passed.
    expect((await user.request('DELETE', `/api/service-units/${unitId}/agent`)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      now += 30_000;
      await agents.tick();
    }
    expect(agents.unitIds).not.toContain(unitId);
    expect((await user.request<{ status: string }>('GET', `/api/service-units/${unitId}`)).body.status).toBe('offline');
    agents.stop();
  });
});
