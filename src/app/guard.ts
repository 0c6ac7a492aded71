import { parseRoleId, type AuthStorageSnapshot } from '@/lib/auth-storage';
import { dashboardFor, isAdminRole, type RoleId } from '@/lib/roles';

export type RouteRule = 'isPublic' | 'isUser' | 'isAdmin' | 'isSignedIn';

export interface GuardInput {
  /** Path without query, e.g. `/user/dashboard`. */
  path: string;
  /** Query string including the leading `?`, or ''. */
  search: string;
  /** The matched route's rule; null when no route matches. */
  rule: RouteRule | null;
  storage: AuthStorageSnapshot;
}

export type GuardDecision =
  | { type: 'allow'; clearStorage: boolean; role: RoleId | undefined }
  | { type: 'redirect'; to: string; clearStorage: boolean };

export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/pages/error-404';
export const NOT_AUTHORIZED_PATH = '/pages/not-authorized';
export const LOCK_SCREEN_PATH = '/pages/lock-screen';

const withTo = (target: string, wanted: string) => `${target}?to=${encodeURIComponent(wanted)}`;

/** The navigation guard: a pure function of the wanted location and the stored session. */
export function guard({ path, search, rule, storage }: GuardInput): GuardDecision {
  const hasKey = typeof storage.sessionKey === 'string' && storage.sessionKey.trim() !== '';
  const role = parseRoleId(storage.authValues);
  // A session key with unusable auth-values, or auth-values left without a key, is corruption: clear and sign out.
  const corrupted = (hasKey && role === undefined) || (!hasKey && storage.authValues !== null);
  const signedIn = hasKey && role !== undefined;
  const clearStorage = corrupted;

  if (rule === null) return { type: 'redirect', to: NOT_FOUND_PATH, clearStorage };

  // `/login/` is the login page too: compare without trailing slashes.
  const isLogin = (path.length > 1 ? path.replace(/\/+$/, '') : path) === LOGIN_PATH;
  if (isLogin && signedIn) {
    return { type: 'redirect', to: withTo(dashboardFor(role), path), clearStorage };
  }
  // A role without a session key is no role: public pages must not see one.
  if (rule === 'isPublic') return { type: 'allow', clearStorage, role: signedIn ? role : undefined };

  if (!signedIn) return { type: 'redirect', to: withTo(LOGIN_PATH, path + search), clearStorage };
  if (storage.locked) return { type: 'redirect', to: LOCK_SCREEN_PATH, clearStorage };

  if (!ruleAdmits(rule, role)) return { type: 'redirect', to: NOT_AUTHORIZED_PATH, clearStorage };
  return { type: 'allow', clearStorage, role };
}

/** Whether a signed-in role may open a route with this rule (the menu and the search use it too). */
export function ruleAdmits(rule: RouteRule, role: RoleId | undefined): boolean {
  switch (rule) {
    case 'isPublic':
      return true;
    case 'isSignedIn':
      return role !== undefined;
    case 'isAdmin':
      return role !== undefined && isAdminRole(role);
    case 'isUser':
      return role !== undefined && !isAdminRole(role);
  }
}
