import type { Request } from 'miragejs';
import type {
  BandCounts,
  DowntimePoint,
  OrganizationRisk,
  PredictionReport,
  RiskBand,
  UnitPrediction,
  UnitPredictionDetail,
} from '../../machines/prediction/types';
import type { MirageDb } from '../db';
import { unitStore } from '../unit-store';
import { compareIds } from '../../core/record-ids';
import { errorResponse, json, withAuth } from '../http';
import { organizationStore } from '../organization-store';
import { filterAndSort, pageOf, queryValues, readListParams, type ListSpec } from '../list';
import { dayOf, historyOf, dateOfDay } from '../../core/prediction/history';
import {
  HORIZON_DAYS,
  MIN_HISTORY_DAYS,
  downtimeForecast,
  predict,
  riskOf,
  featuresOf,
  type Prediction,
} from '../../core/prediction/model';
import type { MirageContext, MirageDomain } from '../types';
import { statusOf, type ServiceUnitRow } from './service-units';
import { isReporting } from '../../machines/service-units/unit-status';

/**
 * The prediction report under /api/reports/prediction (docs/prediction.md): every visible unit's
 * 7-day failure risk, computed by the pure model (core/prediction/model.ts) from the generated
 * history. Admin roles 1–3 read every organization; role 4 gets 403.
 */

/** The report's endpoints ask can() (docs/permissions.md: predictionReport · read). */
const REPORT = { permission: { action: 'read', resource: 'predictionReport' } } as const;
const BANDS: readonly RiskBand[] = ['low', 'medium', 'high', 'insufficient'];

interface Computed {
  unit: Readonly<ServiceUnitRow>;
  prediction: Prediction;
}

// One prediction per unit per day and heartbeat state: the report and the dashboard ask often.
const caches = new WeakMap<object, Map<string, Computed>>();

/** The predictions of these units (a unit's prediction follows only the fields in its cache key). */
function computeAll(db: MirageDb, now: number, units: readonly Readonly<ServiceUnitRow>[]): Computed[] {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const today = dayOf(now);
  const out: Computed[] = [];
  for (const unit of units) {
    // Reporting or not: an agent that stopped makes the unit's history offline.
    const alive = isReporting(unit, now);
    const key = `${unit.id}|${today}|${alive ? 1 : 0}|${unit.maintenance ? 1 : 0}|${unit.lastSeenAt.slice(0, 10)}|${unit.createdAt}`;
    let hit = cache.get(key);
    if (!hit) hit = { unit, prediction: predict(historyOf({ ...unit, agentAlive: alive }, now).history) };
    // The same history: only what the report shows of the unit (its name) may have changed.
    else if (hit.unit !== unit) hit = { unit, prediction: hit.prediction };
    cache.set(key, hit);
    out.push(hit);
  }
  if (cache.size > Math.max(units.length, 1_000) * 3) cache.clear();
  return out;
}

async function organizationNames(db: MirageDb): Promise<Map<string, string>> {
  return new Map((await organizationStore(db).all()).map((o) => [String(o.id), o.name]));
}

function toUnitPrediction(c: Computed, orgs: Map<string, string>): UnitPrediction {
  const p = c.prediction;
  return {
    serviceUnitId: String(c.unit.id),
    unitName: c.unit.name,
    hostname: c.unit.hostname,
    organizationId: String(c.unit.organizationId),
    organizationName: orgs.get(String(c.unit.organizationId)) ?? '',
    riskScore: p.riskScore,
    band: p.band,
    predictedDowntimeHours: p.predictedDowntimeHours,
    daysUntilDiskFull: p.daysUntilDiskFull,
    factors: p.contributions.slice(0, 3),
    trend: p.trend,
    recommendedAction: p.recommendedAction,
    historyDays: p.historyDays,
  };
}

const riskKey = (u: UnitPrediction) => u.riskScore ?? -1;

