import { Button, Group, Stack, Text } from '@mantine/core';
import { useSetUnavailability, type IsoDate } from '@/features/bookings';
import { toasts } from '@/lib/errors/catalogue';
import { countOf } from '@/lib/format';
import { notify, notifyError } from '@/lib/notify';
import { POSITIVE_COLOUR } from '@/ui/colours';

/** Mark Availability (freelancers): the selected days become unavailable or available. */
export function AvailabilityTab({ userId, selected }: { userId: number; selected: IsoDate[] }) {
  const set = useSetUnavailability(userId);
  const run = async (unavailable: boolean) => {
    try {
      await set.mutateAsync({ dates: selected, unavailable });
      notify(
        unavailable
          ? toasts.unavailabilityMarked(selected.length)
          : toasts.unavailabilityCleared(selected.length),
      );
    } catch (err) {
      notifyError(err);
    }
  };
  const none = selected.length === 0;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {none
          ? 'Select days on the calendar first.'
          : `${countOf(selected.length, 'day')} selected.`}
      </Text>
      <Group gap="xs">
        <Button color="red" disabled={none} loading={set.isPending} onClick={() => void run(true)}>
          Unavailable
        </Button>
        <Button
          color={POSITIVE_COLOUR}
          disabled={none}
          loading={set.isPending}
          onClick={() => void run(false)}
        >
          Available
        </Button>
      </Group>
    </Stack>
  );
}
