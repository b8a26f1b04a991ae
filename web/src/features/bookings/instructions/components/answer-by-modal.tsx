import { Modal, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { toasts } from '@/lib/errors/catalogue';
import { notifyRefusal } from '@/lib/errors/refusal';
import { notify } from '@/lib/notify';
import { countOf } from '@/lib/format';
import { DialogActions } from '@/ui/dialog-actions';
import type { Instruction } from '@/features/bookings/booking/rules';
import { useSetAnswerBy } from '../api/set-answer-by';
import { AnswerByPicker, answerByInstant, type AnswerByValue } from './answer-by-field';

/**
 * Answer By (managers): moves or removes the answer-by time of the chosen offers still awaiting
 * their freelancer's answer, all or none; the server refuses a past time or one after a
 * placement's start, and the dialog shows why.
 */
export function AnswerByModal({
  instructions,
  onClose,
  onDone,
}: {
  instructions: Pick<Instruction, 'id' | 'answerBy'>[];
  onClose: () => void;
  onDone: () => void;
}) {
  const first = instructions.find((i) => i.answerBy)?.answerBy;
  const [value, setValue] = useState<AnswerByValue>(
    first ? dayjs(first).format('YYYY-MM-DD HH:mm:ss') : null,
  );
  const save = useSetAnswerBy();
  const submit = () =>
    save.mutate(
      { ids: instructions.map((i) => i.id), answerBy: answerByInstant(value) ?? null },
      {
        onSuccess: (res) => {
          notify(toasts.instructionsUpdated(res.updated));
          onClose();
          onDone();
        },
        onError: notifyRefusal,
      },
    );
  return (
    <Modal opened onClose={onClose} title="Answer by">
      <Stack>
        <Text size="sm">
          The answer-by time of {countOf(instructions.length, 'offer')}. Leave it empty to remove
          it.
        </Text>
        <AnswerByPicker value={value} onChange={setValue} />
        <DialogActions onBack={onClose} onAction={submit} loading={save.isPending}>
          Save
        </DialogActions>
      </Stack>
    </Modal>
  );
}
