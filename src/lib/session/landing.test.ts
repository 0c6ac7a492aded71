import { describe, expect, it } from 'vitest';
import { isInternalPath, landingPathFor, type RouteAccess } from './landing';

// A route table where role 4 may not open the admin area.
const noAdminForRole4: RouteAccess = (path, role) => !(path.startsWith('/admin') && role === 4);
const openEverything: RouteAccess = () => true;

describe('isInternalPath', () => {
  it.each(['/user/dashboard', '/apps/todo/inbox?x=1', '/admin/manage-users#top'])('accepts %s', (path) => {
    expect(isInternalPath(path)).toBe(true);
  });
  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' /user/dashboard',
    '/user\n/dashboard',
    'user/dashboard',
    '',
    null,
  ])('refuses %j', (path) => {
    expect(isInternalPath(path)).toBe(false);
  });
});

describe('landingPathFor', () => {
  it('follows an internal target the role may open', () => {
    expect(landingPathFor('/apps/todo', 4, noAdminForRole4)).toBe('/apps/todo');
    expect(landingPathFor('/admin/manage-users?page=2', 2, noAdminForRole4)).toBe('/admin/manage-users?page=2');
  });

  it('falls back to the role dashboard otherwise', () => {
    expect(landingPathFor('/admin/manage-users', 4, noAdminForRole4)).toBe('/user/dashboard');
    expect(landingPathFor('//evil.example', 1, openEverything)).toBe('/admin/dashboard');
    expect(landingPathFor(null, 3, openEverything)).toBe('/admin/dashboard');
    expect(landingPathFor('/login', 4, openEverything)).toBe('/user/dashboard');
  });

  it('sends an unknown role to the sign-in page', () => {
    expect(landingPathFor('/apps/todo', 9, openEverything)).toBe('/login');
  });
});
