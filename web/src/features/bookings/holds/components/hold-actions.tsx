import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifyRefusal } from '@/lib/errors/refusal';
import { useOffline } from '@/lib/offline';
import { DialogActions } from '@/ui/dialog-actions';
import { actionButton } from '@/features/bookings/booking/rules';
import { useHoldOperation, type HoldOperation } from '../api/hold-operation';
import type { HoldInstruction } from '../rules';

/** Buttons are at least 44 px tall so a thumb can hit them on a phone. */
const TOUCH = 44;

const questions: Record<
  Exclude<HoldOperation, 'confirm'>,
  { title: string; text: string; action: string }
> = {
  release: {
    title: 'Release this hold?',
    text: 'Every day of this hold is released; the holds below it move up.',
    action: 'Release hold',
  },
  challenge: {
    title: 'Challenge the higher holds?',
    text: 'The holders above have until the deadline to confirm or release; then their holds are released and yours moves up.',
    action: 'Challenge',
  },
};

/**
 * Confirm hold / Release hold / Challenge for one hold, each shown only when the server says
 * the viewer may (the instruction's flags). Release and Challenge ask first; a refusal shows
 * the server's words. Each acts on the freelancer's whole hold in its booking.
 */
export function HoldActions({
  instruction,
  whose,
  onDone,
}: {
  instruction: HoldInstruction;
  /** ' for Ann Lee' when a list shows several people's holds, so each button's name is unique. */
  whose?: string;
  onDone?: () => void;
}) {
  const hold = useHoldOperation();
  // Offline, the hold shown is the last synced copy: an answer to it could be to something changed since.
  const { offline } = useOffline();
  const [asking, setAsking] = useState<Exclude<HoldOperation, 'confirm'> | null>(null);
  const suffix = whose ?? '';

  const run = (op: HoldOperation) =>
    hold.mutate(
      { op, id: instruction.id },
      {
        onSuccess: () => {
          setAsking(null);
          onDone?.();
        },
        onError: (err) => {
          setAsking(null);
          notifyRefusal(err);
        },
      },
    );

  if (!instruction.canConfirmHold && !instruction.canReleaseHold && !instruction.canChallengeHold) {
    return null;
  }
  const q = asking ? questions[asking] : null;
  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label={`Hold actions${suffix}`}>
        {instruction.canConfirmHold && (
          <Button
            size="xs"
            mih={TOUCH}
            aria-label={`Confirm hold${suffix}`}
            loading={hold.isPending && hold.variables?.op === 'confirm'}
            disabled={hold.isPending || offline}
            onClick={() => run('confirm')}
          >
            Confirm hold
          </Button>
        )}
        {instruction.canChallengeHold && (
          <Button
            mih={TOUCH}
            {...actionButton.neutral}
            aria-label={`Challenge${suffix}`}
            disabled={hold.isPending || offline}
            onClick={() => setAsking('challenge')}
          >
            Challenge
          </Button>
        )}
        {instruction.canReleaseHold && (
          <Button
            mih={TOUCH}
            {...actionButton.danger}
            aria-label={`Release hold${suffix}`}
            disabled={hold.isPending || offline}
            onClick={() => setAsking('release')}
          >
            Release hold
          </Button>
        )}
      </Group>
      <Modal opened={q !== null} onClose={() => setAsking(null)} title={q?.title} centered>
        <Stack>
          <Text size="sm">{q?.text}</Text>
          <DialogActions
            onBack={() => setAsking(null)}
            onAction={() => asking && run(asking)}
            color={asking === 'release' ? 'red.9' : undefined}
            loading={hold.isPending}
          >
            {q?.action}
          </DialogActions>
        </Stack>
      </Modal>
    </>
  );
}
