import { compareIds } from '../../core/record-ids';
import { filterAndSort, pageOf, parseListQuery, queryValues } from '../../core/list-query';
import type { Prediction } from '../../core/prediction/model';
import { HORIZON_DAYS } from '../../core/prediction/model';
import {
  REPORT_LIST_SPEC,
  byRisk,
  downtimeSeries,
  onlineTrendCounter,
  predictionKey,
  predictionOf,
  reportFigures,
  unitPredictionOf,
} from '../../core/prediction/report';
import type { ServiceUnitRow } from '../../core/service-units';
import type { PredictionReport, RiskBand, UnitPrediction, UnitPredictionDetail } from '../../machines/prediction/types';
import { can } from '../../machines/permissions/can';
import { unitStatus } from '../../machines/service-units/unit-status';
import { forbidden, organizationScope, readsOrganization, subjectOf } from '../access';
import type { Account, ApiEnv } from '../env';
import { problem } from '../http';

/**
 * The prediction report (docs/prediction.md): every unit the caller may read, with its 7-day failure risk
 * from the pure model (core/prediction/). The admin roles 1–3 read it (can(): predictionReport · read), and
 * every organization; role 4 gets 403.
 */

/** A read's value, or the answer that refuses it (403, 404). */
export type Answer<T> = { ok: true; value: T } | { ok: false; response: Response };

/** 403 with the reason unless the caller may read this (the report, or the admin dashboard: the admin area). */
export function readRefusal(caller: Account, resource: 'predictionReport' | 'adminArea'): Response | null {
  const decision = can(subjectOf(caller), 'read', resource);
  return decision.allowed ? null : forbidden(decision.reason);
}

const reportRefusal = (caller: Account) => readRefusal(caller, 'predictionReport');

interface Computed {
  unit: Readonly<ServiceUnitRow>;
  prediction: Prediction;
}

// One prediction per unit per day and heartbeat state (predictionKey): the report and the dashboard ask often.
const caches = new WeakMap<ApiEnv, Map<string, Computed>>();

// Each unit's prediction takes ~0.1 ms (30 days of generated history): a page of the report or the dashboard's card
// over every unit gives the runtime a turn between units (env.breathe), not one task of 50–150 ms in the browser.
async function computeAll(env: ApiEnv, now: number, units: readonly Readonly<ServiceUnitRow>[]): Promise<Computed[]> {
  let cache = caches.get(env);
  if (!cache) {
    cache = new Map();
    caches.set(env, cache);
  }
  const out: Computed[] = [];
  for (const unit of units) {
    const key = predictionKey(unit, now);
    let hit = cache.get(key);
    if (!hit) {
      await env.breathe?.();
      hit = { unit, prediction: predictionOf(unit, now) };
    }
    // The same history: only what the report shows of the unit (its name) may have changed.
    else if (hit.unit !== unit) hit = { unit, prediction: hit.prediction };
    cache.set(key, hit);
    out.push(hit);
  }
  if (cache.size > Math.max(units.length, 1_000) * 3) cache.clear();
  return out;
}

async function organizationNames(env: ApiEnv): Promise<Map<string, string>> {
  return new Map((await env.organizations.all()).map((o) => [String(o.id), o.name]));
}

async function predictionsOf(env: ApiEnv, now: number, units: readonly Readonly<ServiceUnitRow>[]): Promise<UnitPrediction[]> {
  const names = await organizationNames(env);
  return (await computeAll(env, now, units)).map(({ unit, prediction }) =>
    unitPredictionOf(unit, prediction, names.get(String(unit.organizationId)) ?? ''),
  );
}

/** The report's filters: an organization, a unit and a band (the band narrows the list, not the figures). */
interface Filters {
  organizationId: string;
  unitId: string;
  band: RiskBand | '';
}

const BANDS: readonly string[] = ['low', 'medium', 'high', 'insufficient'] satisfies RiskBand[];
const isBand = (value: string): value is RiskBand => BANDS.includes(value);

function filtersOf(query: URLSearchParams): Filters {
  const band = queryValues(query, 'band')[0] ?? '';
  return {
    organizationId: queryValues(query, 'organizationId')[0] ?? '',
    unitId: queryValues(query, 'unitId')[0] ?? '',
    // The contract refuses another band before this runs.
    band: isBand(band) ? band : '',
  };
}

/** Whether the caller may read the report of a unit of this organization (every one, for the admin roles). */
const readable = (caller: Account) => readsOrganization(caller, 'predictionReport');

/** The units of the caller's scope within the organization asked for (every organization when none). */
function unitsOf(env: ApiEnv, caller: Account, organizationId: string): Promise<ServiceUnitRow[]> {
  if (organizationId === '') return env.units.inScope(organizationScope(caller, 'predictionReport'));
  return env.units.inScope(readable(caller)(organizationId) ? [organizationId] : []);
}

/** These units, those of the caller's scope. */
const unitsWithIds = async (env: ApiEnv, caller: Account, ids: readonly string[]) =>
  (await env.units.getMany(ids)).filter((unit) => readable(caller)(unit.organizationId));

/** The predictions of the filters' organization and unit (the band aside). */
async function scoped(env: ApiEnv, caller: Account, now: number, filters: Filters): Promise<UnitPrediction[]> {
  const units = filters.unitId ? await unitsWithIds(env, caller, [filters.unitId]) : await unitsOf(env, caller, filters.organizationId);
  return predictionsOf(
    env,
    now,
    units.filter((unit) => !filters.organizationId || String(unit.organizationId) === filters.organizationId),
  );
}

