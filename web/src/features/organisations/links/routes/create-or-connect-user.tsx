import { Stack, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { paths } from '@/lib/paths';
import { isClientOrAgencyManager } from '@/lib/permissions';
import { PageHeader } from '@/ui/page-header';
import { InviteConnectCreate } from '../components/invite-connect-create';

/** createOrConnectUser: invite a new user, connect an existing one, or (later) create one. */
export function CreateOrConnectUserRoute() {
  const me = useCurrentUser();
  if (!isClientOrAgencyManager(me)) return <Navigate to={paths.bookings} replace />;
  return (
    <Stack gap="md" maw={760}>
      <PageHeader title="Invite, Connect or Create a User" />
      <Text size="sm" c="dimmed">
        Invite someone new by email, or connect a user who already has an account to one of your
        entities.
      </Text>
      <InviteConnectCreate />
    </Stack>
  );
}

export { CreateOrConnectUserRoute as Component };
