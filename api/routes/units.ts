import { parseListQuery } from '../../core/list-query';
import { unitListSpec } from '../../core/service-unit-list';
import { createRefusal } from '../access';
import { idempotent } from '../idempotency';
import { answerChange } from '../results';
import { ifMatchOf, json, versioned } from '../http';
import { bulkDelete, bulkMaintenance, createUnit, removeUnit, toView, unitFor, unitScope, updateUnit } from '../services/units';
import type { SignedInRoutes } from './types';

/** /api/service-units (docs/api/openapi.yaml): HTTP in, the units service's rules, HTTP out. */

/** Rows of the export at most; `total` counts them all. */
const EXPORT_LIMIT = 20_000;

const listQuery = (request: Request, now: number) => parseListQuery(new URL(request.url).searchParams, unitListSpec(now));

export const unitRoutes: SignedInRoutes = {
  getServiceUnitTags: async ({ env, caller }) => json(200, { items: await env.unitList.tags(unitScope(caller)) }),
  // CSV export data: every row matching the list's filters, search and sort, as JSON; the browser makes the CSV.
  exportServiceUnits: async ({ env, caller, request }) => {
    const now = env.now();
    const query = { ...listQuery(request, now), page: 1, pageSize: EXPORT_LIMIT };
    const { rows, total } = await env.unitList.list(query, unitScope(caller), now);
    return json(200, { items: rows.map((row) => toView(row, now)), total });
  },
  getServiceUnits: async ({ env, caller, request }) => {
    const now = env.now();
    const query = listQuery(request, now);
    const { rows, total } = await env.unitList.list(query, unitScope(caller), now);
    return json(200, { items: rows.map((row) => toView(row, now)), total, page: query.page, pageSize: query.pageSize });
  },
  getServiceUnit: async ({ env, caller, params }) => {
    const found = await unitFor(env, caller, 'read', params['id'] ?? '');
    if (!found.ok) return found.response;
    const unit = toView(found.row, env.now());
    return versioned(200, unit, unit.version ?? 1);
  },
  createServiceUnit: async ({ env, caller, body, text, request }) =>
    createRefusal(caller, 'serviceUnit') ??
    idempotent(env.idempotency, request, text, caller.id, env.now(), async () => answerChange(await createUnit(env, caller, body))),
  updateServiceUnit: async ({ env, caller, body, request, params }) =>
    answerChange(await updateUnit(env, caller, params['id'] ?? '', body, ifMatchOf(request))),
  deleteServiceUnit: async ({ env, caller, request, params }) =>
    answerChange(await removeUnit(env, caller, params['id'] ?? '', ifMatchOf(request))),
  bulkDeleteServiceUnits: async ({ env, caller, body }) => {
    const done = await bulkDelete(env, caller, body);
    if (done instanceof Response) return done;
    return json(200, { deleted: done.count, refused: done.refused, changedElsewhere: done.changedElsewhere });
  },
  bulkSetMaintenance: async ({ env, caller, body }) => {
    const done = await bulkMaintenance(env, caller, body);
    if (done instanceof Response) return done;
    return json(200, { updated: done.count, refused: done.refused, changedElsewhere: done.changedElsewhere });
  },
};
