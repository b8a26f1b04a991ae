import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page inside the shell whose screen is not built yet. */
export function PlaceholderPage({
  title,
  area,
  children,
}: {
  title: string;
  area: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">Arrives with {area}.</Text>
      {children}
    </Stack>
  );
}
