import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { components } from '@/api/schema';
import { viewerTimeZone } from '@/lib/format';
import { useOffline } from '@/lib/offline';
import { useAcknowledgeChanges } from '../api/acknowledge-changes';
import { changeLines, waitedFor } from '../rules';

/** Buttons are at least 44 px tall so a thumb can hit them on a phone. */
const TOUCH = 44;

type Instruction = Pick<
  components['schemas']['InstructionView'],
  'id' | 'changeToAcknowledge' | 'canAcknowledge'
>;

/**
 * A change to an accepted placement not acknowledged yet: how long it has waited, and what
 * changed, as it was and as it is (times in the viewer's zone and in the department's). Its
 * freelancer gets Acknowledge (the server's canAcknowledge); a manager sees the mark only.
 * Nothing when there is no change.
 */
export function ChangeNotice({
  instruction,
  departmentZone,
  what,
}: {
  instruction: Instruction;
  departmentZone: string;
  /** What the change is to ('Camera on Mon, 01 Feb 2027'), for the button's name. */
  what: string;
}) {
  const headingId = useId();
  const acknowledge = useAcknowledgeChanges();
  // Offline, the change shown is the last synced copy: it may have been reverted or moved since.
  const { offline } = useOffline();
  const change = instruction.changeToAcknowledge;
  if (!change) return null;
  const lines = changeLines(change, departmentZone, viewerTimeZone());
  const waited = waitedFor(change.since, new Date());
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="group"
      aria-labelledby={headingId}
      data-testid="change-to-acknowledge"
      style={{ borderColor: 'var(--mantine-color-yellow-6)', borderWidth: 2 }}
    >
      <Stack gap={6}>
        <Text size="sm" fw={700} id={headingId}>
          {instruction.canAcknowledge
            ? `Changed since you accepted (${waited} ago)`
            : `Change not acknowledged for ${waited}`}
        </Text>
        <Stack component="dl" gap={6} m={0}>
          {lines.map((l) => (
            <div key={l.label}>
              <Text component="dt" size="sm" fw={600}>
                {l.label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                Was: {l.before}
              </Text>
              <Text component="dd" size="sm" m={0}>
                Now: {l.after}
              </Text>
            </div>
          ))}
        </Stack>
        {instruction.canAcknowledge && (
          <Group justify="flex-end" gap="xs" wrap="wrap">
            <Text size="sm" style={{ flexGrow: 1 }}>
              Acknowledge it, or reject the placement if you cannot work it now.
            </Text>
            <Button
              mih={TOUCH}
              aria-label={`Acknowledge the change to ${what}`}
              loading={acknowledge.isPending}
              disabled={offline}
              onClick={() => acknowledge.mutate([instruction.id])}
            >
              Acknowledge
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
