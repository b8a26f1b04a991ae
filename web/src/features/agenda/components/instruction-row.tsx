import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAnswerInstruction } from '../api';
import { answersOf, instructedName, type AgendaCard, type AgendaInstruction } from '../rules';
import { colourLabel, mantineColour, statusLabel } from '@/lib/status/status';
import { AnswerByNote } from '@/ui/answer-by-note';

/** Buttons are at least 44 px tall so a thumb can hit them on a phone. */
const TOUCH = 44;

/**
 * One instructed user of a card: their name (struck through and labelled when substituted),
 * the statuses, and Reject / Accept where the server says the viewer may give them.
 */
export function InstructionRow({
  card,
  row,
  several,
}: {
  card: AgendaCard;
  row: AgendaInstruction;
  /** The card has several rows: the buttons' names then say whose instruction they answer. */
  several: boolean;
}) {
  const answer = useAnswerInstruction();
  const [confirmReject, setConfirmReject] = useState(false);
  const answers = answersOf(row);
  const name = instructedName(row);
  const forWhom = several ? ` for ${name}` : '';

  const send = (to: 'accepted' | 'rejected') =>
    answer.mutate(
      { id: row.id, version: row.version, side: answers!.side, to },
      { onSuccess: () => setConfirmReject(false) },
    );

  return (
    <Group component="li" justify="space-between" gap="xs" wrap="wrap">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={500} component={row.substituted ? 's' : 'span'}>
            {name}
          </Text>
          {row.substituted && (
            <Badge color="gray.3" autoContrast variant="filled">
              Substituted
            </Badge>
          )}
          <Badge color={mantineColour[row.colour]} autoContrast variant="filled">
            {colourLabel[row.colour]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Supplier: {statusLabel(row.supplierStatus)} · Client: {statusLabel(row.clientStatus)}
        </Text>
        {row.cancellationReason && (
          <Text size="xs" c="dimmed">
            Reason: {row.cancellationReason}
          </Text>
        )}
        <AnswerByNote
          instruction={row}
          timeZone={card.departmentTimezone || card.placement.timezone}
        />
      </Stack>
      {answers && (
        <Group gap="xs" wrap="nowrap" style={{ flexGrow: 1, justifyContent: 'flex-end' }}>
          {answers.reject && (
            <Button
              variant="light"
              color="red"
              mih={TOUCH}
              aria-label={`Reject instruction${forWhom}`}
              disabled={answer.isPending}
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
              disabled={answer.isPending}
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
