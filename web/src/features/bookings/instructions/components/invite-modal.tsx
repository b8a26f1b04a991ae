import {
  Badge,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { notifyRefusal } from '@/lib/errors/refusal';
import { notify } from '@/lib/notify';
import { useInvitePrefill } from '@/features/bookings/booking/components/invitations-section';
import { KindChoice } from '@/features/bookings/holds/components/kind-choice';
import { useAvailableSuppliers, type AvailableSupplier } from '../api/get-available-suppliers';
import { useGrant, type GrantKind } from '../api/grant';
import { availabilityColour, percent } from '../rules';
import { AnswerByField, answerByInstant, type AnswerByValue } from './answer-by-field';
import { RestWarning } from '@/ui/rest-warning';
import { BookedMark, OwnCalendarMark, bookedThroughout } from './booked-mark';
import { suppliersWaiting } from './suppliers-waiting';
import { DialogActions } from '@/ui/dialog-actions';
import {
  OfferInTurnForm,
  OfferModeControl,
} from '@/features/bookings/waterfall/components/offer-in-turn-form';
import { countOf } from '@/lib/format';

interface Props {
  bookingId: number;
  placementTemplateId: number;
  placementIds: number[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** Invite: the available suppliers for the chosen placements; the checked ones are granted. */
export function InviteModal({
  bookingId,
  placementTemplateId,
  placementIds,
  opened,
  onClose,
  onDone,
}: Props) {
  const suppliers = useAvailableSuppliers(bookingId, placementTemplateId, placementIds, opened);
  const grant = useGrant();
  // Freelancers carried from search's or the profile's Book start ticked.
  const prefill = useInvitePrefill();
  const [ticked, setChosen] = useState<number[]>(prefill);
  const [kind, setKind] = useState<GrantKind>('offer');
  const [mode, setMode] = useState('all');
  const [answerBy, setAnswerBy] = useState<AnswerByValue>(null);
  // Only suppliers listed for these placements, and not yet instructed, can be invited; one
  // booked over every chosen placement can be pencilled, not offered.
  const invitable = new Set(
    (suppliers.data?.items ?? []).filter((s) => mayInvite(s, kind)).map((s) => s.user.id),
  );
  const chosen = ticked.filter((id) => invitable.has(id));

  const toggle = (id: number) =>
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const close = () => {
    setChosen([]);
    setMode('all');
    onClose();
  };

  const submit = () =>
    grant.mutate(
      {
        placementId: placementIds[0] ?? 0,
        userIds: chosen,
        placementIds,
        // An offer is the grant's default; a pencil has no answer-by time.
        ...(kind === 'hold' ? { kind } : { answerBy: answerByInstant(answerBy) }),
      },
      {
        onSuccess: (res) => {
          const sent = kind === 'hold' ? toasts.holdsPlaced : toasts.instructionsSent;
          notify(sent(res.inserted, res.existing));
          for (const r of res.refused ?? []) notify(toasts.instructionRefused(r.reason));
          close();
          onDone();
        },
        // A refused grant (someone the department may not hire) says why, in the server's words.
        onError: notifyRefusal,
      },
    );

  return (
    <Modal opened={opened} onClose={close} title="Invite" size="xl">
      <Stack>
        <Text size="sm">Available suppliers for {countOf(placementIds.length, 'placement')}</Text>
        <KindChoice value={kind} onChange={setKind} />
        {kind === 'offer' && (
          <OfferModeControl bookingId={bookingId} value={mode} onChange={setMode} />
        )}
        {kind === 'offer' && mode === 'turn' && suppliers.data ? (
          <OfferInTurnForm
            bookingId={bookingId}
            placementIds={placementIds}
            suppliers={(suppliers.data.items ?? []).filter((s) => invitable.has(s.user.id))}
            initial={chosen}
            onBack={close}
            onDone={() => {
              close();
              onDone();
            }}
          />
        ) : (
          <>
            <SupplierList state={suppliers} kind={kind} chosen={chosen} toggle={toggle} />
            {kind === 'offer' && (
              <AnswerByField bookingId={bookingId} value={answerBy} onChange={setAnswerBy} />
            )}
            <DialogActions
              onBack={close}
              backLabel="Close"
              onAction={submit}
              disabled={chosen.length === 0}
              loading={grant.isPending}
            >
              {kind === 'hold' ? 'Pencil' : 'Invite'}{' '}
              {chosen.length > 0 ? `(${chosen.length})` : ''}
            </DialogActions>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** Whether s may be sent a grant of kind: not instructed yet, and for an offer not booked throughout. */
function mayInvite(s: AvailableSupplier, kind: GrantKind): boolean {
  return !s.alreadyInstructed && (kind === 'hold' || !bookedThroughout(s));
}

function SupplierList({
  state,
  kind,
  chosen,
  toggle,
}: {
  state: ReturnType<typeof useAvailableSuppliers>;
  kind: GrantKind;
  chosen: number[];
  toggle: (id: number) => void;
}) {
  const waiting = suppliersWaiting(state);
  if (waiting || !state.data) return waiting;
  // Go's empty list may arrive as null.
  const items = state.data.items ?? [];
  if (items.length === 0) {
    return <Text c="dimmed">There are no available suppliers for these placements.</Text>;
  }
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Availability</Table.Th>
            <Table.Th>Matches</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((s) => (
            <SupplierRow
              key={s.user.id}
              s={s}
              mayInvite={mayInvite(s, kind)}
              checked={chosen.includes(s.user.id)}
              toggle={() => toggle(s.user.id)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function SupplierRow({
  s,
  mayInvite,
  checked,
  toggle,
}: {
  s: AvailableSupplier;
  mayInvite: boolean;
  checked: boolean;
  toggle: () => void;
}) {
  const colour = s.availabilityColour || availabilityColour(s.availability);
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          checked={checked}
          onChange={toggle}
          disabled={!mayInvite}
          aria-label={`Invite ${s.user.fullName}`}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {s.user.fullName}
        </Text>
        <Text size="xs" c="dimmed">
          {s.user.email}
        </Text>
        <RestWarning message={s.restWarning} />
        <BookedMark s={s} />
        <OwnCalendarMark s={s} />
      </Table.Td>
      <Table.Td>
        <Badge
          color={colour}
          variant="dot"
          data-colour={colour}
          title={`Free for ${s.placementIds?.length ?? 0} of the chosen placements`}
        >
          {percent(s.availability)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {s.preferredUser && <Badge variant="outline">Preferred</Badge>}
          {s.matchedJobTitle && <Badge variant="outline">Job title</Badge>}
          {(s.matchedSkills ?? []).map((k) => (
            <Badge key={k} variant="dot" color="gray">
              {k}
            </Badge>
          ))}
          {s.alreadyInstructed ? (
            <Badge color="gray">Already instructed</Badge>
          ) : (
            s.alreadyInvited && <Badge color="gray">Already invited</Badge>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
