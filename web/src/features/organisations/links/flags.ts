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
