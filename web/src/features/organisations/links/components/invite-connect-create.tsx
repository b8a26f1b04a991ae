import { Accordion, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { isClientOrAgencyManager } from '@/lib/permissions';
import { searchEntities, searchUsers } from '@/lib/pickers';
import { RecordPicker } from '@/ui/record-picker';
import { useCreateInvitation } from '@/features/organisations/invitations/api/create-invitation';
import { InvitationForm } from '@/features/organisations/invitations/components/invitation-form';
import { useCreateUserLink } from '../api/create-user-link';
import { ENTITY_LINKS } from '../rules';
import { ConnectUserForm } from './connect-user-form';

/**
 * The accordion 'Invite, Connect or Create a User': invite a new person by email, connect an
 * existing user with rights, or create an account (a link to createUser, with the entity picked).
 * With `entityId` the entity is fixed (the entity page); otherwise each form asks for one.
 */
export function InviteConnectCreate({ entityId }: { entityId?: number }) {
  const invite = useCreateInvitation();
  const connect = useCreateUserLink(ENTITY_LINKS);
  const canCreate = isClientOrAgencyManager(useCurrentUser());

  return (
    <Accordion variant="separated" aria-label="Invite, Connect or Create a User">
      <Accordion.Item value="invite">
        <Accordion.Control>Invite a new user by email</Accordion.Control>
        <Accordion.Panel>
          <InvitationForm
            entityId={entityId}
            entityPicker={({ value, onChange, error }) => (
              <RecordPicker
                kind="entity"
                label="Entity"
                placeholder="Search by name"
                required
                search={searchEntities}
                value={value}
                onChange={onChange}
                error={error}
              />
            )}
            onSubmit={async (values) => {
              const invitation = await invite.mutateAsync(values);
              notify(toasts.invitationSent(invitation.email));
            }}
          />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="connect">
        <Accordion.Control>Connect an existing user</Accordion.Control>
        <Accordion.Panel>
          <ConnectUserForm
            kind={ENTITY_LINKS}
            parentId={entityId}
            searchUsers={searchUsers}
            searchParents={searchEntities}
            onSubmit={async (input) => {
              await connect.mutateAsync(input);
              notify(toasts.userConnected);
            }}
          />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="create">
        <Accordion.Control>Create a user</Accordion.Control>
        <Accordion.Panel>
          {canCreate ? (
            <>
              <Text size="sm" mb="sm">
                Create an account for someone who cannot sign up themselves; they get an activation
                e-mail.
              </Text>
              <Button
                component={Link}
                to={entityId ? `${paths.createUser}?entityId=${entityId}` : paths.createUser}
                w="fit-content"
              >
                Create user
              </Button>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Only client or agency managers and administrators create accounts.
            </Text>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
