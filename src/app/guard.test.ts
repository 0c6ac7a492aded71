import { describe, expect, it } from 'vitest';
import type { AuthStorageSnapshot } from '@/lib/auth-storage';
import { guard, type GuardDecision, type RouteRule } from './guard';
import { findRoute } from './routes';

const signedOut: AuthStorageSnapshot = { sessionKey: null, authValues: null, locked: false };
const asRole = (role: unknown, extra: Partial<AuthStorageSnapshot> = {}): AuthStorageSnapshot => ({
  sessionKey: 'key-123',
  authValues: JSON.stringify({ user_default_role_id: role }),
  locked: false,
  ...extra,
});

interface Case {
  name: string;
  url: string;
  storage: AuthStorageSnapshot;
  expected: GuardDecision;
}

const allow = (role: 1 | 2 | 3 | 4 | undefined, clearStorage = false): GuardDecision => ({ type: 'allow', clearStorage, role });
const redirect = (to: string, clearStorage = false): GuardDecision => ({ type: 'redirect', to, clearStorage });

const cases: Case[] = [
  // Signed out
  { name: 'signed out opens the login page', url: '/login', storage: signedOut, expected: allow(undefined) },
  { name: 'signed out opens a public error page', url: '/pages/error-500', storage: signedOut, expected: allow(undefined) },
  { name: 'signed out at a user page goes to login with the wanted path', url: '/user/dashboard', storage: signedOut, expected: redirect('/login?to=%2Fuser%2Fdashboard') },
  { name: 'signed out keeps the query in `to`', url: '/user/manage-service-units?page=2&q=a%20b', storage: signedOut, expected: redirect(`/login?to=${encodeURIComponent('/user/manage-service-units?page=2&q=a%20b')}`) },
  { name: 'signed out at an admin page goes to login', url: '/admin/manage-users', storage: signedOut, expected: redirect('/login?to=%2Fadmin%2Fmanage-users') },
  { name: 'signed out at a demo app goes to login', url: '/apps/todo/important', storage: signedOut, expected: redirect('/login?to=%2Fapps%2Ftodo%2Fimportant') },
  { name: 'an empty session key is signed out', url: '/admin/dashboard', storage: { sessionKey: '  ', authValues: null, locked: false }, expected: redirect('/login?to=%2Fadmin%2Fdashboard') },
  { name: 'unknown path goes to 404', url: '/no/such/page', storage: signedOut, expected: redirect('/pages/error-404') },

  // Signed in at /login
  { name: 'role 1 at login goes to the admin dashboard', url: '/login', storage: asRole(1), expected: redirect('/admin/dashboard?to=%2Flogin') },
  { name: 'role 2 at login goes to the admin dashboard', url: '/login', storage: asRole(2), expected: redirect('/admin/dashboard?to=%2Flogin') },
  { name: 'role 3 at login goes to the admin dashboard', url: '/login', storage: asRole(3), expected: redirect('/admin/dashboard?to=%2Flogin') },
  { name: 'login with a trailing slash is the login page', url: '/login/', storage: asRole(4), expected: redirect('/user/dashboard?to=%2Flogin%2F') },
  { name: 'role 4 at login goes to the user dashboard', url: '/login', storage: asRole(4), expected: redirect('/user/dashboard?to=%2Flogin') },
  { name: 'a role id stored as a numeric string counts', url: '/login', storage: asRole('2'), expected: redirect('/admin/dashboard?to=%2Flogin') },

  // Role rules
  { name: 'admin role opens an admin page', url: '/admin/manage-users', storage: asRole(2), expected: allow(2) },
  { name: 'operator opens the prediction report', url: '/admin/reporting/prediction', storage: asRole(3), expected: allow(3) },
  { name: 'user role at an admin page is not authorized', url: '/admin/manage-users', storage: asRole(4), expected: redirect('/pages/not-authorized') },
  { name: 'admin role at a user page is not authorized', url: '/user/manage-process', storage: asRole(1), expected: redirect('/pages/not-authorized') },
  { name: 'user role opens a user page', url: '/user/url-restrictions', storage: asRole(4), expected: allow(4) },
  { name: 'any signed-in role opens the demo apps', url: '/apps/email/inbox', storage: asRole(1), expected: allow(1) },
  { name: 'role 4 opens the todo app', url: '/apps/todo', storage: asRole(4), expected: allow(4) },
  { name: 'signed in still sees public pages', url: '/pages/maintenance', storage: asRole(4), expected: allow(4) },
  { name: 'trailing slash matches the route', url: '/user/dashboard/', storage: asRole(4), expected: allow(4) },

  // Locked session
  { name: 'a locked session at a protected page goes to the lock screen', url: '/admin/dashboard', storage: asRole(1, { locked: true }), expected: redirect('/pages/lock-screen') },
  { name: 'a locked session may open the lock screen', url: '/pages/lock-screen', storage: asRole(1, { locked: true }), expected: allow(1) },

  // Corrupted storage: cleared, treated as signed out, never a crash
  { name: 'auth-values not JSON', url: '/admin/dashboard', storage: { sessionKey: 'k', authValues: '{not json', locked: false }, expected: redirect('/login?to=%2Fadmin%2Fdashboard', true) },
  { name: 'auth-values without a role id', url: '/user/dashboard', storage: { sessionKey: 'k', authValues: '{"name":"x"}', locked: false }, expected: redirect('/login?to=%2Fuser%2Fdashboard', true) },
  { name: 'auth-values JSON null', url: '/user/dashboard', storage: { sessionKey: 'k', authValues: 'null', locked: false }, expected: redirect('/login?to=%2Fuser%2Fdashboard', true) },
  { name: 'role 0', url: '/user/dashboard', storage: asRole(0), expected: redirect('/login?to=%2Fuser%2Fdashboard', true) },
  { name: 'role 5', url: '/admin/dashboard', storage: asRole(5), expected: redirect('/login?to=%2Fadmin%2Fdashboard', true) },
  { name: 'role "abc"', url: '/admin/dashboard', storage: asRole('abc'), expected: redirect('/login?to=%2Fadmin%2Fdashboard', true) },
  { name: 'role 2.5', url: '/admin/dashboard', storage: asRole(2.5), expected: redirect('/login?to=%2Fadmin%2Fdashboard', true) },
  { name: 'corrupted role at login shows the login page and clears', url: '/login', storage: asRole('abc'), expected: allow(undefined, true) },
  { name: 'auth-values left without a session key', url: '/login', storage: { sessionKey: null, authValues: '{"user_default_role_id":1}', locked: false }, expected: allow(undefined, true) },
  { name: 'corrupted storage at an unknown path still goes to 404 and clears', url: '/nope', storage: asRole(9), expected: redirect('/pages/error-404', true) },
];

function decide(url: string, storage: AuthStorageSnapshot): GuardDecision {
  const [path = '', query] = url.split('?');
  const rule: RouteRule | null = findRoute(path)?.rule ?? null;
  return guard({ path, search: query ? `?${query}` : '', rule, storage });
}

describe('guard', () => {
  it.each(cases)('$name', ({ url, storage, expected }) => {
    expect(decide(url, storage)).toEqual(expected);
  });
});
