import { List, Modal, Stack, Text } from '@mantine/core';
import { formatDate } from '@/lib/format';
import { DialogActions } from '@/ui/dialog-actions';
import { bookingFormMessages } from '@/features/bookings/booking/rules';

/** At most this many past dates are listed one by one; the rest are counted. */
const LISTED = 10;

export interface PastDatesConfirmation {
  /** The past dates of the booking being sent; empty when nothing is asked. */
  dates: string[];
  onConfirm: () => void;
  onBack: () => void;
}

/**
 * Asks before a booking is made on dates already gone: it names them, and books them only when
 * the manager says so (past work may be recorded; a wrong month is the usual slip).
 */
export function PastDatesModal({ dates, onConfirm, onBack }: PastDatesConfirmation) {
  const listed = dates.slice(0, LISTED);
  return (
    <Modal opened={dates.length > 0} onClose={onBack} title="Book past dates?">
      <Stack>
        <Text size="sm">{bookingFormMessages.pastDates}</Text>
        <List size="sm" aria-label="Past dates">
          {listed.map((d) => (
            <List.Item key={d}>{formatDate(d)}</List.Item>
          ))}
          {dates.length > listed.length && (
            <List.Item>and {dates.length - listed.length} more</List.Item>
          )}
        </List>
        <Text size="sm">Book them anyway, to record work already done?</Text>
        <DialogActions onBack={onBack} onAction={onConfirm}>
          Book past dates
        </DialogActions>
      </Stack>
    </Modal>
  );
}
