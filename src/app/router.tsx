import {
  createElement,
  lazy,
  memo,
  Suspense,
  useDeferredValue,
  useEffect,
  type ComponentProps,
  type ReactNode,
  type ComponentType,
} from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loadAllTranslations } from '@/lib/i18n';
import { dashboardFor, type RoleId } from '@/lib/roles';
import { useSessionAccess, type SessionAccess } from '@/lib/session/light';
import { guard } from './guard';
import type { AppLayout as AppLayoutType } from './layout/app-layout';
import { lazyPage, loadWithTimeout } from './lazy-page';
import { useHideLoadingOverlay } from './loading-overlay';
import { wantOverlays } from './overlays-demand';
import { PageErrorBoundary } from './page-error-boundary';
import { SessionCheck } from './session-check';
import { findRoute, pageLoader, redirects, routes, type AppRoute } from './routes';

// The app shell (menu, search, starred pages) is its own chunk, so the public pages never download it; it loads
// beside the page's chunk, and with the overlays chunk (every component's stylesheet) so a signed-in page never
// paints unstyled.
type Shell = typeof AppLayoutType;
let shell: Shell | undefined;
const loadShell = () =>
  Promise.all([import('./layout/app-layout'), import('./overlays'), loadAllTranslations()]).then(([m]) => {
    shell = m.AppLayout;
    // A signed-in page's toasts and modals: their chunk came with the shell (./overlays-demand.ts).
    wantOverlays();
    return { default: m.AppLayout };
  });
const LazyAppLayout = lazy(() => loadWithTimeout(loadShell));
/** The shell, at once when it is loaded already (src/main.tsx preloads it for a signed-in page's first screen). */
function AppLayout(props: ComponentProps<Shell>) {
  return createElement(shell ?? LazyAppLayout, props);
}
/** Loads the app shell before the first render of a signed-in page (no fallback, no throttled reveal). */
export function preloadShell(): Promise<void> {
  return loadShell().then(
    () => undefined,
    () => undefined,
  );
}

// One lazy component per route, made once at load so navigation never re-creates it. Pages beyond the public
// ones also wait for the English namespaces the entry leaves out (src/lib/i18n.ts).
const PAGES: ReadonlyMap<AppRoute, ComponentType> = new Map(routes.map((r) => [r, lazyPage(pageLoader(r))]));

// Memoised: the router re-renders on every query-string change (the guard reads it), a list's page change
// among them, and the app shell and the page must not render with it.
const RouteView = memo(function RouteView({ route, path, role }: { route: AppRoute; path: string; role: RoleId | undefined }) {
  const { t } = useTranslation();
  const page = PAGES.get(route);
  useEffect(() => {
    document.title = `${t(route.titleKey)} | ${t('common.appName')}`;
  }, [route, t]);
  const content = (
    <PageErrorBoundary resetKey={path}>
      <Suspense
        fallback={
          <Center mih={240}>
            <Loader aria-label={t('common.loading')} />
          </Center>
        }
      >
        {page ? createElement(page) : null}
        <Rendered path={path} />
      </Suspense>
    </PageErrorBoundary>
  );
  if (route.bare) return content;
  return (
    <Suspense fallback={<ShellLoading />}>
      <AppLayout route={route} role={role}>
        <AfterShell>{content}</AfterShell>
      </AppLayout>
    </Suspense>
  );
});

/**
 * The page's first render follows the shell's in a transition of its own, React splitting each into short tasks,
 * instead of one long task of shell and page together (a fresh sign-in renders the shell synchronously). Later
 * navigations keep this component mounted and render at once.
 */
function AfterShell({ children }: { children: ReactNode }) {
  const shellPainted = useDeferredValue(true, false);
  return shellPainted ? children : null;
}

/** While the app shell's chunk loads (once per visit): the boot overlay of index.html is still up. */
function ShellLoading() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** Rendered only once the lazy page has resolved: hides the boot overlay. */
function Rendered({ path }: { path: string }) {
  useHideLoadingOverlay(path);
  return null;
}

/** Where a redirect-only path leads: `/` is the signed-in visitor's dashboard, else the sign-in page. */
function aliasTarget(alias: (typeof redirects)[number], query: string, session: SessionAccess): string {
  if (alias.from === '/' && session.status === 'signedIn' && session.role !== undefined && !session.locked) {
    return dashboardFor(session.role);
  }
  return alias.to + (alias.keepQuery ? query : '');
}

export function AppRouter() {
  const [path] = useLocation();
  const search = useSearch();
  // The session (role and lock) comes from the session machine only, never from storage: the server
  // confirmed the role, and a lock stored by another tab reaches the machine through its `tabs` actor.
  const live: SessionAccess = useSessionAccess();
  // A restored session the server has just confirmed: the signed-in app (shell, then page) renders in a background
  // render React splits into short tasks, the check's spinner staying up until it commits. The machine's update
  // renders synchronously (useSyncExternalStore), and the shell's first render was one 100–150 ms task on the load
  // of every signed-in screen. Any other change of the session (a sign-out, a lock) applies at once.
  const deferred = useDeferredValue(live);
  const session = live.status === 'signedIn' && deferred.status === 'pending' ? deferred : live;
  const query = search ? `?${search}` : '';

  const alias = redirects.find((r) => r.from === path);
  const route = alias ? undefined : findRoute(path);
  const decision = alias ? null : guard({ path, search: query, rule: route?.rule ?? null, session });

  // wouter's <Redirect> navigates once, on mount: a key per target makes a chain of redirects
  // (`/` → `/login` → the dashboard) mount a fresh one at every step instead of reusing the first.
  if (alias) {
    // `/` waits for the confirmed role before choosing a dashboard.
    if (alias.from === '/' && (session.status === 'pending' || session.status === 'unconfirmed')) {
      return <SessionCheck reason={session.status} />;
    }
    const to = aliasTarget(alias, query, session);
    return <Redirect key={to} to={to} replace />;
  }
  if (decision?.type === 'wait') return <SessionCheck reason={decision.reason} />;
  if (!decision || decision.type === 'redirect' || !route) {
    const to = decision?.type === 'redirect' ? decision.to : '/pages/error-404';
    return <Redirect key={to} to={to} replace />;
  }
  return <RouteView route={route} path={path} role={decision.role} />;
}
