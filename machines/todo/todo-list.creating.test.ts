import { describe, expect, it } from 'vitest';
import { assign, createActor, raise, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { flush, task, TAGS, fakes, start } from './todo-list.test-support';

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
