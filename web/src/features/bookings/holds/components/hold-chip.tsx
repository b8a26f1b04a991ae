import { Badge, Group, Stack, Text } from '@mantine/core';
import { challengeText, holdLabel, isLiveHold, type HoldStatus } from '../rules';

/**
 * A live hold's rank ('1st hold', '2nd hold') and, below the first, 'A higher hold exists'
 * (whose is never told), with an open challenge's deadline. Nothing for an offer or a hold
 * that has ended: its status badge says that.
 */
export function HoldChip({
  instruction,
  timeZone,
  withChallenge = true,
}: {
  instruction: HoldStatus;
  timeZone?: string;
  /** Show the challenge's deadline line (a grid cell has no room for it). */
  withChallenge?: boolean;
}) {
  if (!isLiveHold(instruction)) return null;
  const label = holdLabel(instruction.holdRank);
  const challenge = withChallenge ? challengeText(instruction, timeZone) : null;
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="wrap">
        <Badge
          // Teal 9 carries white text at 5:1; on yellow 3 autoContrast picks dark text.
          color={instruction.holdRank === 1 ? 'teal.9' : 'yellow.3'}
          variant="filled"
          autoContrast
          tt="none"
          role="status"
          aria-label={instruction.higherHoldExists ? `${label}: a higher hold exists` : label}
        >
          {label}
        </Badge>
        {instruction.higherHoldExists && (
          <Text size="xs" c="dimmed" span>
            A higher hold exists
          </Text>
        )}
      </Group>
      {challenge && (
        <Text size="xs" fw={600}>
          {challenge}
        </Text>
      )}
    </Stack>
  );
}
