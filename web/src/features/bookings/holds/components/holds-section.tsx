import { Group, List, Stack, Text } from '@mantine/core';
import { SectionCard } from '@/ui/section-card';
import { countOf } from '@/lib/format';
import type { Booking, Instruction } from '@/features/bookings/booking/rules';
import { HoldActions } from './hold-actions';
import { HoldChip } from './hold-chip';
import { isLiveHold } from '../rules';

/** One freelancer's live hold in the booking: its days, and the day that ranks worst. */
interface Hold {
  userId: number;
  name: string;
  days: Instruction[];
  worst: Instruction;
}

/**
 * The live holds of a booking, one per freelancer (the server confirms, releases and challenges
 * a freelancer's hold in a booking as one): the worst rank of its days, the challenge's
 * deadline, and the actions the viewer may take. The worst day's flags say what the whole hold
 * allows (it confirms only when every day ranks first).
 */
export function holdsOf(booking: Booking): Hold[] {
  const byUser = new Map<number, Hold>();
  for (const p of booking.placements ?? []) {
    for (const i of p.instructions ?? []) {
      if (!isLiveHold(i)) continue;
      const h = byUser.get(i.userId);
      if (!h) {
        byUser.set(i.userId, { userId: i.userId, name: i.fullName, days: [i], worst: i });
        continue;
      }
      h.days.push(i);
      if (i.holdRank > h.worst.holdRank) h.worst = i;
    }
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The booking page's Pencils section; nothing when the booking has no live hold. */
export function HoldsSection({ booking }: { booking: Booking }) {
  const holds = holdsOf(booking);
  if (holds.length === 0) return null;
  const several = holds.length > 1;
  return (
    <SectionCard headingId="holds-heading" title="Pencils">
      <List listStyleType="none" spacing="sm" aria-labelledby="holds-heading">
        {holds.map((h) => (
          <List.Item key={h.userId}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Text fw={500}>
                  {h.name}{' '}
                  <Text span size="sm" c="dimmed">
                    · {countOf(h.days.length, 'day')}
                  </Text>
                </Text>
                <HoldChip instruction={h.worst} timeZone={booking.department.timezone} />
              </Stack>
              <HoldActions instruction={h.worst} whose={several ? ` for ${h.name}` : undefined} />
            </Group>
          </List.Item>
        ))}
      </List>
    </SectionCard>
  );
}
