import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { isApiError } from '@/api/errors';
import { paths } from '@/lib/paths';

/** Said when the refusal carries no text of the server's (a network failure, say). */
const UNKNOWN_REASON = 'This link could not be checked. Try again in a moment.';

/**
 * A link's token refused as wrong, used or expired: the server's reason and, for a reset, the
 * way to a new link (an activation link is re-sent by whoever created the account).
 */
export function DeadLink({ error, offerReset }: { error: unknown; offerReset: boolean }) {
  return (
    <Alert color="red" title="This link cannot be used">
      {isApiError(error) && error.message ? error.message : UNKNOWN_REASON}
      {offerReset && (
        <>
          {' '}
          <Anchor component={Link} to={paths.requestPasswordReset}>
            Request a new reset link
          </Anchor>
        </>
      )}
    </Alert>
  );
}
