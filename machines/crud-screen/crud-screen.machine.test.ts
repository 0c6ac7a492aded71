import { describe, expect, it } from 'vitest';
import { assign, createActor, enqueueActions, fromPromise, getNextSnapshot, raise, setup, SimulatedClock, stateIn } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Page } from '../domain/types';
import { createEditorMachine, type DeleteTarget, type FieldErrors, type SaveInput, type ValidateInput } from '../editor/editor.machine';
import { createListMachine, type BulkRequest, type ListQuery } from '../list/list.machine';
import { callbackActor } from '../testing/deferred';
import { shapeOf } from '../testing/graph';
import { createCrudScreenMachine, isJobActive, jobActor, type CrudScreenEmitted, type JobRequest } from './crud-screen.machine';

interface Row {
  id: string;
  name: string;
}
interface Values {
  name: string;
}

const machine = createCrudScreenMachine<Row, Values, Row>();
const UNDO_MS = 5000;
const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: `r${i + 1}`, name: `Row ${i + 1}` }));

interface Deferred<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** Fake actors the test settles by hand, and everything the parent emits. */
function harness(jobs: { onStart?: JobRequest[]; afterChange?: JobRequest[]; refreshAfter?: string[] } = {}) {
  const calls = {
    fetchPage: [] as Deferred<{ query: ListQuery }, Page<Row>>[],
    bulk: [] as Deferred<BulkRequest, unknown>[],
    save: [] as Deferred<SaveInput<Values>, Row>[],
    remove: [] as Deferred<DeleteTarget, unknown>[],
    job: [] as Deferred<JobRequest, unknown>[],
  };
  const deferred =
    <I, O>(into: Deferred<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => {
        into.push({ input, resolve, reject });
      });
  const clock = new SimulatedClock();
  // The screen's live stream (docs/live.md): what it sends the list.
  const live = callbackActor();
  const provided = machine.provide({
    actors: {
      list: createCrudListFake(deferred(calls.fetchPage), deferred(calls.bulk), live.logic),
      editor: createCrudEditorFake(deferred(calls.save), deferred(calls.remove)),
      job: fromPromise<unknown, JobRequest>(deferred(calls.job)),
    },
  });
  const actor = createActor(provided, {
    input: { list: { query: { pageSize: 10 } }, editor: { empty: { name: '' }, undoMs: UNDO_MS }, jobs },
    clock,
  });
  const emitted: CrudScreenEmitted<Row>[] = [];
  for (const type of [
    'crud.saved',
    'crud.delete.pending',
    'crud.delete.undone',
    'crud.deleted',
    'crud.delete.failed',
    'crud.bulk.done',
    'crud.bulk.failed',
    'crud.job.done',
    'crud.job.failed',
  ] as const) {
    actor.on(type, (e) => emitted.push(e));
  }
  actor.start();
  const child = () => {
    const { list, editor } = actor.getSnapshot().context;
    return { list, editor };
  };
  const last = <I, O>(into: Deferred<I, O>[]): Deferred<I, O> => {
    const d = into.at(-1);
    if (!d) throw new Error('no pending call');
    return d;
  };
  return { actor, calls, clock, emitted, child, last, live };
}

// The real list and editor logic, with their outside-world actors replaced (what the app's provide() does).
function createCrudListFake(
  fetchPage: (a: { input: { query: ListQuery } }) => Promise<Page<Row>>,
  bulk: (a: { input: BulkRequest }) => Promise<unknown>,
  liveEvents?: ReturnType<typeof callbackActor>['logic'],
) {
  const actors = { fetchPage: fromPromise(fetchPage), bulkAction: fromPromise(bulk) };
  return createListMachine<Row>().provide({ actors: liveEvents ? { ...actors, liveEvents } : actors });
}
function createCrudEditorFake(
  save: (a: { input: SaveInput<Values> }) => Promise<Row>,
  remove: (a: { input: DeleteTarget }) => Promise<unknown>,
) {
  return createEditorMachine<Values, Row>().provide({
    actors: {
      validate: fromPromise<FieldErrors, ValidateInput<Values>>(async ({ input }): Promise<FieldErrors> =>
        input.values.name.trim() === '' ? { name: 'required' } : {},
      ),
      save: fromPromise(save),
      remove: fromPromise(remove),
    },
  });
}

/** `confirmation/deletion/jobs/form`, e.g. `idle/pending/idle/open`. */
const label = (value: unknown) => {
  const v = value as { confirmation: string; deletion: string; jobs: string; form: string };
  return `${v.confirmation}/${v.deletion}/${v.jobs}/${v.form}`;
};

