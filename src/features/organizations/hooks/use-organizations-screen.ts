import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { createCrudScreenMachine, jobActor, type JobOutput, type JobRequest } from '@machines/crud-screen/crud-screen.machine';
import type { Page } from '@machines/domain/types';
import {
  createEditorMachine,
  type DeleteTarget,
  type FieldErrors,
  type SaveInput,
  type ValidateInput,
} from '@machines/editor/editor.machine';
import { createListMachine, type BulkRequest, type ListQuery } from '@machines/list/list.machine';
import { jobMachine } from '@machines/job/job.machine';
import { defineListQuerySchema, useInitialListQuery, useListUrl } from '@/lib/list-query';
import { liveEventsActor } from '@/lib/live';
import { bulkOrganizationStatus } from '../api/bulk-organization-status';
import { createOrganization } from '../api/create-organization';
import { deleteOrganization } from '../api/delete-organization';
import { exportOrganizations } from '../api/export-organizations';
import { getOrganizationAudit } from '../api/get-organization-audit';
import { getOrganizations } from '../api/get-organizations';
import { getViewer, type Viewer } from '../api/get-viewer';
import { setOrganizationStatus } from '../api/set-organization-status';
import {
  EMPTY_ORGANIZATION,
  ORGANIZATION_STATUSES,
  toFormValues,
  type AuditEntry,
  type OrganizationFormValues,
  type OrganizationRow,
  type StatusAction,
} from '../api/types';
import { updateOrganization } from '../api/update-organization';
import { rethrowAsConflict } from '@/lib/conflicts';
import { validateOrganization } from '../schema';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

/** Jobs the screen runs besides list and editor: the CSV export and the status changes (one or many rows). */
export type OrganizationJobs = {
  export: { input: ListQuery; output: { items: OrganizationRow[]; total: number } };
  status: { input: { id: string; action: StatusAction; reason: string }; output: OrganizationRow };
  /** `versions`: what the list showed; `changed`: the ids someone else changed meanwhile (left as they were). */
  bulkStatus: {
    input: { ids: string[]; action: 'suspend' | 'activate'; reason: string; versions?: Record<string, number> };
    output: { updated: number; skipped: number; changed: string[] };
  };
};

export const organizationsScreenMachine = createCrudScreenMachine<
  OrganizationRow,
  OrganizationFormValues,
  OrganizationRow,
  OrganizationJobs
>();
const listLogic = createListMachine<OrganizationRow>();
const editorLogic = createEditorMachine<OrganizationFormValues, OrganizationRow>();

export const organizationQuerySchema = defineListQuerySchema({
  sortColumns: ['name', 'code', 'status', 'seatLimit', 'unitCount', 'userCount', 'timezone', 'createdAt'],
  filters: { status: { values: ORGANIZATION_STATUSES, multiple: true } },
  defaults: { pageSize: 25, sort: { column: 'name', direction: 'asc' } },
});

export interface OrganizationServices {
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<Page<OrganizationRow>>;
  save: (input: SaveInput<OrganizationFormValues>) => Promise<OrganizationRow>;
  remove: (target: DeleteTarget) => Promise<unknown>;
  exportRows: (query: ListQuery) => Promise<{ items: OrganizationRow[]; total: number }>;
  setStatus: (id: string, action: StatusAction, reason: string) => Promise<OrganizationRow>;
  bulkStatus: (
    ids: string[],
    action: 'suspend' | 'activate',
    reason: string,
    versions?: Record<string, number>,
  ) => Promise<{ updated: number; skipped: number; changed: string[] }>;
  audit: (id: string, signal: AbortSignal) => Promise<Page<AuditEntry>>;
  viewer: (signal: AbortSignal) => Promise<Viewer>;
}

export const apiServices: OrganizationServices = {
  fetchPage: (query, signal) => getOrganizations(query, signal),
  save: ({ mode, id, values, version }) =>
    mode === 'edit' && id ? updateOrganization(id, values, version).catch(rethrowAsConflict(toFormValues)) : createOrganization(values),
  remove: ({ id }) => deleteOrganization(id),
  exportRows: (query) => exportOrganizations(query),
  setStatus: (id, action, reason) => setOrganizationStatus(id, action, reason),
  bulkStatus: (ids, action, reason, versions) => bulkOrganizationStatus(ids, action, reason, versions),
  audit: (id, signal) => getOrganizationAudit(id, 1, signal),
  viewer: (signal) => getViewer(signal),
};

function runJob(services: OrganizationServices, request: JobRequest<OrganizationJobs>): Promise<JobOutput<OrganizationJobs>> {
  switch (request.job) {
    case 'export':
      return services.exportRows(request.input);
    case 'status':
      return services.setStatus(request.input.id, request.input.action, request.input.reason);
    case 'bulkStatus':
      return services.bulkStatus(request.input.ids, request.input.action, request.input.reason, request.input.versions);
  }
}

/** The organizations screen: one CRUD-screen actor (list + editor + jobs), the viewer and the audit trail. */
export function useOrganizationsScreen(services: OrganizationServices = apiServices) {
  // The URL is read once here; later URL changes go to the list machine from the history events (useListUrl).
  const initial = useInitialListQuery(organizationQuerySchema);

  const screen = useScreenActor(
    organizationsScreenMachine.provide({
      actors: {
        list: listLogic.provide({
          actors: {
            fetchPage: fromPromise(({ input, signal }) => services.fetchPage(input.query, signal)),
            bulkAction: fromPromise<unknown, BulkRequest>(() => Promise.reject(new Error('Bulk actions run as jobs here'))),
            // A change elsewhere (another admin, another tab) reloads the list once things are quiet (docs/live.md).
            liveEvents: liveEventsActor((e) => (e.type === 'organization.changed' ? { type: 'list.live.stale' } : null)),
          },
        }),
        editor: editorLogic.provide({
          actors: {
            validate: fromPromise<FieldErrors, ValidateInput<OrganizationFormValues>>(async ({ input }) =>
              validateOrganization(input.values),
            ),
            save: fromPromise<OrganizationRow, SaveInput<OrganizationFormValues>>(({ input }) => services.save(input)),
            remove: fromPromise<unknown, DeleteTarget>(({ input }) => services.remove(input)),
          },
        }),
        job: jobActor<OrganizationJobs>((request) => runJob(services, request)),
      },
    }),
    {
      input: {
        list: { query: initial, searchDebounceMs: 300 },
        editor: { empty: EMPTY_ORGANIZATION },
        jobs: { refreshAfter: ['status', 'bulkStatus'] },
      },
    },
  );
  const list = useSelector(screen, (s) => s.context.list);
  const editor = useSelector(screen, (s) => s.context.editor);
  useListUrl(list, organizationQuerySchema);

  const audit = useScreenActor(
    jobMachine.provide({ actors: { job: fromPromise<unknown, unknown>(({ input, signal }) => services.audit(String(input), signal)) } }),
  );
  // Who is looking: asked as the actor starts.
  const viewer = useScreenActor(
    jobMachine.provide({ actors: { job: fromPromise<unknown, unknown>(({ signal }) => services.viewer(signal)) } }),
    { input: { start: {} } },
  );

  return { screen, list, editor, audit, viewer };
}
