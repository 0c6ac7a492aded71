import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, raise, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { taskMachine, type UpdateTaskInput } from './task.machine';
import { todoListMachine, visibleTasks, type CreateTaskInput, type TodoListEmitted } from './todo-list.machine';
import type { Task, TaskFilter, TaskTag } from './types';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const task = (id: number, title: string, extra: Partial<Task> = {}): Task => ({
  id,
  title,
  desc: '',
  tags: [],
  isImportant: false,
  isStarred: false,
  isCompleted: false,
  isTrashed: false,
  ...extra,
});
const TAGS: TaskTag[] = [{ id: 1, text: 'Bug', value: 'bug', color: 'danger' }];

interface Pending<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** Fakes whose answers the test gives by hand. */
function fakes() {
  const loads: Pending<{ filter: TaskFilter }, Task[]>[] = [];
  const tagLoads: Pending<unknown, TaskTag[]>[] = [];
  const creates: Pending<CreateTaskInput, { id: number }>[] = [];
  const updates: Pending<UpdateTaskInput, Task>[] = [];
  const restores: Pending<{ id: number }, Task>[] = [];
  const pending =
    <I, O>(list: Pending<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => list.push({ input, resolve, reject }));
  const machine = todoListMachine.provide({
    actors: {
      loadTasks: fromPromise(pending(loads)),
      loadTags: fromPromise(pending(tagLoads)),
      createTask: fromPromise(pending(creates)),
      restoreTask: fromPromise(pending(restores)),
      task: taskMachine.provide({ actors: { updateTask: fromPromise(pending(updates)) } }),
    },
  });
  return { machine, loads, tagLoads, creates, updates, restores };
}

async function start(
  filter: TaskFilter = 'all',
  tasks: Task[] = [task(3, 'Charlie'), task(2, 'alpha'), task(1, 'Bravo', { desc: 'needle in desc' })],
) {
  const f = fakes();
  const actor = createActor(f.machine, { input: { filter } });
  const emitted: TodoListEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  f.loads[0]?.resolve(tasks);
  f.tagLoads[0]?.resolve(TAGS);
  await flush();
  return { ...f, actor, emitted };
}

