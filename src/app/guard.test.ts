import { describe, expect, it } from 'vitest';
import { guard, type GuardDecision, type GuardSession, type RouteRule } from './guard';
import { findRoute } from './routes';

const signedOut: GuardSession = { status: 'signedOut' };
const pending: GuardSession = { status: 'pending' };
const unconfirmed: GuardSession = { status: 'unconfirmed' };
/** A session whose role the server confirmed. */
const asRole = (role: 1 | 2 | 3 | 4, locked = false): GuardSession => ({ status: 'signedIn', role, locked });
/** Restored locked: the server has not named the role yet (the unlock answer will). */
const lockedUnconfirmed: GuardSession = { status: 'signedIn', role: undefined, locked: true };

interface Case {
  name: string;
  url: string;
  session: GuardSession;
  expected: GuardDecision;
}

const allow = (role: 1 | 2 | 3 | 4 | undefined): GuardDecision => ({ type: 'allow', role });
const redirect = (to: string): GuardDecision => ({ type: 'redirect', to });

const cases: Case[] = [
  // Signed out
  { name: 'signed out opens the login page', url: '/login', session: signedOut, expected: allow(undefined) },
  { name: 'signed out opens a public error page', url: '/pages/error-500', session: signedOut, expected: allow(undefined) },
  {
    name: 'signed out at a user page goes to login with the wanted path',
    url: '/user/dashboard',
    session: signedOut,
    expected: redirect('/login?to=%2Fuser%2Fdashboard'),
  },
  {
    name: 'signed out keeps the query in `to`',
    url: '/user/manage-service-units?page=2&q=a%20b',
    session: signedOut,
    expected: redirect(`/login?to=${encodeURIComponent('/user/manage-service-units?page=2&q=a%20b')}`),
  },
  {
    name: 'signed out at an admin page goes to login',
    url: '/admin/manage-users',
    session: signedOut,
    expected: redirect('/login?to=%2Fadmin%2Fmanage-users'),
  },
  {
    name: 'signed out at a demo app goes to login',
    url: '/apps/todo/important',
    session: signedOut,
    expected: redirect('/login?to=%2Fapps%2Ftodo%2Fimportant'),
  },
  { name: 'unknown path goes to 404', url: '/no/such/page', session: signedOut, expected: redirect('/pages/error-404') },

  // Signed in at /login
  {
    name: 'role 1 at login goes to the admin dashboard',
    url: '/login',
    session: asRole(1),
    expected: redirect('/admin/dashboard?to=%2Flogin'),
  },
  {
    name: 'role 2 at login goes to the admin dashboard',
    url: '/login',
    session: asRole(2),
    expected: redirect('/admin/dashboard?to=%2Flogin'),
  },
  {
    name: 'role 3 at login goes to the admin dashboard',
    url: '/login',
    session: asRole(3),
    expected: redirect('/admin/dashboard?to=%2Flogin'),
  },
  {
    name: 'login with a trailing slash is the login page',
    url: '/login/',
    session: asRole(4),
    expected: redirect('/user/dashboard?to=%2Flogin%2F'),
  },
  {
    name: 'role 4 at login goes to the user dashboard',
    url: '/login',
    session: asRole(4),
    expected: redirect('/user/dashboard?to=%2Flogin'),
  },

  // Role rules
  { name: 'admin role opens an admin page', url: '/admin/manage-users', session: asRole(2), expected: allow(2) },
  { name: 'operator opens the prediction report', url: '/admin/reporting/prediction', session: asRole(3), expected: allow(3) },
  {
    name: 'user role at an admin page is not authorized',
    url: '/admin/manage-users',
    session: asRole(4),
    expected: redirect('/pages/not-authorized'),
  },
  {
    name: 'admin role at a user page is not authorized',
    url: '/user/manage-process',
    session: asRole(1),
    expected: redirect('/pages/not-authorized'),
  },
  { name: 'user role opens a user page', url: '/user/url-restrictions', session: asRole(4), expected: allow(4) },
  { name: 'any signed-in role opens the demo apps', url: '/apps/email/inbox', session: asRole(1), expected: allow(1) },
  { name: 'role 4 opens the todo app', url: '/apps/todo', session: asRole(4), expected: allow(4) },
  { name: 'signed in still sees public pages', url: '/pages/maintenance', session: asRole(4), expected: allow(4) },
  { name: 'trailing slash matches the route', url: '/user/dashboard/', session: asRole(4), expected: allow(4) },

  // Locked session
  {
    name: 'a locked session at a protected page goes to the lock screen',
    url: '/admin/dashboard',
    session: asRole(1, true),
    expected: redirect('/pages/lock-screen'),
  },
  {
    name: 'a locked session at login goes to the lock screen',
    url: '/login',
    session: asRole(2, true),
    expected: redirect('/pages/lock-screen'),
  },
  {
    name: 'a locked session may open the lock screen, without a role',
    url: '/pages/lock-screen',
    session: asRole(1, true),
    expected: allow(undefined),
  },
  {
    name: 'a restored lock (role unconfirmed) goes to the lock screen',
    url: '/user/dashboard',
    session: lockedUnconfirmed,
    expected: redirect('/pages/lock-screen'),
  },

  // Not confirmed yet: nothing role-gated, no redirect decided on a role nobody vouched for
  { name: 'confirming: an admin page waits', url: '/admin/dashboard', session: pending, expected: { type: 'wait', reason: 'pending' } },
  { name: 'confirming: a user page waits', url: '/user/dashboard', session: pending, expected: { type: 'wait', reason: 'pending' } },
  {
    name: 'confirming: the login page waits (it may send the visitor on)',
    url: '/login',
    session: pending,
    expected: { type: 'wait', reason: 'pending' },
  },
  { name: 'confirming: public pages show, with no role', url: '/pages/not-authorized', session: pending, expected: allow(undefined) },
  { name: 'confirming: an unknown path still goes to 404', url: '/nope', session: pending, expected: redirect('/pages/error-404') },
  {
    name: 'server unreachable: a protected page waits with the error',
    url: '/apps/todo',
    session: unconfirmed,
    expected: { type: 'wait', reason: 'unconfirmed' },
  },
];

function decide(url: string, session: GuardSession): GuardDecision {
  const [path = '', query] = url.split('?');
  const rule: RouteRule | null = findRoute(path)?.rule ?? null;
  return guard({ path, search: query ? `?${query}` : '', rule, session });
}

describe('guard', () => {
  it.each(cases)('$name', ({ url, session, expected }) => {
    expect(decide(url, session)).toEqual(expected);
  });
});
