import { afterEach, describe, expect, it } from 'vitest';
import { isInternalPath, landingPathFor, registerRouteAccess } from './landing';

afterEach(() => registerRouteAccess(() => true));

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
    registerRouteAccess((path, role) => !(path.startsWith('/admin') && role === 4));
    expect(landingPathFor('/apps/todo', 4)).toBe('/apps/todo');
    expect(landingPathFor('/admin/manage-users?page=2', 2)).toBe('/admin/manage-users?page=2');
  });

  it('falls back to the role dashboard otherwise', () => {
    registerRouteAccess((path, role) => !(path.startsWith('/admin') && role === 4));
    expect(landingPathFor('/admin/manage-users', 4)).toBe('/user/dashboard');
    expect(landingPathFor('//evil.example', 1)).toBe('/admin/dashboard');
    expect(landingPathFor(null, 3)).toBe('/admin/dashboard');
    expect(landingPathFor('/login', 4)).toBe('/user/dashboard');
  });
});
