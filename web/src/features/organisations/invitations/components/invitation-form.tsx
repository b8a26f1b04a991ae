import { Group, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';

import { refusedSubmit, withServerErrors } from '@/lib/notify';
import { FormActions } from '@/ui/form-actions';
import { stripWhitespace, validateEmail } from '@/lib/validation';
import { validatePicked } from '@/features/organisations/shared/rules';

export type InvitationPurpose = 'freelancer' | 'staff' | 'other';

/** The purposes and what each gives the invited person (spec part 1 §6). */
export const PURPOSES: { value: InvitationPurpose; label: string; help: string }[] = [
  {
    value: 'freelancer',
    label: 'Freelancer',
    help: 'An external resource: limited access to this entity.',
  },
  { value: 'staff', label: 'Staff', help: 'A member of staff with read-only access.' },
  { value: 'other', label: 'Other', help: 'No rights are given; connect them later.' },
];

/** The longest message, as the server checks it; the message is plain text. */
export const MAX_MESSAGE = 1000;
export const MSG_MESSAGE_LENGTH = `The message can be at most ${MAX_MESSAGE} characters long.`;

export interface InvitationFormValues {
  entityId: string | null;
  email: string;
  purpose: InvitationPurpose;
  message: string;
}

export interface InvitationFormOutput {
  entityId: number;
  email: string;
  purpose: InvitationPurpose;
  message: string;
}

interface Props {
  /** A fixed entity (the entity page); otherwise `entityPicker` renders the choice. */
  entityId?: number;
  /** Renders the entity picker bound to the form's entityId field. */
  entityPicker?: (input: {
    value: string | null;
    onChange: (v: string | null) => void;
    error?: ReactNode;
  }) => ReactNode;
  onSubmit: (values: InvitationFormOutput) => Promise<unknown>;
  onCancel?: () => void;
}

/** Invite someone by email to an entity: entity and email required, a purpose and a message. */
export function InvitationForm({ entityId, entityPicker, onSubmit, onCancel }: Props) {
  const form = useForm<InvitationFormValues, InvitationFormOutput>({
    mode: 'controlled',
    initialValues: {
      entityId: entityId ? String(entityId) : null,
      email: '',
      purpose: 'freelancer',
      message: '',
    },
    validate: {
      entityId: validatePicked,
      email: validateEmail,
      message: (v) => ([...v.trim()].length > MAX_MESSAGE ? MSG_MESSAGE_LENGTH : null),
    },
    transformValues: (v) => ({
      entityId: Number(v.entityId),
      email: stripWhitespace(v.email),
      purpose: v.purpose,
      message: v.message.trim(),
    }),
  });
  const purpose = PURPOSES.find((p) => p.value === form.values.purpose);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        withServerErrors(form, async (values: InvitationFormOutput) => {
          await onSubmit(values);
          form.reset();
        }),
        refusedSubmit,
      )}
    >
      <Stack gap="sm">
        {!entityId &&
          entityPicker?.({
            value: form.values.entityId,
            onChange: (v) => form.setFieldValue('entityId', v),
            error: form.errors.entityId,
          })}
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <Radio.Group label="Purpose" description={purpose?.help} {...form.getInputProps('purpose')}>
          <Group gap="md" mt={4}>
            {PURPOSES.map((p) => (
              <Radio key={p.value} value={p.value} label={p.label} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Message"
          description={`Plain text, up to ${MAX_MESSAGE} characters (${[...form.values.message.trim()].length} used)`}
          rows={3}
          {...form.getInputProps('message')}
        />
        <Text size="xs" c="dimmed">
          The invitation is sent by email with a link to accept it.
        </Text>
        <FormActions submitting={form.submitting} onCancel={onCancel}>
          Send invitation
        </FormActions>
      </Stack>
    </form>
  );
}
