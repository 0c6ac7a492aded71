import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { unitDetailMachine, type UnitDetail } from './unit-detail.machine';

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
});

function start(load: (id: string) => Promise<UnitDetail>) {
  const actor = createActor(unitDetailMachine.provide({ actors: { loadUnit: fromPromise(({ input }) => load(input.id)) } }));
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
});
