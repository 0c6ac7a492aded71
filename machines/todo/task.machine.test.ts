import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { taskMachine, type TaskReport, type UpdateTaskInput } from './task.machine';
import type { Task } from './types';

const TASK: Task = {
  id: 7,
  title: 'Original',
  desc: '<p>Body</p>',
  tags: ['doc'],
  isImportant: false,
  isStarred: false,
  isCompleted: false,
  isTrashed: false,
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fake server: every update waits until the test answers it, and answers merge like Mirage. */
function fakeServer(initial: Task = TASK) {
  let stored = { ...initial };
  const calls: { input: UpdateTaskInput; resolve: () => void; reject: (status?: number) => void }[] = [];
  const updateTask = fromPromise<Task, UpdateTaskInput>(
    ({ input }) =>
      new Promise<Task>((resolve, reject) => {
        calls.push({
          input,
          resolve: () => {
            stored = { ...stored, ...input.patch };
            resolve({ ...stored });
          },
          reject: (status = 500) => reject(Object.assign(new Error('Server refused'), { status })),
        });
      }),
  );
  const pending = () => calls.filter((c) => !('done' in c));
  return { updateTask, calls, pending, stored: () => stored };
}

/** A stand-in for the list: runs the task as its child and records what the task reports to it (sendParent). */
function withRecordingParent(task: Task, updateTask: ReturnType<typeof fakeServer>['updateTask']) {
  const notices: TaskReport[] = [];
  const parentMachine = setup({
    types: { events: {} as TaskReport },
    actors: { task: taskMachine.provide({ actors: { updateTask } }) },
  }).createMachine({
    invoke: { id: 'task', src: 'task', input: { task } },
    on: { '*': { actions: ({ event }) => notices.push(event) } },
  });
  const parent = createActor(parentMachine).start();
  const actor = parent.getSnapshot().children.task;
  if (!actor) throw new Error('the parent did not start the task');
  return { actor, notices };
}

function start(task: Task = TASK) {
  const server = fakeServer(task);
  const { actor, notices } = withRecordingParent(task, server.updateTask);
  let answered = 0;
  const answer = async (ok: boolean, status?: number) => {
    const call = server.calls[answered];
    if (!call) throw new Error('no pending update to answer');
    answered += 1;
    if (ok) call.resolve();
    else call.reject(status);
    await flush();
  };
  return { actor, server, notices, answer };
}

describe('task actor: flags', () => {
  it('shows a star at once, sends only that flag, and confirms it to the parent', async () => {
    const { actor, server, notices, answer } = start();
    actor.send({ type: 'task.toggle', flag: 'isStarred' });
    expect(actor.getSnapshot().matches('syncing')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.task.isStarred).toBe(true);
    expect(actor.getSnapshot().context.saved.isStarred).toBe(false);
    expect(server.calls[0]?.input).toEqual({ id: 7, patch: { isStarred: true } });
    await answer(true);
    expect(actor.getSnapshot().matches('viewing')).toBe(true);
    expect(actor.getSnapshot().context.saved.isStarred).toBe(true);
    expect(notices).toEqual([{ type: 'task.updated', task: { ...TASK, isStarred: true } }]);
  });

  it.each(['isImportant', 'isCompleted'] as const)('toggles %s the same way, both directions', async (flag) => {
    const { actor, server, answer } = start({ ...TASK, [flag]: true });
    actor.send({ type: 'task.toggle', flag });
    expect(actor.getSnapshot().context.task[flag]).toBe(false);
    expect(server.calls[0]?.input.patch).toEqual({ [flag]: false });
    await answer(true);
    expect(actor.getSnapshot().context.saved[flag]).toBe(false);
  });

  it('rolls back when the server refuses and tells the parent what failed', async () => {
    const { actor, notices, answer } = start();
    actor.send({ type: 'task.toggle', flag: 'isImportant' });
    expect(actor.getSnapshot().context.task.isImportant).toBe(true);
    await answer(false, 503);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('viewing')).toBe(true);
    expect(snapshot.context.task).toEqual(TASK);
    expect(notices).toEqual([
      { type: 'task.failed', task: TASK, change: 'isImportant', error: { message: 'Server refused', status: 503 } },
    ]);
  });

  it('queues a second change made while the first is on its way, and sends it next', async () => {
    const { actor, server, notices, answer } = start();
    actor.send({ type: 'task.toggle', flag: 'isStarred' });
    actor.send({ type: 'task.toggle', flag: 'isCompleted' });
    expect(actor.getSnapshot().context.task).toMatchObject({ isStarred: true, isCompleted: true });
    expect(server.calls).toHaveLength(1);
    await answer(true);
    // The first answer does not undo the queued change on screen.
    expect(actor.getSnapshot().context.task).toMatchObject({ isStarred: true, isCompleted: true });
    expect(actor.getSnapshot().matches('syncing')).toBe(true);
    expect(server.calls[1]?.input).toEqual({ id: 7, patch: { isCompleted: true } });
    await answer(true);
    expect(actor.getSnapshot().matches('viewing')).toBe(true);
    expect(server.stored()).toMatchObject({ isStarred: true, isCompleted: true });
    expect(notices.map((n) => n.type)).toEqual(['task.updated']);
  });

  it('rolls a refused queued change back to the last confirmed task', async () => {
    const { actor, answer } = start();
    actor.send({ type: 'task.toggle', flag: 'isStarred' });
    actor.send({ type: 'task.toggle', flag: 'isImportant' });
    await answer(true);
    await answer(false);
    expect(actor.getSnapshot().context.task).toEqual({ ...TASK, isStarred: true });
  });

  it('trashes and restores; each only from the matching side', async () => {
    const { actor, server, answer } = start();
    expect(actor.getSnapshot().can({ type: 'task.restore' })).toBe(false);
    actor.send({ type: 'task.restore' });
    expect(server.calls).toHaveLength(0);
    actor.send({ type: 'task.trash' });
    expect(server.calls[0]?.input.patch).toEqual({ isTrashed: true });
    await answer(true);
    expect(actor.getSnapshot().context.saved.isTrashed).toBe(true);
    expect(actor.getSnapshot().can({ type: 'task.trash' })).toBe(false);
    actor.send({ type: 'task.restore' });
    expect(server.calls[1]?.input.patch).toEqual({ isTrashed: false });
    await answer(true);
    expect(actor.getSnapshot().context.saved.isTrashed).toBe(false);
  });

  it('reports a refused trash as an isTrashed rollback', async () => {
    const { actor, notices, answer } = start();
    actor.send({ type: 'task.trash' });
    await answer(false, 404);
    expect(actor.getSnapshot().context.task.isTrashed).toBe(false);
    expect(notices[0]).toMatchObject({ type: 'task.failed', change: 'isTrashed', error: { status: 404 } });
  });
});