describe('todo list machine: loading', () => {
  it('loads by the initial filter and spawns one task actor per task, task-<id>', async () => {
    const f = fakes();
    const actor = createActor(f.machine, { input: { filter: 'starred' } });
    actor.start();
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(f.loads[0]?.input).toEqual({ filter: 'starred' });
    f.loads[0]?.resolve([task(5, 'E', { isStarred: true }), task(4, 'D', { isStarred: true })]);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ list: 'loaded' })).toBe(true);
    expect(snapshot.context.tasks.map((e) => e.id)).toEqual([5, 4]);
    expect(
      Object.keys(snapshot.children)
        .filter((k) => k.startsWith('task-'))
        .sort(),
    ).toEqual(['task-4', 'task-5']);
    expect(snapshot.context.tasks[0]?.ref.getSnapshot().context.task.title).toBe('E');
  });

  it('lands in empty for an empty view', async () => {
    const { actor } = await start('completed', []);
    expect(actor.getSnapshot().matches({ list: 'empty' })).toBe(true);
  });

  it('fails with the error and loads again on retry', async () => {
    const f = fakes();
    const actor = createActor(f.machine, { input: {} });
    actor.start();
    f.loads[0]?.reject(Object.assign(new Error('Gateway down'), { status: 502 }));
    await flush();
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Gateway down', status: 502 });
    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect(f.loads[1]?.input).toEqual({ filter: 'all' });
    f.loads[1]?.resolve([task(1, 'A')]);
    await flush();
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('reloads on another filter, stopping the old task actors and clearing the search', async () => {
    const { actor, loads } = await start();
    const oldRef = actor.getSnapshot().context.tasks[0]?.ref;
    actor.send({ type: 'search.change', search: 'alp' });
    actor.send({ type: 'filter.change', filter: 'bug' });
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ filter: 'bug', search: '', tasks: [] });
    expect(oldRef?.getSnapshot().status).toBe('stopped');
    expect(loads[1]?.input).toEqual({ filter: 'bug' });
    loads[1]?.resolve([task(3, 'Charlie', { tags: ['bug'] })]);
    await flush();
    expect(actor.getSnapshot().context.tasks.map((e) => e.id)).toEqual([3]);
    expect(actor.getSnapshot().children['task-3']).toBeDefined();
  });

  it('ignores a change to the same filter', async () => {
    const { actor, loads } = await start();
    actor.send({ type: 'filter.change', filter: 'all' });
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    expect(loads).toHaveLength(1);
  });

  it('loads the tags once, and retries them after a failure', async () => {
    const f = fakes();
    const actor = createActor(f.machine, { input: {} });
    actor.start();
    f.tagLoads[0]?.reject(new Error('nope'));
    await flush();
    expect(actor.getSnapshot().matches({ tags: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.tagsError?.message).toBe('nope');
    actor.send({ type: 'tags.retry' });
    f.tagLoads[1]?.resolve(TAGS);
    await flush();
    expect(actor.getSnapshot().matches({ tags: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.tags).toEqual(TAGS);
    actor.send({ type: 'filter.change', filter: 'doc' });
    expect(f.tagLoads).toHaveLength(2);
  });
});

describe('todo list machine: remaining transitions', () => {
  it('list.retry also retries failed tags', async () => {
    const f = fakes();
    const actor = createActor(f.machine, { input: {} });
    actor.start();
    f.loads[0]?.reject(new Error('down'));
    f.tagLoads[0]?.reject(new Error('down'));
    await flush();
    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().matches({ list: 'loading', tags: 'loading' })).toBe(true);
    f.loads[1]?.resolve([]);
    f.tagLoads[1]?.resolve(TAGS);
    await flush();
    expect(actor.getSnapshot().matches({ list: 'empty', tags: 'loaded' })).toBe(true);
  });

  it('refreshes the same view keeping the rows and the actors of tasks still there', async () => {
    const { actor, loads } = await start('all', [task(2, 'Two'), task(1, 'One')]);
    const [two, one] = actor.getSnapshot().context.tasks.map((e) => e.ref);
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().matches({ list: 'refreshing' })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context.tasks).toHaveLength(2);
    loads.at(-1)?.resolve([task(3, 'Three'), task(2, 'Two renamed elsewhere')]);
    await flush();
    const entries = actor.getSnapshot().context.tasks;
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    expect(entries.map((e) => e.id)).toEqual([3, 2]);
    expect(entries[1]?.ref).toBe(two);
    expect(two?.getSnapshot().context.task.title).toBe('Two renamed elsewhere');
    expect(one?.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().children['task-3']).toBeDefined();
  });

  it('refreshes from empty, and a failed refresh shows the error', async () => {
    const { actor, loads } = await start('all', []);
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().matches({ list: 'refreshing' })).toBe(true);
    loads.at(-1)?.resolve([task(1, 'One')]);
    await flush();
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    const ref = actor.getSnapshot().context.tasks[0]?.ref;
    actor.send({ type: 'list.reload' });
    loads.at(-1)?.reject(new Error('down'));
    await flush();
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.tasks).toEqual([]);
    expect(ref?.getSnapshot().status).toBe('stopped');
  });

  it('a refreshed task with its own change on the way keeps that change', async () => {
    const { actor, loads, updates } = await start('all', [task(1, 'One')]);
    const ref = actor.getSnapshot().context.tasks[0]?.ref;
    ref?.send({ type: 'task.toggle', flag: 'isStarred' });
    actor.send({ type: 'list.reload' });
    loads.at(-1)?.resolve([task(1, 'One')]);
    await flush();
    expect(ref?.getSnapshot().context.task.isStarred).toBe(true);
    updates[0]?.resolve(task(1, 'One', { isStarred: true }));
    await flush();
    expect(ref?.getSnapshot().context.saved.isStarred).toBe(true);
  });

  it('a reload while refreshing asks again', async () => {
    const { actor, loads } = await start('all', [task(1, 'One')]);
    actor.send({ type: 'list.reload' });
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().matches({ list: 'refreshing' })).toBe(true);
    expect(loads).toHaveLength(3);
    loads.at(-1)?.resolve([]);
    await flush();
    expect(actor.getSnapshot().matches({ list: 'empty' })).toBe(true);
  });

  it('a filter change while loading loads the new filter', async () => {
    const { actor, loads } = await start('all', []);
    actor.send({ type: 'filter.change', filter: 'doc' });
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect(loads.at(-1)?.input).toEqual({ filter: 'doc' });
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect(loads.at(-1)?.input).toEqual({ filter: 'doc' });
  });

  it('changes filter from a failed list', async () => {
    const f = fakes();
    const actor = createActor(f.machine, { input: {} });
    actor.start();
    f.loads[0]?.reject(new Error('down'));
    await flush();
    actor.send({ type: 'filter.change', filter: 'starred' });
    expect(actor.getSnapshot().matches({ list: 'loading' })).toBe(true);
    expect(f.loads[1]?.input).toEqual({ filter: 'starred' });
  });

  it('keeps a task that left the view while its drawer is open, and drops it when the drawer closes', async () => {
    const { actor, updates } = await start('starred', [task(9, 'Keep', { isStarred: true })]);
    actor.send({ type: 'task.open', id: 9 });
    // A confirmed change from elsewhere must not pull the row (and its drawer) away mid-edit.
    actor.send({ type: 'task.updated', task: task(9, 'Keep', { isStarred: false }) });
    expect(actor.getSnapshot().context.tasks).toHaveLength(1);
    expect(updates).toHaveLength(0);
    actor.getSnapshot().context.tasks[0]?.ref.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().context.tasks).toEqual([]);
    expect(actor.getSnapshot().matches({ list: 'empty' })).toBe(true);
  });
});

