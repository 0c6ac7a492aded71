import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject, type EventObject } from 'xstate';
import { createListMachine, type ListQuery } from '@machines/list/list.machine';
import type { Page } from '@machines/domain/types';
import { useTranslation } from 'react-i18next';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';
import { renderWithProviders } from '../../../tests/render';
import { NewRowsBar } from './new-rows-bar';

interface Row {
  id: string;
  name: string;
}

/** A list on page 2 whose liveEvents actor the test drives, with the bar as a screen shows it. */
function harness() {
  let send: ((event: AnyEventObject) => void) | null = null;
  const queries: ListQuery[] = [];
  const logic = createListMachine<Row>().provide({
    actors: {
      fetchPage: fromPromise<Page<Row>, { query: ListQuery }>(async ({ input }) => {
        queries.push(input.query);
        return { items: [{ id: 'a', name: 'A' }], total: 40, page: input.query.page, pageSize: 25 };
      }),
      liveEvents: fromCallback<EventObject>(({ sendBack }) => {
        send = sendBack;
      }),
    },
  });
  function Screen() {
    const { t } = useTranslation();
    const list = useScreenActor(logic, { input: { query: { page: 2 } } });
    const count = useSelector(list, (s) => s.context.newCount);
    return (
      <NewRowsBar
        count={count}
        label={t('live.newUnits', { count })}
        showLabel={t('live.showNew')}
        onShow={() => list.send({ type: 'list.live.show' })}
      />
    );
  }
  return { Screen, queries, created: (id: string) => act(() => send?.({ type: 'list.live.created', id })) };
}

describe('NewRowsBar', () => {
  it('waits for a new row, counts them, and shows page 1 when pressed', async () => {
    const { Screen, queries, created } = harness();
    renderWithProviders(<Screen />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    created('n1');
    expect(screen.getByRole('status', { name: '1 new unit' })).toBeInTheDocument();
    created('n2');
    created('n3');
    const bar = screen.getByRole('status', { name: '3 new units' });
    expect(bar).toHaveTextContent('3 new units');

    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(queries.at(-1)?.page).toBe(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['de', '3 neue Einheiten', 'Anzeigen'],
    ['fr', '3 nouvelles unités', 'Afficher'],
    ['pt', '3 novas unidades', 'Mostrar'],
  ] as const)('in %s', (language, text, show) => {
    const { Screen, created } = harness();
    renderWithProviders(<Screen />, { language });
    created('n1');
    created('n2');
    created('n3');
    expect(screen.getByRole('status', { name: text })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: show })).toBeInTheDocument();
  });
});
