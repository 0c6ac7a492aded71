import { describe, expect, it } from 'vitest';
import { landingPathFor } from '@/lib/session';
import { canOpenPath } from './landing';

// Nothing here imports session-effects (or anything else that could register a check): the landing
// decision is the guard's `ruleAdmits`, passed in explicitly.
describe('where a sign-in lands, with the route table', () => {
  it('follows `to` to a page the role may open', () => {
    expect(landingPathFor('/apps/todo?x=1', 4, canOpenPath)).toBe('/apps/todo?x=1');
    expect(landingPathFor('/admin/manage-users', 1, canOpenPath)).toBe('/admin/manage-users');
  });

  it('never into the other area: the role dashboard instead', () => {
    expect(landingPathFor('/admin/manage-users', 4, canOpenPath)).toBe('/user/dashboard');
    expect(landingPathFor('/user/manage-service-units', 2, canOpenPath)).toBe('/admin/dashboard');
  });

  it('never to a path no route serves', () => {
    expect(landingPathFor('/no/such/page', 4, canOpenPath)).toBe('/user/dashboard');
  });

  it('agrees with the guard for every role', () => {
    expect(canOpenPath('/admin/dashboard', 3)).toBe(true);
    expect(canOpenPath('/admin/dashboard', 4)).toBe(false);
    expect(canOpenPath('/user/dashboard', 4)).toBe(true);
    expect(canOpenPath('/user/dashboard', 1)).toBe(false);
  });
});
