import { describe, expect, it } from 'vitest';
import {
  canCreateEntity,
  canHireDepartment,
  canListUsers,
  canManageDepartment,
  canManageEntity,
  canSeeDirectoryLists,
  canSelectDepartment,
  canSelectEntity,
  creatableEntityKinds,
  hasNeed,
  isAdmin,
  isAgencyManager,
  isClientManager,
  isClientOrAgencyManager,
  isDepartmentManager,
  isFreelancer,
  managesAnyEntity,
  roleBadgeLabel,
  type PermissionSubject,
} from './permissions';

const user = (needs: string[], extra: Partial<PermissionSubject> = {}): PermissionSubject => ({
  canAdmin: false,
  isFreelancer: false,
  needs,
  ...extra,
});

const admin = user(['admin'], { canAdmin: true });
const freelancer = user(['freelancer'], { isFreelancer: true });
const nobody = user([]);

describe('permissions', () => {
  it('All Users: staff and managers of anything, like access.CanListUsers', () => {
    expect(canListUsers(user(['staff']))).toBe(true);
    expect(canListUsers(admin)).toBe(true);
    expect(canListUsers(freelancer)).toBe(false);
    expect(canListUsers(nobody)).toBe(false);
    // A freelancer who runs a client company manages it, and so may list its people.
    expect(canListUsers(user(['freelancer', 'client_manager'], { isFreelancer: true }))).toBe(true);
    expect(canListUsers(user(['freelancer', 'department_manager'], { isFreelancer: true }))).toBe(
      true,
    );
  });

  it('nobody signed in has nothing', () => {
    expect(isAdmin(null)).toBe(false);
    expect(hasNeed(undefined, 'admin')).toBe(false);
    expect(canSeeDirectoryLists(null)).toBe(false);
  });

  it('admin from canAdmin or the admin need', () => {
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin(user(['admin']))).toBe(true);
    expect(isAdmin(user([], { canAdmin: true }))).toBe(true);
    expect(isAdmin(nobody)).toBe(false);
    expect(roleBadgeLabel(admin)).toBe('Admin');
    expect(roleBadgeLabel(nobody)).toBe('User');
  });

  it('admin grants every need except the freelancer role', () => {
    for (const need of [
      'client_manager',
      'agency_manager',
      'department_manager',
      'manage_entity:7',
      'hire_department:3',
    ]) {
      expect(hasNeed(admin, need)).toBe(true);
      expect(hasNeed(nobody, need)).toBe(false);
    }
    expect(hasNeed(admin, 'freelancer')).toBe(false);
    expect(isFreelancer(admin)).toBe(false);
    expect(isFreelancer(freelancer)).toBe(true);
    expect(isFreelancer(user([], { isFreelancer: true }))).toBe(true);
    expect(hasNeed(freelancer, 'freelancer')).toBe(true);
  });

  it('create entity per kind', () => {
    const supplierCreator = user(['create_entity:supplier']);
    expect(canCreateEntity(supplierCreator)).toBe(true);
    expect(canCreateEntity(supplierCreator, 'supplier')).toBe(true);
    expect(canCreateEntity(supplierCreator, 'client')).toBe(false);
    expect(creatableEntityKinds(supplierCreator)).toEqual(['supplier']);
    expect(canCreateEntity(nobody)).toBe(false);
    expect(creatableEntityKinds(admin)).toEqual(['supplier', 'agency', 'client']);
  });

  it('managers', () => {
    expect(isClientManager(user(['client_manager']))).toBe(true);
    expect(isAgencyManager(user(['agency_manager']))).toBe(true);
    expect(isClientOrAgencyManager(user(['agency_manager']))).toBe(true);
    expect(isClientOrAgencyManager(user(['department_manager']))).toBe(false);
    expect(isDepartmentManager(user(['department_manager']))).toBe(true);
    expect(isDepartmentManager(nobody)).toBe(false);
    expect(isClientOrAgencyManager(admin)).toBe(true);
  });

  it('per-entity and per-department references fall back to manage rights', () => {
    const u = user([
      'manage_entity:1',
      'select_entity:2',
      'manage_department:5',
      'select_department:6',
      'hire_department:7',
    ]);
    expect(canManageEntity(u, 1)).toBe(true);
    expect(canSelectEntity(u, 1)).toBe(true);
    expect(canManageEntity(u, 2)).toBe(false);
    expect(canSelectEntity(u, 2)).toBe(true);
    expect(canSelectEntity(u, 3)).toBe(false);
    expect(canManageDepartment(u, 5)).toBe(true);
    expect(canSelectDepartment(u, 5)).toBe(true);
    expect(canHireDepartment(u, 5)).toBe(true);
    expect(canSelectDepartment(u, 6)).toBe(true);
    expect(canManageDepartment(u, 6)).toBe(false);
    expect(canHireDepartment(u, 7)).toBe(true);
    expect(canHireDepartment(u, 6)).toBe(false);
    expect(managesAnyEntity(u)).toBe(true);
    expect(managesAnyEntity(nobody)).toBe(false);
    expect(canSelectDepartment(admin, 99)).toBe(true);
  });

  it('directory lists are for everyone but freelancers', () => {
    expect(canSeeDirectoryLists(nobody)).toBe(true);
    expect(canSeeDirectoryLists(freelancer)).toBe(false);
    expect(canSeeDirectoryLists(admin)).toBe(true);
  });
});
