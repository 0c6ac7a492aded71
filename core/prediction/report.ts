import type { BandCounts, DowntimePoint, OrganizationRisk, PredictionReport, UnitPrediction } from '../../machines/prediction/types';
import { isReporting } from '../../machines/service-units/unit-status';
import type { ListSpec } from '../list-query';
import { dateOfDay, dayOf, historyOf, type HistoryUnit } from './history';
import { HORIZON_DAYS, MIN_HISTORY_DAYS, downtimeForecast, featuresOf, predict, riskOf, type Prediction } from './model';

/**
 * The prediction report's figures (docs/prediction.md) from the units' predictions: pure, so the API's
 * service (api/services/prediction.ts) only reads the units and their organizations' names.
 */

/** What the report reads of a unit: its history's inputs, and what a row shows. */
export interface ReportUnit extends HistoryUnit {
  name: string;
  hostname: string;
  organizationId: string | number;
  agent?: { heartbeatIntervalS: number } | null;
}

/** A unit's history as it stands now: an agent that stopped reporting makes it offline from its last day. */
const historyNow = (unit: ReportUnit, now: number) => historyOf({ ...unit, agentAlive: isReporting(unit, now) }, now);

export const predictionOf = (unit: ReportUnit, now: number): Prediction => predict(historyNow(unit, now).history);

/**
 * What a unit's prediction depends on besides its id: the day, whether it reports, maintenance, the day it
 * was last seen and its creation. Equal keys give equal predictions (a cache's key).
 */
export const predictionKey = (unit: ReportUnit, now: number): string =>
  `${unit.id}|${dayOf(now)}|${isReporting(unit, now) ? 1 : 0}|${unit.maintenance ? 1 : 0}|${unit.lastSeenAt.slice(0, 10)}|${unit.createdAt}`;

export function unitPredictionOf(unit: ReportUnit, prediction: Prediction, organizationName: string): UnitPrediction {
  return {
    serviceUnitId: String(unit.id),
    unitName: unit.name,
    hostname: unit.hostname,
    organizationId: String(unit.organizationId),
    organizationName,
    riskScore: prediction.riskScore,
    band: prediction.band,
    predictedDowntimeHours: prediction.predictedDowntimeHours,
    daysUntilDiskFull: prediction.daysUntilDiskFull,
    factors: prediction.contributions.slice(0, 3),
    trend: prediction.trend,
    recommendedAction: prediction.recommendedAction,
    historyDays: prediction.historyDays,
  };
}

const riskKey = (u: UnitPrediction) => u.riskScore ?? -1;

/** Riskiest first, then by name: the top ten, the export and the admin dashboard's five. */
export const byRisk = (a: UnitPrediction, b: UnitPrediction): number => riskKey(b) - riskKey(a) || a.unitName.localeCompare(b.unitName);

/** The report's table: its sort columns, search and paging. */
export const REPORT_LIST_SPEC: ListSpec<UnitPrediction & { id: string }> = {
  sortBy: {
    risk: riskKey,
    name: (u) => u.unitName,
    organization: (u) => u.organizationName,
    downtime: (u) => u.predictedDowntimeHours ?? -1,
    disk: (u) => u.daysUntilDiskFull ?? Number.MAX_SAFE_INTEGER,
    trend: (u) => u.trend ?? -1000,
  },
  defaultSort: 'risk',
  defaultOrder: 'desc',
  searchIn: (u) => [u.unitName, u.hostname],
  maxPageSize: 100,
  defaultPageSize: 25,
};

const emptyBands = (): BandCounts => ({ low: 0, medium: 0, high: 0, insufficient: 0 });

/** The scope's summary, its bands per organization and its ten riskiest units (the band filter aside). */
export function reportFigures(all: readonly UnitPrediction[]): Pick<PredictionReport, 'summary' | 'byOrganization' | 'top'> {
  const counts = emptyBands();
  const byOrg = new Map<string, OrganizationRisk>();
  let riskSum = 0;
  let withData = 0;
  let downtime = 0;
  let diskSoon = 0;
  for (const u of all) {
    counts[u.band] += 1;
    let org = byOrg.get(u.organizationId);
    if (!org) {
      org = { organizationId: u.organizationId, organizationName: u.organizationName, ...emptyBands() };
      byOrg.set(u.organizationId, org);
    }
    org[u.band] += 1;
    if (u.riskScore !== null) {
      riskSum += u.riskScore;
      withData += 1;
    }
    downtime += u.predictedDowntimeHours ?? 0;
    if (u.daysUntilDiskFull !== null && u.daysUntilDiskFull <= HORIZON_DAYS) diskSoon += 1;
  }
  return {
    summary: {
      ...counts,
      units: all.length,
      averageRisk: withData === 0 ? null : Math.round(riskSum / withData),
      predictedDowntimeHours: Math.round(downtime * 10) / 10,
      diskFullWithinHorizon: diskSoon,
    },
    byOrganization: [...byOrg.values()].sort((a, b) => b.high - a.high || a.organizationName.localeCompare(b.organizationName)),
    top: all
      .filter((u) => u.riskScore !== null)
      .sort(byRisk)
      .slice(0, 10),
  };
}

const perDay = (hours: number) => Math.round((hours / HORIZON_DAYS) * 100) / 100;

/** Actual downtime per day with the model's expectation from the days before it, then the 7-day forecast. */
export function downtimeSeries(unit: ReportUnit, now: number): DowntimePoint[] {
  const { dates, history } = historyNow(unit, now);
  const points: DowntimePoint[] = dates.map((date, i) => {
    if (i < MIN_HISTORY_DAYS) return { date, actual: history.downtimeHours[i] ?? 0, predicted: null, low: null, high: null };
    const f = downtimeForecast(history, i, riskOf(featuresOf(history, i)).score);
    return { date, actual: history.downtimeHours[i] ?? 0, predicted: perDay(f.hours), low: perDay(f.low), high: perDay(f.high) };
  });
  if (dates.length >= MIN_HISTORY_DAYS) {
    const f = downtimeForecast(history, dates.length, riskOf(featuresOf(history, dates.length)).score);
    const today = dayOf(now);
    for (let d = 1; d <= HORIZON_DAYS; d += 1)
      points.push({ date: dateOfDay(today + d), actual: null, predicted: perDay(f.hours), low: perDay(f.low), high: perDay(f.high) });
  }
  return points;
}

export type TrendPoint = { date: string; online: number; total: number };

/** Units online per day over the last `days` days, counted unit by unit (`add`), so a caller may pause between units. */
export function onlineTrendCounter(now: number, days: number): { add(unit: ReportUnit): void; readonly points: TrendPoint[] } {
  const today = dayOf(now);
  const points = Array.from({ length: days }, (_, i) => ({ date: dateOfDay(today - days + 1 + i), online: 0, total: 0 }));
  const index = new Map(points.map((p, i) => [p.date, i]));
  return {
    points,
    add(unit) {
      const { dates, history } = historyNow(unit, now);
      dates.forEach((date, i) => {
        const point = points[index.get(date) ?? -1];
        if (!point) return;
        point.total += 1;
        // Online that day: fewer than half the day's heartbeats missed.
        if ((history.missedHeartbeats[i] ?? 0) < 144) point.online += 1;
      });
    },
  };
}

/** Units online per day over the last `days` days, from their histories' heartbeats, and in total. */
export function onlineTrend(units: readonly ReportUnit[], now: number, days: number): TrendPoint[] {
  const counter = onlineTrendCounter(now, days);
  for (const unit of units) counter.add(unit);
  return counter.points;
}
