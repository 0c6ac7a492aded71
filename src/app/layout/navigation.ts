import type { Icon } from '@tabler/icons-react';
import type { RoleId } from '@/lib/roles';
import { can, subjectFor } from '@/lib/roles';
import { ruleAdmits } from '../guard';
import { findRoute, routes, type AppRoute, type MenuGroup } from '../routes';
import { MENU_GROUP_ICONS, routeIcon } from './route-icons';

export interface MenuEntry {
  /** A page link, or a sub-menu (e.g. Reports > Prediction) holding page links. */
  route?: AppRoute;
  labelKey: string;
  icon?: Icon;
  children?: AppRoute[];
}

export interface MenuSection {
  id: 'user' | 'admin' | 'apps';
  labelKey: string;
  entries: MenuEntry[];
}

const byOrder = (a: AppRoute, b: AppRoute) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0);
const inGroup = (group: MenuGroup, role: RoleId) => routes.filter((r) => r.menu?.group === group && ruleAdmits(r.rule, role)).sort(byOrder);

/** The side menu of a role, built from the route table. Signed out: no menu. */
export function menuFor(role: RoleId | undefined): MenuSection[] {
  if (role === undefined) return [];
  const sections: MenuSection[] = [];
  const area: 'user' | 'admin' = can(subjectFor(role), 'read', 'adminArea').allowed ? 'admin' : 'user';
  const entries: MenuEntry[] = inGroup(area, role).map((route) => ({ route, labelKey: route.titleKey, icon: routeIcon(route) }));
  const reports = inGroup('reports', role);
  if (reports.length > 0) {
    entries.push({
      labelKey: 'menu.reports',
      icon: MENU_GROUP_ICONS.reports,
      // Inside the Reports sub-menu the last breadcrumb (e.g. "Prediction") is the natural label.
      children: reports,
    });
  }
  if (entries.length > 0) sections.push({ id: area, labelKey: area === 'admin' ? 'menu.adminArea' : 'menu.userArea', entries });
  const apps = inGroup('apps', role).map((route) => ({ route, labelKey: route.titleKey, icon: routeIcon(route) }));
  if (apps.length > 0) sections.push({ id: 'apps', labelKey: 'menu.apps', entries: apps });
  return sections;
}

/** The label of a route inside a sub-menu: its last breadcrumb ("Prediction"). */
export const childLabelKey = (route: AppRoute) => route.breadcrumb.at(-1) ?? route.titleKey;

/** Every page the role may open from search or a bookmark, in route-table order. */
export function searchableRoutesFor(role: RoleId | undefined): AppRoute[] {
  if (role === undefined) return [];
  return routes.filter((r) => r.searchable === true && ruleAdmits(r.rule, role));
}

/** A starred path is shown only if it is still a page this role may open. */
export function bookmarkRoutesFor(paths: readonly string[], role: RoleId | undefined): AppRoute[] {
  const allowed = new Set(searchableRoutesFor(role));
  return paths.flatMap((p) => {
    const route = findRoute(p);
    return route && allowed.has(route) ? [route] : [];
  });
}

export function profilePathFor(role: RoleId | undefined): string {
  return role !== undefined && can(subjectFor(role), 'read', 'adminArea').allowed ? '/admin/my-profile' : '/user/my-profile';
}

/** The active menu entry: the current path, or a nested app's sub-path. */
export const isActivePath = (current: string, path: string) => current === path || current.startsWith(`${path}/`);
