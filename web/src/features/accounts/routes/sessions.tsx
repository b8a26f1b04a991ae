import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/ui/page-header';
import { SessionList } from '../components/session-list';

/** Settings: the signed-in user's active sessions, each of which they may end. */
export function SessionsRoute() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Active sessions" />
      <Text size="sm" mb="md">
        These are the browsers signed in to your account. Sign out any you do not recognise, then
        change your password.
      </Text>
      <SessionList onSignedOut={() => void navigate(paths.login, { replace: true })} />
    </>
  );
}

export { SessionsRoute as Component };
