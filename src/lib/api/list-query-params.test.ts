import { describe, expect, it } from 'vitest';
import { toQueryParams } from './list-query-params';

describe('toQueryParams', () => {
  const query = {
    page: 3,
    pageSize: 25,
    sort: { column: 'name', direction: 'desc' as const },
    search: 'north',
    filters: { status: ['online', 'offline'], organizationId: 'org-1' },
  };

  it('sends page, sort, search and filters, with a multi-value filter comma-separated', () => {
    expect(toQueryParams(query)).toEqual({
      page: 3,
      pageSize: 25,
      sort: 'name',
      order: 'desc',
      search: 'north',
      status: 'online,offline',
      organizationId: 'org-1',
    });
  });

  it('leaves the page out for an export, and an empty search and sort out always', () => {
    expect(toQueryParams({ ...query, sort: null, search: '', filters: {} }, false)).toEqual({});
  });
});