export async function predictionReport(env: ApiEnv, caller: Account, query: URLSearchParams): Promise<Answer<PredictionReport>> {
  const refused = reportRefusal(caller);
  if (refused) return { ok: false, response: refused };
  const now = env.now();
  const filters = filtersOf(query);
  const all = await scoped(env, caller, now, filters);
  const banded = filters.band ? all.filter((u) => u.band === filters.band) : all;
  const params = parseListQuery(query, REPORT_LIST_SPEC);
  const page = pageOf(
    filterAndSort(
      banded.map((u) => ({ ...u, id: u.serviceUnitId })),
      params,
      REPORT_LIST_SPEC,
    ),
    params,
  );
  return {
    ok: true,
    value: {
      generatedAt: new Date(now).toISOString(),
      horizonDays: HORIZON_DAYS,
      ...reportFigures(all),
      items: page.items.map(({ id: _id, ...u }) => u),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
    },
  };
}

/** Every row of the filters, riskiest first, unpaged: the screen writes them as CSV. */
export async function predictionExport(env: ApiEnv, caller: Account, query: URLSearchParams): Promise<Answer<UnitPrediction[]>> {
  const refused = reportRefusal(caller);
  if (refused) return { ok: false, response: refused };
  const filters = filtersOf(query);
  const all = (await scoped(env, caller, env.now(), filters)).filter((u) => !filters.band || u.band === filters.band);
  return { ok: true, value: all.sort(byRisk) };
}

/** Organizations to filter by, by name: every one the caller may read the report of. */
export async function reportOrganizations(env: ApiEnv, caller: Account): Promise<Answer<{ id: string; name: string }[]>> {
  const refused = reportRefusal(caller);
  if (refused) return { ok: false, response: refused };
  const organizations = (await env.organizations.all()).filter((o) => readable(caller)(o.id));
  return {
    ok: true,
    value: organizations.map((o) => ({ id: String(o.id), name: o.name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Units to filter by: these ids, or a name or hostname search within an optional organization; 20 at most. */
export async function reportUnitOptions(
  env: ApiEnv,
  caller: Account,
  query: URLSearchParams,
): Promise<Answer<{ id: string; name: string; hostname: string; status: string }[]>> {
  const refused = reportRefusal(caller);
  if (refused) return { ok: false, response: refused };
  const organizationId = queryValues(query, 'organizationId')[0] ?? '';
  const search = (queryValues(query, 'search')[0] ?? '').toLowerCase();
  const ids = queryValues(query, 'id');
  const candidates =
    ids.length > 0
      ? (await unitsWithIds(env, caller, ids)).sort((a, b) => compareIds(a.id, b.id))
      : await unitsOf(env, caller, organizationId);
  const now = env.now();
  const items = candidates
    .filter(
      (u) =>
        (!organizationId || String(u.organizationId) === organizationId) &&
        (ids.length > 0 || !search || u.name.toLowerCase().includes(search) || u.hostname.toLowerCase().includes(search)),
    )
    .slice(0, 20)
    .map((u) => ({ id: String(u.id), name: u.name, hostname: u.hostname, status: unitStatus(u, now) }));
  return { ok: true, value: items };
}

/** One unit's prediction, its downtime series (30 days and the forecast) and every factor's share; 404 for none. */
export async function unitPrediction(env: ApiEnv, caller: Account, id: string): Promise<Answer<UnitPredictionDetail>> {
  const refused = reportRefusal(caller);
  if (refused) return { ok: false, response: refused };
  const unit = await env.units.get(id);
  // Another organization's unit does not exist for whoever reads only their own.
  if (!unit || !readable(caller)(unit.organizationId)) return { ok: false, response: problem(404, 'Service unit not found') };
  const now = env.now();
  const [computed] = await computeAll(env, now, [unit]);
  if (!computed) return { ok: false, response: problem(404, 'Service unit not found') };
  const organization = await env.organizations.get(String(unit.organizationId));
  return {
    ok: true,
    value: {
      prediction: unitPredictionOf(unit, computed.prediction, organization?.name ?? ''),
      series: downtimeSeries(unit, now),
      contributions: computed.prediction.contributions,
    },
  };
}

/** The n riskiest units of every organization (the admin dashboard's card; its door is the admin area's). */
export async function highestRisk(env: ApiEnv, n: number): Promise<UnitPrediction[]> {
  const risk = (c: Computed) => c.prediction.riskScore ?? -1;
  // Rows made for the n chosen only: the large seed has 10,000 units.
  const top = (await computeAll(env, env.now(), await env.units.inScope('all')))
    .filter((c) => c.prediction.riskScore !== null)
    .sort((a, b) => risk(b) - risk(a) || a.unit.name.localeCompare(b.unit.name))
    .slice(0, n);
  const names = await organizationNames(env);
  return top.map(({ unit, prediction }) => unitPredictionOf(unit, prediction, names.get(String(unit.organizationId)) ?? ''));
}

/** Units online per day over the last `days` days, for the admin dashboard. */
export async function unitsOnlineTrend(env: ApiEnv, days: number) {
  const counter = onlineTrendCounter(env.now(), days);
  for (const unit of await env.units.inScope('all')) {
    await env.breathe?.();
    counter.add(unit);
  }
  return counter.points;
}
