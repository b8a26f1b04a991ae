import { isAdmin, isDepartmentManager, type PermissionSubject } from '@/lib/permissions';
import type { FilterSet } from './filters';

/**
 * 'Global View' (docs/decisions.md 'Scheduler'): a department manager who may see several
 * departments (an administrator, an entity manager, or the manager of two or more departments)
 * and has no department filter set sees every department at once.
 */
export function isGlobalView(user: PermissionSubject | null | undefined, f: FilterSet): boolean {
  if (!user || !isDepartmentManager(user) || f.departmentIds.length > 0) return false;
  if (isAdmin(user)) return true;
  const needs = user.needs ?? [];
  const departments = needs.filter((n) => n.startsWith('manage_department:')).length;
  return departments > 1 || needs.some((n) => n.startsWith('manage_entity:'));
}
