import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { validatePicked } from '@/features/organisations/shared/form-rules';
import { RecordPicker, type PickerOption } from '@/ui/record-picker';
import { ENTITY_FLAGS, type EntityFlag } from '../flags';
import { FlagCheckboxes } from './flag-checkboxes';
import { CONNECT_USER_HELP } from '../texts';

export interface UserEntityLinkInput {
  userId: number;
  entityId: number;
  canExternal: boolean;
  canManage: boolean;
  canSelect: boolean;
}

interface Values extends Record<EntityFlag, boolean> {
  userId: string | null;
  entityId: string | null;
}

interface Props {
  /** A fixed entity (the entity page) instead of a picker. */
  entityId?: number;
  searchUsers: (term: string) => Promise<PickerOption[]>;
  searchEntities?: (term: string) => Promise<PickerOption[]>;
  onSubmit: (input: UserEntityLinkInput) => Promise<unknown>;
  onCancel?: () => void;
}

/** Connect an existing user to an entity with rights: user and entity required. */
export function ConnectUserEntityForm({
  entityId,
  searchUsers,
  searchEntities,
  onSubmit,
  onCancel,
}: Props) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      userId: null,
      entityId: entityId ? String(entityId) : null,
      canExternal: false,
      canManage: false,
      canSelect: true,
    },
    validate: { userId: validatePicked, entityId: validatePicked },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (v) => {
        try {
          await onSubmit({
            userId: Number(v.userId),
            entityId: Number(v.entityId),
            canExternal: v.canExternal,
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
        {!entityId && searchEntities && (
          <RecordPicker
            kind="entity"
            label="Entity"
            placeholder="Search by name"
            required
            search={searchEntities}
            {...form.getInputProps('entityId')}
          />
        )}
        <FlagCheckboxes
          flags={ENTITY_FLAGS}
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
