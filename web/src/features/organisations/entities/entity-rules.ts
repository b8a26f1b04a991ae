import { creatableEntityKinds, isAdmin, type PermissionSubject } from '@/lib/permissions';
import { legalFormLabels } from '../legal-entities/legal-entity-rules';

export const ENTITY_TYPES = ['base', 'agency', 'client', 'supplier'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Entity kinds (base, agency, client, supplier) and, where an entity shows one, its legal form (§3). */
export const entityTypeLabels: Record<string, string> = {
  ...legalFormLabels,
  base: 'Base',
  agency: 'Agency',
  client: 'Client',
  supplier: 'Supplier',
};

export function entityTypeLabel(type: string): string {
  return entityTypeLabels[type] ?? type;
}

/**
 * The type options of the create form: the kinds the user may create (create_entity:<kind>),
 * plus base for administrators.
 */
export function entityTypeOptions(
  user: PermissionSubject | null | undefined,
): { value: EntityType; label: string }[] {
  const kinds: EntityType[] = [
    ...(isAdmin(user) ? (['base'] as const) : []),
    ...creatableEntityKinds(user),
  ];
  return kinds.map((k) => ({ value: k, label: entityTypeLabel(k) }));
}

export const entityMessages = {
  required: 'This field is required',
  numeric: 'Enter a whole number of days',
} as const;

/** The entity form as the user edits it. */
export interface EntityFormValues {
  name: string;
  type: EntityType | '';
  email: string;
  country: string;
  timezone: string;
  cancelWindowDays: number | string;
}

export function validateEntityName(value: string): string | null {
  return value && value.trim() ? null : entityMessages.required;
}

export function validateCancelWindowDays(value: number | string): string | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 0 ? null : entityMessages.numeric;
}
