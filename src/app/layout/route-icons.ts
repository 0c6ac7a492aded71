import {
  IconAddressBook,
  IconApps,
  IconBuilding,
  IconCamera,
  IconChecklist,
  IconDashboard,
  IconDeviceDesktop,
  IconMail,
  IconReportAnalytics,
  IconShieldLock,
  IconTerminal2,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { AppRoute, MenuGroup } from '../routes';

/**
 * The pages' icons in the side menu, starred links and search. Here, in the lazy app shell, not in the route
 * table: the table is in the entry, and the public pages never show these (docs/performance.md).
 */
const ROUTE_ICONS: Readonly<Record<string, Icon>> = {
  '/user/dashboard': IconDashboard,
  '/user/manage-service-units': IconDeviceDesktop,
  '/user/manage-process': IconTerminal2,
  '/user/manage-screenshots': IconCamera,
  '/user/url-restrictions': IconShieldLock,
  '/user/my-profile': IconUser,
  '/admin/dashboard': IconDashboard,
  '/admin/manage-organizations': IconBuilding,
  '/admin/manage-users': IconUsers,
  '/admin/reporting/prediction': IconReportAnalytics,
  '/admin/my-profile': IconAddressBook,
  '/apps/todo': IconChecklist,
  '/apps/email': IconMail,
};

export const MENU_GROUP_ICONS: Readonly<Record<MenuGroup, Icon>> = {
  user: IconDeviceDesktop,
  admin: IconBuilding,
  reports: IconReportAnalytics,
  apps: IconApps,
};

/** A page's icon; undefined for pages without one (public pages, the developer tools). */
export function routeIcon(route: Pick<AppRoute, 'path'>): Icon | undefined {
  return ROUTE_ICONS[route.path];
}