describe('todo list machine: search and sort', () => {
  it('keeps search and sort in context; visibleTasks applies them', async () => {
    const { actor } = await start();
    const titles = () => visibleTasks(actor.getSnapshot().context).map((e) => e.task.title);
    expect(titles()).toEqual(['Charlie', 'alpha', 'Bravo']);
    actor.send({ type: 'sort.change', sort: 'titleAsc' });
    expect(titles()).toEqual(['alpha', 'Bravo', 'Charlie']);
    actor.send({ type: 'sort.change', sort: 'titleDesc' });
    expect(titles()).toEqual(['Charlie', 'Bravo', 'alpha']);
    actor.send({ type: 'search.change', search: 'AL' });
    expect(titles()).toEqual(['alpha']);
    actor.send({ type: 'search.change', search: 'needle' });
    expect(titles()).toEqual(['Bravo']);
    expect(actor.getSnapshot().context).toMatchObject({ search: 'needle', sort: 'titleDesc' });
  });
});

describe('todo list machine: task actors', () => {
  it('keeps a confirmed change that still fits the view', async () => {
    const { actor, updates } = await start();
    const ref = actor.getSnapshot().context.tasks[0]?.ref;
    ref?.send({ type: 'task.toggle', flag: 'isStarred' });
    updates[0]?.resolve(task(3, 'Charlie', { isStarred: true }));
    await flush();
    expect(actor.getSnapshot().context.tasks[0]?.task.isStarred).toBe(true);
    expect(actor.getSnapshot().context.tasks).toHaveLength(3);
  });

  it('drops a task once the server confirms it left the view, then shows empty', async () => {
    const { actor, updates } = await start('starred', [task(9, 'Only', { isStarred: true })]);
    const ref = actor.getSnapshot().context.tasks[0]?.ref;
    ref?.send({ type: 'task.toggle', flag: 'isStarred' });
    expect(actor.getSnapshot().context.tasks).toHaveLength(1); // still shown while on its way
    updates[0]?.resolve(task(9, 'Only', { isStarred: false }));
    await flush();
    expect(actor.getSnapshot().context.tasks).toEqual([]);
    expect(ref?.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().matches({ list: 'empty' })).toBe(true);
  });

  it('drops a trashed task from "all" and offers to undo it', async () => {
    const { actor, updates, emitted } = await start();
    actor.getSnapshot().context.tasks[1]?.ref.send({ type: 'task.trash' });
    updates[0]?.resolve(task(2, 'alpha', { isTrashed: true }));
    await flush();
    expect(actor.getSnapshot().context.tasks.map((e) => e.id)).toEqual([3, 1]);
    expect(emitted).toEqual([{ type: 'task.trashed', id: 2, title: 'alpha' }]);
  });

  it('does not offer an undo when a task leaves a view for another reason', async () => {
    const { actor, updates, emitted } = await start('trashed', [task(5, 'Gone', { isTrashed: true })]);
    actor.getSnapshot().context.tasks[0]?.ref.send({ type: 'task.restore' });
    updates[0]?.resolve(task(5, 'Gone'));
    await flush();
    expect(actor.getSnapshot().matches({ list: 'empty' })).toBe(true);
    expect(emitted).toEqual([]);
  });

  it('undoes a move to the trash: restores through the API, then reloads', async () => {
    const { actor, restores, loads } = await start();
    actor.send({ type: 'task.undoTrash', id: 2, title: 'alpha' });
    expect(actor.getSnapshot().matches({ undo: 'restoring' })).toBe(true);
    expect(restores[0]?.input).toEqual({ id: 2 });
    restores[0]?.resolve(task(2, 'alpha'));
    await flush();
    expect(actor.getSnapshot().matches({ undo: 'idle', list: 'refreshing' })).toBe(true);
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().context.restoring).toBeNull();
  });

  it('says so when the undo fails', async () => {
    const { actor, restores, emitted } = await start();
    actor.send({ type: 'task.undoTrash', id: 2, title: 'alpha' });
    restores[0]?.reject(Object.assign(new Error('gone'), { status: 404 }));
    await flush();
    expect(actor.getSnapshot().matches({ undo: 'idle', list: 'loaded' })).toBe(true);
    expect(emitted).toEqual([{ type: 'task.restoreFailed', title: 'alpha', error: { message: 'gone', status: 404 } }]);
  });

  it('emits task.rolledBack with the title and the change when the server refuses', async () => {
    const { actor, updates, emitted } = await start();
    actor.getSnapshot().context.tasks[0]?.ref.send({ type: 'task.toggle', flag: 'isImportant' });
    updates[0]?.reject(Object.assign(new Error('Forbidden'), { status: 403 }));
    await flush();
    expect(emitted).toEqual([
      { type: 'task.rolledBack', title: 'Charlie', change: 'isImportant', error: { message: 'Forbidden', status: 403 } },
    ]);
    expect(actor.getSnapshot().context.tasks[0]?.ref.getSnapshot().context.task.isImportant).toBe(false);
  });

  it('opens a task in its drawer and closes it when the edit ends', async () => {
    const { actor, updates } = await start();
    actor.send({ type: 'task.open', id: 2 });
    const ref = actor.getSnapshot().context.tasks[1]?.ref;
    expect(actor.getSnapshot().context.editingId).toBe(2);
    expect(ref?.getSnapshot().matches('editing')).toBe(true);
    ref?.send({ type: 'edit.change', patch: { title: 'Alpha renamed' } });
    ref?.send({ type: 'edit.save' });
    updates[0]?.resolve(task(2, 'Alpha renamed'));
    await flush();
    expect(actor.getSnapshot().context.editingId).toBeNull();
    expect(actor.getSnapshot().context.tasks[1]?.task.title).toBe('Alpha renamed');
  });

  it('closes the drawer on cancel and ignores an unknown id', async () => {
    const { actor } = await start();
    actor.send({ type: 'task.open', id: 42 });
    expect(actor.getSnapshot().context.editingId).toBeNull();
    actor.send({ type: 'task.open', id: 3 });
    actor.getSnapshot().context.tasks[0]?.ref.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().context.editingId).toBeNull();
  });
});

