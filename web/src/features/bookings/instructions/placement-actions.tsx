import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { bookingSelectionWarnings, toasts } from '@/lib/errors/catalogue';
import { notify, notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { isAdmin, isFreelancer } from '@/lib/permissions';
import type { PlacementRow } from '../api/types';
import { actionButton } from '../components/action-buttons';
import { useUpdateStatuses } from './api';
import { AmendRatesModal, type RateInstruction } from './amend-rates-modal';
import { CancelModal } from './cancel-modal';
import { InviteModal } from './invite-modal';
import {
  checkInstructed,
  checkInvite,
  statusItems,
  visibleActions,
  type StatusAction,
} from './rules';

const statusLabels: Record<StatusAction, string> = {
  accept: 'Accept',
  reject: 'Reject',
  acceptAsSupplier: 'Accept as Supplier',
  rejectAsSupplier: 'Reject as Supplier',
  cancel: 'Cancel',
};

type Dialog =
  | { kind: 'invite'; placementTemplateId: number; placementIds: number[] }
  | { kind: 'rates'; instructions: RateInstruction[] }
  | { kind: 'cancel'; instructions: { id: number; version?: number }[] }
  | null;

const warn = (message: string) => notify(toasts.bookingWarning(message));

/**
 * The actions over the selected rows of the Placements section (spec part 2 §2 and §4): a
 * manager invites, amends rates, accepts or rejects (client side or as the supplier), cancels
 * and substitutes; a freelancer accepts or rejects their own instructions (supplier side).
 * canManage defaults to the caller's role: anyone but a freelancer (or an admin) manages.
 */
export function PlacementActions({
  bookingId,
  rows,
  onDone,
  canManage,
}: {
  bookingId: number;
  rows: PlacementRow[];
  onDone: () => void;
  canManage?: boolean;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const manages = canManage ?? (isAdmin(user) || !isFreelancer(user));
  const actions = visibleActions(manages);
  const [dialog, setDialog] = useState<Dialog>(null);
  const statuses = useUpdateStatuses();

  const invite = () => {
    const c = checkInvite(rows);
    if (!c.ok) return warn(c.warning);
    setDialog({ kind: 'invite', ...c.value });
  };

  const instructed = () => {
    const c = checkInstructed(rows);
    if (!c.ok) {
      warn(c.warning);
      return null;
    }
    return c.value.map((r) => r.instruction);
  };

  const send = (action: StatusAction, ins: { id: number; version?: number }[], reason?: string) =>
    statuses.mutate(statusItems(action, ins, !manages, reason), {
      onSuccess: (res) => {
        notify(toasts.instructionsUpdated(res.updated));
        setDialog(null);
        onDone();
      },
      onError: notifyError,
    });

  const status = (action: StatusAction) => {
    const ins = instructed();
    if (!ins) return;
    if (action === 'cancel') return setDialog({ kind: 'cancel', instructions: ins });
    send(action, ins);
  };

  const amendRates = () => {
    const ins = instructed();
    if (ins) setDialog({ kind: 'rates', instructions: ins as RateInstruction[] });
  };

  const substitute = () => {
    const ins = instructed();
    if (!ins) return;
    const only = ins.length === 1 ? ins[0] : undefined;
    if (!only) return warn(bookingSelectionWarnings.oneRowToSubstitute);
    const placementId = rows.find((r) => r.instruction?.id === only.id)?.placement.id;
    if (placementId === undefined) return;
    void navigate(`${paths.substitute(placementId)}?instructionId=${only.id}`);
  };

  return (
    <>
      <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Placement actions">
        {actions.invite && (
          <Button size="xs" onClick={invite}>
            Invite
          </Button>
        )}
        {actions.amendRates && (
          <Button {...actionButton.neutral} onClick={amendRates}>
            Amend Rates
          </Button>
        )}
        {actions.status.map((a) => (
          <Button
            key={a}
            {...(a === 'cancel' || a.startsWith('reject')
              ? actionButton.danger
              : actionButton.neutral)}
            onClick={() => status(a)}
            loading={statuses.isPending && dialog === null}
          >
            {statusLabels[a]}
          </Button>
        ))}
        {actions.substitute && (
          <Button {...actionButton.neutral} onClick={substitute}>
            Substitute
          </Button>
        )}
      </Group>
      {dialog?.kind === 'invite' && (
        <InviteModal
          opened
          bookingId={bookingId}
          placementTemplateId={dialog.placementTemplateId}
          placementIds={dialog.placementIds}
          onClose={() => setDialog(null)}
          onDone={onDone}
        />
      )}
      {dialog?.kind === 'rates' && (
        <AmendRatesModal
          opened
          admin={isAdmin(user)}
          instructions={dialog.instructions}
          onClose={() => setDialog(null)}
          onDone={onDone}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelModal
          opened
          count={dialog.instructions.length}
          pending={statuses.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(reason) => send('cancel', dialog.instructions, reason)}
        />
      )}
    </>
  );
}
