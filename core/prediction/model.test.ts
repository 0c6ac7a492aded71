import { describe, expect, it } from 'vitest';
import { historyOf, profileOf } from './history';
import { bandOf, daysUntilDiskFull, linearSlope, predict, riskOf, type DailyHistory } from './model';

/** A history of `days` identical days, with overrides per signal. */
function steady(days: number, values: Partial<Record<keyof Omit<DailyHistory, 'diskTotalGb'>, number>> = {}): DailyHistory {
  const fill = (v: number) => Array.from({ length: days }, () => v);
  return {
    missedHeartbeats: fill(values.missedHeartbeats ?? 0),
    processCrashes: fill(values.processCrashes ?? 0),
    cpuSaturationMinutes: fill(values.cpuSaturationMinutes ?? 0),
    memorySaturationMinutes: fill(values.memorySaturationMinutes ?? 0),
    freeDiskGb: fill(values.freeDiskGb ?? 100),
    failedCaptures: fill(values.failedCaptures ?? 0),
    downtimeHours: fill(values.downtimeHours ?? 0),
    diskTotalGb: 256,
  };
}

describe('bands', () => {
  it.each([
    [0, 'low'],
    [29, 'low'],
    [30, 'medium'],
    [59, 'medium'],
    [60, 'high'],
    [100, 'high'],
    [null, 'insufficient'],
  ] as const)('%s → %s', (score, band) => {
    expect(bandOf(score)).toBe(band);
  });
});

describe('linear fit of free disk', () => {
  it('finds the slope of a straight line', () => {
    expect(linearSlope([10, 8, 6, 4])).toBeCloseTo(-2);
    expect(linearSlope([5])).toBe(0);
  });

  it('predicts the days until the disk is full, or null when it is not shrinking', () => {
    expect(daysUntilDiskFull([40, 30, 20])).toBe(2);
    expect(daysUntilDiskFull([20, 20, 20])).toBeNull();
    expect(daysUntilDiskFull([10, 12, 14])).toBeNull();
    expect(daysUntilDiskFull([5, 3, 0])).toBe(0);
  });
});

describe('the risk formula', () => {
  it('is the logistic of the bias alone for a healthy unit: 10', () => {
    const p = predict(steady(30));
    expect(p.riskScore).toBe(10);
    expect(p.band).toBe('low');
    expect(p.contributions).toEqual([]);
    expect(p.recommendedAction).toBe('noAction');
    expect(p.trend).toBe(0);
  });

  it('weighs each factor by its documented weight', () => {
    // 48 missed heartbeats a day is one unit of the heartbeat feature: z = -2.2 + 1.6 = -0.6.
    expect(riskOf({ heartbeats: 1, crashes: 0, cpu: 0, memory: 0, disk: 0, captures: 0 }).score).toBe(
      Math.round(100 / (1 + Math.exp(0.6))),
    );
    const p = predict(steady(30, { missedHeartbeats: 96, downtimeHours: 8 }));
    expect(p.riskScore).toBe(Math.round(100 / (1 + Math.exp(-(-2.2 + 1.6 * 2)))));
    expect(p.band).toBe('high');
    expect(p.contributions).toEqual([{ factor: 'heartbeats', share: 1 }]);
    expect(p.recommendedAction).toBe('checkConnectivity');
  });

  it('splits the contributions by share, largest first', () => {
    const p = predict(steady(30, { processCrashes: 5, cpuSaturationMinutes: 120 }));
    expect(p.contributions.map((c) => c.factor)).toEqual(['crashes', 'cpu']);
    expect(p.contributions[0]?.share).toBeCloseTo(1.2 / 1.8, 2);
    expect(p.recommendedAction).toBe('investigateCrashes');
  });

  it('caps a feature at three bad days so one outlier cannot dominate forever', () => {
    const p = predict(steady(30, { processCrashes: 500 }));
    expect(p.riskScore).toBe(Math.round(100 / (1 + Math.exp(-(-2.2 + 1.2 * 3)))));
  });

  it('says "insufficient data" with less than 7 days of history', () => {
    const p = predict(steady(6, { missedHeartbeats: 288 }));
    expect(p).toMatchObject({
      riskScore: null,
      band: 'insufficient',
      predictedDowntimeHours: null,
      recommendedAction: 'collectData',
      historyDays: 6,
    });
    expect(predict(steady(7)).band).toBe('low');
  });

  it('urges freeing disk space when the disk is full within the horizon, whatever the top factor', () => {
    const history = steady(30, { processCrashes: 5 });
    history.freeDiskGb = history.freeDiskGb.map((_, i) => 60 - i * 2);
    const p = predict(history);
    expect(p.daysUntilDiskFull).toBeLessThanOrEqual(7);
    expect(p.recommendedAction).toBe('freeDiskSpace');
  });

  it('compares with last week: a unit getting worse has a positive trend', () => {
    const history = steady(30);
    history.missedHeartbeats = history.missedHeartbeats.map((_, i) => (i >= 23 ? 96 : 0));
    const p = predict(history);
    expect(p.trend).toBeGreaterThan(0);
    expect(p.trend).toBe((p.riskScore ?? 0) - 10);
    expect(predict(steady(13)).trend).toBeNull();
  });

  it('forecasts downtime from the recent mean, within its band', () => {
    const p = predict(steady(30, { downtimeHours: 2 }));
    expect(p.predictedDowntimeHours).toBeGreaterThan(0);
    expect(p.downtimeRange?.low).toBeLessThan(p.predictedDowntimeHours ?? 0);
    expect(p.downtimeRange?.high).toBeGreaterThan(p.predictedDowntimeHours ?? 0);
    expect(predict(steady(30, { downtimeHours: 24, missedHeartbeats: 288 })).predictedDowntimeHours).toBeLessThanOrEqual(168);
  });
});

describe('the seeded history', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  const unit = { id: 'u-17', createdAt: '2025-01-01T00:00:00Z', lastSeenAt: '2026-06-15T11:59:00Z', maintenance: false, agentAlive: true };

  it('is deterministic and 30 days long, ending today', () => {
    const a = historyOf(unit, now);
    expect(a).toEqual(historyOf(unit, now));
    expect(a.dates).toHaveLength(30);
    expect(a.dates.at(-1)).toBe('2026-06-15');
    expect(a.history.downtimeHours).toHaveLength(30);
  });

  it('is shorter for a young unit, which then has insufficient data', () => {
    const young = historyOf({ ...unit, createdAt: '2026-06-12T08:00:00Z' }, now);
    expect(young.dates).toEqual(['2026-06-12', '2026-06-13', '2026-06-14', '2026-06-15']);
    expect(predict(young.history).band).toBe('insufficient');
  });

  it('shows an offline unit as offline after it was last seen, which raises its risk', () => {
    const gone = historyOf({ ...unit, lastSeenAt: '2026-06-10T10:00:00Z', agentAlive: false }, now);
    expect(gone.history.missedHeartbeats.slice(-5)).toEqual([288, 288, 288, 288, 288]);
    expect(predict(gone.history).band).toBe('high');
  });

  it('gives every profile to some units', () => {
    const profiles = new Set(Array.from({ length: 200 }, (_, i) => profileOf(String(i + 1))));
    expect(profiles).toEqual(new Set(['healthy', 'flaky', 'crashing', 'diskFilling', 'overloaded']));
  });
});
