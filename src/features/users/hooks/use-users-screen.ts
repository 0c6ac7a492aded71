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
import type { AuditEntry } from '@/components/audit-trail';
import { defineListQuerySchema, useInitialListQuery, useListUrl } from '@/lib/list-query';
import { liveEventsActor } from '@/lib/live';
import { deleteUser } from '../api/delete-user';
import { exportUsers } from '../api/export-users';
import { getOrganizationOptions } from '../api/get-organization-options';
import { getUserAudit } from '../api/get-user-audit';
import { getUsers } from '../api/get-users';
import { getViewer, type Viewer } from '../api/get-viewer';
import { inviteUser } from '../api/invite-user';
import {
  ACCOUNT_STATUSES,
  EMPTY_USER,
  toFormValues,
  type LinkResult,
  type OrganizationOption,
  type SavedUser,
  type UserAction,
  type UserFormValues,
  type UserRow,
} from '../api/types';
import { updateUser } from '../api/update-user';
import { rethrowAsConflict } from '@/lib/conflicts';
import { runUserAction } from '../api/user-action';
import { validateUser } from '../schema';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

/** The screen's jobs: the CSV export, and an account action (the reset answers the new link). */
export type UserJobs = {
  export: { input: ListQuery; output: { items: UserRow[]; total: number } };
  action: { input: { id: string; action: UserAction }; output: UserRow | LinkResult | { revoked: number } };
};

export const usersScreenMachine = createCrudScreenMachine<UserRow, UserFormValues, SavedUser, UserJobs>();
const listLogic = createListMachine<UserRow>();
const editorLogic = createEditorMachine<UserFormValues, SavedUser>();

export const userQuerySchema = defineListQuerySchema({
  sortColumns: ['fullName', 'username', 'email', 'roleId', 'status', 'lastSignInAt', 'createdAt'],
  filters: {
    organizationId: { multiple: false },
    role: { values: ['1', '2', '3', '4'], multiple: true },
    status: { values: ACCOUNT_STATUSES, multiple: true },
  },
  defaults: { pageSize: 25, sort: { column: 'fullName', direction: 'asc' } },
});

export interface UserServices {
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<Page<UserRow>>;
  save: (input: SaveInput<UserFormValues>) => Promise<SavedUser>;
  remove: (target: DeleteTarget) => Promise<unknown>;
  exportRows: (query: ListQuery) => Promise<{ items: UserRow[]; total: number }>;
  action: (id: string, action: UserAction) => Promise<UserJobs['action']['output']>;
  audit: (id: string, signal: AbortSignal) => Promise<Page<AuditEntry>>;
  viewer: (signal: AbortSignal) => Promise<Viewer>;
  organizations: (signal: AbortSignal) => Promise<{ items: OrganizationOption[] }>;
}

export const apiServices: UserServices = {
  fetchPage: (query, signal) => getUsers(query, signal),
  save: ({ mode, id, values, version }) =>
    mode === 'edit' && id ? updateUser(id, values, version).catch(rethrowAsConflict(toFormValues)) : inviteUser(values),
  remove: ({ id }) => deleteUser(id),
  exportRows: (query) => exportUsers(query),
  action: (id, action) => runUserAction(id, action),
  audit: (id, signal) => getUserAudit(id, signal),
  viewer: (signal) => getViewer(signal),
  organizations: (signal) => getOrganizationOptions(signal),
};

function runJob(services: UserServices, request: JobRequest<UserJobs>): Promise<JobOutput<UserJobs>> {
  switch (request.job) {
    case 'export':
      return services.exportRows(request.input);
    case 'action':
      return services.action(request.input.id, request.input.action);
  }
}

/** The users screen: one CRUD-screen actor (list + editor + jobs), the viewer, the organization options and the audit trail. */
export function useUsersScreen(services: UserServices = apiServices) {
  // The URL is read once here; later URL changes go to the list machine from the history events (useListUrl).
  const initial = useInitialListQuery(userQuerySchema);

  const screen = useScreenActor(
    usersScreenMachine.provide({
      actors: {
        list: listLogic.provide({
          actors: {
            fetchPage: fromPromise(({ input, signal }) => services.fetchPage(input.query, signal)),
            bulkAction: fromPromise<unknown, BulkRequest>(() => Promise.reject(new Error('No bulk actions on users'))),
            // A change elsewhere (another admin, another tab) reloads the list once things are quiet (docs/live.md).
            liveEvents: liveEventsActor((e) => (e.type === 'user.changed' ? { type: 'list.live.stale' } : null)),
          },
        }),
        editor: editorLogic.provide({
          actors: {
            validate: fromPromise<FieldErrors, ValidateInput<UserFormValues>>(async ({ input }) => validateUser(input.values)),
            save: fromPromise<SavedUser, SaveInput<UserFormValues>>(({ input }) => services.save(input)),
            remove: fromPromise<unknown, DeleteTarget>(({ input }) => services.remove(input)),
          },
        }),
        job: jobActor<UserJobs>((request) => runJob(services, request)),
      },
    }),
    { input: { list: { query: initial, searchDebounceMs: 300 }, editor: { empty: EMPTY_USER }, jobs: { refreshAfter: ['action'] } } },
  );
  const list = useSelector(screen, (s) => s.context.list);
  const editor = useSelector(screen, (s) => s.context.editor);
  useListUrl(list, userQuerySchema);

  const audit = useScreenActor(
    jobMachine.provide({ actors: { job: fromPromise<unknown, unknown>(({ input, signal }) => services.audit(String(input), signal)) } }),
  );
  const viewer = useScreenActor(
    jobMachine.provide({ actors: { job: fromPromise<unknown, unknown>(({ signal }) => services.viewer(signal)) } }),
    { input: { start: {} } },
  );
  const organizations = useScreenActor(
    jobMachine.provide({ actors: { job: fromPromise<unknown, unknown>(({ signal }) => services.organizations(signal)) } }),
    { input: { start: {} } },
  );

  return { screen, list, editor, audit, viewer, organizations };
}
