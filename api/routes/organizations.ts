import { parseListQuery } from '../../core/list-query';
import { ORGANIZATION_LIST_SPEC, type OrganizationListItem } from '../../core/organization-list';
import type { StoredOrganization } from '../../core/organizations';
import { answerChange } from '../results';
import { ifMatchOf, json, problem, versioned } from '../http';
import {
  bulkStatus,
  createOrganization,
  exportsOrganizations,
  listsOrganizations,
  organizationFor,
  organizationOptions,
  organizationView,
  removeOrganization,
  setStatus,
  updateOrganization,
  type StatusAction,
} from '../services/organizations';
import type { SignedInInput, SignedInRoutes } from './types';

/** /api/organizations (docs/api/openapi.yaml): HTTP in, the organizations service's rules, HTTP out. */

/** Rows of the export at most; `total` counts them all. */
const EXPORT_LIMIT = 20_000;

const forbidden = () => problem(403, 'Forbidden');
const listed = ({ record, counts }: OrganizationListItem<StoredOrganization>) => organizationView(record, counts);

const statusRoute =
  (action: StatusAction) =>
  async ({ env, caller, body, params }: SignedInInput) =>
    answerChange(await setStatus(env, caller, params['id'] ?? '', action, body));

export const organizationRoutes: SignedInRoutes = {
  getOrganizations: async ({ env, caller, request }) => {
    if (!listsOrganizations(caller)) return forbidden();
    const query = parseListQuery(new URL(request.url).searchParams, ORGANIZATION_LIST_SPEC);
    const { rows, total } = await env.organizationList.list(query);
    return json(200, { items: rows.map(listed), total, page: query.page, pageSize: query.pageSize });
  },
  getOrganizationOptions: async ({ env, caller, request }) => {
    if (!listsOrganizations(caller)) return forbidden();
    const url = new URL(request.url);
    const search = (url.searchParams.get('search') ?? '').trim().toLowerCase();
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter((v) => v !== '');
    return json(200, { items: await organizationOptions(env, search, ids, Number(url.searchParams.get('limit'))) });
  },
  // CSV export data: every row matching the list's filters, search and sort, without paging.
  exportOrganizations: async ({ env, caller, request }) => {
    if (!exportsOrganizations(caller)) return forbidden();
    const query = parseListQuery(new URL(request.url).searchParams, ORGANIZATION_LIST_SPEC);
    const { rows, total } = await env.organizationList.list({ ...query, page: 1, pageSize: EXPORT_LIMIT });
    return json(200, { items: rows.map(listed), total });
  },
  getOrganization: async ({ env, caller, params }) => {
    const found = await organizationFor(env, caller, params['id'] ?? '');
    return found instanceof Response ? found : versioned(200, found, found.version);
  },
  createOrganization: async ({ env, caller, body }) => answerChange(await createOrganization(env, caller, body)),
  updateOrganization: async ({ env, caller, body, request, params }) =>
    answerChange(await updateOrganization(env, caller, params['id'] ?? '', body, ifMatchOf(request))),
  deleteOrganization: async ({ env, caller, request, params }) =>
    answerChange(await removeOrganization(env, caller, params['id'] ?? '', ifMatchOf(request))),
  suspendOrganization: statusRoute('suspend'),
  activateOrganization: statusRoute('activate'),
  archiveOrganization: statusRoute('archive'),
  bulkOrganizationStatus: async ({ env, caller, body }) => {
    const done = await bulkStatus(env, caller, body);
    return done instanceof Response ? done : json(200, done);
  },
};
