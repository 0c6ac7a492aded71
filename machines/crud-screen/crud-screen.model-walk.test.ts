import { describe, expect, it } from 'vitest';
import { assign, enqueueActions, getNextSnapshot, raise, setup, stateIn } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { shapeOf } from '../testing/graph';
import { type Row, machine, UNDO_MS, ROWS, harness, label, settle, type H, loaded } from './crud-screen.harness';

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
