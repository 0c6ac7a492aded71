import type { ComponentType } from 'react';
import { loadAllTranslations } from '@/lib/i18n';
import { DEVTOOLS_BUILD } from '@/lib/inspection';
import { startSession } from '@/lib/session/light';
import type { RouteRule } from './guard';

export type MenuGroup = 'user' | 'admin' | 'reports' | 'apps';

export interface AppRoute {
  /** wouter pattern */
  path: string;
  rule: RouteRule;
  /** i18n key of the page title (document.title, heading, search, bookmarks) */
  titleKey: string;
  /** i18n keys of the breadcrumb after Home; the last one is the current page */
  breadcrumb: string[];
  /** where the page appears in the side menu; absent = not in the menu (its icon: layout/route-icons.ts) */
  menu?: { group: MenuGroup; order: number };
  /** full-page (no app shell): the public screens */
  bare?: boolean;
  /** a page with its own sub-routes, matched as a prefix */
  nest?: boolean;
  /** shown in search and bookmarkable (a concrete, parameter-free path) */
  searchable?: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The machine explorer (docs/statecharts.md): in demo mode and development builds, in a remote build only
 * with VITE_DEVTOOLS=true. A public bare page (the static charts need no sign-in), its own lazy chunk.
 */
export const devRoutes: readonly AppRoute[] = DEVTOOLS_BUILD
  ? [
      {
        path: '/dev/statecharts',
        rule: 'isPublic',
        titleKey: 'statecharts.title',
        breadcrumb: ['statecharts.title'],
        bare: true,
        load: () => import('@/features/statecharts/statecharts-page'),
      },
      // The API contract (docs/api/openapi.yaml) as readable reference docs, its own lazy chunk (docs/api.md).
      {
        path: '/dev/api',
        rule: 'isPublic',
        titleKey: 'api-docs.title',
        breadcrumb: ['api-docs.title'],
        bare: true,
        load: () => import('@/features/api-docs/api-docs-page'),
      },
    ]
  : [];

/**
 * A signed-in page's module, through ./signed-in-pages.ts: their `import()`s (with the list of files each
 * page needs) are not in the entry, which every visitor of /login downloads. That small chunk is fetched after
 * a sign-in (./prefetch.ts, with the role's first screen), or at once when the first page is a signed-in one.
 */
const signedInPages = () => import('./signed-in-pages');
const signedIn =
  (path: string): AppRoute['load'] =>
  () =>
    signedInPages().then((m) => m.loadSignedInPage(path));

export const routes: readonly AppRoute[] = [
  // Public
  {
    path: '/login',
    rule: 'isPublic',
    titleKey: 'menu.login',
    breadcrumb: ['menu.login'],
    bare: true,
    load: () => import('@/features/auth/login-page'),
  },
  {
    path: '/register',
    rule: 'isPublic',
    titleKey: 'menu.register',
    breadcrumb: ['menu.register'],
    bare: true,
    load: () => import('@/features/auth/register-page'),
  },
  // The address the specification names; the code keeps the `forgot` spelling.
  {
    path: '/forget-password',
    rule: 'isPublic',
    titleKey: 'menu.forgotPassword',
    breadcrumb: ['menu.forgotPassword'],
    bare: true,
    load: () => import('@/features/auth/forgot-password-page'),
  },
  // The one-time link an admin copies after inviting a user or resetting a password (docs/users.md).
  {
    path: '/set-password',
    rule: 'isPublic',
    titleKey: 'users.setPassword.title',
    breadcrumb: ['users.setPassword.title'],
    bare: true,
    load: () => import('@/features/users/set-password-page'),
  },
  {
    path: '/callback',
    rule: 'isPublic',
    titleKey: 'menu.callback',
    breadcrumb: ['menu.callback'],
    bare: true,
    load: () => import('@/features/auth/callback-page'),
  },
  {
    path: '/pages/lock-screen',
    rule: 'isPublic',
    titleKey: 'menu.lockScreen',
    breadcrumb: ['menu.pages', 'menu.lockScreen'],
    bare: true,
    load: () => import('@/features/auth/lock-screen-page'),
  },
  {
    path: '/pages/comingsoon',
    rule: 'isPublic',
    titleKey: 'menu.comingSoon',
    breadcrumb: ['menu.pages', 'menu.comingSoon'],
    bare: true,
    load: () => import('@/features/pages/coming-soon-page'),
  },
  {
    path: '/pages/error-404',
    rule: 'isPublic',
    titleKey: 'menu.error404',
    breadcrumb: ['menu.pages', 'menu.error404'],
    bare: true,
    load: () => import('@/features/pages/error-404-page'),
  },
  {
    path: '/pages/error-500',
    rule: 'isPublic',
    titleKey: 'menu.error500',
    breadcrumb: ['menu.pages', 'menu.error500'],
    bare: true,
    load: () => import('@/features/pages/error-500-page'),
  },
  {
    path: '/pages/not-authorized',
    rule: 'isPublic',
    titleKey: 'menu.notAuthorized',
    breadcrumb: ['menu.pages', 'menu.notAuthorized'],
    bare: true,
    load: () => import('@/features/pages/not-authorized-page'),
  },
  {
    path: '/pages/maintenance',
    rule: 'isPublic',
    titleKey: 'menu.maintenance',
    breadcrumb: ['menu.pages', 'menu.maintenance'],
    bare: true,
    load: () => import('@/features/pages/maintenance-page'),
  },

  // User area
  {
    path: '/user/dashboard',
    rule: 'isUser',
    titleKey: 'menu.dashboard',
    breadcrumb: ['menu.dashboard'],
    menu: { group: 'user', order: 1 },
    searchable: true,
    load: signedIn('/user/dashboard'),
  },
  {
    path: '/user/manage-service-units',
    rule: 'isUser',
    titleKey: 'menu.serviceUnits',
    breadcrumb: ['menu.serviceUnits'],
    menu: { group: 'user', order: 2 },
    searchable: true,
    load: signedIn('/user/manage-service-units'),
  },
  {
    path: '/user/manage-process',
    rule: 'isUser',
    titleKey: 'menu.processes',
    breadcrumb: ['menu.processes'],
    menu: { group: 'user', order: 3 },
    searchable: true,
    load: signedIn('/user/manage-process'),
  },
  {
    path: '/user/manage-screenshots',
    rule: 'isUser',
    titleKey: 'menu.screenshots',
    breadcrumb: ['menu.screenshots'],
    menu: { group: 'user', order: 4 },
    searchable: true,
    load: signedIn('/user/manage-screenshots'),
  },
  {
    path: '/user/url-restrictions',
    rule: 'isUser',
    titleKey: 'menu.urlRestrictions',
    breadcrumb: ['menu.urlRestrictions'],
    menu: { group: 'user', order: 5 },
    searchable: true,
    load: signedIn('/user/url-restrictions'),
  },
  {
    path: '/user/my-profile',
    rule: 'isUser',
    titleKey: 'menu.myProfile',
    breadcrumb: ['menu.userSettings'],
    searchable: true,
    load: signedIn('/user/my-profile'),
  },

  // Admin area
  {
    path: '/admin/dashboard',
    rule: 'isAdmin',
    titleKey: 'menu.dashboard',
    breadcrumb: ['menu.dashboard'],
    menu: { group: 'admin', order: 1 },
    searchable: true,
    load: signedIn('/admin/dashboard'),
  },
  {
    path: '/admin/manage-organizations',
    rule: 'isAdmin',
    titleKey: 'menu.organizations',
    breadcrumb: ['menu.organizations'],
    menu: { group: 'admin', order: 2 },
    searchable: true,
    load: signedIn('/admin/manage-organizations'),
  },
  {
    path: '/admin/manage-users',
    rule: 'isAdmin',
    titleKey: 'menu.users',
    breadcrumb: ['menu.users'],
    menu: { group: 'admin', order: 3 },
    searchable: true,
    load: signedIn('/admin/manage-users'),
  },
  {
    path: '/admin/reporting/prediction',
    rule: 'isAdmin',
    titleKey: 'menu.predictionReport',
    breadcrumb: ['menu.report', 'menu.prediction'],
    menu: { group: 'reports', order: 1 },
    searchable: true,
    load: signedIn('/admin/reporting/prediction'),
  },
  {
    path: '/admin/my-profile',
    rule: 'isAdmin',
    titleKey: 'menu.profile',
    breadcrumb: ['menu.profile'],
    searchable: true,
    load: signedIn('/admin/my-profile'),
  },

  // Demo apps, for every signed-in role
  {
    path: '/apps/todo',
    rule: 'isSignedIn',
    titleKey: 'menu.todo',
    breadcrumb: ['menu.apps', 'menu.todo'],
    menu: { group: 'apps', order: 1 },
    nest: true,
    searchable: true,
    load: signedIn('/apps/todo'),
  },
  {
    path: '/apps/email',
    rule: 'isSignedIn',
    titleKey: 'menu.email',
    breadcrumb: ['menu.apps', 'menu.email'],
    menu: { group: 'apps', order: 2 },
    nest: true,
    searchable: true,
    load: signedIn('/apps/email'),
  },
  ...devRoutes,
];

/** Paths that only redirect. `keepQuery` carries the query string along. */
export const redirects: readonly { from: string; to: string; keepQuery: boolean }[] = [
  { from: '/', to: '/login', keepQuery: false },
  { from: '/pages/login', to: '/login', keepQuery: true },
  // The page's address between two renamings, still in old links and bookmarks.
  { from: '/forgot-password', to: '/forget-password', keepQuery: false },
];

/**
 * Pages that need only the translations in the entry (src/lib/i18n.ts FIRST_NAMESPACES); every other page
 * waits for the rest (loadAllTranslations) before it renders. A public page that starts using another
 * namespace must leave this list (or its namespace join FIRST_NAMESPACES).
 */
const FIRST_LOAD_PAGES = new Set([
  '/login',
  '/register',
  '/forget-password',
  '/callback',
  '/pages/lock-screen',
  '/pages/comingsoon',
  '/pages/error-404',
  '/pages/error-500',
  '/pages/not-authorized',
  '/pages/maintenance',
]);
export function needsAllTranslations(route: AppRoute): boolean {
  return !FIRST_LOAD_PAGES.has(route.path);
}

/** Public pages whose first screen needs the session's actor: the lock screen, the identity provider's callback. */
const SESSION_FIRST_PAGES = new Set(['/callback', '/pages/lock-screen']);
/**
 * Whether a page needs the session's actor for its first screen (src/lib/session/current.ts): the signed-in pages
 * and the two above. src/main.tsx starts it before such a first page; a session-first public page's loader starts
 * it too, so the page never has to start it from an effect.
 */
export function needsSessionFirst(route: AppRoute): boolean {
  return !route.bare || SESSION_FIRST_PAGES.has(route.path);
}

/** The session started (once, src/lib/session/current.ts); a failure leaves the page to its signed-out view. */
const sessionStarted = () => startSession().catch((error: unknown) => console.error('The session could not start', error));

const loaders = new WeakMap<AppRoute, AppRoute['load']>();
/**
 * A route's page module, after the translations it needs and, for a session-first public page, the session's
 * actor (one function per route: React.lazy caches by it).
 */
export function pageLoader(route: AppRoute): AppRoute['load'] {
  let load = loaders.get(route);
  if (!load) {
    const waits = [
      ...(needsAllTranslations(route) ? [loadAllTranslations] : []),
      ...(route.bare && needsSessionFirst(route) ? [sessionStarted] : []),
    ];
    const loadPage = route.load;
    load = waits.length === 0 ? loadPage : () => Promise.all([loadPage(), ...waits.map((wait) => wait())]).then(([page]) => page);
    loaders.set(route, load);
  }
  return load;
}

/** Finds the route for a path (exact, or as a prefix for nested apps). */
export function findRoute(path: string): AppRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return routes.find((r) => r.path === clean || (r.nest === true && clean.startsWith(`${r.path}/`)));
}