const listSpec: ListSpec<UnitPrediction & { id: string }> = {
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

interface Scope {
  organizationId: string;
  unitId: string;
  band: RiskBand | '';
}

function scopeOf(request: Request): Scope | string {
  const organizationId = queryValues(request, 'organizationId')[0] ?? '';
  const unitId = queryValues(request, 'unitId')[0] ?? '';
  const band = queryValues(request, 'band')[0] ?? '';
  if (band !== '' && !BANDS.includes(band as RiskBand)) return 'band';
  return { organizationId, unitId, band: band as RiskBand | '' };
}

/** The scoped predictions (organization and unit; the band filter is applied to the list only). */
async function scoped(db: MirageDb, now: number, scope: Scope): Promise<UnitPrediction[]> {
  const orgs = await organizationNames(db);
  const units = scope.unitId
    ? await unitStore(db).getMany([scope.unitId])
    : await unitStore(db).inScope(scope.organizationId ? [scope.organizationId] : 'all');
  return computeAll(
    db,
    now,
    units.filter((unit) => !scope.organizationId || String(unit.organizationId) === scope.organizationId),
  ).map((c) => toUnitPrediction(c, orgs));
}

function reportOf(all: UnitPrediction[], request: Request, scope: Scope, now: number): PredictionReport {
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
  const banded = scope.band ? all.filter((u) => u.band === scope.band) : all;
  const rows = banded.map((u) => ({ ...u, id: u.serviceUnitId }));
  const params = readListParams(request, listSpec);
  const page = pageOf(filterAndSort(rows, params, listSpec), params);
  const top = [...all]
    .filter((u) => u.riskScore !== null)
    .sort((a, b) => riskKey(b) - riskKey(a) || a.unitName.localeCompare(b.unitName))
    .slice(0, 10);
  return {
    generatedAt: new Date(now).toISOString(),
    horizonDays: HORIZON_DAYS,
    summary: {
      ...counts,
      units: all.length,
      averageRisk: withData === 0 ? null : Math.round(riskSum / withData),
      predictedDowntimeHours: Math.round(downtime * 10) / 10,
      diskFullWithinHorizon: diskSoon,
    },
    byOrganization: [...byOrg.values()].sort((a, b) => b.high - a.high || a.organizationName.localeCompare(b.organizationName)),
    top,
    items: page.items.map(({ id: _id, ...u }) => u),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** Actual downtime per day with the model's expectation from the days before it, then the 7-day forecast. */
export function seriesOf(unit: ServiceUnitRow, now: number): DowntimePoint[] {
  const { dates, history } = historyOf({ ...unit, agentAlive: isReporting(unit, now) }, now);
  const points: DowntimePoint[] = dates.map((date, i) => {
    if (i < MIN_HISTORY_DAYS) return { date, actual: history.downtimeHours[i] ?? 0, predicted: null, low: null, high: null };
    const { score } = riskOf(featuresOf(history, i));
    const f = downtimeForecast(history, i, score);
    const perDay = (n: number) => Math.round((n / HORIZON_DAYS) * 100) / 100;
    return { date, actual: history.downtimeHours[i] ?? 0, predicted: perDay(f.hours), low: perDay(f.low), high: perDay(f.high) };
  });
  if (dates.length >= MIN_HISTORY_DAYS) {
    const { score } = riskOf(featuresOf(history, dates.length));
    const f = downtimeForecast(history, dates.length, score);
    const today = dayOf(now);
    for (let d = 1; d <= HORIZON_DAYS; d += 1) {
      const perDay = (n: number) => Math.round((n / HORIZON_DAYS) * 100) / 100;
      points.push({ date: dateOfDay(today + d), actual: null, predicted: perDay(f.hours), low: perDay(f.low), high: perDay(f.high) });
    }
  }
  return points;
}

export const predictionDomain: MirageDomain = {
  name: 'prediction',
  routes(server, ctx: MirageContext) {
    server.get(
      '/reports/prediction',
      withAuth(
        server,
        async ({ db, request }) => {
          const scope = scopeOf(request);
          if (typeof scope === 'string')
            return errorResponse(422, 'Unknown risk band', { band: 'Choose low, medium, high or insufficient.' });
          const now = ctx.now();
          return json(200, reportOf(await scoped(db, now, scope), request, scope, now));
        },
        REPORT,
      ),
    );

    // CSV export data: every row of the filters, sorted by risk (no paging).
    server.get(
      '/reports/prediction/export',
      withAuth(
        server,
        async ({ db, request }) => {
          const scope = scopeOf(request);
          if (typeof scope === 'string')
            return errorResponse(422, 'Unknown risk band', { band: 'Choose low, medium, high or insufficient.' });
          const all = (await scoped(db, ctx.now(), scope)).filter((u) => !scope.band || u.band === scope.band);
          all.sort((a, b) => riskKey(b) - riskKey(a) || a.unitName.localeCompare(b.unitName));
          return json(200, { items: all });
        },
        REPORT,
      ),
    );

    // Units to filter by: a name search within an optional organization, 20 at most.
    server.get(
      '/reports/prediction/units',
      withAuth(
        server,
        async ({ db, request }) => {
          const organizationId = queryValues(request, 'organizationId')[0] ?? '';
          const search = (queryValues(request, 'search')[0] ?? '').toLowerCase();
          const ids = queryValues(request, 'id');
          const candidates =
            ids.length > 0
              ? (await unitStore(db).getMany(ids)).sort((a, b) => compareIds(a.id, b.id))
              : await unitStore(db).inScope(organizationId ? [organizationId] : 'all');
          const items = candidates
            .filter(
              (u) =>
                (!organizationId || String(u.organizationId) === organizationId) &&
                (ids.length > 0 || !search || u.name.toLowerCase().includes(search) || u.hostname.toLowerCase().includes(search)),
            )
            .slice(0, 20)
            .map((u) => ({ id: String(u.id), name: u.name, hostname: u.hostname, status: statusOf(u, ctx.now()) }));
          return json(200, { items });
        },
        REPORT,
      ),
    );

    // Organizations to filter by (every one: the admin roles read them all).
    server.get(
      '/reports/prediction/organizations',
      withAuth(
        server,
        async ({ db }) => {
          const items = (await organizationStore(db).all())
            .map((o) => ({ id: String(o.id), name: o.name }))
            .sort((a, b) => a.name.localeCompare(b.name));
          return json(200, { items });
        },
        REPORT,
      ),
    );

    server.get(
      '/reports/prediction/units/:id',
      withAuth(
        server,
        async ({ db, request }) => {
          const id = String(request.params['id'] ?? '');
          const unit = await unitStore(db).get(id);
          if (!unit) return errorResponse(404, 'Service unit not found');
          const now = ctx.now();
          const [computed] = computeAll(db, now, [unit]);
          if (!computed) return errorResponse(404, 'Service unit not found');
          const detail: UnitPredictionDetail = {
            prediction: toUnitPrediction(computed, await organizationNames(db)),
            series: seriesOf(unit, now),
            contributions: computed.prediction.contributions,
          };
          return json(200, detail);
        },
        REPORT,
      ),
    );
  },
};

/** The n highest-risk units, for the admin dashboard. */
export async function highestRisk(db: MirageDb, now: number, n: number): Promise<UnitPrediction[]> {
  const orgs = await organizationNames(db);
  return computeAll(db, now, await unitStore(db).inScope('all'))
    .filter((c) => c.prediction.riskScore !== null)
    .sort((a, b) => (b.prediction.riskScore ?? 0) - (a.prediction.riskScore ?? 0) || a.unit.name.localeCompare(b.unit.name))
    .slice(0, n)
    .map((c) => toUnitPrediction(c, orgs));
}

/** Units online per day over the last `days` days (from the history's heartbeats), for the admin dashboard. */
export async function onlineTrend(db: MirageDb, now: number, days: number): Promise<{ date: string; online: number; total: number }[]> {
  const today = dayOf(now);
  const out = Array.from({ length: days }, (_, i) => ({ date: dateOfDay(today - days + 1 + i), online: 0, total: 0 }));
  const index = new Map(out.map((p, i) => [p.date, i]));
  for (const unit of await unitStore(db).inScope('all')) {
    const { dates, history } = historyOf({ ...unit, agentAlive: isReporting(unit, now) }, now);
    dates.forEach((date, i) => {
      const at = index.get(date);
      if (at === undefined) return;
      const point = out[at] as (typeof out)[number];
      point.total += 1;
      // Online that day: fewer than half the day's heartbeats missed.
      if ((history.missedHeartbeats[i] ?? 0) < 144) point.online += 1;
    });
  }
  return out;
}
