import { act, render, waitFor } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { Router } from 'wouter';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { createListMachine, type ListQuery } from '@machines/list/list.machine';
import type { Page } from '@machines/domain/types';
import { defineListQuerySchema, useInitialListQuery, useListUrl } from './list-query';

const schema = defineListQuerySchema({ sortColumns: ['name'], filters: { status: { values: ['online', 'offline'] } } });
const machine = createListMachine<{ id: string }>();

function BrowserHarness({
  fetchPage,
  onActor,
  onRender,
}: {
  fetchPage: (q: ListQuery) => void;
  onActor: (a: ActorRefFrom<typeof machine>) => void;
  onRender: () => void;
}) {
  onRender();
  const initial = useInitialListQuery(schema);
  const actor = useActorRef(
    machine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }): Promise<Page<{ id: string }>> => {
          fetchPage(input.query);
          return { items: [{ id: '1' }], total: 500, page: input.query.page, pageSize: input.query.pageSize };
        }),
      },
    }),
    { input: { query: initial } },
  );
  onActor(actor);
  useListUrl(actor, schema);
  return null;
}

describe('useListUrl', () => {
  it('binds the list to the address bar from the history events, without rendering the screen on URL changes', async () => {
    // A push, not a replace: files share this window (isolate: false), and an earlier one may have gone back, which
    // leaves forward entries that the next push would drop; after a push this entry is the last one.
    window.history.pushState(null, '', '/units?page=2&sort=name&order=desc&status=offline&unit=7');
    const fetchPage = vi.fn();
    const onRender = vi.fn();
    let actor: ActorRefFrom<typeof machine> | undefined;
    render(
      <Router>
        <BrowserHarness fetchPage={fetchPage} onActor={(a) => (actor = a)} onRender={onRender} />
      </Router>,
    );
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({
      page: 2,
      sort: { column: 'name', direction: 'desc' },
      filters: { status: 'offline' },
    });
    const renders = onRender.mock.calls.length;
    const entries = window.history.length;

    // A query change pushes one history entry at once, keeping unrelated parameters.
    act(() => actor?.send({ type: 'list.query.change', query: { page: 5 } }));
    expect(window.location.search).toBe('?unit=7&page=5&sort=name&order=desc&status=offline');
    expect(window.history.length).toBe(entries + 1);

    // A URL change reaches the machine from the history event; following it pushes nothing.
    act(() => window.history.pushState(null, '', '/units?status=online'));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: null, filters: { status: 'online' } })),
    );
    expect(window.history.length).toBe(entries + 2);
    expect(window.location.search).toBe('?status=online');

    // Back goes to the page-5 query.
    act(() => window.history.back());
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 5, filters: { status: 'offline' } })));

    // Leaving the screen's path is not a query change.
    const calls = fetchPage.mock.calls.length;
    act(() => window.history.pushState(null, '', '/elsewhere'));
    expect(actor?.getSnapshot().context.query.page).toBe(5);
    expect(fetchPage).toHaveBeenCalledTimes(calls);
    // The component that binds the list never rendered again for any of these URLs.
    expect(onRender).toHaveBeenCalledTimes(renders);
  });
});
