import {
  Button,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AdminResetSecondFactor, AdminSetPassword, SessionList } from '@/features/accounts';
import { LocationSelect } from '@/features/places';
import { accountStatusDisplay, type AccountStatus } from '@/lib/account-status';
import { toasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import type { Profile } from '../api/get-profile';
import { jobTitleTagsQueryOptions } from '../api/get-job-title-tags';
import { skillTagsQueryOptions } from '../api/get-skill-tags';
import type { ProfileUpdate } from '../api/update-profile';
import { profileRules, toUpdate, valuesOf, type ProfileValues, hourlyRate } from '../rules';
import { CurrencySelect } from '@/ui/rate-selects';
import { ChangeEmail } from './change-email';
import { PermissionCheckboxes } from './permission-checkboxes';
import { CountryTimezoneSelects } from '@/ui/country-timezone-selects';
import { TwoColumnFieldset } from '@/ui/two-column-fieldset';
import { EntityPicker } from './entity-picker';
import { MarkdownField } from './markdown-field';
import { UserLabelInput } from './user-label-input';

interface Props {
  profile: Profile;
  /** The user themself or an administrator. */
  canEdit: boolean;
  admin: boolean;
  /** The user's own profile: the address changes through 'Change email', not this form. */
  self?: boolean;
  onSubmit: (body: ProfileUpdate) => Promise<unknown>;
}

const statusOptions = (Object.keys(accountStatusDisplay) as AccountStatus[]).map((s) => ({
  value: s,
  label: accountStatusDisplay[s].label,
}));

/** API field names whose form field has another name. */
const SERVER_FIELDS: Record<string, keyof ProfileValues> = {
  'dayRate.rate': 'rate',
  'dayRate.currency': 'currency',
  preferredSupplierId: 'preferredSupplier',
  job_titles: 'jobTitles',
  location: 'locationName',
};

const genderOptions = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
];

