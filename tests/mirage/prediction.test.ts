import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDashboardSummary, OnlineTrendPoint, RecentSignIn } from '@machines/dashboard/admin-dashboard.types';
import type { PredictionReport, UnitPrediction, UnitPredictionDetail } from '@machines/prediction/types';
import { table } from '@mirage/db';
import { predict } from '../../core/prediction/model';
import { historyOf } from '../../core/prediction/history';
import type { ServiceUnitRow } from '@mirage/domains/service-units';
import { makeServer, type Server } from '@mirage/server';
import { signInAs, type Session } from './monitoring-helpers';
import { isReporting } from '@machines/service-units/unit-status';

const NOW = Date.parse('2026-11-20T10:00:00.000Z');

describe('prediction report endpoints', () => {
  let server: Server;
  let superadmin: Session;

  beforeEach(async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default', now: () => NOW });
    superadmin = await signInAs('superadmin');
  });
  afterEach(() => server.shutdown());

  const units = () => table<ServiceUnitRow>(server.db, 'serviceUnits').all();

  it('answers 401 without a token and 403 for role 4', async () => {
    expect((await fetch('/api/reports/prediction')).status).toBe(401);
    const user = await signInAs('user');
    for (const path of [
      '/api/reports/prediction',
      '/api/reports/prediction/export',
      '/api/reports/prediction/units',
      '/api/reports/prediction/organizations',
      `/api/reports/prediction/units/${units()[0]?.id}`,
    ]) {
      expect((await user.request('GET', path)).status).toBe(403);
    }
  });

  it.each(['superadmin', 'admin', 'operator'])('lets %s read every organization', async (name) => {
    const session = await signInAs(name);
    const report = await session.request<PredictionReport>('GET', '/api/reports/prediction?pageSize=100');
    expect(report.status).toBe(200);
    expect(report.body.summary.units).toBe(units().length);
    expect(new Set(report.body.byOrganization.map((o) => o.organizationName))).toEqual(new Set(['Acme Logistics', 'Globex Retail']));
  });

  it('gives each unit the prediction of the pure model over its generated history', async () => {
    const report = await superadmin.request<PredictionReport>('GET', '/api/reports/prediction?pageSize=100');
    const unit = units()[3] as ServiceUnitRow;
    const row = report.body.items.find((u) => u.serviceUnitId === String(unit.id)) as UnitPrediction;
    const expected = predict(historyOf(unit, NOW).history);
    expect(row).toMatchObject({
      riskScore: expected.riskScore,
      band: expected.band,
      predictedDowntimeHours: expected.predictedDowntimeHours,
      trend: expected.trend,
    });
    expect(row.factors).toEqual(expected.contributions.slice(0, 3));
  });

  it('sorts by risk, highest first, counts every band and lists the ten highest', async () => {
    const { body } = await superadmin.request<PredictionReport>('GET', '/api/reports/prediction?pageSize=100');
    const scores = body.items.map((u) => u.riskScore ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const { low, medium, high, insufficient, units: total } = body.summary;
    expect(low + medium + high + insufficient).toBe(total);
    expect(high).toBeGreaterThan(0);
    expect(low).toBeGreaterThan(0);
    expect(body.top).toHaveLength(10);
    expect(body.top[0]?.riskScore).toBe(scores[0]);
  });

  it('filters by organization, band and unit, and pages', async () => {
    const globex = table<{ id: string; name: string }>(server.db, 'organizations').all()[1] as { id: string };
    const byOrg = await superadmin.request<PredictionReport>('GET', `/api/reports/prediction?organizationId=${globex.id}&pageSize=100`);
    expect(byOrg.body.items.every((u) => u.organizationName === 'Globex Retail')).toBe(true);
    expect(byOrg.body.summary.units).toBe(units().filter((u) => String(u.organizationId) === String(globex.id)).length);

    const high = await superadmin.request<PredictionReport>('GET', '/api/reports/prediction?band=high&pageSize=100');
    expect(high.body.items.length).toBeGreaterThan(0);
    expect(high.body.items.every((u) => u.band === 'high')).toBe(true);
    // The summary still describes the scope, not the band filter: the bars need every band.
    expect(high.body.summary.units).toBe(units().length);

    const one = units()[0] as ServiceUnitRow;
    const single = await superadmin.request<PredictionReport>('GET', `/api/reports/prediction?unitId=${one.id}`);
    expect(single.body.items.map((u) => u.serviceUnitId)).toEqual([String(one.id)]);

    const page2 = await superadmin.request<PredictionReport>('GET', '/api/reports/prediction?page=2&pageSize=10');
    expect(page2.body).toMatchObject({ page: 2, pageSize: 10, total: units().length });
    expect(page2.body.items).toHaveLength(10);
  });

  it('refuses an unknown band with 400 and the field', async () => {
    const answer = await superadmin.request<{ errors: Record<string, string> }>('GET', '/api/reports/prediction?band=purple');
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(['band']);
  });

  it('gives "insufficient data" to a unit younger than 7 days', async () => {
    const unit = units()[0] as ServiceUnitRow;
    table<ServiceUnitRow>(server.db, 'serviceUnits').update(unit.id, { createdAt: new Date(NOW - 3 * 86_400_000).toISOString() });
    const { body } = await superadmin.request<PredictionReport>('GET', `/api/reports/prediction?unitId=${unit.id}`);
    expect(body.items[0]).toMatchObject({ band: 'insufficient', riskScore: null, recommendedAction: 'collectData', historyDays: 4 });
  });

  it('exports every row of the filters without paging', async () => {
    const { body } = await superadmin.request<{ items: UnitPrediction[] }>('GET', '/api/reports/prediction/export?band=low');
    expect(body.items.length).toBe(
      units().filter((u) => predict(historyOf({ ...u, agentAlive: isReporting(u, NOW) }, NOW).history).band === 'low').length,
    );
  });

  it('gives one unit actual against predicted downtime, then the 7-day forecast', async () => {
    const unit = units()[0] as ServiceUnitRow;
    const { status, body } = await superadmin.request<UnitPredictionDetail>('GET', `/api/reports/prediction/units/${unit.id}`);
    expect(status).toBe(200);
    expect(body.series).toHaveLength(30 + 7);
    expect(body.series.slice(0, 7).every((p) => p.predicted === null && p.actual !== null)).toBe(true);
    const future = body.series.slice(30);
    expect(
      future.every(
        (p) => p.actual === null && p.predicted !== null && (p.low ?? 0) <= (p.predicted ?? 0) && (p.high ?? 0) >= (p.predicted ?? 0),
      ),
    ).toBe(true);
    expect(body.series.at(-1)?.date).toBe('2026-11-27');
    expect((await superadmin.request('GET', '/api/reports/prediction/units/nope')).status).toBe(404);
  });

  it('searches units to filter by', async () => {
    const unit = units()[5] as ServiceUnitRow;
    const { body } = await superadmin.request<{ items: { id: string; name: string }[] }>(
      'GET',
      `/api/reports/prediction/units?search=${encodeURIComponent(unit.hostname)}`,
    );
    expect(body.items).toEqual([{ id: String(unit.id), name: unit.name, hostname: unit.hostname, status: expect.any(String) }]);
  });

  it('lists every organization to filter by, by name', async () => {
    const { body } = await superadmin.request<{ items: { id: string; name: string }[] }>('GET', '/api/reports/prediction/organizations');
    const names = body.items.map((o) => o.name);
    expect(names).toHaveLength(table(server.db, 'organizations').count());
    expect(names).toEqual(expect.arrayContaining(['Acme Logistics', 'Globex Retail']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('admin dashboard endpoints', () => {
  let server: Server;

  beforeEach(async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default', now: () => NOW });
  });
  afterEach(() => server.shutdown());

  it('are closed to role 4 and open to the admin roles', async () => {
    const user = await signInAs('user');
    const operator = await signInAs('operator');
    for (const card of ['summary', 'units-trend', 'top-risk', 'recent-sign-ins']) {
      expect((await fetch(`/api/admin/dashboard/${card}`)).status).toBe(401);
      expect((await user.request('GET', `/api/admin/dashboard/${card}`)).status).toBe(403);
      expect((await operator.request('GET', `/api/admin/dashboard/${card}`)).status).toBe(200);
    }
  });

  it('counts organizations, users by role and units by status', async () => {
    const admin = await signInAs('admin');
    const { body } = await admin.request<AdminDashboardSummary>('GET', '/api/admin/dashboard/summary');
    const users = table<{ id: string; roleId: 1 | 2 | 3 | 4 }>(server.db, 'users').all();
    expect(body.organizations).toBe(table(server.db, 'organizations').count());
    expect(body.users.total).toBe(users.length);
    expect(body.users.byRole[4]).toBe(users.filter((u) => u.roleId === 4).length);
    const { online, offline, maintenance, total } = body.units;
    expect(online + offline + maintenance).toBe(total);
    expect(total).toBe(table(server.db, 'serviceUnits').count());
  });

  it('gives 30 days of units online, the five riskiest units and the latest sign-ins', async () => {
    const admin = await signInAs('admin');
    await signInAs('globex');
    const trend = await admin.request<{ points: OnlineTrendPoint[] }>('GET', '/api/admin/dashboard/units-trend');
    expect(trend.body.points).toHaveLength(30);
    expect(trend.body.points.at(-1)?.date).toBe('2026-11-20');
    expect(trend.body.points.every((p) => p.online <= p.total)).toBe(true);
    const top = await admin.request<{ items: UnitPrediction[] }>('GET', '/api/admin/dashboard/top-risk');
    expect(top.body.items).toHaveLength(5);
    const report = await admin.request<PredictionReport>('GET', '/api/reports/prediction?pageSize=5');
    expect(top.body.items.map((u) => u.riskScore)).toEqual(report.body.items.map((u) => u.riskScore));
    const signIns = await admin.request<{ items: RecentSignIn[] }>('GET', '/api/admin/dashboard/recent-sign-ins');
    expect(
      signIns.body.items
        .map((s) => s.username)
        .slice(0, 2)
        .sort(),
    ).toEqual(['admin', 'globex']);
  });
});
