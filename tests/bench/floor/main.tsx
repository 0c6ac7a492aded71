/**
 * The floor of `npm run bench` (docs/performance.md): React + Mantine + XState + wouter + ofetch + i18next +
 * Mirage, on the app's versions, and nothing else.
 * - `/`: a Mirage server with 20 rows; a machine loads them through ofetch; a Mantine table shows them.
 * - `/virtual`: a plain virtualised list of 10,000 rows (fixed row height, only the visible rows in the DOM),
 *   the yardstick for the app's list interactions at the large seed; `window.floorList` drives it.
 */
import '@mantine/core/styles.css';
import { StrictMode, useMemo, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Container, MantineProvider, Table, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import i18next from 'i18next';
import { createServer } from '../../../mirage/test-support';
import { ofetch } from 'ofetch';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { assign, fromPromise, setup } from 'xstate';

interface Row {
  id: number;
  name: string;
  status: string;
}

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { title: 'Service units', name: 'Name', status: 'Status', loading: 'Loading…' } } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

createServer({
  environment: 'production',
  logging: false,
  timing: 0,
  routes() {
    this.namespace = 'api';
    this.get('/rows', () => ({
      items: Array.from({ length: 20 }, (_, i): Row => ({ id: i + 1, name: `Unit ${i + 1}`, status: i % 3 === 0 ? 'offline' : 'online' })),
    }));
    this.namespace = '';
    this.passthrough();
  },
});

const rowsMachine = setup({
  types: { context: {} as { rows: Row[] } },
  actors: { loadRows: fromPromise(() => ofetch<{ items: Row[] }>('/api/rows')) },
}).createMachine({
  id: 'floorRows',
  context: { rows: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRows',
        src: 'loadRows',
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output.items }) },
        onError: 'failed',
      },
    },
    ready: {},
    failed: {},
  },
});

function RowsPage() {
  const { t } = useTranslation();
  const [snapshot] = useMachine(rowsMachine);
  return (
    <Container py="md">
      <Title order={1}>{t('title')}</Title>
      {snapshot.matches('loading') ? (
        <p>{t('loading')}</p>
      ) : (
        <Table data-ready={snapshot.matches('ready')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th>{t('status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {snapshot.context.rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.status}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Container>
  );
}

// The plain virtualised list: all 10,000 rows in memory, sorted and filtered in place.
const ALL: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: i + 1,
  name: `Unit ${String((i * 7919) % 10_000).padStart(5, '0')}`,
  status: ['online', 'offline', 'idle'][i % 3] as string,
}));
const ROW_HEIGHT = 36;
const VIEW_ROWS = 25;

interface ListState {
  sort: 'asc' | 'desc';
  filter: string;
  offset: number;
}
let listState: ListState = { sort: 'asc', filter: '', offset: 0 };
const listeners = new Set<() => void>();
const setList = (patch: Partial<ListState>) => {
  listState = { ...listState, ...patch };
  listeners.forEach((l) => l());
};
declare global {
  interface Window {
    floorList?: { set: (patch: Partial<ListState>) => void; rowHeight: number; viewRows: number };
  }
}
window.floorList = { set: setList, rowHeight: ROW_HEIGHT, viewRows: VIEW_ROWS };

function VirtualList() {
  const state = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => listState,
  );
  const [scrollTop, setScrollTop] = useState(0);
  const rows = useMemo(() => {
    const shown = state.filter ? ALL.filter((r) => r.name.includes(state.filter) || r.status === state.filter) : ALL.slice();
    shown.sort((a, b) => (state.sort === 'asc' ? a.name.localeCompare(b.name) : b.name.localeCompare(a.name)));
    return shown;
  }, [state.sort, state.filter]);
  const top = state.offset > 0 ? state.offset * ROW_HEIGHT : scrollTop;
  const first = Math.floor(top / ROW_HEIGHT);
  const visible = rows.slice(first, first + VIEW_ROWS + 2);
  return (
    <Container py="md">
      <Title order={1}>10,000 rows</Title>
      <div
        data-testid="viewport"
        style={{ height: ROW_HEIGHT * VIEW_ROWS, overflowY: 'auto', position: 'relative' }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      >
        <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
          {visible.map((row, i) => (
            <div
              key={row.id}
              data-row
              style={{ position: 'absolute', top: (first + i) * ROW_HEIGHT, height: ROW_HEIGHT, left: 0, right: 0 }}
            >
              {row.name} · {row.status}
            </div>
          ))}
        </div>
      </div>
    </Container>
  );
}

const container = document.getElementById('app');
if (!container) throw new Error('#app missing');
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Switch>
          <Route path="/virtual" component={VirtualList} />
          <Route component={RowsPage} />
        </Switch>
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