const settle = () => new Promise((r) => setTimeout(r, 0));
type H = ReturnType<typeof harness>;

async function loaded(h: H, rows = ROWS.slice(0, 10)) {
  h.last(h.calls.fetchPage).resolve({ items: rows, total: rows.length, page: 1, pageSize: 10 });
  await settle();
}

const visible = (h: H) => {
  const { items, hidden } = h.child().list.getSnapshot().context;
  return items.filter((r) => !hidden.includes(r.id)).map((r) => r.id);
};

describe('crud-screen machine: routing between list and editor', () => {
  it('after a save: the list reloads, the form closes, one crud.saved for the toast', async () => {
    const h = harness();
    await loaded(h);
    h.child().editor.send({ type: 'editor.open.create' });
    h.child().editor.send({ type: 'editor.change', values: { name: 'New row' } });
    h.child().editor.send({ type: 'editor.submit' });
    await settle();
    expect(h.last(h.calls.save).input).toEqual({ mode: 'create', id: null, values: { name: 'New row' }, version: null });
    const fetchesBefore = h.calls.fetchPage.length;
    h.last(h.calls.save).resolve({ id: 'r99', name: 'New row' });
    await settle();
    expect(h.calls.fetchPage.length).toBe(fetchesBefore + 1);
    expect(h.child().editor.getSnapshot().hasTag('open')).toBe(false);
    expect(h.emitted).toEqual([{ type: 'crud.saved', mode: 'create', record: { id: 'r99', name: 'New row' } }]);
  });

  it('a delete hides the row at once, offers undo, and undo shows it again with a crud.delete.undone notice', async () => {
    const h = harness();
    await loaded(h);
    h.child().editor.send({ type: 'editor.delete', target: { id: 'r2', label: 'Row 2' } });
    h.child().editor.send({ type: 'editor.delete.confirm' });
    await settle();
    expect(visible(h)).not.toContain('r2');
    expect(h.actor.getSnapshot().hasTag('undoable')).toBe(true);
    expect(h.child().editor.getSnapshot().can({ type: 'editor.undo', id: 'r2' })).toBe(true);
    h.child().editor.send({ type: 'editor.undo', id: 'r2' });
    await settle();
    expect(visible(h)).toContain('r2');
    expect(h.actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
    expect(h.calls.remove).toHaveLength(0);
    expect(h.emitted.map((e) => e.type)).toEqual(['crud.delete.pending', 'crud.delete.undone']);
  });

  it('after the undo window the row is deleted: it stays hidden (never flashes back) and the list reloads', async () => {
    const h = harness();
    await loaded(h);
    h.child().editor.send({ type: 'editor.delete', target: { id: 'r2', label: 'Row 2' } });
    h.child().editor.send({ type: 'editor.delete.confirm' });
    await settle();
    h.clock.increment(UNDO_MS);
    await settle();
    expect(h.last(h.calls.remove).input).toEqual({ id: 'r2', label: 'Row 2' });
    const fetchesBefore = h.calls.fetchPage.length;
    h.last(h.calls.remove).resolve(null);
    await settle();
    expect(visible(h)).not.toContain('r2');
    expect(h.calls.fetchPage.length).toBe(fetchesBefore + 1);
    await loaded(h, ROWS.filter((r) => r.id !== 'r2').slice(0, 10));
    expect(visible(h)).not.toContain('r2');
    expect(h.emitted.map((e) => e.type)).toEqual(['crud.delete.pending', 'crud.deleted']);
    expect(h.actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
  });

  it('a failed delete shows the row again, is dismissed in the editor, and is announced once', async () => {
    const h = harness();
    await loaded(h);
    h.child().editor.send({ type: 'editor.delete', target: { id: 'r3', label: 'Row 3' } });
    h.child().editor.send({ type: 'editor.delete.confirm' });
    await settle();
    h.clock.increment(UNDO_MS);
    await settle();
    const error = new Error('Server says no');
    h.last(h.calls.remove).reject(error);
    await settle();
    expect(visible(h)).toContain('r3');
    expect(h.child().editor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
    expect(h.emitted.at(-1)).toEqual({ type: 'crud.delete.failed', target: { id: 'r3', label: 'Row 3' }, error });
    // The next delete is asked normally (no stuck failure).
    h.child().editor.send({ type: 'editor.delete', target: { id: 'r4', label: 'Row 4' } });
    expect(h.child().editor.getSnapshot().matches({ deletion: 'confirming' })).toBe(true);
  });

  it('a second delete while one waits commits the first, then asks about the second', async () => {
    const h = harness();
    await loaded(h);
    h.child().editor.send({ type: 'editor.delete', target: { id: 'r1', label: 'Row 1' } });
    h.child().editor.send({ type: 'editor.delete.confirm' });
    await settle();
    h.child().editor.send({ type: 'editor.delete', target: { id: 'r5', label: 'Row 5' } });
    await settle();
    expect(h.last(h.calls.remove).input.id).toBe('r1');
    h.last(h.calls.remove).resolve(null);
    await settle();
    expect(h.actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
    h.child().editor.send({ type: 'editor.delete.confirm' });
    await settle();
    expect(h.child().editor.getSnapshot().context.pendingDelete).toEqual({ id: 'r5', label: 'Row 5' });
    expect(visible(h)).not.toContain('r1');
    expect(visible(h)).not.toContain('r5');
    expect(h.emitted.map((e) => e.type)).toEqual(['crud.delete.pending', 'crud.deleted', 'crud.delete.pending']);
  });

  it('delete A, delete B, then Undo from A’s toast: ignored, B stays pending and A stays deleted', async () => {
    const h = harness();
    await loaded(h);
    h.child().editor.send({ type: 'editor.delete', target: { id: 'r1', label: 'Row 1' } });
    h.child().editor.send({ type: 'editor.delete.confirm' });
    await settle();
    h.child().editor.send({ type: 'editor.delete', target: { id: 'r2', label: 'Row 2' } });
    await settle();
    h.last(h.calls.remove).resolve(null);
    await settle();
    h.child().editor.send({ type: 'editor.delete.confirm' });
    await settle();
    h.child().editor.send({ type: 'editor.undo', id: 'r1' });
    await settle();
    expect(h.child().editor.getSnapshot().context.pendingDelete).toEqual({ id: 'r2', label: 'Row 2' });
    expect(visible(h)).not.toContain('r2');
    expect(h.emitted.map((e) => e.type)).toEqual(['crud.delete.pending', 'crud.deleted', 'crud.delete.pending']);
    // B's own toast still undoes B.
    h.child().editor.send({ type: 'editor.undo', id: 'r2' });
    await settle();
    expect(visible(h)).toContain('r2');
    expect(h.emitted.at(-1)).toEqual({ type: 'crud.delete.undone', target: { id: 'r2', label: 'Row 2' } });
    expect(h.calls.remove.map((c) => c.input.id)).toEqual(['r1']);
  });

  it('bulk actions report done (and the list reloads itself) or failed', async () => {
    const h = harness();
    await loaded(h);
    h.child().list.send({ type: 'list.select.set', ids: ['r1', 'r2'] });
    h.child().list.send({ type: 'list.bulk', action: 'archive' });
    await settle();
    expect(h.last(h.calls.bulk).input).toEqual({ action: 'archive', ids: ['r1', 'r2'] });
    h.last(h.calls.bulk).resolve(null);
    await settle();
    expect(h.emitted).toEqual([{ type: 'crud.bulk.done', action: 'archive', count: 2 }]);
    await loaded(h);
    h.child().list.send({ type: 'list.select.set', ids: ['r3'] });
    h.child().list.send({ type: 'list.bulk.request', action: 'delete' });
    h.child().list.send({ type: 'list.bulk.confirm' });
    await settle();
    h.last(h.calls.bulk).reject(new Error('nope'));
    await settle();
    expect(h.emitted.at(-1)).toMatchObject({ type: 'crud.bulk.failed', action: 'delete' });
  });
});

describe('crud-screen machine: live reloads wait for the edit drawer', () => {
  const LIVE_DEBOUNCE_MS = 1000;

  it('events while the drawer is open reload nothing; closing it reloads once, however many arrived', async () => {
    const h = harness();
    await loaded(h);
    const fetches = h.calls.fetchPage.length;
    h.child().editor.send({ type: 'editor.open.edit', id: 'r1', values: { name: 'Row 1' } });
    expect(h.actor.getSnapshot().matches({ form: 'open' })).toBe(true);
    for (let i = 0; i < 3; i += 1) {
      h.live.emit({ type: 'list.live.stale' });
      h.clock.increment(LIVE_DEBOUNCE_MS * 3);
    }
    await settle();
    expect(h.calls.fetchPage.length).toBe(fetches);
    expect(visible(h)).toEqual(ROWS.slice(0, 10).map((r) => r.id));

    h.child().editor.send({ type: 'editor.close' });
    await settle();
    expect(h.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
    expect(h.calls.fetchPage.length).toBe(fetches + 1);
    await loaded(h);
    h.clock.increment(LIVE_DEBOUNCE_MS * 5);
    await settle();
    expect(h.calls.fetchPage.length).toBe(fetches + 1);
  });

  it('the discard question keeps the drawer open, and so the reload waiting', async () => {
    const h = harness();
    await loaded(h);
    const fetches = h.calls.fetchPage.length;
    h.child().editor.send({ type: 'editor.open.edit', id: 'r1', values: { name: 'Row 1' } });
    h.child().editor.send({ type: 'editor.change', values: { name: 'Row one' } });
    h.live.emit({ type: 'list.live.stale' });
    h.child().editor.send({ type: 'editor.close' });
    h.clock.increment(LIVE_DEBOUNCE_MS * 3);
    await settle();
    expect(h.calls.fetchPage.length).toBe(fetches);
    h.child().editor.send({ type: 'editor.discard.confirm' });
    await settle();
    expect(h.calls.fetchPage.length).toBe(fetches + 1);
  });

  it('a save in flight holds it too; the save’s own reload serves the events (one reload)', async () => {
    const h = harness();
    await loaded(h);
    const fetches = h.calls.fetchPage.length;
    h.child().editor.send({ type: 'editor.open.edit', id: 'r1', values: { name: 'Row 1' } });
    h.child().editor.send({ type: 'editor.change', values: { name: 'Row one' } });
    h.child().editor.send({ type: 'editor.submit' });
    await settle();
    h.live.emit({ type: 'list.live.stale' });
    h.clock.increment(LIVE_DEBOUNCE_MS * 3);
    await settle();
    expect(h.calls.fetchPage.length).toBe(fetches);

    h.last(h.calls.save).resolve({ id: 'r1', name: 'Row one' });
    await settle();
    expect(h.actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
    expect(h.calls.fetchPage.length).toBe(fetches + 1);
    await loaded(h);
    h.clock.increment(LIVE_DEBOUNCE_MS * 5);
    await settle();
    expect(h.calls.fetchPage.length).toBe(fetches + 1);
  });

  it('with the drawer closed a burst still reloads once after the quiet delay', async () => {
    const h = harness();
    await loaded(h);
    const fetches = h.calls.fetchPage.length;
    h.live.emit({ type: 'list.live.stale' });
    h.live.emit({ type: 'list.live.stale' });
    h.clock.increment(LIVE_DEBOUNCE_MS);
    await settle();
    expect(h.calls.fetchPage.length).toBe(fetches + 1);
  });
});

describe('crud-screen machine: jobs', () => {
  it('runs the start jobs, queues jobs asked for while one runs, drops an identical one, and announces each outcome', async () => {
    const h = harness({ onStart: [{ job: 'tags' }] });
    expect(h.calls.job.map((c) => c.input)).toEqual([{ job: 'tags' }]);
    h.actor.send({ type: 'crud.job', request: { job: 'export', input: { page: 1 } } });
    h.actor.send({ type: 'crud.job', request: { job: 'export', input: { page: 1 } } });
    h.actor.send({ type: 'crud.job', request: { job: 'tags' } });
    expect(h.actor.getSnapshot().context.jobQueue).toEqual([{ job: 'export', input: { page: 1 } }]);
    expect(isJobActive(h.actor.getSnapshot().context, 'export')).toBe(true);
    h.last(h.calls.job).resolve({ items: ['a'] });
    await settle();
    expect(h.calls.job.map((c) => c.input.job)).toEqual(['tags', 'export']);
    h.last(h.calls.job).reject(new Error('export failed'));
    await settle();
    expect(h.emitted).toEqual([
      { type: 'crud.job.done', result: { job: 'tags', output: { items: ['a'] } } },
      { type: 'crud.job.failed', request: { job: 'export', input: { page: 1 } }, error: new Error('export failed') },
    ]);
    expect(h.actor.getSnapshot().matches({ jobs: 'idle' })).toBe(true);
    expect(h.actor.getSnapshot().context.outputs).toEqual({ tags: { items: ['a'] } });
  });

  it('a job that asks first waits in confirmation.asking; cancel runs nothing, confirm runs it (with the answer’s input)', async () => {
    const h = harness();
    await loaded(h);
    h.actor.send({ type: 'crud.job.request', request: { job: 'disable', input: { id: 'r1' } }, label: 'Row 1' });
    expect(h.actor.getSnapshot().matches({ confirmation: 'asking' })).toBe(true);
    expect(h.actor.getSnapshot().context.askedJob).toEqual({ request: { job: 'disable', input: { id: 'r1' } }, label: 'Row 1' });
    h.actor.send({ type: 'crud.job.cancel' });
    expect(h.actor.getSnapshot().matches({ confirmation: 'idle' })).toBe(true);
    expect(h.actor.getSnapshot().context.askedJob).toBeNull();
    expect(h.calls.job).toHaveLength(0);

    h.actor.send({ type: 'crud.job.request', request: { job: 'disable', input: { id: 'r1' } }, label: 'Row 1' });
    h.actor.send({ type: 'crud.job.confirm' });
    await settle();
    expect(h.calls.job.map((c) => c.input)).toEqual([{ job: 'disable', input: { id: 'r1' } }]);
    // The question stays until its job answers.
    expect(h.actor.getSnapshot().matches({ confirmation: 'running' })).toBe(true);
    h.last(h.calls.job).resolve('ok');
    await settle();
    expect(h.actor.getSnapshot().matches({ confirmation: 'idle' })).toBe(true);
    expect(h.actor.getSnapshot().context.askedJob).toBeNull();

    h.actor.send({ type: 'crud.job.request', request: { job: 'suspend', input: { id: 'r2', reason: '' } }, label: 'Row 2' });
    h.actor.send({ type: 'crud.job.confirm', request: { job: 'suspend', input: { id: 'r2', reason: 'Invoice overdue' } } });
    await settle();
    h.last(h.calls.job).resolve('ok');
    await settle();
    expect(h.calls.job.map((c) => c.input)).toEqual([
      { job: 'disable', input: { id: 'r1' } },
      { job: 'suspend', input: { id: 'r2', reason: 'Invoice overdue' } },
    ]);
    // A confirm with no open question does nothing.
    h.actor.send({ type: 'crud.job.confirm' });
    await settle();
    expect(h.calls.job).toHaveLength(2);
  });

  it('a confirmed job that fails asks again, with the answer kept and the error; a job before it does not close the question', async () => {
    const h = harness();
    await loaded(h);
    h.actor.send({ type: 'crud.job', request: { job: 'export' } });
    h.actor.send({ type: 'crud.job.request', request: { job: 'suspend', input: { id: 'r2', reason: '' } }, label: 'Row 2' });
    h.actor.send({ type: 'crud.job.confirm', request: { job: 'suspend', input: { id: 'r2', reason: 'Invoice overdue' } } });
    h.last(h.calls.job).resolve('exported');
    await settle();
    expect(h.actor.getSnapshot().matches({ confirmation: 'running' })).toBe(true);
    const error = new Error('Server says no');
    h.last(h.calls.job).reject(error);
    await settle();
    expect(h.actor.getSnapshot().matches({ confirmation: 'asking' })).toBe(true);
    expect(h.actor.getSnapshot().context.askedJob).toEqual({
      request: { job: 'suspend', input: { id: 'r2', reason: 'Invoice overdue' } },
      label: 'Row 2',
      error,
    });
    // Asked again: a new confirm runs it again without the old error.
    h.actor.send({ type: 'crud.job.confirm' });
    await settle();
    expect(h.last(h.calls.job).input).toEqual({ job: 'suspend', input: { id: 'r2', reason: 'Invoice overdue' } });
    expect(h.actor.getSnapshot().context.askedJob?.error).toBeUndefined();
  });

  it('jobActor: a screen’s job actor gets each request typed by its jobs, and its answer is the job’s output', async () => {
    type Jobs = { export: { input: { page: number }; output: { rows: number } }; tags: { input: undefined; output: string[] } };
    const typed = createCrudScreenMachine<Row, Values, Row, Jobs>();
    const seen: string[] = [];
    const actor = createActor(
      typed.provide({
        actors: {
          list: createCrudListFake(
            async () => ({ items: [], total: 0, page: 1, pageSize: 10 }),
            async () => null,
          ),
          job: jobActor<Jobs>(async (request) => {
            seen.push(request.job);
            return request.job === 'export' ? { rows: request.input.page * 10 } : ['a'];
          }),
        },
      }),
      { input: { editor: { empty: { name: '' } }, jobs: { onStart: [{ job: 'tags' }] } } },
    );
    const done: unknown[] = [];
    actor.on('crud.job.done', (e) => done.push(e.result));
    actor.start();
    actor.send({ type: 'crud.job', request: { job: 'export', input: { page: 2 } } });
    await settle();
    await settle();
    expect(seen).toEqual(['tags', 'export']);
    expect(done).toEqual([
      { job: 'tags', output: ['a'] },
      { job: 'export', input: { page: 2 }, output: { rows: 20 } },
    ]);
    expect(actor.getSnapshot().context.outputs).toEqual({ tags: ['a'], export: { rows: 20 } });
    actor.stop();
  });

  it('runs the afterChange jobs after a save, and reloads the list after a refreshAfter job', async () => {
    const h = harness({ afterChange: [{ job: 'tags' }], refreshAfter: ['toggle'] });
    await loaded(h);
    h.child().editor.send({ type: 'editor.open.edit', id: 'r1', values: { name: 'Row 1' } });
    h.child().editor.send({ type: 'editor.change', values: { name: 'Row one' } });
    h.child().editor.send({ type: 'editor.submit' });
    await settle();
    h.last(h.calls.save).resolve({ id: 'r1', name: 'Row one' });
    await settle();
    expect(h.last(h.calls.job).input).toEqual({ job: 'tags' });
    h.last(h.calls.job).resolve({ items: [] });
    await loaded(h);
    const fetches = h.calls.fetchPage.length;
    h.actor.send({ type: 'crud.job', request: { job: 'toggle', input: { id: 'r1' } } });
    h.last(h.calls.job).resolve(null);
    await settle();
    expect(h.calls.fetchPage.length).toBe(fetches + 1);
  });
});

/**
 * The parent's graph without invokes or spawns, so xstate/graph can walk it. Its events are what the parent
 * receives: its own jobs (from the view) and what the children report (sendParent). Each is something the test
 * does to the real screen (`perform` below): send a view event to a child, settle a fake, or let the undo
 * window run out, until the child reports it.
 */
type ModelEvent =
  | { type: 'editor.saved' }
  | { type: 'editor.delete.pending' }
  | { type: 'editor.delete.undone' }
  | { type: 'editor.deleted' }
  | { type: 'editor.delete.failed' }
  | { type: 'list.bulk.done' }
  | { type: 'list.bulk.failed' }
  | { type: 'crud.job' }
  | { type: 'crud.job.request' }
  | { type: 'crud.job.confirm' }
  | { type: 'crud.job.cancel' }
  | { type: 'xstate.done.actor.job' }
  | { type: 'xstate.error.actor.job' }
  | { type: 'editor.form.opened' }
  | { type: 'editor.form.closed' }
  /** Raised by the jobs region (not performed): how the current job ended. */
  | { type: 'crud.job.settled'; failed: boolean; asked: boolean };

interface ModelContext {
  /** Jobs waiting (at most one in the model). */
  queued: number;
  /** Where the confirmed job is: running now, waiting in the queue, or none. */
  asked: 'none' | 'current' | 'queued';
}

const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  actions: {
    /** The jobs region tells the confirmation region how the current job ended, and whether it was the asked one. */
    settle: enqueueActions(({ context, enqueue }, { failed }: { failed: boolean }) => {
      enqueue.raise({ type: 'crud.job.settled', failed, asked: context.asked === 'current' });
      if (context.asked === 'current') enqueue.assign({ asked: 'none' });
    }),
  },
  guards: {
    isDeletionIdle: stateIn({ deletion: 'idle' }),
    isFormClosed: stateIn({ form: 'closed' }),
    isPending: stateIn({ deletion: 'pending' }),
    canQueue: ({ context }) => context.queued < 1,
    hasQueued: ({ context }) => context.queued > 0,
    isAskedDone: ({ event }) => event.type === 'crud.job.settled' && event.asked && !event.failed,
    isAskedFailed: ({ event }) => event.type === 'crud.job.settled' && event.asked && event.failed,
  },
}).createMachine({
  id: 'model',
  type: 'parallel',
  context: { queued: 0, asked: 'none' },
  on: {
    // The model saves a record it opens for that (a save of the open drawer closes it: a focused test).
    'editor.saved': { guard: 'isFormClosed' },
    'list.bulk.done': {},
    'list.bulk.failed': {},
  },
  states: {
    confirmation: {
      initial: 'idle',
      states: {
        idle: { on: { 'crud.job.request': { target: 'asking' } } },
        asking: {
          on: {
            // The answer runs the job (not modelled past the queue's one place).
            'crud.job.confirm': {
              guard: 'canQueue',
              target: 'running',
              actions: [assign({ asked: 'queued' }), raise({ type: 'crud.job' })],
            },
            'crud.job.cancel': { target: 'idle' },
          },
        },
        running: {
          on: {
            'crud.job.settled': [
              { guard: 'isAskedDone', target: 'idle' },
              { guard: 'isAskedFailed', target: 'asking' },
            ],
          },
        },
      },
    },
    deletion: {
      initial: 'idle',
      on: {
        // The model starts a delete only from idle (a second one while one waits is a focused test).
        'editor.delete.pending': { guard: 'isDeletionIdle', target: '.pending' },
        // The model reports a delete's end only while one waits (the real editor never reports one otherwise).
        'editor.deleted': { guard: 'isPending', target: '.idle' },
        'editor.delete.failed': { guard: 'isPending', target: '.idle' },
      },
      states: {
        idle: {},
        pending: {
          on: { 'editor.delete.undone': { target: 'idle' } },
        },
      },
    },
    form: {
      initial: 'closed',
      states: {
        closed: { on: { 'editor.form.opened': { target: 'open' } } },
        open: { on: { 'editor.form.closed': { target: 'closed' } } },
      },
    },
    jobs: {
      initial: 'idle',
      states: {
        idle: {
          // A confirmed job waits in the queue or starts at once (the queue holds one: when the asked one waits, it is that one).
          always: {
            guard: 'hasQueued',
            target: 'running',
            actions: assign(({ context }) => ({
              queued: context.queued - 1,
              asked: context.asked === 'queued' ? 'current' : context.asked,
            })),
          },
          on: {
            'crud.job': {
              target: 'running',
              actions: assign(({ context }) => ({ asked: context.asked === 'queued' ? 'current' : context.asked })),
            },
          },
        },
        running: {
          on: {
            'xstate.done.actor.job': { target: 'idle', actions: { type: 'settle', params: { failed: false } } },
            'xstate.error.actor.job': { target: 'idle', actions: { type: 'settle', params: { failed: true } } },
            'crud.job': { guard: 'canQueue', actions: assign(({ context }) => ({ queued: context.queued + 1 })) },
          },
        },
      },
    },
  },
});

const MODEL_EVENTS: ModelEvent[] = (
  [
    'editor.saved',
    'editor.delete.pending',
    'editor.delete.undone',
    'editor.deleted',
    'editor.delete.failed',
    'list.bulk.done',
    'list.bulk.failed',
    'crud.job',
    'crud.job.request',
    'crud.job.confirm',
    'crud.job.cancel',
    'xstate.done.actor.job',
    'xstate.error.actor.job',
    'editor.form.opened',
    'editor.form.closed',
  ] as const
).map((type) => ({ type }));

describe('crud-screen machine: model-based', () => {
  it('has the same states and edges as its test model', () => {
    expect(shapeOf(model)).toEqual(shapeOf(machine));
  });

  /** The test's world besides the actor: which row is next to delete, which job name is next. */
  interface World {
    h: H;
    nextRow: number;
    nextJob: number;
    pending: string | null;
  }

  async function perform(w: World, event: ModelEvent) {
    const { h } = w;
    const { list, editor } = h.child();
    switch (event.type) {
      case 'editor.delete.pending': {
        // The view asks the editor, the user confirms: the editor reports the pending delete.
        const row = ROWS[w.nextRow++ % ROWS.length] as Row;
        const target = { id: row.id, label: row.name };
        w.pending = target.id;
        editor.send({ type: 'editor.delete', target });
        expect(editor.getSnapshot().context.deleteCandidate).toEqual(target);
        editor.send({ type: 'editor.delete.confirm' });
        break;
      }
      case 'editor.delete.undone':
        // The toast's Undo, sent to the editor with its row.
        editor.send({ type: 'editor.undo', id: w.pending ?? '' });
        break;
      case 'editor.deleted':
        h.clock.increment(UNDO_MS);
        await settle();
        h.last(h.calls.remove).resolve(null);
        break;
      case 'editor.delete.failed':
        h.clock.increment(UNDO_MS);
        await settle();
        h.last(h.calls.remove).reject(new Error('refused'));
        break;
      case 'editor.saved':
        editor.send({ type: 'editor.open.create' });
        editor.send({ type: 'editor.change', values: { name: 'Saved' } });
        editor.send({ type: 'editor.submit' });
        await settle();
        h.last(h.calls.save).resolve({ id: 'new', name: 'Saved' });
        break;
      case 'list.bulk.done':
        list.send({ type: 'list.select.set', ids: ['r10'] });
        list.send({ type: 'list.bulk', action: 'archive' });
        await settle();
        h.last(h.calls.bulk).resolve(null);
        break;
      case 'list.bulk.failed':
        // A bulk that asks first, confirmed.
        list.send({ type: 'list.select.set', ids: ['r9'] });
        list.send({ type: 'list.bulk.request', action: 'delete' });
        expect(list.getSnapshot().matches({ data: 'confirmingBulk' })).toBe(true);
        list.send({ type: 'list.bulk.confirm' });
        await settle();
        h.last(h.calls.bulk).reject(new Error('bulk refused'));
        break;
      case 'crud.job':
        h.actor.send({ type: 'crud.job', request: { job: `job-${w.nextJob++}` } });
        break;
      case 'crud.job.request':
        h.actor.send({ type: 'crud.job.request', request: { job: `job-${w.nextJob++}` }, label: 'Row 1' });
        expect(h.actor.getSnapshot().context.askedJob?.label).toBe('Row 1');
        break;
      case 'crud.job.confirm':
        h.actor.send({ type: 'crud.job.confirm' });
        break;
      case 'crud.job.cancel':
        h.actor.send({ type: 'crud.job.cancel' });
        expect(h.actor.getSnapshot().context.askedJob).toBeNull();
        break;
      case 'xstate.done.actor.job':
        h.last(h.calls.job).resolve('ok');
        break;
      case 'xstate.error.actor.job':
        h.last(h.calls.job).reject(new Error('job failed'));
        break;
      case 'editor.form.opened':
        // A row the model never deletes, so only the view closes its drawer.
        editor.send({ type: 'editor.open.edit', id: 'open-row', values: { name: 'Open row' } });
        break;
      case 'editor.form.closed':
        editor.send({ type: 'editor.close' });
        break;
      case 'crud.job.settled':
        throw new Error('raised by the machine, never performed');
    }
    await settle();
    // Every list load answers, so the list is quiet between steps.
    if (list.getSnapshot().matches({ data: 'loading' })) await loaded(h);
  }

  const paths = getShortestPaths(model, { events: MODEL_EVENTS });
  const cases: { name: string; events: ModelEvent[] }[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    const prefix = path.steps.map((s) => s.event).filter((e) => (e.type as string) !== 'xstate.init') as ModelEvent[];
    for (const event of MODEL_EVENTS) {
      if (!path.state.can(event)) continue;
      const key = `${label(path.state.value)} --${event.type}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const next = getNextSnapshot(model, path.state, event);
      cases.push({ name: `${key}--> ${label(next.value)}`, events: [...prefix, event] });
    }
  }

  it('reaches every state of the machine', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    // confirmation × deletion × jobs, except a confirmed job that is not running (it runs or waits for the one running), × form.
    expect(reached.size).toBe(20);
  });

  it.each(cases)('$name', async ({ events }) => {
    const h = harness();
    await loaded(h);
    const w: World = { h, nextRow: 0, nextJob: 0, pending: null };
    let state = model.resolveState({
      value: { confirmation: 'idle', deletion: 'idle', jobs: 'idle', form: 'closed' },
      context: { queued: 0, asked: 'none' },
    });
    for (const event of events) {
      state = getNextSnapshot(model, state, event);
      await perform(w, event);
      const real = h.actor.getSnapshot();
      expect(real.value, `after ${event.type}`).toEqual(state.value);
      // Observable invariants of the contract after every step.
      const hidden = h.child().list.getSnapshot().context.hidden;
      const editor = h.child().editor.getSnapshot();
      const pending = editor.context.pendingDelete;
      if (real.matches({ deletion: 'pending' })) expect(hidden).toContain(pending?.id);
      // The list's live reloads are held exactly while the editor's drawer is open.
      expect(editor.hasTag('open')).toBe(real.matches({ form: 'open' }));
      expect(h.child().list.getSnapshot().context.liveHeld).toBe(real.matches({ form: 'open' }));
      // The toast's Undo (sent to the editor) is accepted exactly while the parent shows a delete pending.
      expect(editor.can({ type: 'editor.undo', id: pending?.id ?? '' })).toBe(real.matches({ deletion: 'pending' }));
      // One undo toast contract: every pending delete ends in exactly one undone, deleted or failed notice.
      const count = (...types: string[]) => h.emitted.filter((e) => types.includes(e.type)).length;
      const open = count('crud.delete.pending') - count('crud.delete.undone', 'crud.deleted', 'crud.delete.failed');
      expect(open).toBe(real.matches({ deletion: 'pending' }) ? 1 : 0);
    }
    h.actor.stop();
  });
});
