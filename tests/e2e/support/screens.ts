/** The screens the sweeping specs open (accessibility, CSP): one list, so a new screen is added once. */

export const PUBLIC_SCREENS = [
  '/login',
  '/register',
  '/forget-password',
  '/pages/error-404',
  '/pages/error-500',
  '/pages/not-authorized',
  '/pages/maintenance',
  '/pages/comingsoon',
];

/** The demo apps, open to both areas. */
export const APP_SCREENS = ['/apps/todo', '/apps/email'];

/** The user area (role 4), then the demo apps. */
export const USER_SCREENS = [
  '/user/dashboard',
  '/user/manage-service-units',
  '/user/manage-process',
  '/user/manage-screenshots',
  '/user/url-restrictions',
  '/user/my-profile',
  ...APP_SCREENS,
];

/** The admin area's own screens (roles 1–3). */
export const ADMIN_SCREENS = [
  '/admin/dashboard',
  '/admin/manage-organizations',
  '/admin/manage-users',
  '/admin/reporting/prediction',
  '/admin/my-profile',
];
