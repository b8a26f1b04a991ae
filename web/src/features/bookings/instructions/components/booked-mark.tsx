import { Group, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { AvailableSupplier } from '../api/get-available-suppliers';

/**
 * Whether a candidate is booked (accepted work at an overlapping time) over every one of the
 * chosen placements: an offer to them would be refused, so it is not offered; a pencil, the way
 * to ask for someone already booked, still is.
 */
export function bookedThroughout(s: AvailableSupplier): boolean {
  const booked = s.bookedPlacementIds?.length ?? 0;
  return booked > 0 && booked >= s.totalPlacements;
}

/**
 * The server's mark on a candidate already booked at the time of a chosen placement: the work
 * in the way (named only when the reader may see its booking) and its times, in full, with what
 * to do about it.
 */
export function BookedMark({ s }: { s: AvailableSupplier }) {
  if (!s.bookedWarning) return null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" data-testid="booked-mark">
      <IconCalendarOff
        size={14}
        aria-hidden="true"
        color="var(--mantine-color-red-8)"
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text size="xs" c="red.9">
        {s.bookedWarning} Not available for an offer of{' '}
        {bookedThroughout(s) ? 'these placements' : 'that placement'}; send a pencil to ask.
      </Text>
    </Group>
  );
}

/**
 * The server's mark on a candidate whose own calendar is busy at the time of a chosen
 * placement: 'Busy (own calendar)' and its times, never what it is. An offer is still allowed;
 * the mark warns that it may be declined.
 */
export function OwnCalendarMark({ s }: { s: AvailableSupplier }) {
  if (!s.busyOwnCalendar) return null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" data-testid="own-calendar-mark">
      <IconCalendarOff
        size={14}
        aria-hidden="true"
        color="var(--mantine-color-orange-9)"
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text size="xs">
        {s.busyOwnCalendar}. An offer of that time may be declined.
      </Text>
    </Group>
  );
}
