import { Text } from '@mantine/core';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { PageHeader } from '@/ui/page-header';
import { useChangePassword } from '../api/change-password';
import { ChangePasswordForm } from '../components/change-password-form';

/** The signed-in user changes their password; their other sessions end. */
export function ChangePasswordRoute() {
  const change = useChangePassword();
  return (
    <>
      <PageHeader title="Change password" />
      <Text size="sm" mb="md">
        Changing your password signs you out everywhere else, and turns off your calendar link.
      </Text>
      <ChangePasswordForm
        loading={change.isPending}
        onSubmit={async (values) => {
          const res = await change.mutateAsync(values);
          notify(toasts.passwordChanged(res.message));
        }}
        onError={notify}
      />
    </>
  );
}

export { ChangePasswordRoute as Component };
