import { Button, Checkbox, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { refusedSubmit, withServerErrors } from '@/lib/notify';
import { stripWhitespace, validateEmail, validateNewPassword } from '@/lib/validation';
import { FormPasswordField, FormTextInput } from '@/ui/form-fields';
import { countryOptions, DEFAULT_COUNTRY } from '@/lib/countries';
import { LegalLinks } from './legal-modals';

export const signUpMessages = {
  required: 'This field is required',
  country: 'Country is required.',
  terms: 'You must agree to the terms and conditions',
} as const;

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  country: string;
  termsAndConditions: boolean;
}

interface Props {
  /** The label the account gets: Freelancer (self sign-up) or Staff (invitation). */
  label: 'Freelancer' | 'Staff';
  initialEmail?: string;
  /** An invited email cannot be changed: the invitation is for that address. */
  emailLocked?: boolean;
  submitLabel: string;
  onSubmit: (values: SignUpValues) => Promise<unknown>;
}

const required = (v: string) => (v.trim() ? null : signUpMessages.required);

/** First and last name, email, password, country (default GB) and the terms, which must be agreed. */
export function SignUpForm({
  label,
  initialEmail = '',
  emailLocked,
  submitLabel,
  onSubmit,
}: Props) {
  const countries = useMemo(() => countryOptions(), []);
  const form = useForm<SignUpValues>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: initialEmail,
      password: '',
      country: DEFAULT_COUNTRY,
      termsAndConditions: false,
    },
    validate: {
      firstName: required,
      lastName: required,
      email: validateEmail,
      password: validateNewPassword,
      country: (v) => (v ? null : signUpMessages.country),
      termsAndConditions: (v) => (v ? null : signUpMessages.terms),
    },
    transformValues: (v) => ({
      ...v,
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: stripWhitespace(v.email),
    }),
  });

  return (
    <>
      <form noValidate onSubmit={form.onSubmit(withServerErrors(form, onSubmit), refusedSubmit)}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Account type: {label}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <FormTextInput
              form={form}
              name="firstName"
              label="First name"
              required
              autoComplete="given-name"
            />
            <FormTextInput
              form={form}
              name="lastName"
              label="Last name"
              required
              autoComplete="family-name"
            />
          </SimpleGrid>
          <FormTextInput
            form={form}
            name="email"
            label="Email"
            type="email"
            required
            autoComplete="email"
            readOnly={emailLocked}
          />
          <FormPasswordField
            form={form}
            name="password"
            label="Password"
            required
            autoComplete="new-password"
            description="8 to 50 characters"
          />
          <Select
            label="Country"
            required
            data={countries}
            searchable
            allowDeselect={false}
            autoComplete="country"
            key={form.key('country')}
            {...form.getInputProps('country')}
          />
          <Checkbox
            label="I agree to the terms and conditions"
            key={form.key('termsAndConditions')}
            {...form.getInputProps('termsAndConditions', { type: 'checkbox' })}
          />
          <Text size="sm">
            Read the <LegalLinks size="sm" />.
          </Text>
          <Button type="submit" loading={form.submitting} fullWidth>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </>
  );
}
