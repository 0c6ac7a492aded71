import { createElement, Suspense, useEffect, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { clearSessionStorage, parseRoleId, useAuthStorage, type AuthStorageSnapshot } from '@/lib/auth-storage';
import { dashboardFor } from '@/lib/roles';
import { guard } from './guard';
import { AppLayout } from './layout/app-layout';
import { lazyPage } from './lazy-page';
import { useHideLoadingOverlay } from './loading-overlay';
import { PageErrorBoundary } from './page-error-boundary';
import { findRoute, redirects, routes, type AppRoute } from './routes';

// One lazy component per route, made once at load so navigation never re-creates it.
const PAGES: ReadonlyMap<AppRoute, ComponentType> = new Map(routes.map((r) => [r, lazyPage(r.load)]));

function RouteView({ route, path }: { route: AppRoute; path: string }) {
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
  return route.bare ? content : <AppLayout route={route}>{content}</AppLayout>;
}

/** Rendered only once the lazy page has resolved: hides the boot overlay. */
function Rendered({ path }: { path: string }) {
  useHideLoadingOverlay(path);
  return null;
}

/** Where a redirect-only path leads: `/` is the signed-in visitor's dashboard, else the sign-in page. */
function aliasTarget(alias: (typeof redirects)[number], query: string, storage: AuthStorageSnapshot): string {
  const role = storage.sessionKey ? parseRoleId(storage.authValues) : undefined;
  if (alias.from === '/' && role !== undefined && !storage.locked) return dashboardFor(role);
  return alias.to + (alias.keepQuery ? query : '');
}

export function AppRouter() {
  const [path] = useLocation();
  const search = useSearch();
  const storage = useAuthStorage();
  const query = search ? `?${search}` : '';

  const alias = redirects.find((r) => r.from === path);
  const route = alias ? undefined : findRoute(path);
  const decision = alias ? null : guard({ path, search: query, rule: route?.rule ?? null, storage });

  useEffect(() => {
    if (decision?.clearStorage) {
      console.warn('Corrupted session storage was cleared');
      clearSessionStorage();
    }
  }, [decision?.clearStorage]);

  // wouter's <Redirect> navigates once, on mount: a key per target makes a chain of redirects
  // (`/` → `/login` → the dashboard) mount a fresh one at every step instead of reusing the first.
  if (alias) {
    const to = aliasTarget(alias, query, storage);
    return <Redirect key={to} to={to} replace />;
  }
  if (!decision || decision.type === 'redirect' || !route) {
    const to = decision?.type === 'redirect' ? decision.to : '/pages/error-404';
    return <Redirect key={to} to={to} replace />;
  }
  return <RouteView route={route} path={path} />;
}
