import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/api/errors';
import { useCurrentUser } from '@/lib/current-user';
import { toasts } from '@/lib/errors/catalogue';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { whoamiQueryOptions } from '@/lib/session';
import { messages } from '@/lib/validation';
import { FormPasswordField, FormTextInput } from '@/ui/form-fields';
import { PageHeader } from '@/ui/page-header';
import { useDisableTotp } from '../api/disable-totp';
import { CODE_REQUIRED } from '../components/second-factor-code-form';
import { TotpEnrolment } from '../components/totp-enrolment';

/**
 * Settings, two-step sign-in: set up an authenticator app, or, when it is on, turn it off with the
 * password and a code. An account that requires it (administrators, managers of an entity that
 * requires it) cannot turn it off, and is told why.
 */
export function TwoStepSignInRoute() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  // Kept while enrolling: whoami may be read again before the recovery codes have been seen.
  const [enrolling, setEnrolling] = useState(false);
  return (
    <>
      <PageHeader title="Two-step sign-in" />
      <Stack gap="md" maw={520}>
        <Group gap="xs">
          <Text size="sm">Status:</Text>
          <Badge color={user.hasSecondFactor ? 'green' : 'gray'} variant="light">
            {user.hasSecondFactor ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Text size="sm">
          With two-step sign-in, signing in asks for a code from an authenticator app after your
          password, so a stolen password alone cannot open your account.
        </Text>
        {(!user.hasSecondFactor || enrolling) && (
          <TotpEnrolment
            onStart={() => setEnrolling(true)}
            onDone={() => {
              notify(toasts.twoStepOn);
              setEnrolling(false);
              void queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey });
            }}
          />
        )}
        {user.hasSecondFactor && !enrolling && user.secondFactorRequired && (
          <Text size="sm">Your account requires two-step sign-in, so it cannot be turned off.</Text>
        )}
        {user.hasSecondFactor && !enrolling && !user.secondFactorRequired && <DisableForm />}
      </Stack>
    </>
  );
}

/** Turning two-step sign-in off: the password and a code (or a recovery code). */
function DisableForm() {
  const disable = useDisableTotp();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', code: '' },
    validate: {
      password: (v) => (v ? null : messages.passwordRequired),
      code: (v) => (v.trim() ? null : CODE_REQUIRED),
    },
  });
  return (
    <form
      noValidate
      aria-label="Turn off two-step sign-in"
      onSubmit={form.onSubmit(async (values) => {
        if (disable.isPending) return;
        try {
          await disable.mutateAsync({ password: values.password, code: values.code.trim() });
          notify(toasts.twoStepOff);
        } catch (err) {
          const toast = applyServerErrors(form, err);
          notify(
            isApiError(err) && err.status === 403
              ? toasts.errorCode(err.errorCode, err.message)
              : toast,
          );
        }
      })}
    >
      <Stack gap="sm">
        <Text fw={600}>Turn off two-step sign-in</Text>
        <FormPasswordField
          form={form}
          name="password"
          label="Password"
          autoComplete="current-password"
        />
        <FormTextInput
          form={form}
          name="code"
          label="Code"
          description="Six digits from your authenticator app, or one of your recovery codes."
          autoComplete="one-time-code"
          spellCheck={false}
        />
        <Button
          type="submit"
          color="red"
          loading={disable.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Turn off
        </Button>
      </Stack>
    </form>
  );
}

export { TwoStepSignInRoute as Component };
