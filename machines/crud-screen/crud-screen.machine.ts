import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { createEditorMachine, type DeleteTarget, type EditorInput, type EditorMode, type EditorReport } from '../editor/editor.machine';
import { createListMachine, type ListInput, type ListReport, type ListRow } from '../list/list.machine';
import { sameJson } from '../shared/same-json';

/**
 * The one CRUD screen: a parent that spawns the list machine and the editor machine, reacts to what they
 * report (`sendParent`), runs the screen's jobs (CSV export, "load tags", "toggle a rule"…), and emits one
 * notification per outcome, so every screen's toasts are written once (src/components/crud-screen).
 *
 * One route per action (docs/crud-screen.md): the view sends the list's and the editor's events to those
 * children (`editor.open.edit`, `editor.delete`, `editor.undo`, `list.refresh`, `list.bulk`…) and only the
 * jobs (`crud.job*`) to the parent. What the children report:
 * - editor.saved          → the list reloads, the form closes, `crud.saved`;
 * - editor.delete.pending → the row is hidden, `crud.delete.pending` (the view offers Undo), region `deletion.pending`;
 * - editor.delete.undone  → the row is shown again, `crud.delete.undone`;
 * - editor.deleted        → the list reloads (the row stays hidden: it is gone), `crud.deleted`;
 * - editor.delete.failed  → the row is shown again, the failure is dismissed in the editor, `crud.delete.failed`;
 * - list.bulk.done/failed → `crud.bulk.done` / `crud.bulk.failed`;
 * - editor.form.opened/closed → the list's live reload is held while the drawer is open (`list.live.hold` /
 *   `list.live.release`): a reload then could change the row being edited or move rows under the user. Events
 *   that arrive meanwhile make one reload when it closes (none after a save: the save's own reload serves them).
 * After a save, a delete or a bulk action the `afterChange` jobs run again (e.g. reload the tag list).
 *
 * Regions: `confirmation` (idle | asking: a job that asks first waits for crud.job.confirm / cancel | running: the
 * confirmed job runs; a failure asks again with the answer kept and the error), `deletion` (idle | pending: a
 * deletion waits for undo; the editor keeps the row (`pendingDelete`, its only record) and undoes it only if the
 * undo names it) and `jobs` (idle | running, with a queue: a job asked for while another runs waits its turn, an
 * identical one is dropped), and `form` (closed | open: the editor's drawer, as the editor reports it).
 */

/** A screen's jobs by name (e.g. 'export', 'tags', 'toggle'): what each takes and what it answers. */
export type JobMap = Record<string, { input: unknown; output: unknown }>;

type JobName<J extends JobMap> = keyof J & string;

/** One job to run, its input typed by its name (optional for a job that takes none). The `job` actor switches on `job`. */
export type JobRequest<J extends JobMap = JobMap> = {
  [K in JobName<J>]: undefined extends J[K]['input'] ? { job: K; input?: J[K]['input'] } : { job: K; input: J[K]['input'] };
}[JobName<J>];

/** What the `job` actor answers: the output of one of the screen's jobs. */
export type JobOutput<J extends JobMap = JobMap> = J[JobName<J>]['output'];

/** A finished job: its name, input and output, typed together (switch on `job` to read the output). */
export type JobResult<J extends JobMap = JobMap> = {
  [K in JobName<J>]: { job: K; input: J[K]['input']; output: J[K]['output'] };
}[JobName<J>];

/** A job that asks first (e.g. disable an account); `label` names the row for the question. */
export interface AskedJob<J extends JobMap = JobMap> {
  request: JobRequest<J>;
  label: string;
  /** Why the confirmed job failed: the question is asked again with the answer kept (e.g. the reason typed). */
  error?: unknown;
}

export interface CrudJobsConfig<J extends JobMap = JobMap> {
  /** Run once when the screen starts (e.g. load the tag options). */
  onStart?: readonly JobRequest<J>[];
  /** Run again after every save, delete and bulk action. */
  afterChange?: readonly JobRequest<J>[];
  /** Reload the list when one of these jobs succeeds (e.g. a row's on/off switch). */
  refreshAfter?: readonly JobName<J>[];
}

export interface CrudScreenInput<V, J extends JobMap = JobMap> {
  list?: ListInput;
  editor: EditorInput<V>;
  jobs?: CrudJobsConfig<J>;
}

