import type { RoleId } from '@/lib/roles';
import { ruleAdmits } from './guard';
import { findRoute } from './routes';

/** Whether a role may open a path: its route's rule, decided by the guard's `ruleAdmits` (which asks `can()`). */
export function canOpenPath(path: string, role: RoleId): boolean {
  const route = findRoute(path);
  return route !== undefined && ruleAdmits(route.rule, role);
}
