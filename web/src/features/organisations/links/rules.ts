import type { CurrentUser } from '@/api/types';
import {
  canManageDepartment,
  canManageEntity,
  isDepartmentManager,
  managesAnyEntity,
} from '@/lib/permissions';
import { searchDepartments, searchEntities } from '@/lib/pickers';
import type { DataGridColumn } from '@/ui/data-grid';
import type { PickerOption } from '@/ui/record-picker';
import type { UserDepartmentRef, UserEntityRef } from './api/user-link-routes';

/** The rights a link gives, with the spec's meaning of each (part 1 §6). */
export interface FlagInfo<K extends string> {
  key: K;
  label: string;
  help: string;
}

export type EntityFlag = 'canExternal' | 'canManage' | 'canSelect';
export type DepartmentFlag = 'canHire' | 'canManage' | 'canSelect';

export const ENTITY_FLAGS: FlagInfo<EntityFlag>[] = [
  { key: 'canManage', label: 'Can manage', help: 'Manage the entity, its financials and bookings' },
  { key: 'canSelect', label: 'Can select', help: 'View the entity' },
  { key: 'canExternal', label: 'External', help: 'External resource with limited access' },
];

export const DEPARTMENT_FLAGS: FlagInfo<DepartmentFlag>[] = [
  { key: 'canHire', label: 'Can hire', help: 'Appears in the rostering list of this department' },
  { key: 'canManage', label: 'Can manage', help: 'Create, edit and update bookings' },
  { key: 'canSelect', label: 'Can select', help: 'View the department' },
];

/** The short list of rights a link holds, for grids and rows. */
export function flagSummary<K extends string>(
  flags: FlagInfo<K>[],
  link: Partial<Record<K, boolean>>,
): string {
  const on = flags.filter((f) => link[f.key]).map((f) => f.label);
  return on.length ? on.join(', ') : 'No rights';
}

/** A grid column showing one text of a row ('' while the row loads). */
export function textColumn<R>(
  colId: string,
  headerName: string,
  text: (r: R) => string,
  sortable = true,
): DataGridColumn<R> {
  return { colId, headerName, sortable, valueGetter: ({ data }) => (data ? text(data) : '') };
}

/**
 * Under the user picker of the connect forms: the server links only users the caller may
 * already see (and the picker lists only those); anyone else joins through an invitation.
 */
export const CONNECT_USER_HELP =
  'Only people you can already see are listed. Invite anyone else by e-mail.';

/** A new user link as the API takes it: the user, the other end (`parentField`), the rights. */
export type UserLinkInput<P extends string, F extends string> = { userId: number } & Record<
  P,
  number
> &
  Record<F, boolean>;

/**
 * What differs between the two kinds of user link (a user in a department, a user in an
 * entity, rows of type R) in the screens: the other end's names, field, picker and columns, the
 * rights, and who may connect and change. The API calls, forms, grids, pages and dialogs of
 * both kinds are written once against this.
 */
export interface UserLinkKind<P extends string, F extends string, R> {
  /** The picker kind and the word for the other end, e.g. 'department'. */
  parent: 'department' | 'entity';
  /** Its body field, e.g. 'departmentId'. */
  parentField: P;
  label: string;
  /** The other end with its article and in the plural, e.g. 'a department', 'Departments'. */
  one: string;
  plural: string;
  search: (term: string) => Promise<PickerOption[]>;
  flags: FlagInfo<F>[];
  /** The rights a new link starts with. */
  fresh: Record<F, boolean>;
  /** The other end's name in a row. */
  parentName: (r: R) => string;
  /** The columns naming the other end in 'All User-… connections' (after the user's). */
  parentColumns: DataGridColumn<R>[];
  /** Who gets 'Connect user' on that page, and who may change a row of it. */
  canConnect: (me: CurrentUser) => boolean;
  canChange: (me: CurrentUser, r: R) => boolean;
}

export const DEPARTMENT_LINKS: UserLinkKind<'departmentId', DepartmentFlag, UserDepartmentRef> = {
  parent: 'department',
  parentField: 'departmentId',
  label: 'Department',
  one: 'a department',
  plural: 'Departments',
  search: searchDepartments,
  flags: DEPARTMENT_FLAGS,
  fresh: { canHire: false, canManage: false, canSelect: true },
  parentName: (r) => r.department.name,
  parentColumns: [
    textColumn('department', 'Department', (r) => r.department.name),
    textColumn('client', 'Client', (r) => r.department.clientName),
  ],
  canConnect: (me) => managesAnyEntity(me) || isDepartmentManager(me),
  /** A department's managers and its client's managers change its links. */
  canChange: (me, r) =>
    canManageDepartment(me, r.departmentId) || canManageEntity(me, r.department.clientId),
};

export const ENTITY_LINKS: UserLinkKind<'entityId', EntityFlag, UserEntityRef> = {
  parent: 'entity',
  parentField: 'entityId',
  label: 'Entity',
  one: 'an entity',
  plural: 'Entities',
  search: searchEntities,
  flags: ENTITY_FLAGS,
  fresh: { canExternal: false, canManage: false, canSelect: true },
  parentName: (r) => r.entity.name,
  parentColumns: [textColumn('entity', 'Entity', (r) => r.entity.name)],
  canConnect: managesAnyEntity,
  canChange: (me, r) => canManageEntity(me, r.entityId),
};

/** The rights of `link` named by `flags`, e.g. to start the edit dialog from. */
export function flagsOf<F extends string>(flags: FlagInfo<F>[], link: Record<F, boolean>) {
  return Object.fromEntries(flags.map((f) => [f.key, link[f.key]])) as Record<F, boolean>;
}
