import type { ComponentType } from 'react';

/**
 * The signed-in pages' modules by route path (src/app/routes.ts has the rest of each route). Apart from the
 * route table, which is in the entry, because each `import()` carries the list of files its page needs,
 * bytes the sign-in page does not need.
 */
export const SIGNED_IN_PAGES: Readonly<Record<string, () => Promise<{ default: ComponentType }>>> = {
  '/user/dashboard': () => import('@/features/dashboard/user-dashboard-page'),
  '/user/manage-service-units': () => import('@/features/service-units/service-units-page'),
  '/user/manage-process': () => import('@/features/processes/processes-page'),
  '/user/manage-screenshots': () => import('@/features/screenshots/screenshots-page'),
  '/user/url-restrictions': () => import('@/features/url-restrictions/url-restrictions-page'),
  '/user/my-profile': () => import('@/features/profile/my-profile-page'),
  '/admin/dashboard': () => import('@/features/dashboard/admin-dashboard-page'),
  '/admin/manage-organizations': () => import('@/features/organizations/organizations-page'),
  '/admin/manage-users': () => import('@/features/users/users-page'),
  '/admin/reporting/prediction': () => import('@/features/reports/prediction-report-page'),
  '/admin/my-profile': () => import('@/features/profile/my-profile-page'),
  '/apps/todo': () => import('@/features/todo/todo-page'),
  '/apps/email': () => import('@/features/email/email-page'),
};

export function loadSignedInPage(path: string): Promise<{ default: ComponentType }> {
  const load = SIGNED_IN_PAGES[path];
  if (!load) return Promise.reject(new Error(`No signed-in page for ${path}`));
  return load();
}
