import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { bookingSelectionWarnings, toasts } from '@/lib/errors/catalogue';
import { notifyRefusal } from '@/lib/errors/refusal';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { isAdmin } from '@/lib/permissions';
import type { PlacementRow, Instruction } from '@/features/bookings/booking/rules';
import { actionButton } from '@/features/bookings/booking/rules';
import { useUpdateStatuses } from '../api/update-statuses';
import { AmendRatesModal, type RateInstruction } from './amend-rates-modal';
import { CancelModal } from './cancel-modal';
import { InviteModal } from './invite-modal';
import { AnswerByModal } from './answer-by-modal';
import { awaitsAnswer } from '@/lib/status/answer-by';
import { OverrideRestModal } from './override-rest-modal';
import {
  checkAllowed,
  checkInstructed,
  checkInvite,
  offeredActions,
  statusItems,
  type StatusAction,
} from '../rules';

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
  | { kind: 'answerBy'; instructions: Instruction[] }
  | { kind: 'override'; instructionId: number; name: string }
  | null;

const warn = (message: string) => notify(toasts.bookingWarning(message));

/**
 * The actions over the selected rows of the Placements section (spec part 2 §2 and §4): a
 * manager invites, amends rates, accepts or rejects (client side or as the supplier), cancels
 * and substitutes; a freelancer accepts or rejects their own instructions (supplier side) and
 * may find a substitute. What is offered comes from the server: the booking's canManage and
 * each instruction's flags (offeredActions), so a read-only viewer sees none of them.
 */
export function PlacementActions({
  bookingId,
  allRows,
  rows,
  onDone,
  canManage,
}: {
  bookingId: number;
  /** Every row of the booking: an action is offered when one of them allows it. */
  allRows: readonly PlacementRow[];
  /** The selected rows the action applies to. */
  rows: PlacementRow[];
  onDone: () => void;
  canManage: boolean;
}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const actions = offeredActions(allRows, canManage);
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
    statuses.mutate(statusItems(action, ins, !canManage, reason), {
      onSuccess: (res) => {
        notify(toasts.instructionsUpdated(res.updated));
        setDialog(null);
        onDone();
      },
      onError: notifyRefusal,
    });

  const status = (action: StatusAction) => {
    const ins = instructed();
    if (!ins) return;
    const allowed = checkAllowed(ins, action);
    if (!allowed.ok) return warn(allowed.warning);
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
    const allowed = checkAllowed([only], 'substitute');
    if (!allowed.ok) return warn(allowed.warning);
    const placementId = rows.find((r) => r.instruction?.id === only.id)?.placement.id;
    if (placementId === undefined) return;
    void navigate(`${paths.substitute(placementId)}?instructionId=${only.id}`);
  };

  // Answer By: a manager's, while some offer of the booking awaits its freelancer's answer.
  const offersAnswerBy =
    canManage && allRows.some((r) => r.instruction && awaitsAnswer(r.instruction));
  const answerBy = () => {
    const open = instructed()?.filter(awaitsAnswer);
    if (!open) return;
    if (open.length === 0) return warn(bookingSelectionWarnings.noOpenOffers);
    setDialog({ kind: 'answerBy', instructions: open });
  };

  // One live instruction: the working-time guard's override is per instruction.
  const overrideRest = () => {
    const live = rows.filter((r) => r.instruction && !r.instruction.deletedAt);
    const only = rows.length === 1 ? live[0]?.instruction : null;
    if (!only) return warn(bookingSelectionWarnings.oneRowToOverride);
    setDialog({ kind: 'override', instructionId: only.id, name: only.fullName });
  };

  // A read-only viewer gets no toolbar at all rather than an empty one.
  const offersAny =
    actions.invite ||
    actions.amendRates ||
    actions.status.length > 0 ||
    actions.substitute ||
    offersAnswerBy;
  if (!offersAny) return null;

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
        {offersAnswerBy && (
          <Button {...actionButton.neutral} onClick={answerBy}>
            Answer By
          </Button>
        )}
        {canManage && (
          <Button {...actionButton.neutral} onClick={overrideRest}>
            Override Rest Rule
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
      {dialog?.kind === 'answerBy' && (
        <AnswerByModal
          instructions={dialog.instructions}
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
      {dialog?.kind === 'override' && (
        <OverrideRestModal
          instructionId={dialog.instructionId}
          name={dialog.name}
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
