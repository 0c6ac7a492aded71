import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fakeLiveStream } from '../testing/fake-stream';
import { unitDetailLiveEvent, unitDetailMachine, type UnitDetail } from './unit-detail.machine';

const unit = (id: string): UnitDetail => ({
  id,
  organizationId: '1',
  name: `Unit ${id}`,
  hostname: 'h',
  ipAddress: '',
  operatingSystem: 'linux',
  agentVersion: '4.2.1',
  location: '',
  description: '',
  tags: [],
  lastSeenAt: '2026-01-01T00:00:00.000Z',
  maintenance: false,
  screenshotIntervalMinutes: 0,
  createdAt: '',
  updatedAt: '',
  status: 'offline',
  agent: null,
});

const enrolled = (id: string, revokedAt: string | null = null): UnitDetail => ({
  ...unit(id),
  agent: { kind: 'enrolled', enrolledAt: '2026-11-26T10:00:00.000Z', revokedAt, heartbeatIntervalS: 30, system: null },
});

function start(load: (id: string) => Promise<UnitDetail>, revoke: (id: string) => Promise<UnitDetail> = async (id) => enrolled(id, 'now')) {
  const actor = createActor(
    unitDetailMachine.provide({
      actors: {
        loadUnit: fromPromise(({ input }) => load(input.id)),
        revokeAgent: fromPromise(({ input }) => revoke(input.id)),
      },
    }),
  );
  actor.start();
  return actor;
}

describe('unit detail machine', () => {
  it('loads the unit of a deep link', async () => {
    const actor = start(async (id) => unit(id));
    actor.send({ type: 'detail.open', id: '7' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.unit?.name).toBe('Unit 7');
  });

  it('another organization’s id (404) is "not found", not a failure', async () => {
    const actor = start(async () => Promise.reject(Object.assign(new Error('Service unit not found'), { status: 404 })));
    actor.send({ type: 'detail.open', id: '999' });
    await waitFor(actor, (s) => s.matches('notFound'));
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });

  it('a network failure can be retried', async () => {
    let calls = 0;
    const actor = start(async (id) => {
      calls += 1;
      if (calls === 1) throw new Error('Network error');
      return unit(id);
    });
    actor.send({ type: 'detail.open', id: '3' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'detail.retry' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls).toBe(2);
  });

  it('ignores opening the unit already open, takes saved changes, and closes', async () => {
    let calls = 0;
    const actor = start(async (id) => {
      calls += 1;
      return unit(id);
    });
    actor.send({ type: 'detail.open', id: '3' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'detail.open', id: '3' });
    expect(calls).toBe(1);
    actor.send({ type: 'detail.updated', unit: { ...unit('3'), name: 'Renamed' } });
    actor.send({ type: 'detail.updated', unit: { ...unit('4'), name: 'Other' } });
    expect(actor.getSnapshot().context.unit?.name).toBe('Renamed');
    actor.send({ type: 'detail.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('revokes an enrolled agent after confirmation, and shows the unit the server answered', async () => {
    const revoked: string[] = [];
    const calls: string[] = [];
    const actor = start(
      async (id) => enrolled(id),
      async (id) => {
        calls.push(id);
        return enrolled(id, '2026-11-26T12:00:00.000Z');
      },
    );
    actor.on('detail.revoked', (e) => revoked.push(e.unit.agent?.revokedAt ?? ''));
    actor.send({ type: 'detail.open', id: '5' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'detail.revoke' });
    expect(actor.getSnapshot().matches({ loaded: 'confirmingRevoke' })).toBe(true);
    actor.send({ type: 'detail.revoke.cancel' });
    expect(calls).toEqual([]);
    actor.send({ type: 'detail.revoke' });
    actor.send({ type: 'detail.revoke.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ loaded: 'viewing' }));
    expect(calls).toEqual(['5']);
    expect(revoked).toEqual(['2026-11-26T12:00:00.000Z']);
    expect(actor.getSnapshot().context.unit?.agent?.revokedAt).toBe('2026-11-26T12:00:00.000Z');
    // Revoked once: there is nothing left to revoke.
    actor.send({ type: 'detail.revoke' });
    expect(actor.getSnapshot().matches({ loaded: 'viewing' })).toBe(true);
  });

  it.each([
    ['no agent', unit('6')],
    [
      'a simulated agent',
      { ...unit('6'), agent: { ...(enrolled('6').agent as NonNullable<UnitDetail['agent']>), kind: 'simulated' as const } },
    ],
    ['a revoked agent', enrolled('6', '2026-11-26T12:00:00.000Z')],
  ])('offers no revocation for a unit with %s', async (_, shown) => {
    const actor = start(async () => shown);
    actor.send({ type: 'detail.open', id: '6' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'detail.revoke' });
    expect(actor.getSnapshot().matches({ loaded: 'viewing' })).toBe(true);
  });

  it('a failed revocation keeps the unit as it was and reports the error', async () => {
    const failures: unknown[] = [];
    const actor = start(
      async (id) => enrolled(id),
      async () => Promise.reject(Object.assign(new Error('No active agent'), { status: 409 })),
    );
    actor.on('detail.revoke.failed', (e) => failures.push((e.error as Error).message));
    actor.send({ type: 'detail.open', id: '5' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'detail.revoke' });
    actor.send({ type: 'detail.revoke.confirm' });
    await waitFor(actor, (s) => s.matches({ loaded: 'viewing' }));
    expect(failures).toEqual(['No active agent']);
    expect(actor.getSnapshot().context.unit?.agent?.revokedAt).toBeNull();
    expect(actor.getSnapshot().context.revokeError).toBeInstanceOf(Error);
  });
});

describe('unit detail machine: live changes from the stream', () => {
  function startLive() {
    const stream = fakeLiveStream(unitDetailLiveEvent);
    const actor = createActor(
      unitDetailMachine.provide({ actors: { loadUnit: fromPromise(async ({ input }) => unit(input.id)), liveEvents: stream.logic } }),
    ).start();
    return { actor, stream };
  }

  it('applies its unit going online or offline, or changed, and ignores another unit and other events', async () => {
    const { actor, stream } = startLive();
    actor.send({ type: 'detail.open', id: '3' });
    await waitFor(actor, (s) => s.matches('loaded'));
    stream.push(stream.event('unit.online', '3', { unit: { ...unit('3'), status: 'online' } }));
    expect(actor.getSnapshot().context.unit?.status).toBe('online');
    stream.push(stream.event('unit.offline', '3', { unit: { ...unit('3'), status: 'offline' } }));
    expect(actor.getSnapshot().context.unit?.status).toBe('offline');
    stream.push(stream.event('unit.changed', '3', { unit: { ...unit('3'), name: 'Renamed' } }));
    expect(actor.getSnapshot().context.unit?.name).toBe('Renamed');
    stream.push(stream.event('unit.online', '4', { unit: { ...unit('4'), status: 'online' } }));
    stream.push(stream.event('unit.deleted', '3', {}));
    expect(actor.getSnapshot().context.unit).toMatchObject({ id: '3', name: 'Renamed', status: 'offline' });
  });

  it('listens while the drawer is closed too, and a closed drawer takes nothing', () => {
    const { actor, stream } = startLive();
    expect(stream.running()).toBe(1);
    stream.push(stream.event('unit.online', '3', { unit: { ...unit('3'), status: 'online' } }));
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.unit).toBeNull();
    actor.stop();
    expect(stream.running()).toBe(0);
  });
});