describe('todo list machine: creating', () => {
  it('refuses an empty title, then creates, announces and reloads with the new task first', async () => {
    const { actor, creates, loads, emitted } = await start();
    actor.send({ type: 'create.open' });
    expect(actor.getSnapshot().matches({ creator: 'open' })).toBe(true);
    expect(actor.getSnapshot().hasTag('drawer')).toBe(true);
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().context.newDraftErrors).toEqual({ title: 'required' });
    expect(creates).toHaveLength(0);
    actor.send({ type: 'create.change', patch: { title: ' Write docs ', desc: 'Soon', tags: ['doc'] } });
    expect(actor.getSnapshot().context.newDraftErrors).toEqual({});
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().matches({ creator: 'creating' })).toBe(true);
    expect(creates[0]?.input).toEqual({
      task: {
        title: 'Write docs',
        desc: 'Soon',
        tags: ['doc'],
        isImportant: false,
        isStarred: false,
        isCompleted: false,
        isTrashed: false,
      },
    });
    creates[0]?.resolve({ id: 4 });
    await flush();
    expect(actor.getSnapshot().matches({ creator: 'closed' })).toBe(true);
    expect(emitted).toContainEqual({ type: 'task.created', id: 4, title: 'Write docs' });
    expect(actor.getSnapshot().matches({ list: 'refreshing' })).toBe(true);
    loads[1]?.resolve([task(4, 'Write docs'), task(3, 'Charlie')]);
    await flush();
    expect(actor.getSnapshot().context.tasks[0]?.id).toBe(4);
  });

  it('keeps the typed draft and the error when creating fails', async () => {
    const { actor, creates } = await start();
    actor.send({ type: 'create.open' });
    actor.send({ type: 'create.change', patch: { title: 'Keep me' } });
    actor.send({ type: 'create.submit' });
    creates[0]?.reject(Object.assign(new Error('Title is required'), { status: 422 }));
    await flush();
    expect(actor.getSnapshot().matches({ creator: 'open' })).toBe(true);
    expect(actor.getSnapshot().context.newDraft.title).toBe('Keep me');
    expect(actor.getSnapshot().context.createError).toEqual({ message: 'Title is required', status: 422 });
    actor.send({ type: 'create.cancel' });
    expect(actor.getSnapshot().matches({ creator: 'closed' })).toBe(true);
  });

  it('starts a new task in the view it is created from', async () => {
    const { actor, creates } = await start('bug', []);
    actor.send({ type: 'create.open' });
    expect(actor.getSnapshot().context.newDraft.tags).toEqual(['bug']);
    actor.send({ type: 'filter.change', filter: 'starred' });
    actor.send({ type: 'create.cancel' });
    actor.send({ type: 'create.open' });
    actor.send({ type: 'create.change', patch: { title: 'Star me' } });
    actor.send({ type: 'create.submit' });
    expect(creates[0]?.input.task).toMatchObject({ isStarred: true, tags: [] });
  });
});

