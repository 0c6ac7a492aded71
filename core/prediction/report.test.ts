import { describe, expect, it } from 'vitest';
import type { RiskBand, UnitPrediction } from '../../machines/prediction/types';
import { downtimeSeries, onlineTrend, predictionKey, reportFigures, type ReportUnit } from './report';

const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const DAY = 86_400_000;

function row(
  name: string,
  organization: string,
  band: RiskBand,
  riskScore: number | null,
  extra: Partial<UnitPrediction> = {},
): UnitPrediction {
  return {
    serviceUnitId: name,
    unitName: name,
    hostname: `${name}.example`,
    organizationId: organization,
    organizationName: organization,
    riskScore,
    band,
    predictedDowntimeHours: riskScore === null ? null : 1,
    daysUntilDiskFull: null,
    factors: [],
    trend: null,
    recommendedAction: 'noAction',
    historyDays: 30,
    ...extra,
  };
}

function unit(id: string, createdDaysAgo: number, lastSeenMsAgo = 0): ReportUnit {
  return {
    id,
    name: `Unit ${id}`,
    hostname: `unit-${id}.example`,
    organizationId: '1',
    createdAt: new Date(NOW - createdDaysAgo * DAY).toISOString(),
    lastSeenAt: new Date(NOW - lastSeenMsAgo).toISOString(),
    maintenance: false,
    agent: null,
  };
}

describe('the report figures', () => {
  const rows = [
    row('b', 'Globex', 'high', 80, { predictedDowntimeHours: 10.04, daysUntilDiskFull: 7 }),
    row('a', 'Acme', 'high', 80, { daysUntilDiskFull: 8 }),
    row('c', 'Acme', 'low', 11),
    row('d', 'Globex', 'insufficient', null),
    row('e', 'Acme', 'medium', 40),
  ];

  it('sums the scope: units per band, the mean risk of those with data, downtime and disks full within 7 days', () => {
    expect(reportFigures(rows).summary).toEqual({
      low: 1,
      medium: 1,
      high: 2,
      insufficient: 1,
      units: 5,
      averageRisk: Math.round((80 + 80 + 11 + 40) / 4),
      predictedDowntimeHours: 13,
      diskFullWithinHorizon: 1,
    });
    expect(reportFigures([]).summary.averageRisk).toBeNull();
  });

  it('lists organizations by their high-risk units, then by name, and the riskiest units with data, ties by name', () => {
    const { byOrganization, top } = reportFigures([...rows, row('f', 'Globex', 'high', 70)]);
    expect(byOrganization.map((o) => [o.organizationName, o.high, o.low, o.insufficient])).toEqual([
      ['Globex', 2, 0, 1],
      ['Acme', 1, 1, 0],
    ]);
    expect(top.map((u) => u.unitName)).toEqual(['a', 'b', 'f', 'e', 'c']);
  });

  it('keeps ten in the top list', () => {
    const many = Array.from({ length: 12 }, (_, i) => row(`u${String(i).padStart(2, '0')}`, 'Acme', 'low', i));
    expect(reportFigures(many).top.map((u) => u.riskScore)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });
});

describe("a unit's prediction key", () => {
  it('changes when the unit stops reporting or the day turns, not with its name', () => {
    const reporting = unit('7', 40);
    expect(predictionKey({ ...reporting, name: 'Renamed' }, NOW)).toBe(predictionKey(reporting, NOW));
    expect(predictionKey(unit('7', 40, 10 * 60_000), NOW)).not.toBe(predictionKey(reporting, NOW));
    expect(predictionKey(reporting, NOW + DAY)).not.toBe(predictionKey(reporting, NOW));
  });
});

describe('the downtime series', () => {
  it('gives 30 days of history and 7 of forecast, predictions from the eighth day on', () => {
    const series = downtimeSeries(unit('3', 60), NOW);
    expect(series).toHaveLength(37);
    expect(series.slice(0, 7).every((p) => p.predicted === null)).toBe(true);
    expect(series.slice(7).every((p) => p.predicted !== null)).toBe(true);
    expect(series.at(-1)?.date).toBe('2026-11-27');
  });

  it('has no forecast for a unit younger than a week', () => {
    const series = downtimeSeries(unit('3', 3), NOW);
    expect(series).toHaveLength(4);
    expect(series.every((p) => p.predicted === null && p.actual !== null)).toBe(true);
  });
});

describe('units online per day', () => {
  it('counts a unit from the day it was created, and offline from the day after it was last seen', () => {
    const points = onlineTrend([unit('1', 60), unit('2', 2), unit('3', 60, 5 * DAY)], NOW, 30);
    expect(points).toHaveLength(30);
    expect(points.at(-1)).toEqual({ date: '2026-11-20', online: 1 + 1, total: 3 });
    expect(points.at(-3)?.total).toBe(3);
    expect(points.at(-4)?.total).toBe(2);
    // Unit 3 went quiet five days ago: offline on every day since.
    expect(points.slice(-5).every((p) => p.online <= p.total - 1)).toBe(true);
  });
});
