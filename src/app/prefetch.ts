import { dashboardFor, isRoleId, type RoleId } from '@/lib/roles';
import { followSessionActor, type SessionSnapshot } from '@/lib/session/light';
import { preloadPage } from './lazy-page';
import { preloadShell } from './router';
import { findRoute, pageLoader } from './routes';

/** The role the server confirmed for a signed-in session, else undefined (signed out, signing in, restoring). */
function confirmedRole(snapshot: SessionSnapshot): RoleId | undefined {
  if (!snapshot.matches('signedIn')) return undefined;
  const { confirmed, defaultRoleId } = snapshot.context;
  return confirmed && defaultRoleId !== null && isRoleId(defaultRoleId) ? defaultRoleId : undefined;
}

/** What prefetching downloads: the app shell's code, and a page's (tests give their own to see what was asked for). */
export interface Preloads {
  shell: () => Promise<unknown>;
  page: typeof preloadPage;
}

const APP_PRELOADS: Preloads = { shell: preloadShell, page: preloadPage };

/**
 * Prefetches the next screen of the role that signs in, once it has signed in (issue 46 §4): the app shell and
 * that role's dashboard. Before a sign-in, /login downloads no signed-in page's code (nor their loaders' map).
 * Returns what stops following the session (it stops by itself once it has prefetched).
 */
export function prefetchAfterSignIn(preload: Preloads = APP_PRELOADS): () => void {
  let prefetched = false;
  let stopFollowing: (() => void) | undefined;
  const stop = followSessionActor((session) => {
    stopFollowing?.();
    stopFollowing = undefined;
    if (!session || prefetched) return;
    const check = (snapshot: SessionSnapshot) => {
      const role = confirmedRole(snapshot);
      if (role === undefined || prefetched) return;
      prefetched = true;
      const route = findRoute(dashboardFor(role));
      void preload.shell();
      if (route) void preload.page(pageLoader(route));
      queueMicrotask(() => {
        stopFollowing?.();
        stop();
      });
    };
    const subscription = session.subscribe(check);
    stopFollowing = () => subscription.unsubscribe();
    check(session.getSnapshot());
  });
  return () => {
    stopFollowing?.();
    stop();
  };
}
