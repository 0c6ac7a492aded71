import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { visibleTasks } from './todo-list.machine';
import { flush, task, TAGS, fakes, start } from './todo-list.test-support';

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
