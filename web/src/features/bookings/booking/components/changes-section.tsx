import { Stack, Text } from '@mantine/core';
import { formatDate } from '@/lib/format';
import { SectionCard } from '@/ui/section-card';
import { ChangeNotice } from '@/features/bookings/instructions/components/change-notice';
import type { Booking } from '../rules';

/**
 * The booking's changes not yet acknowledged, one per instruction: the freelancer sees theirs
 * with Acknowledge, a manager every one and how long it has waited. Nothing when there is none.
 */
export function ChangesSection({ booking }: { booking: Booking }) {
  const changed = (booking.placements ?? []).flatMap((p) =>
    (p.instructions ?? [])
      .filter((i) => i.changeToAcknowledge)
      .map((i) => ({ placement: p, instruction: i })),
  );
  if (changed.length === 0) return null;
  return (
    <SectionCard headingId="changes-heading" title="Changes to acknowledge">
      <Stack gap="sm">
        {changed.map(({ placement, instruction }) => {
          const what = `${placement.title} on ${formatDate(placement.date)}`;
          return (
            <Stack key={instruction.id} gap={4}>
              <Text size="sm" fw={600}>
                {instruction.fullName} · {what}
              </Text>
              <ChangeNotice
                instruction={instruction}
                departmentZone={booking.department.timezone || placement.timezone}
                what={what}
              />
            </Stack>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
