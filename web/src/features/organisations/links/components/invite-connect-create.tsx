import { Accordion, Text } from '@mantine/core';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { searchEntities, searchUsers } from '@/features/organisations/shared/pickers';
import { RecordPicker } from '@/features/organisations/shared/record-picker';
import { useCreateInvitation } from '@/features/organisations/invitations/api/create-invitation';
import { InvitationForm } from '@/features/organisations/invitations/components/invitation-form';
import { useCreateUserEntityRef } from '../api/user-entity-ref-mutations';
import { ConnectUserEntityForm } from './connect-user-entity-form';

/**
 * The accordion 'Invite, Connect or Create a User': invite a new person by email, connect an
 * existing user with rights, or (with the people issue) create an account.
 * With `entityId` the entity is fixed (the entity page); otherwise each form asks for one.
 */
export function InviteConnectCreate({ entityId }: { entityId?: number }) {
  const invite = useCreateInvitation();
  const connect = useCreateUserEntityRef();

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
          <ConnectUserEntityForm
            entityId={entityId}
            searchUsers={searchUsers}
            searchEntities={searchEntities}
            onSubmit={async (input) => {
              await connect.mutateAsync(input);
              notify(toasts.userConnected);
            }}
          />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="create">
        <Accordion.Control disabled>
          Create a user (arrives with the people issue)
        </Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed">
            Creating accounts arrives with the people issue.
          </Text>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
