import type { Server } from '@mirage/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent, Page, ServiceUnit } from '@machines/domain/types';
import { table } from '@mirage/db';
import type { ScreenshotItem } from '../../api/services/screenshots';

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
import { agentOf, setUnitOnline, signInAs, startMonitoringServer, unitsOf, type Session } from './monitoring-helpers';

interface CaptureView {
  id: string;
  status: 'pending' | 'delivered' | 'failed';
  failureReason: string | null;
  commandId: string | null;
  screenshot: ScreenshotItem | null;
}

interface EventPage {
  items: LiveEvent[];
  lastId: string;
}

const eventMark = async (session: Session) => (await session.request<EventPage>('GET', '/api/events/recent')).body.lastId;
/** The screenshot events a caller sees after `mark` (GET /api/events/recent), as [type, screenshotId, change or commandId]. */
async function screenshotEvents(session: Session, mark: string): Promise<[string, string, string | null][]> {
  const page = await session.request<EventPage>('GET', `/api/events/recent?after=${mark}&limit=500`);
  return page.body.items.flatMap((e): [string, string, string | null][] =>
    e.type === 'screenshot.changed'
      ? [[e.type, e.data.screenshotId, e.data.change]]
      : e.type === 'screenshot.captured'
        ? [[e.type, e.data.screenshotId, e.data.commandId]]
        : [],
  );
}