describe('task actor: editing', () => {
  it('edits a draft, refuses a blank title, and saves the trimmed draft', async () => {
    const { actor, server, notices, answer } = start();
    actor.send({ type: 'task.edit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().hasTag('drawer')).toBe(true);
    expect(actor.getSnapshot().context.draft).toEqual({ title: 'Original', desc: '<p>Body</p>', tags: ['doc'] });
    expect(actor.getSnapshot().can({ type: 'task.toggle', flag: 'isStarred' })).toBe(false);

    actor.send({ type: 'edit.change', patch: { title: '   ' } });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.draftErrors).toEqual({ title: 'required' });
    expect(server.calls).toHaveLength(0);

    actor.send({ type: 'edit.change', patch: { title: '  Renamed ' } });
    expect(actor.getSnapshot().context.draftErrors).toEqual({});
    actor.send({ type: 'edit.change', patch: { tags: ['bug', 'doc'] } });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(server.calls[0]?.input).toEqual({ id: 7, patch: { title: 'Renamed', desc: '<p>Body</p>', tags: ['bug', 'doc'] } });
    await answer(true);
    expect(actor.getSnapshot().matches('viewing')).toBe(true);
    expect(actor.getSnapshot().context.task.title).toBe('Renamed');
    expect(actor.getSnapshot().context.draft).toBeNull();
    expect(notices.map((n) => n.type)).toEqual(['task.updated', 'task.editClosed']);
  });

  it('refuses a title longer than 200 characters', () => {
    const { actor } = start();
    actor.send({ type: 'task.edit' });
    actor.send({ type: 'edit.change', patch: { title: 'x'.repeat(201) } });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().context.draftErrors).toEqual({ title: 'tooLong' });
  });

  it('keeps the draft after a failed save; retry saves it', async () => {
    const { actor, server, answer } = start();
    actor.send({ type: 'task.edit' });
    actor.send({ type: 'edit.change', patch: { title: 'Typed' } });
    actor.send({ type: 'edit.save' });
    await answer(false, 500);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().hasTag('drawer')).toBe(true);
    expect(actor.getSnapshot().context.draft?.title).toBe('Typed');
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Server refused', status: 500 });
    actor.send({ type: 'edit.retry' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    expect(server.calls[1]?.input.patch.title).toBe('Typed');
    await answer(true);
    expect(actor.getSnapshot().context.saved.title).toBe('Typed');
  });

  it('rolls a failed save back to the confirmed task', async () => {
    const { actor, notices, answer } = start();
    actor.send({ type: 'task.edit' });
    actor.send({ type: 'edit.change', patch: { title: 'Typed' } });
    actor.send({ type: 'edit.save' });
    await answer(false);
    actor.send({ type: 'edit.rollback' });
    expect(actor.getSnapshot().matches('viewing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ task: TASK, draft: null, error: null });
    expect(notices).toEqual([{ type: 'task.editClosed', id: 7 }]);
  });

  it('goes back to editing, draft kept, when the user types after a failure', async () => {
    const { actor, answer } = start();
    actor.send({ type: 'task.edit' });
    actor.send({ type: 'edit.change', patch: { title: 'Typed' } });
    actor.send({ type: 'edit.save' });
    await answer(false);
    actor.send({ type: 'edit.change', patch: { desc: 'more' } });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.draft).toMatchObject({ title: 'Typed', desc: 'more' });
  });

  it('cancels an edit without calling the server', () => {
    const { actor, server, notices } = start();
    actor.send({ type: 'task.edit' });
    actor.send({ type: 'edit.change', patch: { title: 'Typed' } });
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().matches('viewing')).toBe(true);
    expect(actor.getSnapshot().context.task).toEqual(TASK);
    expect(server.calls).toHaveLength(0);
    expect(notices).toEqual([{ type: 'task.editClosed', id: 7 }]);
  });
});

/**
 * An abstract model of the task actor without invokes (so xstate/graph can walk it): the server's answers
 * are events here. Every shortest path to every model state is replayed against the real actor.
 */
interface ModelContext {
  shownStar: boolean;
  confirmedStar: boolean;
  sentStar: boolean;
  queuedStar: boolean | null;
  draftTitle: string;
  savedTitle: string;
  errorShown: boolean;
}

const taskModel = setup({
  types: {
    context: {} as ModelContext,
    events: {} as
      | { type: 'STAR' }
      | { type: 'EDIT' }
      | { type: 'TYPE_BLANK' }
      | { type: 'TYPE_TITLE' }
      | { type: 'SAVE' }
      | { type: 'CANCEL' }
      | { type: 'RETRY' }
      | { type: 'ROLLBACK' }
      | { type: 'SERVER_OK' }
      | { type: 'SERVER_FAIL' },
  },
  guards: {
    hasQueue: ({ context }) => context.queuedStar !== null,
    canQueue: ({ context }) => context.queuedStar === null,
    isDraftValid: ({ context }) => context.draftTitle.trim() !== '',
  },
  actions: {
    clearDraft: assign({ draftTitle: '', errorShown: false }),
  },
}).createMachine({
  id: 'taskModel',
  context: {
    shownStar: false,
    confirmedStar: false,
    sentStar: false,
    queuedStar: null,
    draftTitle: '',
    savedTitle: 'Original',
    errorShown: false,
  },
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        STAR: { target: 'syncing', actions: assign(({ context }) => ({ shownStar: !context.shownStar, sentStar: !context.shownStar })) },
        EDIT: { target: 'editing', actions: assign(({ context }) => ({ draftTitle: context.savedTitle, errorShown: false })) },
      },
    },
    syncing: {
      on: {
        STAR: { guard: 'canQueue', actions: assign(({ context }) => ({ shownStar: !context.shownStar, queuedStar: !context.shownStar })) },
        SERVER_OK: [
          {
            guard: 'hasQueue',
            actions: assign(({ context }) => ({
              confirmedStar: context.sentStar,
              sentStar: context.queuedStar ?? context.sentStar,
              queuedStar: null,
            })),
          },
          { target: 'viewing', actions: assign(({ context }) => ({ confirmedStar: context.sentStar, sentStar: false })) },
        ],
        SERVER_FAIL: {
          target: 'viewing',
          actions: assign(({ context }) => ({ shownStar: context.confirmedStar, queuedStar: null, sentStar: false })),
        },
      },
    },
    editing: {
      on: {
        TYPE_BLANK: { actions: assign({ draftTitle: '', errorShown: false }) },
        TYPE_TITLE: { actions: assign({ draftTitle: 'Renamed', errorShown: false }) },
        SAVE: [{ guard: 'isDraftValid', target: 'saving' }, { actions: assign({ errorShown: true }) }],
        CANCEL: { target: 'viewing', actions: 'clearDraft' },
      },
    },
    saving: {
      on: {
        SERVER_OK: { target: 'viewing', actions: [assign(({ context }) => ({ savedTitle: context.draftTitle })), 'clearDraft'] },
        SERVER_FAIL: { target: 'failed' },
      },
    },
    failed: {
      on: {
        RETRY: { target: 'saving' },
        TYPE_TITLE: { target: 'editing', actions: assign({ draftTitle: 'Renamed' }) },
        ROLLBACK: { target: 'viewing', actions: 'clearDraft' },
        CANCEL: { target: 'viewing', actions: 'clearDraft' },
      },
    },
  },
});

