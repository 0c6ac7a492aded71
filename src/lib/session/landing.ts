import { dashboardFor, isRoleId, type RoleId } from '../roles';

type RouteAccess = (path: string, role: RoleId) => boolean;

// The app registers its route table here (shared code cannot import src/app).
let canOpen: RouteAccess = () => true;

export function registerRouteAccess(check: RouteAccess): void {
  canOpen = check;
}

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

/** Where to go after signing in: the `to` target when it is internal and open to the role, else the role's dashboard. */
export function landingPathFor(to: string | null | undefined, role: number): string {
  if (!isRoleId(role)) return '/login';
  if (isInternalPath(to)) {
    const path = to.split(/[?#]/)[0] ?? '';
    if (path !== '/login' && canOpen(path, role)) return to;
  }
  return dashboardFor(role);
}
