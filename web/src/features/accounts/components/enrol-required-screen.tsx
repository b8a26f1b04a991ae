import { Anchor } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { whoamiQueryOptions } from '@/lib/session';
import { AuthCard } from '@/ui/auth-card';
import { TotpEnrolment } from './totp-enrolment';

/**
 * Shown instead of every screen to a user whose account requires two-step sign-in and who has
 * none yet (administrators; managers of an entity that requires it): the server refuses them
 * everything else until they enrol. Once the recovery codes are saved, whoami is read again and
 * onDone lets the screen they asked for appear.
 */
export function EnrolRequiredScreen({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  return (
    <AuthCard
      title="Set up two-step sign-in"
      subtitle="Your account requires a code from an authenticator app at sign-in. Set it up before you go on."
    >
      <TotpEnrolment
        onDone={() => {
          notify(toasts.twoStepOn);
          // whoami is read again first, so the guard does not send them back here.
          void queryClient
            .invalidateQueries({ queryKey: whoamiQueryOptions().queryKey })
            .then(onDone);
        }}
      />
      <Anchor component={Link} to={paths.logout} size="sm">
        Sign out
      </Anchor>
    </AuthCard>
  );
}