describe('task actor: every model path', () => {
  const paths = createTestModel(taskModel).getShortestPaths();

  it('covers every state of the real machine and every model transition', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(Object.keys(taskMachine.config.states ?? {}).sort());
    const taken = new Set<string>();
    for (const path of paths) {
      path.steps.forEach((step, i) => {
        const from = i === 0 ? 'init' : String(path.steps[i - 1]?.state.value);
        taken.add(`${from} ${step.event.type}`);
      });
    }
    const declared = Object.entries(taskModel.config.states ?? {}).flatMap(([name, node]) =>
      Object.keys(node.on ?? {}).map((e) => `${name} ${e}`),
    );
    for (const transition of declared) expect(taken, transition).toContain(transition);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_description, path) => {
    const { actor, answer } = start();
    for (const step of path.steps) {
      const event = step.event;
      switch (event.type) {
        case 'STAR':
          actor.send({ type: 'task.toggle', flag: 'isStarred' });
          break;
        case 'EDIT':
          actor.send({ type: 'task.edit' });
          break;
        case 'TYPE_BLANK':
          actor.send({ type: 'edit.change', patch: { title: ' ' } });
          break;
        case 'TYPE_TITLE':
          actor.send({ type: 'edit.change', patch: { title: 'Renamed' } });
          break;
        case 'SAVE':
          actor.send({ type: 'edit.save' });
          break;
        case 'CANCEL':
          actor.send({ type: 'edit.cancel' });
          break;
        case 'RETRY':
          actor.send({ type: 'edit.retry' });
          break;
        case 'ROLLBACK':
          actor.send({ type: 'edit.rollback' });
          break;
        case 'SERVER_OK':
          await answer(true);
          break;
        case 'SERVER_FAIL':
          await answer(false);
          break;
        default:
          break; // the model's own init step
      }
      const real = actor.getSnapshot();
      const expected = step.state;
      expect(real.value, `after ${event.type}`).toBe(expected.value);
      expect(real.context.task.isStarred, `shown star after ${event.type}`).toBe(expected.context.shownStar);
      expect(real.context.saved.isStarred, `confirmed star after ${event.type}`).toBe(expected.context.confirmedStar);
      expect(real.context.saved.title).toBe(expected.context.savedTitle);
      if (expected.value === 'editing' || expected.value === 'failed' || expected.value === 'saving') {
        expect(real.context.draft?.title.trim()).toBe(expected.context.draftTitle.trim());
        expect(real.context.draftErrors.title === 'required').toBe(expected.value === 'editing' && expected.context.errorShown);
      } else {
        expect(real.context.draft).toBeNull();
      }
    }
  });
});
