import { Checkbox, Group } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** The permissions an administrator grants an account. */
export type PermissionField =
  'canAdmin' | 'canCreateSupplierEntity' | 'canCreateAgencyEntity' | 'canCreateClientEntity';

const PERMISSIONS: [PermissionField, string][] = [
  ['canAdmin', 'Can Administrate Hive'],
  ['canCreateSupplierEntity', 'Create Supplier'],
  ['canCreateAgencyEntity', 'Create Agency'],
  ['canCreateClientEntity', 'Create Client'],
];

/** One checkbox per permission, each bound by `checkbox` (the form's checkbox input props). */
export function PermissionCheckboxes({
  checkbox,
}: {
  checkbox: (field: PermissionField) => GetInputPropsReturnType;
}) {
  return (
    <Group gap="lg">
      {PERMISSIONS.map(([field, label]) => (
        <Checkbox key={field} label={label} {...checkbox(field)} />
      ))}
    </Group>
  );
}
