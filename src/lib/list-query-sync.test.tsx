import { act, waitFor } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { useSearch } from 'wouter';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { createListMachine, type ListQuery } from '@machines/list/list.machine';
import type { Page } from '@machines/domain/types';
import { renderWithProviders } from '../../tests/render';
import { defineListQuerySchema, parseListQuery, useListQuerySync } from './list-query';

const schema = defineListQuerySchema({ sortColumns: ['name'], filters: { status: { values: ['online', 'offline'] } } });
const machine = createListMachine<{ id: string }>();

function Harness({ fetchPage, onActor }: { fetchPage: (q: ListQuery) => void; onActor: (a: ActorRefFrom<typeof machine>) => void }) {
  const search = useSearch();
  const actor = useActorRef(
    machine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }): Promise<Page<{ id: string }>> => {
          fetchPage(input.query);
          return { items: [{ id: '1' }], total: 500, page: input.query.page, pageSize: input.query.pageSize };
        }),
      },
    }),
    { input: { query: parseListQuery(search, schema) } },
  );
  onActor(actor);
  useListQuerySync(actor, schema);
  return null;
}

describe('useListQuerySync', () => {
  it('opens a bookmarked URL in its state, writes query changes to the URL and follows URL changes', async () => {
    const fetchPage = vi.fn();
    let actor: ActorRefFrom<typeof machine> | undefined;
    const { location } = renderWithProviders(<Harness fetchPage={fetchPage} onActor={(a) => (actor = a)} />, {
      path: '/units?page=2&sort=name&order=desc&status=offline&unit=7',
    });
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({ page: 2, sort: { column: 'name', direction: 'desc' }, filters: { status: 'offline' } });

    act(() => actor?.send({ type: 'list.query.change', query: { page: 5 } }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/units?unit=7&page=5&sort=name&order=desc&status=offline'));

    act(() => location.navigate('/units?status=online'));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: null, filters: { status: 'online' } })));
    // Following the URL does not push another entry.
    expect(location.history?.at(-1)).toBe('/units?status=online');
  });
});
