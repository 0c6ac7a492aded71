import { can, dashboardFor, subjectFor, type RoleId } from '@/lib/roles';
import type { SessionAccess } from '@/lib/session/light';

export type RouteRule = 'isPublic' | 'isUser' | 'isAdmin' | 'isSignedIn';

/**
 * The session as the guard sees it, from the session machine (never from storage):
 * - `pending`: a restored session is being confirmed by the server (`GET /api/me`);
 * - `unconfirmed`: the server could not be asked (offline): nothing role-gated yet;
 * - `signedIn`: `role` is the role the server confirmed, undefined while a restored lock hides it.
 */
export type GuardSession = SessionAccess;

export interface GuardInput {
  /** Path without query, e.g. `/user/dashboard`. */
  path: string;
  /** Query string including the leading `?`, or ''. */
  search: string;
  /** The matched route's rule; null when no route matches. */
  rule: RouteRule | null;
  session: GuardSession;
}

export type GuardDecision =
  | { type: 'allow'; role: RoleId | undefined }
  | { type: 'redirect'; to: string }
  /** Render a neutral loading state (or the confirm error): the role is not known yet. */
  | { type: 'wait'; reason: 'pending' | 'unconfirmed' };

export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/pages/error-404';
export const NOT_AUTHORIZED_PATH = '/pages/not-authorized';
export const LOCK_SCREEN_PATH = '/pages/lock-screen';

const withTo = (target: string, wanted: string) => `${target}?to=${encodeURIComponent(wanted)}`;

/** The navigation guard: a pure function of the wanted location and the session machine's view. */
export function guard({ path, search, rule, session }: GuardInput): GuardDecision {
  if (rule === null) return { type: 'redirect', to: NOT_FOUND_PATH };

  // `/login/` is the login page too: compare without trailing slashes.
  const isLogin = (path.length > 1 ? path.replace(/\/+$/, '') : path) === LOGIN_PATH;
  const waiting = session.status === 'pending' || session.status === 'unconfirmed';
  // Public pages need no role, except the login page, which sends a signed-in visitor on.
  if (rule === 'isPublic' && !isLogin) {
    return { type: 'allow', role: session.status === 'signedIn' && !session.locked ? session.role : undefined };
  }
  if (waiting) return { type: 'wait', reason: session.status };

  if (session.status === 'signedOut') {
    return isLogin ? { type: 'allow', role: undefined } : { type: 'redirect', to: withTo(LOGIN_PATH, path + search) };
  }
  if (session.locked || session.role === undefined) {
    return path === LOCK_SCREEN_PATH ? { type: 'allow', role: undefined } : { type: 'redirect', to: LOCK_SCREEN_PATH };
  }
  const role = session.role;
  if (isLogin) return { type: 'redirect', to: withTo(dashboardFor(role), path) };
  if (!ruleAdmits(rule, role)) return { type: 'redirect', to: NOT_AUTHORIZED_PATH };
  return { type: 'allow', role };
}

/** Whether a signed-in role may open a route with this rule (the menu and the search use it too); asks `can()`. */
export function ruleAdmits(rule: RouteRule, role: RoleId | undefined): boolean {
  switch (rule) {
    case 'isPublic':
      return true;
    case 'isSignedIn':
      return role !== undefined;
    case 'isAdmin':
      return role !== undefined && can(subjectFor(role), 'read', 'adminArea').allowed;
    case 'isUser':
      return role !== undefined && can(subjectFor(role), 'read', 'userArea').allowed;
  }
}
