import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { createCrudScreenMachine, jobActor } from '@machines/crud-screen/crud-screen.machine';
import {
  createEditorMachine,
  type DeleteTarget,
  type FieldErrors,
  type SaveInput,
  type ValidateInput,
} from '@machines/editor/editor.machine';
import { createListMachine, type BulkRequest, type ListQuery, type LiveListEvent } from '@machines/list/list.machine';
import { changedUnitOf } from '@machines/live/live-events.machine';
import { unitDetailLiveEvent, unitDetailMachine } from '@machines/service-units/unit-detail.machine';
import type { LiveEvent, Page } from '@machines/domain/types';
import { useActorEvents, useSendOnChange } from '@/components/actor-bridges';
import { useCrudScreen } from '@/components/crud-screen';
import { ApiError } from '@/lib/api-client';
import { defineListQuerySchema, useInitialListQuery, useListUrl, useUrlParam } from '@/lib/list-query';
import { liveEventsActor } from '@/lib/live';
import { bulkDeleteServiceUnits } from '../api/bulk-delete-service-units';
import { bulkSetMaintenance } from '../api/bulk-set-maintenance';
import { createServiceUnit } from '../api/create-service-unit';
import { deleteServiceUnit } from '../api/delete-service-unit';
import { exportServiceUnits } from '../api/export-service-units';
import { getServiceUnit } from '../api/get-service-unit';
import { getServiceUnits } from '../api/get-service-units';
import { getServiceUnitTags } from '../api/get-service-unit-tags';
import { EMPTY_UNIT, toFormValues, type UnitFormValues, type UnitRow } from '../api/types';
import { rethrowAsConflict } from '@/lib/conflicts';
import { revokeAgent } from '../api/revoke-agent';
import { updateServiceUnit } from '../api/update-service-unit';
import { validateUnit } from '../schema';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

export const unitListMachine = createListMachine<UnitRow>();
export const unitEditorMachine = createEditorMachine<UnitFormValues, UnitRow>();
/** The screen's jobs: the CSV export, and the tag options the form and the filter offer. */
export type UnitJobs = {
  export: { input: ListQuery; output: { items: UnitRow[]; total: number } };
  tags: { input: undefined; output: { items: string[] } };
};

export const unitScreenMachine = createCrudScreenMachine<UnitRow, UnitFormValues, UnitRow, UnitJobs>();
export const UNIT_JOBS = { export: 'export', tags: 'tags' } as const;

export const UNIT_STATUSES = ['online', 'offline', 'maintenance'] as const;
export const OPERATING_SYSTEMS = ['windows', 'macos', 'linux'] as const;

export const unitQuerySchema = defineListQuerySchema({
  sortColumns: ['status', 'name', 'hostname', 'operatingSystem', 'location', 'lastSeenAt'],
  filters: {
    status: { values: UNIT_STATUSES, multiple: true },
    os: { values: OPERATING_SYSTEMS, multiple: true },
    tag: { multiple: true },
  },
  defaults: { pageSize: 25, sort: { column: 'name', direction: 'asc' } },
});

/** What the units list applies of the live events (docs/live.md): a unit's new state in place, a new or deleted unit. */
export function unitListEvent(event: LiveEvent): LiveListEvent<UnitRow> | null {
  const unit = changedUnitOf(event);
  if (unit) return { type: 'list.live.updated', row: unit };
  switch (event.type) {
    case 'unit.created':
      // Its time: one created before the page began to load (a replay after unlock) is not counted as new.
      return { type: 'list.live.created', id: event.subjectId, at: event.at };
    case 'unit.deleted':
      return { type: 'list.live.removed', id: event.subjectId };
    default:
      return null;
  }
}

/** The real API calls the screen's machines run (tests may pass their own). */
export interface UnitServices {
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<Page<UnitRow>>;
  bulk: (request: BulkRequest) => Promise<unknown>;
  save: (input: SaveInput<UnitFormValues>) => Promise<UnitRow>;
  remove: (target: DeleteTarget) => Promise<unknown>;
  load: (id: string, signal: AbortSignal) => Promise<UnitRow>;
  exportRows: (query: ListQuery) => Promise<{ items: UnitRow[]; total: number }>;
  loadTags: () => Promise<{ items: string[] }>;
  /** Revokes the unit's enrolled agent; answers the unit as it is now. */
  revokeAgent: (id: string) => Promise<UnitRow>;
}

