import { Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { refusedSubmit, withServerErrors } from '@/lib/notify';
import { messages, stripWhitespace, validateEmail } from '@/lib/validation';
import type { AccountCreate } from '../api/create-account';
import type { PickerOption } from '@/ui/record-picker';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '@/lib/countries';
import { profileMessages } from '../rules';
import { PermissionCheckboxes } from './permission-checkboxes';
import { CountryTimezoneSelects } from '@/ui/country-timezone-selects';
import { LabelledSegmentedControl } from '@/ui/labelled-segmented-control';
import { TwoColumnFieldset } from '@/ui/two-column-fieldset';
import { EntityMultiPicker, EntityPicker } from './entity-picker';
import { UserLabelInput } from './user-label-input';

export const ENTITY_REQUIRED = 'Assisted accounts must belong to at least one entity.';

export interface CreateUserValues {
  email: string;
  firstName: string;
  lastName: string;
  label: string;
  phone: string;
  country: string;
  timezone: string;
  role: 'freelancer' | 'staff';
  entities: PickerOption[];
  preferredSupplier: PickerOption | null;
  defaultPermissions: '' | 'freelancer' | 'staff';
  canAdmin: boolean;
  canCreateSupplierEntity: boolean;
  canCreateAgencyEntity: boolean;
  canCreateClientEntity: boolean;
}

const required = (v: string) => (v.trim() ? null : messages.fieldRequired);

/** The account the server creates from the form's values. */
function accountOf(values: CreateUserValues, admin: boolean): AccountCreate {
  return {
    email: stripWhitespace(values.email),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    label: values.label.trim() || 'Contractor',
    phone: values.phone.trim(),
    country: values.country,
    timezone: values.timezone,
    isFreelancer: values.role === 'freelancer',
    entityIds: values.entities.map((e) => Number(e.value)),
    defaultPermissions: values.defaultPermissions,
    ...(admin
      ? {
          preferredSupplierId: values.preferredSupplier
            ? Number(values.preferredSupplier.value)
            : undefined,
          canAdmin: values.canAdmin,
          canCreateSupplierEntity: values.canCreateSupplierEntity,
          canCreateAgencyEntity: values.canCreateAgencyEntity,
          canCreateClientEntity: values.canCreateClientEntity,
        }
      : {}),
  };
}

/** The assisted create form: account details, personal details, role and access rights. */
export function CreateUserForm({
  onSubmit,
  admin,
  initialEntities = [],
}: {
  onSubmit: (body: AccountCreate) => Promise<unknown>;
  /** Administrators also see the preferred supplier and permissions. */
  admin: boolean;
  /** Entities picked already (the entity page's 'Create a user' opens the form with its entity). */
  initialEntities?: PickerOption[];
}) {
  const form = useForm<CreateUserValues>({
    mode: 'controlled',
    initialValues: {
      email: '',
      firstName: '',
      lastName: '',
      label: 'Contractor',
      phone: '',
      country: DEFAULT_COUNTRY,
      timezone: DEFAULT_TIMEZONE,
      role: 'freelancer',
      entities: initialEntities,
      preferredSupplier: null,
      defaultPermissions: '',
      canAdmin: false,
      canCreateSupplierEntity: false,
      canCreateAgencyEntity: false,
      canCreateClientEntity: false,
    },
    validate: {
      email: validateEmail,
      firstName: required,
      lastName: required,
      country: (v) => (v ? null : profileMessages.countryRequired),
      timezone: (v) => (v ? null : profileMessages.timezoneRequired),
      entities: (v) => (v.length > 0 ? null : ENTITY_REQUIRED),
    },
  });
  const v = form.values;
  return (
    <form
      noValidate
      aria-label="Create user"
      onSubmit={form.onSubmit(
        withServerErrors(form, (values: CreateUserValues) => onSubmit(accountOf(values, admin)), {
          entityIds: 'entities',
        }),
        refusedSubmit,
      )}
    >
      <Stack gap="lg">
        <TwoColumnFieldset legend="Account details">
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <UserLabelInput {...form.getInputProps('label')} />
          <LabelledSegmentedControl
            label="Account type"
            data={[
              { value: 'freelancer', label: 'Freelancer' },
              { value: 'staff', label: 'Staff' },
            ]}
            {...form.getInputProps('role')}
          />
        </TwoColumnFieldset>
        <TwoColumnFieldset legend="Personal details">
          <TextInput label="First name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required {...form.getInputProps('lastName')} />
          <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          <CountryTimezoneSelects form={form} required />
        </TwoColumnFieldset>
        <Fieldset legend="Access rights">
          <EntityMultiPicker
            label="Entities"
            description="The user is connected to these entities and can view them."
            required
            value={v.entities}
            error={form.errors.entities}
            onChange={(e) => form.setFieldValue('entities', e)}
          />
        </Fieldset>
        <TwoColumnFieldset legend="Supplier setup">
          <Select
            label="Default permissions"
            data={[
              { value: 'freelancer', label: 'Freelancer' },
              { value: 'staff', label: 'Staff' },
            ]}
            clearable
            {...form.getInputProps('defaultPermissions')}
            onChange={(p) =>
              form.setFieldValue(
                'defaultPermissions',
                (p ?? '') as CreateUserValues['defaultPermissions'],
              )
            }
          />
          {admin && (
            <EntityPicker
              label="Preferred Supplier"
              type="supplier"
              value={v.preferredSupplier}
              onChange={(e) => form.setFieldValue('preferredSupplier', e)}
            />
          )}
        </TwoColumnFieldset>
        {admin && (
          <Fieldset legend="Permissions">
            <PermissionCheckboxes
              checkbox={(field) => form.getInputProps(field, { type: 'checkbox' })}
            />
          </Fieldset>
        )}
        <Text size="sm" c="dimmed">
          The user receives an email to activate the account and accepts the terms and conditions
          when they do.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Create User
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
