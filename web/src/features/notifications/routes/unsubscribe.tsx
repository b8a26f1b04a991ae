import { Alert, Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '@/api/client';
import { refusalMessage } from '@/lib/errors/refusal';
import { AuthCard } from '@/ui/auth-card';

/** Turns off one type of mail with the signed token of a mail's link (no session needed). */
export const unsubscribe = (token: string) =>
  unwrap(api.POST('/notification/unsubscribe', { body: { token } }));

const INVALID_LINK = 'This unsubscribe link is not valid.';

/**
 * /unsubscribe?token=...: the link at the foot of a notification mail. Turning the mails off is
 * a click, not a page load, so a mail scanner that opens links changes nobody's settings. The
 * in-app notifications stay; the Settings tab turns the mails back on.
 */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const off = useMutation({ mutationFn: unsubscribe, meta: { silentErrors: true } });

  return (
    <AuthCard title="Stop these e-mails">
      {off.isSuccess ? (
        <Alert color="teal" title="E-mails turned off" role="status">
          {off.data.message}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            You will no longer get e-mails of this type. They still appear in Hive's notifications,
            and you can turn them back on in Notification settings.
          </Text>
          {(!token || off.isError) && (
            <Alert color="red" title="Not turned off" role="alert">
              {(off.isError && refusalMessage(off.error)) || INVALID_LINK}
            </Alert>
          )}
          <Button
            fullWidth
            disabled={!token}
            loading={off.isPending}
            onClick={() => off.mutate(token)}
          >
            Turn off these e-mails
          </Button>
        </>
      )}
    </AuthCard>
  );
}

export { UnsubscribeRoute as Component };
