import type { PickerOption } from '@/ui/record-picker';
import { searchDepartments, searchEntities } from '@/lib/pickers';
import {
  DEPARTMENT_FLAGS,
  ENTITY_FLAGS,
  type DepartmentFlag,
  type EntityFlag,
  type FlagInfo,
} from './flags';

/** A new user link as the API takes it: the user, the other end (`parentField`), the rights. */
export type UserLinkInput<P extends string, F extends string> = { userId: number } & Record<
  P,
  number
> &
  Record<F, boolean>;

/**
 * What differs between the two kinds of user link (a user in a department, a user in an
 * entity) in the screens: the other end's name, field and picker, and the rights. The forms,
 * grids and dialogs of both kinds are written once against this.
 */
export interface UserLinkKind<P extends string, F extends string> {
  /** The picker kind and the word for the other end, e.g. 'department'. */
  parent: 'department' | 'entity';
  /** Its body field, e.g. 'departmentId'. */
  parentField: P;
  label: string;
  search: (term: string) => Promise<PickerOption[]>;
  flags: FlagInfo<F>[];
  /** The rights a new link starts with. */
  fresh: Record<F, boolean>;
}

export const DEPARTMENT_LINKS: UserLinkKind<'departmentId', DepartmentFlag> = {
  parent: 'department',
  parentField: 'departmentId',
  label: 'Department',
  search: searchDepartments,
  flags: DEPARTMENT_FLAGS,
  fresh: { canHire: false, canManage: false, canSelect: true },
};

export const ENTITY_LINKS: UserLinkKind<'entityId', EntityFlag> = {
  parent: 'entity',
  parentField: 'entityId',
  label: 'Entity',
  search: searchEntities,
  flags: ENTITY_FLAGS,
  fresh: { canExternal: false, canManage: false, canSelect: true },
};

/** The rights of `link` named by `flags`, e.g. to start the edit dialog from. */
export function flagsOf<F extends string>(flags: FlagInfo<F>[], link: Record<F, boolean>) {
  return Object.fromEntries(flags.map((f) => [f.key, link[f.key]])) as Record<F, boolean>;
}
