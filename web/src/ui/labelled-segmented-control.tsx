import { SegmentedControl, Stack, Text, type SegmentedControlProps } from '@mantine/core';
import { useId } from 'react';

/**
 * A SegmentedControl with a visible label above it, like the other inputs (Mantine's has none);
 * the label also names the group for screen readers.
 */
export function LabelledSegmentedControl({
  label,
  ...props
}: SegmentedControlProps & { label: string }) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} {...props} />
    </Stack>
  );
}