/** The Profile tab: Contact, Skills and experience and Business (freelancers), and the admin section. */
export function ProfileForm({ profile, canEdit, admin, self = false, onSubmit }: Props) {
  const freelancer = profile.isFreelancer;
  const opts = { admin, freelancer };
  const initial = useMemo(() => valuesOf(profile), [profile]);
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: profileRules(opts),
  });
  const skills = useQuery({ ...skillTagsQueryOptions(), enabled: freelancer });
  const jobTitles = useQuery({ ...jobTitleTagsQueryOptions(), enabled: freelancer });
  const v = form.values;
  const isSystem = profile.accountStatus === 'system';
  const tagData = (
    list: { id: number; name: string }[] | null | undefined,
    fallback: { id: number; name: string }[],
  ) => {
    const out = new Map<string, string>();
    for (const t of fallback) out.set(String(t.id), t.name);
    for (const t of list ?? []) out.set(String(t.id), t.name);
    return Array.from(out, ([value, label]) => ({ value, label }));
  };

  return (
    <form
      noValidate
      aria-label="Profile"
      onSubmit={form.onSubmit(
        withServerErrors(
          form,
          async (values: ProfileValues) => {
            await onSubmit(toUpdate(values, initial, profile.version, opts));
            notify(toasts.profileSaved);
          },
          SERVER_FIELDS,
        ),
        refusedSubmit,
      )}
    >
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          <TwoColumnFieldset legend="Contact">
            {self ? (
              <Stack gap={4}>
                <TextInput
                  label="Email"
                  type="email"
                  readOnly
                  description="Changed with a link mailed to the new address"
                  {...form.getInputProps('email')}
                />
                <Group>
                  <ChangeEmail />
                </Group>
              </Stack>
            ) : (
              <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            )}
            <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
            <TextInput label="First name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required {...form.getInputProps('lastName')} />
            <UserLabelInput {...form.getInputProps('label')} />
            <Select
              label="Gender"
              data={genderOptions}
              clearable
              {...form.getInputProps('gender')}
              onChange={(g) => form.setFieldValue('gender', (g ?? '') as ProfileValues['gender'])}
            />
            {v.gender === 'other' && (
              <TextInput label="Gender (please specify)" {...form.getInputProps('genderOther')} />
            )}
            <CountryTimezoneSelects form={form} required />
            <LocationSelect
              label="Location"
              description="Town or city"
              value={{
                location_name: v.locationName,
                latitude: v.latitude,
                longitude: v.longitude,
              }}
              error={form.errors.locationName}
              onChange={(l) =>
                form.setValues({
                  locationName: l?.location_name ?? '',
                  latitude: l?.latitude ?? null,
                  longitude: l?.longitude ?? null,
                })
              }
            />
          </TwoColumnFieldset>

          {freelancer && (
            <Fieldset legend="Skills and experience">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <MultiSelect
                    label="Job titles"
                    searchable
                    data={tagData(
                      jobTitles.data,
                      (profile.job_titles ?? []).map((j) => ({
                        id: j.job_title_id,
                        name: j.job_title_name,
                      })),
                    )}
                    {...form.getInputProps('jobTitles')}
                  />
                  <MultiSelect
                    label="Skills"
                    searchable
                    data={tagData(
                      skills.data,
                      (profile.skills ?? []).map((s) => ({ id: s.skill_id, name: s.skill_name })),
                    )}
                    {...form.getInputProps('skills')}
                  />
                  <TextInput label="LinkedIn" type="url" {...form.getInputProps('linkedin')} />
                  <TextInput label="IMDb" type="url" {...form.getInputProps('imdb')} />
                  <TextInput
                    label="Personal website"
                    type="url"
                    {...form.getInputProps('personalWebsite')}
                  />
                </SimpleGrid>
                <MarkdownField label="CV" readOnly={!canEdit} {...form.getInputProps('cv')} />
                <MarkdownField
                  label="Showreel"
                  readOnly={!canEdit}
                  {...form.getInputProps('showreel')}
                />
              </Stack>
            </Fieldset>
          )}

          {freelancer && (
            <Fieldset legend="Business">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="Business type" {...form.getInputProps('businessType')} />
                <CurrencySelect {...form.getInputProps('currency')} />
                <TextInput
                  label="Desired day rate"
                  inputMode="decimal"
                  description="Per day"
                  {...form.getInputProps('rate')}
                />
              </SimpleGrid>
              <Text size="sm" mt="xs" aria-live="polite">
                Hourly rate: {hourlyRate(v.rate) ? `${hourlyRate(v.rate)} ${v.currency}` : 'n/a'}
              </Text>
            </Fieldset>
          )}

          {admin && (
            <Fieldset legend="Administration">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Account Status"
                  required
                  data={statusOptions}
                  allowDeselect={false}
                  disabled={isSystem}
                  description={isSystem ? 'A system account cannot be changed.' : undefined}
                  {...form.getInputProps('accountStatus')}
                />
                {freelancer && (
                  <EntityPicker
                    label="Preferred Supplier"
                    required
                    type="supplier"
                    value={v.preferredSupplier}
                    error={form.errors.preferredSupplier}
                    onChange={(e) => form.setFieldValue('preferredSupplier', e)}
                  />
                )}
              </SimpleGrid>
              <Text fw={500} size="sm" mt="md" mb={4}>
                Permissions
              </Text>
              <PermissionCheckboxes
                checkbox={(field) => form.getInputProps(field, { type: 'checkbox' })}
              />
              {!self && !isSystem && (
                <>
                  <Text fw={500} size="sm" mt="md" mb={4}>
                    Password
                  </Text>
                  <Group gap="xs">
                    <AdminSetPassword
                      userId={profile.id}
                      name={profile.fullName || profile.email}
                    />
                    <AdminResetSecondFactor
                      userId={profile.id}
                      name={profile.fullName || profile.email}
                    />
                  </Group>
                  <Text fw={500} size="sm" mt="md" mb={4}>
                    Sessions
                  </Text>
                  <SessionList userId={profile.id} />
                </>
              )}
            </Fieldset>
          )}

          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
