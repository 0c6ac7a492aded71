import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { deferredActor, flush } from '../testing/deferred';
import { fakeLiveStream } from '../testing/fake-stream';
import { aUnit } from '../testing/fixtures';
import { resourceStatusOf } from '../resource/resource.machine';
import {
  adminDashboardEvent,
  adminDashboardMachine,
  signInsCardMachine,
  summaryCardMachine,
  topRiskCardMachine,
  trendCardMachine,
} from './admin-dashboard.machine';
import type { AdminDashboardSummary, OnlineTrendPoint, RecentSignIn, TopRiskUnit } from './admin-dashboard.types';

const SUMMARY: AdminDashboardSummary = {
  organizations: 2,
  users: { total: 5, byRole: { 1: 1, 2: 1, 3: 1, 4: 2 } },
  units: { online: 3, offline: 1, maintenance: 0, total: 4 },
};

function start() {
  const live = fakeLiveStream(adminDashboardEvent);
  const clock = new SimulatedClock();
  const summary = deferredActor<AdminDashboardSummary>();
  const trend = deferredActor<OnlineTrendPoint[]>();
  const topRisk = deferredActor<TopRiskUnit[]>();
  const signIns = deferredActor<RecentSignIn[]>();
  const actor = createActor(
    adminDashboardMachine.provide({
      actors: {
        summaryCard: summaryCardMachine.provide({ actors: { load: summary.logic } }),
        trendCard: trendCardMachine.provide({ actors: { load: trend.logic } }),
        topRiskCard: topRiskCardMachine.provide({ actors: { load: topRisk.logic } }),
        signInsCard: signInsCardMachine.provide({ actors: { load: signIns.logic } }),
        liveEvents: live.logic,
      },
    }),
    { clock },
  );
  actor.start();
  const card = (id: 'summary' | 'trend' | 'topRisk' | 'signIns') => {
    const child = actor.getSnapshot().children[id];
    if (!child) throw new Error(`no ${id} card`);
    return child.getSnapshot();
  };
  return { actor, card, summary, trend, topRisk, signIns, live, clock };
}

describe('admin dashboard machine', () => {
  it('loads the four cards together; one failure leaves the others', async () => {
    const f = start();
    expect([f.summary, f.trend, f.topRisk, f.signIns].map((d) => d.calls.length)).toEqual([1, 1, 1, 1]);
    f.summary.last().resolve(SUMMARY);
    f.trend.last().reject(new Error('down'));
    await flush();
    expect(resourceStatusOf(f.card('summary'))).toBe('loaded');
    expect(f.card('summary').context.data).toEqual(SUMMARY);
    expect(resourceStatusOf(f.card('trend'))).toBe('failed');
    expect(resourceStatusOf(f.card('topRisk'))).toBe('loading');
  });

  it('retries only the card asked for', async () => {
    const f = start();
    f.trend.last().reject(new Error('down'));
    f.summary.last().resolve(SUMMARY);
    await flush();
    f.actor.send({ type: 'adminDashboard.retry', card: 'trend' });
    expect(f.trend.calls).toHaveLength(2);
    expect(f.summary.calls).toHaveLength(1);
    expect(resourceStatusOf(f.card('trend'))).toBe('loading');
  });

  it('reloads every card on refresh', async () => {
    const f = start();
    f.summary.last().resolve(SUMMARY);
    f.trend.last().resolve([]);
    f.topRisk.last().reject(new Error('down'));
    await flush();
    f.actor.send({ type: 'adminDashboard.refresh' });
    expect([f.summary, f.trend, f.topRisk, f.signIns].map((d) => d.calls.length)).toEqual([2, 2, 2, 2]);
  });

  it('reloads every card once after a burst of live events, the figures shown until the new answer', async () => {
    const f = start();
    f.summary.last().resolve(SUMMARY);
    f.trend.last().resolve([]);
    f.topRisk.last().resolve([]);
    f.signIns.last().resolve([]);
    await flush();

    // Events that do not move the figures change nothing; a burst of those that do, one reload.
    f.live.push(f.live.event('screenshot.changed', 's1', { screenshotId: 's1', change: 'updated' }));
    f.clock.increment(2000);
    expect(f.summary.calls).toHaveLength(1);
    for (let i = 0; i < 5; i += 1) {
      f.live.push(f.live.event('unit.offline', `u${i}`, { unit: { ...aUnit({ id: `u${i}` }), status: 'offline', agent: null } }, `u${i}`));
      f.clock.increment(300);
    }
    expect(f.summary.calls).toHaveLength(1);
    f.clock.increment(1000);
    expect([f.summary, f.trend, f.topRisk, f.signIns].map((d) => d.calls.length)).toEqual([2, 2, 2, 2]);
    expect(f.card('summary').context.data).toEqual(SUMMARY);

    const newer = { ...SUMMARY, units: { ...SUMMARY.units, online: 4, offline: 0 } };
    f.summary.last().resolve(newer);
    await flush();
    expect(f.card('summary').context.data).toEqual(newer);
    f.clock.increment(5000);
    expect(f.summary.calls).toHaveLength(2);
  });
});
