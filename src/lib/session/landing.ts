import { createContext, useContext } from 'react';
import { dashboardFor, isRoleId, type RoleId } from '../roles';

/** Whether a role may open a path: the app's route table and guard answer it (src/app/landing.ts). */
export type RouteAccess = (path: string, role: RoleId) => boolean;

/** Without the app's answer, no `to` is followed: every sign-in lands on the role's dashboard. */
const openNothing: RouteAccess = () => false;

/**
 * The app's route access for the pages that choose where a sign-in lands (shared code cannot import
 * src/app; AppProviders provides it).
 */
export const RouteAccessContext = createContext<RouteAccess>(openNothing);

/**
 * A same-origin path, never an open redirect: rejects absolute URLs, protocol-relative `//host`,
 * backslash tricks (`/\host`), schemes like `javascript:` and control characters.
 */
export function isInternalPath(target: string | null | undefined): target is string {
  if (typeof target !== 'string' || target === '') return false;
  if (!target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(target)) return false;
  try {
    const url = new URL(target, 'http://internal.invalid');
    return url.origin === 'http://internal.invalid';
  } catch {
    return false;
  }
}

/** Where to go after signing in: the `to` target when it is internal and `canOpen` admits it, else the role's dashboard. */
export function landingPathFor(to: string | null | undefined, role: number, canOpen: RouteAccess): string {
  if (!isRoleId(role)) return '/login';
  if (isInternalPath(to)) {
    const path = to.split(/[?#]/)[0] ?? '';
    if (path !== '/login' && canOpen(path, role)) return to;
  }
  return dashboardFor(role);
}

/** `landingPathFor` with the app's route access. */
export function useLandingPath(): (to: string | null | undefined, role: number) => string {
  const canOpen = useContext(RouteAccessContext);
  return (to, role) => landingPathFor(to, role, canOpen);
}
