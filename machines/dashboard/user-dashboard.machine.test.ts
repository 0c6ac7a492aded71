import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { flush } from '../testing/deferred';
import { fakeLiveStream } from '../testing/fake-stream';
import {
  userDashboardEvent,
  userDashboardMachine,
  type DashboardSummary,
  type LatestScreenshot,
  type OfflineUnit,
} from './user-dashboard.machine';

const summary: DashboardSummary = {
  units: { online: 30, offline: 8, maintenance: 2, total: 40 },
  processesBlockedToday: 4,
  screenshotsToday: 1234,
  activeUrlRules: 12,
};

/** Fakes that record when they were called and resolve only when told. */
function deferredFakes() {
  const log: string[] = [];
  const resolvers: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
  const fake = <T>(name: string) =>
    fromPromise<T>(
      () =>
        new Promise<T>((resolve, reject) => {
          log.push(`start:${name}`);
          resolvers[name] = {
            resolve: (v) => {
              log.push(`resolve:${name}`);
              resolve(v as T);
            },
            reject,
          };
        }),
    );
  return {
    log,
    resolvers,
    actors: {
      fetchSummary: fake<DashboardSummary>('summary'),
      fetchRecentOffline: fake<OfflineUnit[]>('recentOffline'),
      fetchLatestScreenshots: fake<LatestScreenshot[]>('latestScreenshots'),
    },
  };
}

describe('user dashboard machine', () => {
  it('starts all three requests before any has answered', async () => {
    const { log, resolvers, actors } = deferredFakes();
    const actor = createActor(userDashboardMachine.provide({ actors })).start();
    expect(log).toEqual(['start:summary', 'start:recentOffline', 'start:latestScreenshots']);
    const snap = actor.getSnapshot();
    expect(snap.hasTag('summary.loading') && snap.hasTag('recentOffline.loading') && snap.hasTag('latestScreenshots.loading')).toBe(true);
    resolvers['latestScreenshots']?.resolve([]);
    await waitFor(actor, (s) => s.matches({ latestScreenshots: 'loaded' }));
    expect(actor.getSnapshot().hasTag('summary.loading')).toBe(true);
    resolvers['summary']?.resolve(summary);
    resolvers['recentOffline']?.resolve([]);
    await waitFor(actor, (s) => s.matches({ summary: 'loaded', recentOffline: 'loaded' }));
    expect(actor.getSnapshot().context.summary).toEqual(summary);
  });

  it('a failed card fails alone and retries alone', async () => {
    let summaryCalls = 0;
    let offlineCalls = 0;
    const actor = createActor(
      userDashboardMachine.provide({
        actors: {
          fetchSummary: fromPromise(async () => {
            summaryCalls += 1;
            if (summaryCalls === 1) throw new Error('boom');
            return summary;
          }),
          fetchRecentOffline: fromPromise(async (): Promise<OfflineUnit[]> => {
            offlineCalls += 1;
            return [];
          }),
          fetchLatestScreenshots: fromPromise(async (): Promise<LatestScreenshot[]> => []),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ summary: 'failed', recentOffline: 'loaded', latestScreenshots: 'loaded' }));
    expect((actor.getSnapshot().context.errors.summary as Error).message).toBe('boom');
    expect(actor.getSnapshot().hasTag('summary.failed')).toBe(true);
    actor.send({ type: 'dashboard.retry', card: 'recentOffline' });
    actor.send({ type: 'dashboard.retry', card: 'summary' });
    await waitFor(actor, (s) => s.matches({ summary: 'loaded' }));
    expect(summaryCalls).toBe(2);
    expect(offlineCalls).toBe(1);
    expect(actor.getSnapshot().context.errors.summary).toBeNull();
  });

  it('refresh reloads every card', async () => {
    let calls = 0;
    const actor = createActor(
      userDashboardMachine.provide({
        actors: {
          fetchSummary: fromPromise(async () => {
            calls += 1;
            return summary;
          }),
          fetchRecentOffline: fromPromise(async (): Promise<OfflineUnit[]> => []),
          fetchLatestScreenshots: fromPromise(async (): Promise<LatestScreenshot[]> => []),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ summary: 'loaded' }));
    actor.send({ type: 'dashboard.refresh' });
    expect(actor.getSnapshot().hasTag('summary.loading')).toBe(true);
    await waitFor(actor, (s) => s.matches({ summary: 'loaded' }));
    expect(calls).toBe(2);
  });

  it('reloads once after a burst of live events, keeping the figures shown while it reloads', async () => {
    const { log, resolvers, actors } = deferredFakes();
    const live = fakeLiveStream(userDashboardEvent);
    const clock = new SimulatedClock();
    const actor = createActor(userDashboardMachine.provide({ actors: { ...actors, liveEvents: live.logic } }), { clock }).start();
    resolvers['summary']?.resolve(summary);
    resolvers['recentOffline']?.resolve([]);
    resolvers['latestScreenshots']?.resolve([]);
    await flush();
    log.length = 0;

    // Events that do not move the figures change nothing; a burst of those that do (a unit gone, one created), one reload.
    live.push(live.event('processes.changed', 'u1', { running: 3 }, 'u1'));
    clock.increment(2000);
    expect(log).toEqual([]);
    for (let i = 0; i < 5; i += 1) {
      live.push(live.event('unit.deleted', `u${i}`, {}, `u${i}`));
      clock.increment(300);
    }
    expect(log).toEqual([]);
    clock.increment(1000);
    expect(log).toEqual(['start:summary', 'start:recentOffline', 'start:latestScreenshots']);
    // While the new answers are on their way the old ones stay.
    expect(actor.getSnapshot().context).toMatchObject({ summary, recentOffline: [], latestScreenshots: [] });

    const newer = { ...summary, units: { ...summary.units, online: 31, offline: 7 } };
    resolvers['summary']?.resolve(newer);
    await flush();
    expect(actor.getSnapshot().context.summary).toEqual(newer);
    clock.increment(5000);
    expect(log.filter((entry) => entry.startsWith('start:'))).toHaveLength(3);
  });

  it('a dashboard without live updates listens to nothing', () => {
    const { actors } = deferredFakes();
    const actor = createActor(userDashboardMachine.provide({ actors })).start();
    expect(actor.getSnapshot().children.liveEvents).toBeDefined();
    expect(actor.getSnapshot().matches({ live: 'idle' })).toBe(true);
  });
});