/**
 * An abstract model of the list and creator regions without invokes (server answers are events), walked with
 * xstate/graph; every shortest path is replayed against the real machine with hand-resolved fakes.
 */
const listModel = setup({
  types: {
    context: {} as { typed: boolean; titleError: boolean; createFailed: boolean },
    events: {} as
      | { type: 'LOAD_OK' }
      | { type: 'LOAD_EMPTY' }
      | { type: 'LOAD_FAIL' }
      | { type: 'RETRY' }
      | { type: 'FILTER' }
      | { type: 'RELOAD' }
      | { type: 'TRASH_LAST' }
      | { type: 'OPEN' }
      | { type: 'TYPE' }
      | { type: 'SUBMIT' }
      | { type: 'CANCEL' }
      | { type: 'CREATE_OK' }
      | { type: 'CREATE_FAIL' },
  },
  guards: { isTyped: ({ context }) => context.typed },
}).createMachine({
  id: 'm',
  type: 'parallel',
  context: { typed: false, titleError: false, createFailed: false },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: { on: { LOAD_OK: 'loaded', LOAD_EMPTY: 'empty', LOAD_FAIL: 'failed', FILTER: 'loading', RELOAD: 'loading' } },
        loaded: { on: { FILTER: 'loading', TRASH_LAST: 'empty', RELOAD: 'refreshing' } },
        empty: { on: { FILTER: 'loading', RELOAD: 'refreshing' } },
        refreshing: { on: { LOAD_OK: 'loaded', LOAD_EMPTY: 'empty', LOAD_FAIL: 'failed', FILTER: 'loading', RELOAD: 'refreshing' } },
        failed: { on: { RETRY: 'loading', FILTER: 'loading', RELOAD: 'loading' } },
      },
    },
    creator: {
      initial: 'closed',
      states: {
        closed: { on: { OPEN: { target: 'open', actions: assign({ typed: false, titleError: false, createFailed: false }) } } },
        open: {
          on: {
            TYPE: { actions: assign({ typed: true, titleError: false }) },
            SUBMIT: [{ guard: 'isTyped', target: 'creating' }, { actions: assign({ titleError: true }) }],
            CANCEL: { target: 'closed', actions: assign({ typed: false, titleError: false, createFailed: false }) },
          },
        },
        creating: {
          on: {
            CREATE_OK: { target: 'closed', actions: [assign({ typed: false, createFailed: false }), raise({ type: 'RELOAD' })] },
            CREATE_FAIL: { target: 'open', actions: assign({ createFailed: true }) },
          },
        },
      },
    },
  },
});

