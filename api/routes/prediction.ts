import { json } from '../http';
import {
  predictionExport,
  predictionReport,
  reportOrganizations,
  reportUnitOptions,
  unitPrediction,
  type Answer,
} from '../services/prediction';
import type { SignedInRoutes } from './types';

/** /api/reports/prediction (docs/api/openapi.yaml, docs/prediction.md): the report, its export, its filters' options, a unit's forecast. */

/** 200 with the value in the operation's shape, or the service's refusal. */
export const answer = <T>(result: Answer<T>, shape: (value: T) => unknown) =>
  result.ok ? json(200, shape(result.value)) : result.response;
const queryOf = (request: Request) => new URL(request.url).searchParams;

export const predictionRoutes: SignedInRoutes = {
  getPredictionReport: async ({ env, caller, request }) =>
    answer(await predictionReport(env, caller, queryOf(request)), (report) => report),
  exportPredictionReport: async ({ env, caller, request }) =>
    answer(await predictionExport(env, caller, queryOf(request)), (items) => ({ items })),
  getReportOrganizations: async ({ env, caller }) => answer(await reportOrganizations(env, caller), (items) => ({ items })),
  searchReportUnits: async ({ env, caller, request }) =>
    answer(await reportUnitOptions(env, caller, queryOf(request)), (items) => ({ items })),
  getUnitPrediction: async ({ env, caller, params }) => answer(await unitPrediction(env, caller, params['id'] ?? ''), (detail) => detail),
};
