import { Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { FormActions } from '@/ui/form-actions';
import { searchUsers } from '@/lib/pickers';
import { validatePicked } from '@/features/organisations/shared/rules';
import { RecordPicker, type PickerOption } from '@/ui/record-picker';
import { useCreateUserLink } from '../api/create-user-link';
import type { UserLinkInput, UserLinkKind } from '../rules';
import { FlagCheckboxes } from './flag-checkboxes';
import { CONNECT_USER_HELP } from '../rules';

const picked = (value: unknown) => validatePicked(value as string | null);

interface Props<P extends string, F extends string, R> {
  kind: UserLinkKind<P, F, R>;
  /** A fixed department or entity (its page) instead of a picker. */
  parentId?: number;
  searchUsers: (term: string) => Promise<PickerOption[]>;
  searchParents?: (term: string) => Promise<PickerOption[]>;
  onSubmit: (input: UserLinkInput<P, F>) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * Connect an existing user to a department or an entity (`kind`) with rights: the user and
 * the other end required. The form's fields are named as the API's, so the server's field
 * errors land on them.
 */
export function ConnectUserForm<P extends string, F extends string, R>({
  kind,
  parentId,
  searchUsers,
  searchParents,
  onSubmit,
  onCancel,
}: Props<P, F, R>) {
  const field = kind.parentField;
  const form = useForm<Record<string, string | null | boolean>>({
    mode: 'controlled',
    initialValues: { userId: null, [field]: parentId ? String(parentId) : null, ...kind.fresh },
    validate: { userId: picked, [field]: picked },
  });
  const flags = form.values as Record<F, boolean>;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        withServerErrors(form, async (v) => {
          await onSubmit({
            userId: Number(v.userId),
            [field]: Number(v[field]),
            ...Object.fromEntries(kind.flags.map((f) => [f.key, v[f.key]])),
          } as UserLinkInput<P, F>);
          form.reset();
        }),
        refusedSubmit,
      )}
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
        {!parentId && searchParents && (
          <RecordPicker
            kind={kind.parent}
            label={kind.label}
            placeholder="Search by name"
            required
            search={searchParents}
            {...form.getInputProps(field)}
          />
        )}
        <FlagCheckboxes
          flags={kind.flags}
          values={flags}
          onChange={(next) => form.setValues(next)}
        />
        <FormActions submitting={form.submitting} onCancel={onCancel}>
          Connect
        </FormActions>
      </Stack>
    </form>
  );
}

/**
 * The connect form in a dialog, for a fixed department or entity (`parentId`) or with a picker
 * for one; connecting says so and closes it.
 */
export function ConnectUserDialog<P extends string, F extends string, R>({
  kind,
  parentId,
  title,
  opened,
  onClose,
}: {
  kind: UserLinkKind<P, F, R>;
  parentId?: number;
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateUserLink(kind);
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <ConnectUserForm
        kind={kind}
        parentId={parentId}
        searchUsers={searchUsers}
        searchParents={kind.search}
        onCancel={onClose}
        onSubmit={async (input) => {
          await create.mutateAsync(input);
          notify(toasts.userConnected);
          onClose();
        }}
      />
    </Modal>
  );
}