describe('todo list machine: every model path', () => {
  const paths = createTestModel(listModel).getShortestPaths();

  it('takes every model transition', () => {
    const taken = new Set<string>();
    for (const path of paths) {
      path.steps.forEach((step, i) => {
        const before = i === 0 ? null : path.steps[i - 1]?.state;
        if (before)
          for (const region of ['list', 'creator'] as const)
            taken.add(`${region}.${String((before.value as Record<string, string>)[region])} ${step.event.type}`);
      });
    }
    // Self-loops that change nothing the model tracks never appear in shortest paths; direct tests cover them.
    const selfLoop = (name: string, target: unknown) => target === name;
    const declared = (['list', 'creator'] as const).flatMap((region) =>
      Object.entries(listModel.config.states?.[region]?.states ?? {}).flatMap(([name, node]) =>
        Object.entries(node.on ?? {})
          .filter(([, target]) => !selfLoop(name, target))
          .map(([e]) => `${region}.${name} ${e}`),
      ),
    );
    for (const transition of declared) expect(taken, transition).toContain(transition);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const f = fakes();
    const actor = createActor(f.machine, { input: { filter: 'all' } });
    actor.start();
    f.tagLoads[0]?.resolve(TAGS);
    let filterFlip = 0;
    const lastLoad = () => f.loads.at(-1);
    for (const step of path.steps) {
      switch (step.event.type) {
        case 'LOAD_OK':
          lastLoad()?.resolve([task(1, 'One', { isStarred: true })]);
          break;
        case 'LOAD_EMPTY':
          lastLoad()?.resolve([]);
          break;
        case 'LOAD_FAIL':
          lastLoad()?.reject(new Error('down'));
          break;
        case 'RETRY':
          actor.send({ type: 'list.retry' });
          break;
        case 'RELOAD':
          actor.send({ type: 'list.reload' });
          break;
        case 'FILTER':
          filterFlip += 1;
          actor.send({ type: 'filter.change', filter: filterFlip % 2 ? 'starred' : 'all' });
          break;
        case 'TRASH_LAST': {
          actor.getSnapshot().context.tasks[0]?.ref.send({ type: 'task.trash' });
          f.updates.at(-1)?.resolve(task(1, 'One', { isStarred: true, isTrashed: true }));
          break;
        }
        case 'OPEN':
          actor.send({ type: 'create.open' });
          break;
        case 'TYPE':
          actor.send({ type: 'create.change', patch: { title: 'New' } });
          break;
        case 'SUBMIT':
          actor.send({ type: 'create.submit' });
          break;
        case 'CANCEL':
          actor.send({ type: 'create.cancel' });
          break;
        case 'CREATE_OK':
          f.creates.at(-1)?.resolve({ id: 2 });
          break;
        case 'CREATE_FAIL':
          f.creates.at(-1)?.reject(new Error('nope'));
          break;
        default:
          break;
      }
      await flush();
      const real = actor.getSnapshot();
      const expected = step.state.value as { list: string; creator: string };
      expect(real.matches({ list: expected.list as 'loading' }), `list after ${step.event.type}`).toBe(true);
      expect(real.matches({ creator: expected.creator as 'open' }), `creator after ${step.event.type}`).toBe(true);
      if (expected.creator !== 'closed') {
        expect(real.context.newDraftErrors.title === 'required').toBe(step.state.context.titleError);
        expect(real.context.createError !== null).toBe(step.state.context.createFailed);
      }
    }
  });
});
