import { compareCodePoints, compareIds } from './record-ids';
import { compareTexts, filterAndSort, idSortKey, parseListQuery, textSortKey, type ListSpec } from './list-query';

const byKey = (texts: string[]) => [...texts].sort((a, b) => compareCodePoints(textSortKey(a), textSortKey(b)));

describe('textSortKey', () => {
  it('orders numbers inside texts by value', () => {
    expect(byKey(['unit-10', 'unit-9', 'unit-100', 'unit-1'])).toEqual(['unit-1', 'unit-9', 'unit-10', 'unit-100']);
    expect(byKey(['10.0.0.10', '10.0.0.9', '10.0.1.1'])).toEqual(['10.0.0.9', '10.0.0.10', '10.0.1.1']);
    expect(byKey(['4.10.0', '4.9.12', '4.2.1'])).toEqual(['4.2.1', '4.9.12', '4.10.0']);
  });

  it('ignores case and accents, and reads ß as ss', () => {
    expect(textSortKey('Éclair')).toBe(textSortKey('eclair'));
    expect(textSortKey('Straße')).toBe(textSortKey('STRASSE'));
    expect(textSortKey('ẞ')).toBe('ss');
    expect(textSortKey('Ångström')).toBe('angstrom');
    expect(textSortKey('ﬁle')).toBe('file');
    expect(byKey(['Zulu', 'ärger', 'Apfel', 'zebra'])).toEqual(['Apfel', 'ärger', 'zebra', 'Zulu']);
  });

  it('treats leading zeros as the same number', () => {
    expect(textSortKey('Unit-010')).toBe(textSortKey('unit-10'));
  });

  it('keeps ASCII texts as they are apart from case and numbers', () => {
    expect(textSortKey('Host-A.example')).toBe('host-a.example');
    expect(textSortKey('')).toBe('');
  });
});

describe('idSortKey', () => {
  it('orders as compareIds: seeded numbers by value, then other ids by code point', () => {
    const ids = ['10', '2', '0192f3a0-0001-7abc', '0192f3a0-0000-7abc', '1', 'zz', '007'];
    const byIdKey = [...ids].sort((a, b) => compareCodePoints(idSortKey(a), idSortKey(b)));
    expect(byIdKey).toEqual([...ids].sort(compareIds));
    expect(byIdKey.slice(0, 3)).toEqual(['1', '2', '10']);
  });
});

describe('compareTexts', () => {
  it('orders by the sort key, then equal keys by code point', () => {
    expect(['kasse', 'Lager', 'Kasse', 'café', 'Cafe'].sort(compareTexts)).toEqual(['Cafe', 'café', 'Kasse', 'kasse', 'Lager']);
  });
});

describe('filterAndSort and parseListQuery', () => {
  interface Item {
    id: string;
    name: string;
    size: number;
  }
  const spec: ListSpec<Item> = {
    sortBy: { name: (i) => i.name, size: (i) => i.size },
    defaultSort: 'name',
    filters: { size: (i, values) => values.includes(String(i.size)) },
    searchIn: (i) => [i.name],
  };
  const items: Item[] = [
    { id: '3', name: 'Beta 10', size: 1 },
    { id: '1', name: 'beta 9', size: 2 },
    { id: '0192f3a0-7', name: 'Alpha', size: 1 },
    { id: '2', name: 'alpha', size: 2 },
  ];

  it('sorts by the key with ties by id, and desc reverses both', () => {
    const asc = parseListQuery(new URLSearchParams('sort=name'), spec);
    expect(filterAndSort(items, asc, spec).map((i) => i.id)).toEqual(['2', '0192f3a0-7', '1', '3']);
    const desc = parseListQuery(new URLSearchParams('sort=name&order=desc'), spec);
    expect(filterAndSort(items, desc, spec).map((i) => i.id)).toEqual(['3', '1', '0192f3a0-7', '2']);
  });

  it('reads repeated and comma-separated filters, a lower-cased search and bounded numbers', () => {
    const query = parseListQuery(new URLSearchParams('size=1&size[]=3,4&q= BETA &pageSize=1000&page=x&sort=nope'), spec);
    expect(query).toEqual({ page: 1, pageSize: 100, sort: 'name', order: 'asc', search: 'beta', filters: { size: ['1', '3', '4'] } });
    expect(filterAndSort(items, query, spec).map((i) => i.id)).toEqual(['3']);
  });
});

describe('a sort that names no column', () => {
  const spec: ListSpec<{ id: number; name: string }> = { sortBy: { name: (r) => r.name }, defaultSort: 'name' };
  const rows = [
    { id: 1, name: 'b' },
    { id: 2, name: 'a' },
  ];

  it('falls back to the default sort, also for the names every object has (constructor, toString)', () => {
    for (const sort of ['constructor', 'toString', '__proto__']) {
      expect(parseListQuery(new URLSearchParams({ sort }), spec).sort).toBe('name');
      const query = { ...parseListQuery(new URLSearchParams(), spec), sort };
      expect(filterAndSort(rows, query, spec).map((r) => r.id)).toEqual([2, 1]);
    }
  });
});
