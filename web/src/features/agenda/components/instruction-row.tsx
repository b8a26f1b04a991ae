import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAnswerInstruction } from '../api/answer-instruction';
import { answersOf, instructedName, type AgendaCard, type AgendaInstruction } from '../rules';
import { colourLabel, mantineColour, statusLabel, waitingFor } from '@/lib/status/status';
import type { GroupRow } from '@/lib/status/group';
import { SubstitutedName } from '@/ui/substituted-name';
import { ChangeNotice, HoldActions, HoldChip } from '@/features/bookings';
import { formatDate } from '@/lib/format';
import { AnswerByNote } from '@/ui/answer-by-note';
import { useAnswerFocus } from './answer-focus';
import { useOffline } from '@/lib/offline';

/** Buttons are at least 44 px tall so a thumb can hit them on a phone. */
const TOUCH = 44;

/**
 * One instructed user of a card: their name (struck through and labelled when substituted),
 * the statuses, who must answer next (sayWhoAnswers), a change not acknowledged yet (with
 * Acknowledge for its freelancer), and Reject / Accept where the server says the viewer may
 * give them.
 */
export function InstructionRow({
  card,
  row: mark,
  several,
  sayWhoAnswers,
}: {
  card: AgendaCard;
  /** The instruction as the placement group display rule lists it. */
  row: GroupRow<AgendaInstruction>;
  /** The card has several rows: the buttons' names then say whose instruction they answer. */
  several: boolean;
  sayWhoAnswers: boolean;
}) {
  const row = mark.instruction;
  const answer = useAnswerInstruction();
  // Offline, the card is the last synced copy: an answer to it could be to something changed since.
  const { offline } = useOffline();
  const focus = useAnswerFocus();
  const [confirmReject, setConfirmReject] = useState(false);
  const answers = answersOf(row);
  const name = instructedName(row);
  const forWhom = several ? ` for ${name}` : '';
  const waiting = waitingFor({ ...row, deleted: Boolean(row.deletedAt) }, name);

  const send = (to: 'accepted' | 'rejected') => {
    focus.answering(card.placement.id);
    // The promise, not mutate's callbacks: the refreshed agenda usually unmounts this row
    // before they would run. It settles once the agenda has been refreshed.
    answer.mutateAsync({ id: row.id, version: row.version, side: answers!.side, to }).then(
      () => {
        setConfirmReject(false);
        focus.answered();
      },
      focus.refused, // the hook has shown the refusal
    );
  };

  return (
    <Group component="li" justify="space-between" gap="xs" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <SubstitutedName name={name} substituted={mark.substituted} fw={500} />
          <Badge color={mantineColour[mark.colour]} autoContrast variant="filled">
            {colourLabel[mark.colour]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Supplier: {statusLabel(row.supplierStatus)} · Client: {statusLabel(row.clientStatus)}
        </Text>
        {sayWhoAnswers && waiting && (
          <Text size="xs" fw={600}>
            {waiting}
          </Text>
        )}
        {row.cancellationReason && (
          <Text size="xs" c="dimmed">
            Reason: {row.cancellationReason}
          </Text>
        )}
        <HoldChip instruction={row} timeZone={card.departmentTimezone || card.placement.timezone} />
        <AnswerByNote
          instruction={row}
          timeZone={card.departmentTimezone || card.placement.timezone}
        />
      </Stack>
      {row.changeToAcknowledge && (
        <div style={{ flexBasis: '100%' }}>
          <ChangeNotice
            instruction={row}
            departmentZone={card.departmentTimezone || card.placement.timezone}
            what={`${card.placement.title} on ${formatDate(card.placement.date)}`}
          />
        </div>
      )}
      <HoldActions instruction={row} whose={forWhom} />
      {answers && (
        <Group gap="xs" wrap="nowrap" style={{ flexGrow: 1, justifyContent: 'flex-end' }}>
          {answers.reject && (
            <Button
              variant="light"
              color="red"
              mih={TOUCH}
              aria-label={`Reject instruction${forWhom}`}
              disabled={answer.isPending || offline}
              onClick={() => setConfirmReject(true)}
            >
              Reject
            </Button>
          )}
          {answers.accept && (
            <Button
              mih={TOUCH}
              aria-label={`Accept instruction${forWhom}`}
              loading={answer.isPending && answer.variables?.to === 'accepted'}
              disabled={answer.isPending || offline}
              onClick={() => send('accepted')}
            >
              Accept
            </Button>
          )}
        </Group>
      )}
      <Modal
        opened={confirmReject}
        onClose={() => setConfirmReject(false)}
        title="Reject this instruction?"
        centered
      >
        <Stack>
          <Text size="sm">
            {name} on {card.placement.title}, {card.placement.date}. A rejected instruction cannot
            be accepted afterwards.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" mih={TOUCH} onClick={() => setConfirmReject(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              mih={TOUCH}
              loading={answer.isPending}
              onClick={() => send('rejected')}
            >
              Reject instruction
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
