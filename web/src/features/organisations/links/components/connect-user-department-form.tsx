import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { validatePicked } from '@/features/organisations/shared/form-rules';
import { RecordPicker, type PickerOption } from '@/ui/record-picker';
import { DEPARTMENT_FLAGS, type DepartmentFlag } from '../flags';
import { FlagCheckboxes } from './flag-checkboxes';
import { CONNECT_USER_HELP } from '../texts';

export interface UserDepartmentLinkInput {
  userId: number;
  departmentId: number;
  canHire: boolean;
  canManage: boolean;
  canSelect: boolean;
}

interface Values extends Record<DepartmentFlag, boolean> {
  userId: string | null;
  departmentId: string | null;
}

interface Props {
  /** A fixed department (the department page) instead of a picker. */
  departmentId?: number;
  searchUsers: (term: string) => Promise<PickerOption[]>;
  searchDepartments?: (term: string) => Promise<PickerOption[]>;
  onSubmit: (input: UserDepartmentLinkInput) => Promise<unknown>;
  onCancel?: () => void;
}

/** Connect an existing user to a department with rights: user and department required. */
export function ConnectUserDepartmentForm({
  departmentId,
  searchUsers,
  searchDepartments,
  onSubmit,
  onCancel,
}: Props) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      userId: null,
      departmentId: departmentId ? String(departmentId) : null,
      canHire: false,
      canManage: false,
      canSelect: true,
    },
    validate: { userId: validatePicked, departmentId: validatePicked },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (v) => {
        try {
          await onSubmit({
            userId: Number(v.userId),
            departmentId: Number(v.departmentId),
            canHire: v.canHire,
            canManage: v.canManage,
            canSelect: v.canSelect,
          });
          form.reset();
        } catch (err) {
          notify(applyServerErrors(form, err));
        }
      })}
    >
      <Stack gap="sm">
        <RecordPicker
          kind="user"
          label="User"
          placeholder="Search by name or email"
          description={CONNECT_USER_HELP}
          required
          search={searchUsers}
          {...form.getInputProps('userId')}
        />
        {!departmentId && searchDepartments && (
          <RecordPicker
            kind="department"
            label="Department"
            placeholder="Search by name"
            required
            search={searchDepartments}
            {...form.getInputProps('departmentId')}
          />
        )}
        <FlagCheckboxes
          flags={DEPARTMENT_FLAGS}
          values={form.values}
          onChange={(flags) => form.setValues(flags)}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={form.submitting}>
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
