import { Button, Group, Paper, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled section of a record's page: a bordered card named by its heading (level 2), with an
 * optional action at the heading's right (e.g. 'Add department') and the content below.
 */
export function SectionCard({
  headingId,
  title,
  action,
  button,
  gap = 'sm',
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  headingId: string;
  title: string;
  action?: ReactNode;
  /** A small button at the heading's right, e.g. 'Add department' opening its dialog. */
  button?: { label: string; onClick: () => void } | false;
  /** The space between the heading and the content's parts. */
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={gap}>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {action}
          {button && (
            <Button size="xs" onClick={button.onClick}>
              {button.label}
            </Button>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
