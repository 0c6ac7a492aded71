import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, sendParent, setup } from 'xstate';
import { applyQueryChange, initialQuery, type BulkRequest, type BulkResult, type ListQuery } from './list.machine';
import { rows, page, controllablePages, flush, settle, start } from './list.test-support';

describe('applyQueryChange', () => {
  const base = initialQuery({ page: 3 });
  it('keeps the page when only the page changes', () => {
    expect(applyQueryChange(base, { page: 4 }).page).toBe(4);
  });
  it.each<[string, Partial<ListQuery>]>([
    ['filters', { filters: { status: 'online' } }],
    ['search', { search: 'x' }],
    ['sort', { sort: { column: 'name', direction: 'desc' } }],
    ['pageSize', { pageSize: 50 }],
  ])('goes back to page 1 when %s change', (_, patch) => {
    expect(applyQueryChange(base, patch).page).toBe(1);
  });
  it('does not reset the page for a filter change that means nothing (empty values)', () => {
    expect(applyQueryChange(base, { filters: { status: '', os: [] } }).page).toBe(3);
  });
});

describe('list machine', () => {
  it('loads the first page with the initial query and lands in loaded', async () => {
    const fetchPage = vi.fn(async ({ input }: { input: { query: ListQuery } }) => page(rows(3), 3, input.query.page));
    const { actor } = start(fromPromise(fetchPage), {}, { pageSize: 10, sort: { column: 'name', direction: 'asc' } });
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    await settle(actor);
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.items.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(fetchPage.mock.calls[0]?.[0].input.query).toMatchObject({ page: 1, pageSize: 10, sort: { column: 'name', direction: 'asc' } });
  });

  it('lands in empty when the page has no rows', async () => {
    const { actor } = start(fromPromise(async () => page([], 0)));
    await settle(actor);
    expect(actor.getSnapshot().matches({ data: 'empty' })).toBe(true);
  });

  it('fails with the error, and retry loads again', async () => {
    let attempt = 0;
    const { actor } = start(
      fromPromise(async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('boom');
        return page(rows(2));
      }),
    );
    await settle(actor);
    expect(actor.getSnapshot().matches({ data: 'failed' })).toBe(true);
    expect((actor.getSnapshot().context.error as Error).message).toBe('boom');
    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    await settle(actor);
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(attempt).toBe(2);
  });

  it('query changes reload with the new query and reset the page', async () => {
    const seen: ListQuery[] = [];
    const { actor } = start(
      fromPromise(async ({ input }) => {
        seen.push(input.query);
        return page(rows(25), 100, input.query.page);
      }),
    );
    await settle(actor);
    actor.send({ type: 'list.query.change', query: { page: 3 } });
    await settle(actor);
    actor.send({ type: 'list.query.change', query: { filters: { status: 'online' } } });
    await settle(actor);
    expect(seen.map((q) => q.page)).toEqual([1, 3, 1]);
    expect(seen[2]?.filters).toEqual({ status: 'online' });
    expect(actor.getSnapshot().context.query.filters).toEqual({ status: 'online' });
  });

  it('ignores a slow first response that arrives after a second query was answered', async () => {
    const { actor: fetchPage, calls } = controllablePages();
    const { actor } = start(fetchPage);
    actor.send({ type: 'list.query.change', query: { search: 'second' } });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[1]?.resolve(page(rows(1, 'new')));
    await flush();
    calls[0]?.resolve(page(rows(5, 'old')));
    await flush();
    const snap = actor.getSnapshot();
    expect(snap.matches({ data: 'loaded' })).toBe(true);
    expect(snap.context.items.map((r) => r.id)).toEqual(['new1']);
    expect(snap.context.query.search).toBe('second');
  });

  it('ignores a stale failure too', async () => {
    const { actor: fetchPage, calls } = controllablePages();
    const { actor } = start(fetchPage);
    actor.send({ type: 'list.query.change', query: { page: 2 } });
    calls[0]?.reject(new Error('late failure'));
    await flush();
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    calls[1]?.resolve(page(rows(2), 27, 2));
    await flush();
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
  });

  it('goes to the last page when the requested page is beyond the end (rows were deleted)', async () => {
    const seen: number[] = [];
    const { actor } = start(
      fromPromise(async ({ input }) => {
        seen.push(input.query.page);
        return input.query.page > 2 ? page([], 30, input.query.page) : page(rows(5), 30, input.query.page);
      }),
      {},
      { page: 9 },
    );
    await settle(actor);
    expect(seen).toEqual([9, 2]);
    expect(actor.getSnapshot().context.query.page).toBe(2);
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
  });

  it('adopts a query from the URL (sync) but ignores one equal to the current query', async () => {
    const fetchPage = vi.fn(async () => page(rows(2)));
    const { actor } = start(fromPromise(fetchPage));
    await settle(actor);
    actor.send({ type: 'list.query.sync', query: initialQuery() });
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    const fromUrl = initialQuery({ page: 4, sort: { column: 'name', direction: 'desc' }, filters: { os: ['linux'] } });
    actor.send({ type: 'list.query.sync', query: fromUrl });
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    await settle(actor);
    expect(actor.getSnapshot().context.query).toEqual(fromUrl);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('debounces search input inside the machine', async () => {
    const seen: string[] = [];
    const { actor, clock } = start(
      fromPromise(async ({ input }) => {
        seen.push(input.query.search);
        return page(rows(1));
      }),
    );
    await settle(actor);
    actor.send({ type: 'list.search.input', search: 'a' });
    clock.increment(200);
    actor.send({ type: 'list.search.input', search: 'ab' });
    clock.increment(200);
    actor.send({ type: 'list.search.input', search: 'abc ' });
    expect(actor.getSnapshot().context.searchInput).toBe('abc ');
    clock.increment(299);
    expect(seen).toEqual(['']);
    clock.increment(1);
    await settle(actor);
    expect(seen).toEqual(['', 'abc']);
    expect(actor.getSnapshot().context.query.search).toBe('abc');
  });

  it('selects rows, selects all, clears, and drops the selection on a query change', async () => {
    const { actor } = start();
    await settle(actor);
    actor.send({ type: 'list.select', id: 'r2' });
    expect(actor.getSnapshot().context.selected).toEqual(['r2']);
    actor.send({ type: 'list.select', id: 'r2' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'list.select.all' });
    expect(actor.getSnapshot().context.selected).toEqual(['r1', 'r2', 'r3']);
    actor.send({ type: 'list.select.set', ids: ['r3', 'unknown'] });
    expect(actor.getSnapshot().context.selected).toEqual(['r3']);
    actor.send({ type: 'list.select.clear' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'list.select.all' });
    actor.send({ type: 'list.query.change', query: { search: 'x' } });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('runs a bulk action on the selected ids, then reloads and reports it', async () => {
    let total = 3;
    const bulk = vi.fn(async ({ input }: { input: BulkRequest }): Promise<unknown> => {
      total -= input.ids.length;
      return { affected: input.ids.length };
    });
    const { actor } = start(
      fromPromise(async () => page(rows(total))),
      { bulkAction: fromPromise(bulk) },
    );
    const done = vi.fn();
    actor.on('list.bulk.done', done);
    await settle(actor);
    actor.send({ type: 'list.bulk', action: 'delete' });
    expect(bulk).not.toHaveBeenCalled(); // nothing selected: refused
    actor.send({ type: 'list.select', id: 'r1' });
    actor.send({ type: 'list.select', id: 'r3' });
    actor.send({ type: 'list.bulk', action: 'delete' });
    expect(actor.getSnapshot().matches({ data: 'bulk' })).toBe(true);
    await settle(actor);
    expect(bulk.mock.calls[0]?.[0].input).toEqual({ action: 'delete', ids: ['r1', 'r3'] });
    expect(done).toHaveBeenCalledWith(expect.objectContaining({ action: 'delete', count: 2 }));
    expect(actor.getSnapshot().context.items).toHaveLength(1);
    expect(actor.getSnapshot().context.selected).toEqual([]);
    // Without a parent (the screenshots grid) the report is only emitted: sendParent would throw, so it is skipped.
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('sends the versions the rows had in view; rows changed meanwhile are reported beside the refused ones and stay selected', async () => {
    // r1 and r2 carry a version, r3 (a record without one) does not.
    const shown = rows(3).map((row, i) => (i < 2 ? { ...row, version: i + 4 } : row));
    const answer: BulkResult = { count: 1, refused: 1, changedElsewhere: [{ id: 'r2' }] };
    const bulk = vi.fn(async (_: { input: BulkRequest }): Promise<unknown> => answer);
    const { actor } = start(
      fromPromise(async () => page(shown)),
      { bulkAction: fromPromise(bulk) },
    );
    const done = vi.fn();
    actor.on('list.bulk.done', done);
    await settle(actor);
    actor.send({ type: 'list.select.all' });
    actor.send({ type: 'list.bulk', action: 'maintenance.on' });
    await settle(actor);
    expect(bulk.mock.calls[0]?.[0].input).toEqual({ action: 'maintenance.on', ids: ['r1', 'r2', 'r3'], versions: { r1: 4, r2: 5 } });
    expect(done).toHaveBeenCalledWith({ type: 'list.bulk.done', action: 'maintenance.on', count: 1, refused: 1, changed: 1 });
    expect(actor.getSnapshot().context.bulkReport).toEqual({ action: 'maintenance.on', count: 1, refused: 1, changed: 1 });
    // The row changed meanwhile stays selected, shown as the reload answers it.
    expect(actor.getSnapshot().context.selected).toEqual(['r2']);
    actor.send({ type: 'list.bulk.report.dismiss' });
    expect(actor.getSnapshot().context.bulkReport).toBeNull();
  });

  it('a bulk answer that is not a BulkResult counts every selected row as done; a new bulk action clears the last report', async () => {
    const bulk = vi.fn(async (): Promise<unknown> => ({ deleted: 2 }));
    const { actor } = start(undefined, { bulkAction: fromPromise(bulk) });
    await settle(actor);
    actor.send({ type: 'list.select.set', ids: ['r1', 'r2'] });
    actor.send({ type: 'list.bulk', action: 'delete' });
    await settle(actor);
    expect(bulk.mock.calls[0]).toBeDefined();
    expect(actor.getSnapshot().context.bulkReport).toEqual({ action: 'delete', count: 2, refused: 0, changed: 0 });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'list.select', id: 'r3' });
    actor.send({ type: 'list.bulk.request', action: 'delete' });
    expect(actor.getSnapshot().context.bulkReport).toBeNull();
  });

  it('why the list checks for a parent: in XState 5 a sendParent from an actor without one fails that actor', () => {
    const actor = createActor(setup({}).createMachine({ entry: sendParent({ type: 'list.bulk.done' }) }));
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    expect(actor.getSnapshot().status).toBe('error');
    expect(String(errors[0])).toMatch(/Unable to send event to actor '#_parent'/);
  });

  it('keeps the selection and reports when a bulk action fails', async () => {
    const { actor } = start(undefined, {
      bulkAction: fromPromise<unknown, BulkRequest>(async () => {
        throw new Error('nope');
      }),
    });
    const failed = vi.fn();
    actor.on('list.bulk.failed', failed);
    await settle(actor);
    actor.send({ type: 'list.select', id: 'r1' });
    actor.send({ type: 'list.bulk', action: 'maintenance.on' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.selected).toEqual(['r1']);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ action: 'maintenance.on' }));
  });

  it('asks before a bulk action when requested; cancel runs nothing, confirm runs it', async () => {
    const bulk = vi.fn(async (): Promise<unknown> => ({}));
    const { actor } = start(undefined, { bulkAction: fromPromise(bulk) });
    await settle(actor);
    actor.send({ type: 'list.select', id: 'r2' });
    actor.send({ type: 'list.bulk.request', action: 'delete' });
    expect(actor.getSnapshot().matches({ data: 'confirmingBulk' })).toBe(true);
    actor.send({ type: 'list.bulk.cancel' });
    expect(actor.getSnapshot().matches({ data: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.selected).toEqual(['r2']);
    expect(bulk).not.toHaveBeenCalled();
    actor.send({ type: 'list.bulk.request', action: 'delete' });
    actor.send({ type: 'list.bulk.confirm' });
    await settle(actor);
    expect(bulk).toHaveBeenCalledTimes(1);
  });

  it('hides rows pending deletion and shows them again on undo', async () => {
    const { actor } = start();
    await settle(actor);
    actor.send({ type: 'list.select', id: 'r1' });
    actor.send({ type: 'list.rows.hide', ids: ['r1'] });
    expect(actor.getSnapshot().context.hidden).toEqual(['r1']);
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'list.rows.show', ids: ['r1'] });
    expect(actor.getSnapshot().context.hidden).toEqual([]);
  });

  it('refresh reloads from loaded and from empty', async () => {
    const fetchPage = vi.fn(async () => page([]));
    const { actor } = start(fromPromise(fetchPage));
    await settle(actor);
    actor.send({ type: 'list.refresh' });
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    await settle(actor);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
