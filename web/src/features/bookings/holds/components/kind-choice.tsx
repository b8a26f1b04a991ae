import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { GrantKind } from '@/features/bookings/instructions/api/grant';

const explained: Record<GrantKind, string> = {
  offer: 'A yes-or-no offer of the placements.',
  hold: 'A pencil: a ranked hold on their time that books nobody until it is confirmed.',
};

/** The Invite dialog's choice between an offer and a pencil (a hold). */
export function KindChoice({
  value,
  onChange,
}: {
  value: GrantKind;
  onChange: (kind: GrantKind) => void;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        Send as
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={(v) => onChange(v as GrantKind)}
        data={[
          { value: 'offer', label: 'Offer' },
          { value: 'hold', label: 'Pencil (hold)' },
        ]}
      />
      <Text size="xs" c="dimmed">
        {explained[value]}
      </Text>
    </Stack>
  );
}
