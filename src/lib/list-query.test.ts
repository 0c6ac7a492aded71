import { describe, expect, it } from 'vitest';
import { activeFilterCount, defineListQuerySchema, parseListQuery, serializeListQuery } from './list-query';

const schema = defineListQuerySchema({
  sortColumns: ['name', 'lastSeenAt'],
  filters: {
    status: { values: ['online', 'offline', 'maintenance'], multiple: true },
    os: { values: ['linux', 'windows', 'macos'] },
    tag: { multiple: true },
  },
  defaults: { pageSize: 25, sort: { column: 'name', direction: 'asc' } },
});

describe('list query in the URL', () => {
  it('reads defaults from an empty search', () => {
    expect(parseListQuery('', schema)).toEqual({
      page: 1,
      pageSize: 25,
      sort: { column: 'name', direction: 'asc' },
      filters: {},
      search: '',
    });
  });

  it('round-trips a full query and leaves defaults out of the URL', () => {
    const query = {
      page: 2,
      pageSize: 50,
      sort: { column: 'lastSeenAt', direction: 'desc' as const },
      filters: { status: ['offline', 'online'], os: 'linux', tag: ['kiosk'] },
      search: 'berlin',
    };
    const search = serializeListQuery(query, schema);
    expect(search).toBe('page=2&pageSize=50&sort=lastSeenAt&order=desc&q=berlin&os=linux&status=offline&status=online&tag=kiosk');
    expect(parseListQuery(search, schema)).toEqual(query);
    expect(serializeListQuery(parseListQuery('', schema), schema)).toBe('');
  });

  it.each([
    ['page=-3', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['pageSize=7', { pageSize: 25 }],
    ['sort=password&order=desc', { sort: { column: 'name', direction: 'asc' } }],
    ['sort=name&order=sideways', { sort: { column: 'name', direction: 'asc' } }],
    ['status=exploded&os=beos', { filters: {} }],
    ['status=online&status=online&os=linux&os=windows', { filters: { status: ['online'], os: 'linux' } }],
  ])('falls back to defaults for bad values: %s', (search, expected) => {
    expect(parseListQuery(search, schema)).toMatchObject(expected);
  });

  it('keeps parameters that are not part of the list (a deep link)', () => {
    const search = serializeListQuery(parseListQuery('unit=12&page=3', schema), schema, 'unit=12&page=3');
    expect(new URLSearchParams(search).get('unit')).toBe('12');
    expect(new URLSearchParams(search).get('page')).toBe('3');
  });
});

describe('activeFilterCount', () => {
  it('counts every chosen value, a single one from the address included, and no cleared one', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ status: ['online', 'offline'], os: 'linux' })).toBe(3);
    expect(activeFilterCount({ action: '', tag: [] })).toBe(0);
  });
});