export const apiServices: UnitServices = {
  fetchPage: (query, signal) => getServiceUnits(query, signal),
  bulk: ({ action, ids, versions }) => {
    if (action === 'delete') return bulkDeleteServiceUnits(ids, versions);
    if (action === 'maintenance.on') return bulkSetMaintenance(ids, true, versions);
    if (action === 'maintenance.off') return bulkSetMaintenance(ids, false, versions);
    return Promise.reject(new Error(`Unknown bulk action ${action}`));
  },
  save: ({ mode, id, values, version }) =>
    mode === 'edit' && id ? updateServiceUnit(id, values, version).catch(rethrowAsConflict(toFormValues)) : createServiceUnit(values),
  remove: ({ id }) => deleteServiceUnit(id),
  load: (id, signal) => getServiceUnit(id, signal),
  exportRows: (query) => exportServiceUnits(query),
  loadTags: () => getServiceUnitTags(),
  revokeAgent: (id) => revokeAgent(id),
};

/** The machines behind the Service Unit Management screen, wired to the API and the URL. */
export function useServiceUnits(services: UnitServices = apiServices) {
  // The URL is read once here; later URL changes go to the list machine from the history events (useListUrl).
  const initial = useInitialListQuery(unitQuerySchema);

  const logic = unitScreenMachine.provide({
    actors: {
      list: unitListMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input, signal }) => services.fetchPage(input.query, signal)),
          bulkAction: fromPromise<unknown, BulkRequest>(({ input }) => services.bulk(input)),
          liveEvents: liveEventsActor(unitListEvent),
        },
      }),
      editor: unitEditorMachine.provide({
        actors: {
          validate: fromPromise<FieldErrors, ValidateInput<UnitFormValues>>(async ({ input }) => validateUnit(input.values)),
          save: fromPromise<UnitRow, SaveInput<UnitFormValues>>(({ input }) => services.save(input)),
          remove: fromPromise<unknown, DeleteTarget>(({ input }) => services.remove(input)),
        },
      }),
      job: jobActor<UnitJobs>((request) => (request.job === UNIT_JOBS.export ? services.exportRows(request.input) : services.loadTags())),
    },
  });
  const { screen, list, editor } = useCrudScreen<UnitRow, UnitFormValues, UnitRow, UnitJobs>(logic, {
    list: { query: initial, searchDebounceMs: 300 },
    editor: { empty: EMPTY_UNIT },
    // The tag options come from the units: load them at start and after every change.
    jobs: { onStart: [{ job: UNIT_JOBS.tags }], afterChange: [{ job: UNIT_JOBS.tags }] },
  });
  useListUrl(list, unitQuerySchema);

  const detail = useScreenActor(
    unitDetailMachine.provide({
      actors: {
        loadUnit: fromPromise(({ input, signal }) => services.load(input.id, signal)),
        revokeAgent: fromPromise(({ input }) => services.revokeAgent(input.id)),
        liveEvents: liveEventsActor(unitDetailLiveEvent),
      },
    }),
  );
  useDetailUrl(detail);
  useRevocationNotifications(detail);

  return { screen, list, editor, detail };
}

/** The `?unit=<id>` deep link opens the detail drawer, and back/forward (or a link without it) closes it. */
function useDetailUrl(detail: ActorRefFrom<typeof unitDetailMachine>): void {
  const id = useUrlParam('unit');
  useSendOnChange(detail, id, (next) => (next ? { type: 'detail.open' as const, id: next } : { type: 'detail.close' as const }));
}

/** A done revocation, as a notification (the drawer shows the revoked state itself, and a failure beside the button). */
function useRevocationNotifications(detail: ActorRefFrom<typeof unitDetailMachine>): void {
  const { t } = useTranslation();
  useActorEvents(detail, {
    'detail.revoked': (e) => notifications.show({ color: 'teal', message: t('service-units.agent.revoked', { name: e.unit.name }) }),
  });
}

/** A translated sentence for a failed agent request (revocation, enrolment token). */
export function agentErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('service-units.agent.errors.network');
    if (error.status === 403) return t('service-units.agent.errors.forbidden');
    if (error.status === 404) return t('service-units.agent.errors.notFound');
    if (error.status === 409) return t('service-units.agent.errors.noActiveAgent');
  }
  return t('service-units.agent.errors.generic');
}