describe('screenshots endpoints', () => {
  let server: Server;
  let user: Session;
  let clock = Date.now();

  beforeEach(async () => {
    clock = Date.now();
    server = await startMonitoringServer({ now: () => clock });
    user = await signInAs('user');
  });
  afterEach(() => server.shutdown());

  it('pages newest first, with the unit name', async () => {
    const first = await user.request<Page<ScreenshotItem>>('GET', '/api/screenshots?page=1&pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.total).toBeGreaterThan(50);
    const times = first.body.items.map((s) => s.capturedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.body.items[0]?.unitName).not.toBe('');
    const second = await user.request<Page<ScreenshotItem>>('GET', '/api/screenshots?page=2&pageSize=10');
    expect((second.body.items[0]?.capturedAt ?? '') <= (times[9] ?? '')).toBe(true);
    const oldest = await user.request<Page<ScreenshotItem>>('GET', '/api/screenshots?pageSize=5&order=asc');
    expect((oldest.body.items[0]?.capturedAt ?? '') < (times[0] ?? '')).toBe(true);
  });

  it('shows a role-4 user only their organization', async () => {
    const mine = new Set(unitsOf(server, '1').map((u) => String(u.id)));
    const list = await user.request<Page<ScreenshotItem>>('GET', '/api/screenshots?pageSize=200');
    expect(list.body.items.every((s) => mine.has(s.serviceUnitId))).toBe(true);
    const globex = await signInAs('globex');
    const theirs = list.body.items[0]?.id;
    expect((await globex.request('GET', `/api/screenshots/${theirs}`)).status).toBe(404);
    expect((await globex.request('PATCH', `/api/screenshots/${theirs}`, { flagged: true })).status).toBe(404);
    expect((await globex.request('DELETE', `/api/screenshots/${theirs}`)).status).toBe(404);
    expect((await user.request('GET', `/api/screenshots/${theirs}`)).status).toBe(200);
  });

  it('filters by unit, date range and flag', async () => {
    const unitId = String(unitsOf(server, '1')[0]?.id);
    const byUnit = await user.request<Page<ScreenshotItem>>('GET', `/api/screenshots?unitId=${unitId}&pageSize=200`);
    expect(byUnit.body.total).toBeGreaterThan(0);
    expect(byUnit.body.items.every((s) => s.serviceUnitId === unitId)).toBe(true);
    const day = (daysAgo: number) => new Date(clock - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const ranged = await user.request<Page<ScreenshotItem>>('GET', `/api/screenshots?from=${day(6)}&to=${day(5)}&pageSize=200`);
    expect(ranged.body.total).toBeGreaterThan(0);
    expect(ranged.body.items.every((s) => s.capturedAt >= `${day(6)}T00:00:00` && s.capturedAt <= `${day(5)}T23:59:59.999Z`)).toBe(true);
    const flagged = await user.request<Page<ScreenshotItem>>('GET', '/api/screenshots?flagged=true&pageSize=200');
    expect(flagged.body.items.every((s) => s.flagged)).toBe(true);
  });

  it('flags with a note, validates the note, deletes one and many', async () => {
    const list = await user.request<Page<ScreenshotItem>>('GET', '/api/screenshots?pageSize=3');
    const [a, b, c] = list.body.items as [ScreenshotItem, ScreenshotItem, ScreenshotItem];
    const flagged = await user.request<ScreenshotItem>('PATCH', `/api/screenshots/${a.id}`, { flagged: true, note: ' Game on screen ' });
    expect(flagged.body).toMatchObject({ flagged: true, note: 'Game on screen' });
    const tooLong = await user.request<{ errors: Record<string, string> }>('PATCH', `/api/screenshots/${a.id}`, { note: 'x'.repeat(501) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors).toEqual({ note: 'tooLong' });
    expect((await user.request('DELETE', `/api/screenshots/${a.id}`)).status).toBe(204);
    expect((await user.request('GET', `/api/screenshots/${a.id}`)).status).toBe(404);
    const bulk = await user.request<{ deleted: number }>('POST', '/api/screenshots/bulk-delete', { ids: [b.id, c.id, a.id] });
    expect(bulk.body).toEqual({ deleted: 2, notFound: 1, refused: 0 });
    expect((await user.request('POST', '/api/screenshots/bulk-delete', { ids: [] })).status).toBe(422);
  });

  it('announces a flag or note change and each deletion to its organization only (screenshot.changed)', async () => {
    const globex = await signInAs('globex');
    const list = await user.request<Page<ScreenshotItem>>('GET', '/api/screenshots?pageSize=3&flagged=false');
    const [a, b, c] = list.body.items as [ScreenshotItem, ScreenshotItem, ScreenshotItem];
    const [mine, theirs] = [await eventMark(user), await eventMark(globex)];

    await user.request('PATCH', `/api/screenshots/${a.id}`, { flagged: true, note: 'Game on screen' });
    // The same values again change nothing: no event.
    await user.request('PUT', `/api/screenshots/${a.id}`, { flagged: true, note: 'Game on screen' });
    await user.request('PATCH', `/api/screenshots/${a.id}`, { note: 'Game on screen, twice' });
    await user.request('PATCH', `/api/screenshots/${a.id}`, { flagged: false });
    expect((await user.request('PATCH', `/api/screenshots/${a.id}`, { note: 'x'.repeat(501) })).status).toBe(422);
    expect((await user.request('DELETE', `/api/screenshots/${a.id}`)).status).toBe(204);
    const bulk = await user.request('POST', '/api/screenshots/bulk-delete', { ids: [b.id, a.id, c.id] });
    expect(bulk.body).toEqual({ deleted: 2, notFound: 1, refused: 0 });

    expect(await screenshotEvents(user, mine)).toEqual([
      ['screenshot.changed', a.id, 'updated'],
      ['screenshot.changed', a.id, 'updated'],
      ['screenshot.changed', a.id, 'updated'],
      ['screenshot.changed', a.id, 'deleted'],
      ['screenshot.changed', b.id, 'deleted'],
      ['screenshot.changed', c.id, 'deleted'],
    ]);
    const page = await user.request<EventPage>('GET', `/api/events/recent?after=${mine}&limit=500`);
    const unitOf = new Map([a, b, c].map((s) => [s.id, s.serviceUnitId]));
    for (const event of page.body.items) {
      expect(event).toMatchObject({ organizationId: '1', unitId: unitOf.get(event.subjectId) });
    }
    expect(await screenshotEvents(globex, theirs)).toEqual([]);
  });

  it('sends a capture to the unit’s agent, and delivers the screenshot it uploads', async () => {
    const unit = unitsOf(server, '1')[0] as ServiceUnit;
    setUnitOnline(server, unit.id);
    table<ServiceUnit>(server.db, 'serviceUnits').update(unit.id, { lastSeenAt: new Date(clock - 10_000).toISOString() });
    const globex = await signInAs('globex');
    const [mine, theirs] = [await eventMark(user), await eventMark(globex)];
    const requested = await user.request<CaptureView>('POST', `/api/service-units/${unit.id}/capture`);
    expect(requested.status).toBe(202);
    expect(requested.body.status).toBe('pending');
    const agent = agentOf(server, unit.id);
    const commands = await agent.request<{ items: { id: string; kind: string }[] }>('GET', '/api/agent/commands');
    const command = commands.body.items.find((c) => c.kind === 'captureScreenshot');
    expect(command).toBeDefined();
    // The request names the command its agent answers, so the caller can match the live event to it.
    expect(requested.body.commandId).toBe(command?.id);
    const early = await user.request<CaptureView>('GET', `/api/capture-requests/${requested.body.id}`);
    expect(early.body).toMatchObject({ status: 'pending', commandId: command?.id });
    const upload = await agent.request<{ screenshotId: string }>('POST', '/api/agent/screenshots', {
      unitId: unit.id,
      commandId: command?.id,
      capturedAt: new Date(clock).toISOString(),
      width: 1,
      height: 1,
      activeWindowTitle: 'Terminal',
      processName: 'bash',
      contentType: 'image/png',
      data: ONE_PIXEL_PNG,
    });
    expect(upload.status).toBe(201);
    await agent.request('POST', `/api/agent/commands/${command?.id ?? ''}/result`, { status: 'succeeded' });
    const done = await user.request<CaptureView>('GET', `/api/capture-requests/${requested.body.id}`);
    expect(done.body).toMatchObject({ status: 'delivered', commandId: command?.id });
    expect(done.body.screenshot?.serviceUnitId).toBe(String(unit.id));
    const newest = await user.request<Page<ScreenshotItem>>('GET', '/api/screenshots?pageSize=1');
    expect(newest.body.items[0]?.id).toBe(done.body.screenshot?.id);
    expect(newest.body.items[0]?.hasImage).toBe(true);
    const image = await user.request<{ contentType: string; data: string }>('GET', `/api/screenshots/${upload.body.screenshotId}/image`);
    expect(image.body).toEqual({ contentType: 'image/png', data: ONE_PIXEL_PNG });
    // The new screenshot names the capture command it answers; an upload of the agent's own names none.
    const own = await agent.request<{ screenshotId: string }>('POST', '/api/agent/screenshots', {
      unitId: unit.id,
      capturedAt: new Date(clock).toISOString(),
      width: 1,
      height: 1,
      activeWindowTitle: 'Terminal',
      processName: 'bash',
      contentType: 'image/png',
      data: ONE_PIXEL_PNG,
    });
    // The delivering event names the request's command: the capture settles on it.
    expect(await screenshotEvents(user, mine)).toEqual([
      ['screenshot.captured', upload.body.screenshotId, requested.body.commandId],
      ['screenshot.captured', own.body.screenshotId, null],
    ]);
    // It names the unit too, so a notice can say which unit's screenshot arrived.
    const delivering = (await user.request<EventPage>('GET', `/api/events/recent?after=${mine}&limit=500`)).body.items.find(
      (e) => e.type === 'screenshot.captured',
    );
    expect(delivering?.type === 'screenshot.captured' && delivering.data.unitName).toBe(unit.name);
    expect(await screenshotEvents(globex, theirs)).toEqual([]);
  });

  it('fails a capture the agent cannot take (no display), with its reason', async () => {
    const unit = unitsOf(server, '1')[0] as ServiceUnit;
    setUnitOnline(server, unit.id);
    table<ServiceUnit>(server.db, 'serviceUnits').update(unit.id, { lastSeenAt: new Date(clock - 10_000).toISOString() });
    const requested = await user.request<CaptureView>('POST', `/api/service-units/${unit.id}/capture`);
    const agent = agentOf(server, unit.id);
    const commands = await agent.request<{ items: { id: string }[] }>('GET', '/api/agent/commands');
    for (const c of commands.body.items) await agent.request('POST', `/api/agent/commands/${c.id}/result`, { status: 'notSupported' });
    const done = await user.request<CaptureView>('GET', `/api/capture-requests/${requested.body.id}`);
    expect(done.body).toMatchObject({ status: 'failed', failureReason: 'notSupported', screenshot: null });
  });

  it('fails a capture when the unit is offline', async () => {
    const unit = unitsOf(server, '1')[0] as ServiceUnit;
    table<ServiceUnit>(server.db, 'serviceUnits').update(unit.id, {
      maintenance: false,
      lastSeenAt: new Date(clock - 3_600_000).toISOString(),
    });
    const requested = await user.request<CaptureView>('POST', `/api/service-units/${unit.id}/capture`);
    const done = await user.request<CaptureView>('GET', `/api/capture-requests/${requested.body.id}`);
    // No command was sent to an offline unit: none to match an event against.
    expect(requested.body.commandId).toBeNull();
    expect(done.body).toMatchObject({ status: 'failed', failureReason: 'unitOffline', commandId: null, screenshot: null });
  });

  it("keeps another organization's capture requests private", async () => {
    const unit = unitsOf(server, '1')[0] as ServiceUnit;
    const globex = await signInAs('globex');
    expect((await globex.request('POST', `/api/service-units/${unit.id}/capture`)).status).toBe(404);
    const requested = await user.request<CaptureView>('POST', `/api/service-units/${unit.id}/capture`);
    expect((await globex.request('GET', `/api/capture-requests/${requested.body.id}`)).status).toBe(404);
  });
});

describe('dashboard endpoints', () => {
  let server: Server;
  let user: Session;

  beforeEach(async () => {
    server = await startMonitoringServer();
    user = await signInAs('user');
  });
  afterEach(() => server.shutdown());

  it('summarises the organization', async () => {
    const summary = await user.request<{
      units: { online: number; offline: number; maintenance: number; total: number };
      processesBlockedToday: number;
      screenshotsToday: number;
      activeUrlRules: number;
    }>('GET', '/api/dashboard/summary');
    expect(summary.status).toBe(200);
    const { online, offline, maintenance, total } = summary.body.units;
    expect(online + offline + maintenance).toBe(total);
    expect(total).toBe(unitsOf(server, '1').length);
    expect(summary.body.screenshotsToday).toBeGreaterThan(0);
    expect(typeof summary.body.activeUrlRules).toBe('number');
  });

  it('lists the most recently offline units and the latest screenshots of the organization', async () => {
    const mine = new Set(unitsOf(server, '1').map((u) => String(u.id)));
    const offline = await user.request<{ items: { id: string; lastSeenAt: string }[] }>('GET', '/api/dashboard/recent-offline?limit=3');
    expect(offline.body.items.length).toBeLessThanOrEqual(3);
    expect(offline.body.items.every((u) => mine.has(u.id))).toBe(true);
    const seen = offline.body.items.map((u) => u.lastSeenAt);
    expect(seen).toEqual([...seen].sort().reverse());
    const latest = await user.request<{ items: ScreenshotItem[] }>('GET', '/api/dashboard/latest-screenshots?limit=4');
    expect(latest.body.items).toHaveLength(4);
    expect(latest.body.items.every((s) => mine.has(s.serviceUnitId))).toBe(true);
    const times = latest.body.items.map((s) => s.capturedAt);
    expect(times).toEqual([...times].sort().reverse());
    const newest = await user.request<Page<ScreenshotItem>>('GET', '/api/screenshots?pageSize=4');
    expect(latest.body.items.map((s) => s.id)).toEqual(newest.body.items.map((s) => s.id));
  });
});