/** The parent's events: its jobs (from the view) and what its children report (sendParent). */
export type CrudScreenEvent<S, J extends JobMap = JobMap> =
  | { type: 'crud.job'; request: JobRequest<J> }
  /** A job that asks first: the question is the state `confirmation.asking`; then crud.job.confirm or crud.job.cancel. */
  | ({ type: 'crud.job.request' } & AskedJob<J>)
  /** Runs the asked job, or `request` in its place (the asked one completed by the answer, e.g. a reason). */
  | { type: 'crud.job.confirm'; request?: JobRequest<J> }
  | { type: 'crud.job.cancel' }
  /** Internal: the jobs region tells the confirmation region how a job ended (not for views). */
  | { type: 'crud.job.settled'; request: JobRequest<J>; failed: boolean; error?: unknown }
  | EditorReport<S>
  | ListReport;

/** The notifications a view turns into toasts (`useCrudNotifications` in src/components/crud-screen). */
export type CrudScreenEmitted<S, J extends JobMap = JobMap> =
  | { type: 'crud.saved'; mode: EditorMode; record: S }
  | { type: 'crud.delete.pending'; target: DeleteTarget }
  | { type: 'crud.delete.undone'; target: DeleteTarget }
  | { type: 'crud.deleted'; target: DeleteTarget }
  | { type: 'crud.delete.failed'; target: DeleteTarget; error: unknown }
  | { type: 'crud.bulk.done'; action: string; count: number }
  | { type: 'crud.bulk.failed'; action: string; error: unknown }
  | { type: 'crud.job.done'; result: JobResult<J> }
  | { type: 'crud.job.failed'; request: JobRequest<J>; error: unknown };

function sameJob(a: { job: string; input?: unknown }, b: { job: string; input?: unknown }): boolean {
  return a.job === b.job && sameJson(a.input, b.input);
}

