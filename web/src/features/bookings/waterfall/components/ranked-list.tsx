import { ActionIcon, Paper, Text, type PaperProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';

/**
 * One row of a list of freelancers in offer order (the form's list to start, a waterfall's
 * candidates): a bordered item; its content puts `RankNumber` first and `MoveButtons` last.
 */
export function RankedItem(props: PaperProps & ComponentPropsWithoutRef<'li'>) {
  return <Paper component="li" withBorder p={6} style={{ listStyle: 'none' }} {...props} />;
}

/** A row's place in the order, '3.'. */
export function RankNumber({ rank }: { rank: number }) {
  return (
    <Text size="sm" fw={500} w={24}>
      {rank}.
    </Text>
  );
}

/** Moves a row one place up or down, each button named with the row's `name`. */
export function MoveButtons({
  name,
  upDisabled,
  downDisabled,
  onMove,
  size,
}: {
  name: string;
  /** Up is disabled (the row is first, or a move is under way). */
  upDisabled: boolean;
  /** Down is disabled (the row is last, or a move is under way). */
  downDisabled: boolean;
  onMove: (by: -1 | 1) => void;
  /** 'sm': the smaller buttons of the waterfall's card. */
  size?: 'sm';
}) {
  const icon = size === 'sm' ? 14 : 16;
  return (
    <>
      <ActionIcon
        variant="default"
        size={size}
        disabled={upDisabled}
        onClick={() => onMove(-1)}
        aria-label={`Move ${name} up`}
      >
        <IconArrowUp size={icon} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size={size}
        disabled={downDisabled}
        onClick={() => onMove(1)}
        aria-label={`Move ${name} down`}
      >
        <IconArrowDown size={icon} />
      </ActionIcon>
    </>
  );
}
