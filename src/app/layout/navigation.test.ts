import { describe, expect, it } from 'vitest';
import { bookmarkRoutesFor, childLabelKey, isActivePath, menuFor, profilePathFor, searchableRoutesFor } from './navigation';

const paths = (sections: ReturnType<typeof menuFor>) =>
  sections.map((s) => [s.id, s.entries.map((e) => e.route?.path ?? `${e.labelKey}>${(e.children ?? []).map((c) => c.path).join(',')}`)]);

describe('menuFor', () => {
  it('gives admins the admin area with Reports > Prediction, then the apps', () => {
    for (const role of [1, 2, 3] as const) {
      expect(paths(menuFor(role))).toEqual([
        ['admin', ['/admin/dashboard', '/admin/manage-organizations', '/admin/manage-users', 'menu.reports>/admin/reporting/prediction']],
        ['apps', ['/apps/todo', '/apps/email']],
      ]);
    }
  });

  it('gives role 4 the user area, then the apps', () => {
    expect(paths(menuFor(4))).toEqual([
      [
        'user',
        ['/user/dashboard', '/user/manage-service-units', '/user/manage-process', '/user/manage-screenshots', '/user/url-restrictions'],
      ],
      ['apps', ['/apps/todo', '/apps/email']],
    ]);
  });

  it('labels the sections and the report', () => {
    const [admin] = menuFor(1);
    expect(admin?.labelKey).toBe('menu.adminArea');
    const report = admin?.entries.at(-1)?.children?.[0];
    expect(report && childLabelKey(report)).toBe('menu.prediction');
    expect(menuFor(4)[0]?.labelKey).toBe('menu.userArea');
  });

  it('is empty when signed out', () => {
    expect(menuFor(undefined)).toEqual([]);
  });
});

describe('searchableRoutesFor', () => {
  it('lists every page an admin may open, profile included, and no user page', () => {
    const list = searchableRoutesFor(2).map((r) => r.path);
    expect(list).toEqual(
      expect.arrayContaining(['/admin/dashboard', '/admin/my-profile', '/admin/reporting/prediction', '/apps/todo', '/apps/email']),
    );
    expect(list.some((p) => p.startsWith('/user/'))).toBe(false);
    expect(list.some((p) => p.startsWith('/pages/') || p === '/login')).toBe(false);
  });

  it('lists the user pages for role 4', () => {
    const list = searchableRoutesFor(4).map((r) => r.path);
    expect(list).toEqual(expect.arrayContaining(['/user/dashboard', '/user/my-profile', '/user/url-restrictions', '/apps/todo']));
    expect(list.some((p) => p.startsWith('/admin/'))).toBe(false);
  });
});

describe('bookmarkRoutesFor', () => {
  it('keeps the order and drops pages the role may not open or that no longer exist', () => {
    expect(bookmarkRoutesFor(['/apps/email', '/admin/manage-users', '/gone', '/user/dashboard'], 4).map((r) => r.path)).toEqual([
      '/apps/email',
      '/user/dashboard',
    ]);
  });
});

describe('helpers', () => {
  it('profilePathFor picks the area profile', () => {
    expect(profilePathFor(1)).toBe('/admin/my-profile');
    expect(profilePathFor(4)).toBe('/user/my-profile');
  });

  it('isActivePath matches nested app paths but not siblings', () => {
    expect(isActivePath('/apps/todo/important', '/apps/todo')).toBe(true);
    expect(isActivePath('/apps/todo', '/apps/todo')).toBe(true);
    expect(isActivePath('/apps/todos', '/apps/todo')).toBe(false);
  });
});