export function createCrudScreenMachine<T extends ListRow, V extends object, S, J extends JobMap = JobMap>() {
  const listLogic = createListMachine<T>();
  const editorLogic = createEditorMachine<V, S>();
  type ListRef = ActorRefFrom<typeof listLogic>;
  type EditorRef = ActorRefFrom<typeof editorLogic>;

  interface Context {
    list: ListRef;
    editor: EditorRef;
    jobs: Required<CrudJobsConfig<J>>;
    /** Jobs waiting for the running one. */
    jobQueue: JobRequest<J>[];
    /** The job running now, or null. */
    currentJob: JobRequest<J> | null;
    /** The job whose question is open (`confirmation.asking`), or null. */
    askedJob: AskedJob<J> | null;
    /** The last output of each job by name (e.g. the tag options a form offers). */
    outputs: { [K in JobName<J>]?: J[K]['output'] };
  }

  return setup({
    types: {} as {
      context: Context;
      events: CrudScreenEvent<S, J>;
      input: CrudScreenInput<V, J>;
      emitted: CrudScreenEmitted<S, J>;
      children: { list: 'list'; editor: 'editor'; job: 'job' };
    },
    actors: {
      list: listLogic,
      editor: editorLogic,
      // Typed loosely here: XState cannot type an invoke whose input is a generic mapped type; screens provide it typed by J.
      job: fromPromise<unknown, { job: string; input?: unknown }>(async () => {
        throw new Error('job not provided');
      }),
    },
    guards: {
      /** The job that settled is the one the question confirmed (another job may have run before it). */
      isAskedJobDone: ({ context, event }) =>
        event.type === 'crud.job.settled' && !event.failed && context.askedJob !== null && sameJob(event.request, context.askedJob.request),
      isAskedJobFailed: ({ context, event }) =>
        event.type === 'crud.job.settled' && event.failed && context.askedJob !== null && sameJob(event.request, context.askedJob.request),
      hasQueuedJob: ({ context }) => context.jobQueue.length > 0,
      isNewJob: ({ context, event }) => {
        if (event.type !== 'crud.job') return false;
        const { request } = event;
        return !(context.currentJob && sameJob(context.currentJob, request)) && !context.jobQueue.some((j) => sameJob(j, request));
      },
    },
    actions: {
      onSaved: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'editor.saved') return;
        enqueue.sendTo(context.list, { type: 'list.refresh' });
        enqueue.sendTo(context.editor, { type: 'editor.close' });
        enqueue.emit({ type: 'crud.saved', mode: event.mode, record: event.record });
      }),
      onPending: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'editor.delete.pending') return;
        enqueue.sendTo(context.list, { type: 'list.rows.hide', ids: [event.target.id] });
        enqueue.emit({ type: 'crud.delete.pending', target: event.target });
      }),
      onUndone: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'editor.delete.undone') return;
        enqueue.sendTo(context.list, { type: 'list.rows.show', ids: [event.target.id] });
        enqueue.emit({ type: 'crud.delete.undone', target: event.target });
      }),
      onDeleted: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'editor.deleted') return;
        // The row stays hidden: it is gone, and showing it until the reload answers would flash it back.
        enqueue.sendTo(context.list, { type: 'list.refresh' });
        enqueue.emit({ type: 'crud.deleted', target: event.target });
      }),
      onDeleteFailed: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'editor.delete.failed') return;
        enqueue.sendTo(context.list, { type: 'list.rows.show', ids: [event.target.id] });
        enqueue.sendTo(context.editor, { type: 'editor.delete.dismiss' });
        enqueue.emit({ type: 'crud.delete.failed', target: event.target, error: event.error });
      }),
      holdListLive: enqueueActions(({ context, enqueue }) => enqueue.sendTo(context.list, { type: 'list.live.hold' })),
      releaseListLive: enqueueActions(({ context, enqueue }) => enqueue.sendTo(context.list, { type: 'list.live.release' })),
      emitBulkDone: emit(({ event }) =>
        event.type === 'list.bulk.done'
          ? { type: 'crud.bulk.done' as const, action: event.action, count: event.count }
          : { type: 'crud.bulk.done' as const, action: '', count: 0 },
      ),
      emitBulkFailed: emit(({ event }) =>
        event.type === 'list.bulk.failed'
          ? { type: 'crud.bulk.failed' as const, action: event.action, error: event.error }
          : { type: 'crud.bulk.failed' as const, action: '', error: null },
      ),
      queueAfterChangeJobs: assign(({ context }) => {
        const queue = [...context.jobQueue];
        for (const request of context.jobs.afterChange) {
          if (!(context.currentJob && sameJob(context.currentJob, request)) && !queue.some((j) => sameJob(j, request))) queue.push(request);
        }
        return { jobQueue: queue };
      }),
      queueJob: assign(({ context, event }) => (event.type === 'crud.job' ? { jobQueue: [...context.jobQueue, event.request] } : {})),
      assignAskedJob: assign(({ event }) =>
        event.type === 'crud.job.request' ? { askedJob: { request: event.request, label: event.label } } : {},
      ),
      clearAskedJob: assign({ askedJob: () => null }),
      /** The answer runs the job as if the view had sent crud.job (queued, or dropped when identical); the question keeps it until it settles. */
      raiseAskedJob: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'crud.job.confirm' || !context.askedJob) return;
        const request = event.request ?? context.askedJob.request;
        enqueue.assign({ askedJob: { request, label: context.askedJob.label } });
        enqueue.raise({ type: 'crud.job', request });
      }),
      assignAskedError: assign(({ context, event }) =>
        context.askedJob && event.type === 'crud.job.settled' ? { askedJob: { ...context.askedJob, error: event.error } } : {},
      ),
      startNextJob: assign(({ context }) => ({ currentJob: context.jobQueue[0] ?? null, jobQueue: context.jobQueue.slice(1) })),
      jobDone: enqueueActions(({ context, event, enqueue }) => {
        const job = context.currentJob;
        if (!job || !('output' in event)) return;
        // The actor answered this job (it switches on job.job), so the output is this job's.
        const result = { ...job, output: event.output } as JobResult<J>;
        enqueue.assign({ currentJob: null, outputs: { ...context.outputs, [job.job]: event.output } });
        enqueue.emit({ type: 'crud.job.done', result });
        enqueue.raise({ type: 'crud.job.settled', request: job, failed: false });
        if (context.jobs.refreshAfter.includes(job.job)) enqueue.sendTo(context.list, { type: 'list.refresh' });
      }),
      jobFailed: enqueueActions(({ context, event, enqueue }) => {
        const job = context.currentJob;
        if (!job || !('error' in event)) return;
        enqueue.emit({ type: 'crud.job.failed', request: job, error: event.error });
        enqueue.raise({ type: 'crud.job.settled', request: job, failed: true, error: event.error });
        enqueue.assign({ currentJob: null });
      }),
    },
  }).createMachine({
    id: 'crudScreen',
    type: 'parallel',
    context: ({ input, spawn }) => ({
      list: spawn('list', { id: 'list', input: input.list ?? {} }),
      editor: spawn('editor', { id: 'editor', input: input.editor }),
      jobs: {
        onStart: input.jobs?.onStart ?? [],
        afterChange: input.jobs?.afterChange ?? [],
        refreshAfter: input.jobs?.refreshAfter ?? [],
      },
      jobQueue: [...(input.jobs?.onStart ?? [])],
      currentJob: null,
      askedJob: null,
      outputs: {},
    }),
    on: {
      'editor.saved': { actions: ['onSaved', 'queueAfterChangeJobs'] },
      'list.bulk.done': { actions: ['emitBulkDone', 'queueAfterChangeJobs'] },
      'list.bulk.failed': { actions: 'emitBulkFailed' },
    },
    states: {
      deletion: {
        initial: 'idle',
        on: {
          // Another row's deletion was confirmed while one waited: the editor committed the first.
          'editor.delete.pending': { target: '.pending', actions: 'onPending' },
          // The editor holds one delete at a time, so its report always ends the pending one.
          'editor.deleted': { target: '.idle', actions: ['onDeleted', 'queueAfterChangeJobs'] },
          'editor.delete.failed': { target: '.idle', actions: 'onDeleteFailed' },
        },
        states: {
          idle: {},
          pending: {
            tags: ['undoable'],
            on: {
              // The view sends editor.undo { id } to the editor, which owns the row and ignores an undo naming another one.
              'editor.delete.undone': { target: 'idle', actions: 'onUndone' },
            },
          },
        },
      },
      // A question before a job (e.g. disable an account, suspend an organization), as deletion asks before a delete.
      confirmation: {
        initial: 'idle',
        states: {
          idle: { on: { 'crud.job.request': { target: 'asking', actions: 'assignAskedJob' } } },
          asking: {
            on: {
              'crud.job.confirm': { target: 'running', actions: 'raiseAskedJob' },
              'crud.job.cancel': { target: 'idle', actions: 'clearAskedJob' },
            },
          },
          // The confirmed job runs: done closes the question, a failure asks it again with the answer and the error.
          running: {
            on: {
              'crud.job.settled': [
                { guard: 'isAskedJobDone', target: 'idle', actions: 'clearAskedJob' },
                { guard: 'isAskedJobFailed', target: 'asking', actions: 'assignAskedError' },
              ],
            },
          },
        },
      },
      // The editor's drawer. While it is open the list's stale reloads wait (the row being edited must not change under the user).
      form: {
        initial: 'closed',
        states: {
          closed: { on: { 'editor.form.opened': { target: 'open', actions: 'holdListLive' } } },
          open: { on: { 'editor.form.closed': { target: 'closed', actions: 'releaseListLive' } } },
        },
      },
      jobs: {
        initial: 'idle',
        states: {
          idle: {
            always: { guard: 'hasQueuedJob', target: 'running', actions: 'startNextJob' },
            on: { 'crud.job': { guard: 'isNewJob', target: 'running', actions: ['queueJob', 'startNextJob'] } },
          },
          running: {
            tags: ['busy'],
            invoke: {
              id: 'job',
              src: 'job',
              // startNextJob set it on the way in.
              input: ({ context }) => context.currentJob as JobRequest<J>,
              onDone: { target: 'idle', actions: 'jobDone' },
              onError: { target: 'idle', actions: 'jobFailed' },
            },
            on: { 'crud.job': { guard: 'isNewJob', actions: 'queueJob' } },
          },
        },
      },
    },
  });
}

export type CrudScreenMachine<T extends ListRow, V extends object, S, J extends JobMap = JobMap> = ReturnType<
  typeof createCrudScreenMachine<T, V, S, J>
>;

/**
 * The `job` actor a screen provides, typed by its jobs: `run` gets each request with its input typed by the
 * job's name. (The machine's own `job` placeholder is typed loosely: XState cannot type an invoke whose input
 * is a generic mapped type. The machine only ever queues requests of `J`, which its events check.)
 */
export function jobActor<J extends JobMap>(run: (request: JobRequest<J>) => Promise<JobOutput<J>>) {
  return fromPromise<unknown, { job: string; input?: unknown }>(({ input }) => run(input as JobRequest<J>));
}

/** Whether a job of this name is running or waiting (e.g. to show the Export button busy). */
export function isJobActive(context: { currentJob: { job: string } | null; jobQueue: readonly { job: string }[] }, job: string): boolean {
  return context.currentJob?.job === job || context.jobQueue.some((j) => j.job === job);
}
