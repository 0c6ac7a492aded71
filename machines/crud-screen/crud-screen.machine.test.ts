import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createCrudScreenMachine, isJobActive, jobActor } from './crud-screen.machine';
import { type Row, type Values, UNDO_MS, ROWS, harness, createCrudListFake, settle, loaded, visible } from './crud-screen.harness';

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
