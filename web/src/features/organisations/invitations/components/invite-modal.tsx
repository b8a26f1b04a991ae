import { Modal } from '@mantine/core';
import { toasts } from '@/lib/errors/catalogue';
import { notify } from '@/lib/notify';
import { useCreateInvitation } from '../api/create-invitation';
import { InvitationForm } from './invitation-form';

/** 'Invite by email' to a given entity, in a dialog. */
export function InviteModal({
  entityId,
  opened,
  onClose,
}: {
  entityId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateInvitation();
  return (
    <Modal opened={opened} onClose={onClose} title="Invite by email" size="lg">
      <InvitationForm
        entityId={entityId}
        onCancel={onClose}
        onSubmit={async (values) => {
          const invitation = await create.mutateAsync(values);
          notify(toasts.invitationSent(invitation.email));
          onClose();
        }}
      />
    </Modal>
  );
}
