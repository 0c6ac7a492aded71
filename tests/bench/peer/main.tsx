/**
 * The peer of `npm run bench` (issue 23 §2): react-admin's `<List>` + `<DataTable>` over ra-data-fakerest with 10,000
 * units shaped like the large seed's (mirage/domains/service-units.ts), 25 per page, sortable by name, with a search
 * filter and selection checkboxes (bulk delete), the columns of the app's units list and a row action.
 * scripts/bench-peer.mjs builds and serves it and drives it through the URL, as the app's list is driven: react-admin
 * keeps the list's parameters in the (hash) URL, `#/units?page=2&perPage=25&sort=name&order=DESC&filter={"q":"kiosk"}`.
 */
import { createRoot } from 'react-dom/client';
import {
  Admin,
  ChipField,
  DataTable,
  DateField,
  DeleteButton,
  EditButton,
  List,
  Resource,
  SearchInput,
  TextArrayField,
  memoryStore,
} from 'react-admin';
import fakeRestProvider from 'ra-data-fakerest';

interface Unit {
  id: number;
  name: string;
  hostname: string;
  status: 'online' | 'offline' | 'maintenance';
  location: string;
  tags: string[];
  lastSeenAt: string;
}

const SITES = [
  { location: 'Hamburg Depot', code: 'ham' },
  { location: 'Rotterdam Hub', code: 'rtm' },
  { location: 'Lyon Warehouse', code: 'lys' },
  { location: 'Porto Dock 3', code: 'opo' },
  { location: 'Berlin HQ, 4th floor', code: 'ber' },
  { location: 'Milan Cross-dock', code: 'mxp' },
  { location: 'Gdańsk Terminal', code: 'gdn' },
];
const ROLES = [
  { name: 'Dispatch Terminal', code: 'dispatch', tags: ['dispatch', 'shared'] },
  { name: 'Gate Kiosk', code: 'kiosk', tags: ['kiosk', '24x7'] },
  { name: 'Scanner Station', code: 'scan', tags: ['scanner', 'warehouse'] },
  { name: 'Yard Office PC', code: 'yard', tags: ['office'] },
  { name: 'Signage Display', code: 'sign', tags: ['signage', '24x7'] },
  { name: 'Label Printer Host', code: 'label', tags: ['printing', 'warehouse'] },
];
const EXTRA_TAGS = ['pilot', 'ground-floor', 'cold-storage', 'customs'];

/** Deterministic units (a small linear congruential generator), about as many of each status as the large seed. */
function generateUnits(count: number): Unit[] {
  let state = 1001;
  const rand = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const perRole = new Map<string, number>();
  const now = Date.now();
  return Array.from({ length: count }, (_, i): Unit => {
    const site = SITES[i % SITES.length] as (typeof SITES)[number];
    const role = pick(ROLES);
    const key = `${site.code}-${role.code}`;
    const n = (perRole.get(key) ?? 0) + 1;
    perRole.set(key, n);
    const num = String(n).padStart(4, '0');
    const roll = rand();
    const tags = rand() < 0.25 ? [...role.tags, pick(EXTRA_TAGS)] : [...role.tags];
    return {
      id: i + 1,
      name: `${site.location.split(',')[0]} ${role.name} ${num}`,
      hostname: `${site.code}-${role.code}-${num}.acme.example`,
      status: roll <= 0.62 ? 'online' : roll < 0.72 ? 'maintenance' : 'offline',
      location: site.location,
      tags: [...new Set(tags)],
      lastSeenAt: new Date(now - Math.floor(rand() ** 2 * 30 * 86_400_000)).toISOString(),
    };
  });
}

const dataProvider = fakeRestProvider({ units: generateUnits(10_000) }, false);

const UnitDataTable = DataTable<Unit>;

function UnitList() {
  return (
    // gcTime 0: a page, sort or search already seen is fetched again, as the app's list does (no cache of past pages).
    <List<Unit>
      perPage={25}
      sort={{ field: 'name', order: 'ASC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      queryOptions={{ gcTime: 0 }}
    >
      <UnitDataTable>
        <UnitDataTable.Col source="status" field={ChipField} disableSort />
        <UnitDataTable.Col source="name" />
        <UnitDataTable.Col source="hostname" disableSort />
        <UnitDataTable.Col source="lastSeenAt" label="Last seen" disableSort>
          <DateField source="lastSeenAt" showTime />
        </UnitDataTable.Col>
        <UnitDataTable.Col source="tags" disableSort>
          <TextArrayField source="tags" />
        </UnitDataTable.Col>
        <UnitDataTable.Col align="right">
          <EditButton />
          <DeleteButton />
        </UnitDataTable.Col>
      </UnitDataTable>
    </List>
  );
}

const container = document.getElementById('app');
if (!container) throw new Error('#app missing');
// The list's parameters come from the URL only: no list parameters remembered from an earlier visit (memoryStore).
createRoot(container).render(
  <Admin dataProvider={dataProvider} store={memoryStore()} disableTelemetry>
    <Resource name="units" list={UnitList} />
  </Admin>,
);
