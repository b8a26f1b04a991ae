import { Alert, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { idList } from '@/lib/paths';
import type { Booking, Instruction, Placement } from '../rules';
import {
  colourLabel,
  colourOf,
  mantineColour,
  sortPriority,
  statusSummary,
  worst,
} from '@/lib/status/status';
import { countOf, formatDate } from '@/lib/format';
import { localTimes } from './placements-grid';
import { AnswerByNote } from '@/ui/answer-by-note';
import { SubstitutedName } from '@/ui/substituted-name';
import { placementDisplay } from '@/lib/status/group';

interface Invitee {
  userId: number;
  name: string;
  items: { placement: Placement; instruction: Instruction }[];
}

/** The booking's instructions grouped per freelancer, by name; each group by status priority. */
export function inviteesOf(booking: Booking): Invitee[] {
  const byUser = new Map<number, Invitee>();
  for (const placement of booking.placements ?? []) {
    for (const instruction of placement.instructions ?? []) {
      const invitee = byUser.get(instruction.userId) ?? {
        userId: instruction.userId,
        name: instruction.fullName || instruction.user.fullName,
        items: [],
      };
      invitee.items.push({ placement, instruction });
      byUser.set(instruction.userId, invitee);
    }
  }
  const state = (i: Instruction) => ({ ...i, deleted: Boolean(i.deletedAt) });
  for (const invitee of byUser.values()) {
    invitee.items.sort(
      (a, b) =>
        sortPriority(state(a.instruction)) - sortPriority(state(b.instruction)) ||
        a.placement.date.localeCompare(b.placement.date),
    );
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The freelancers carried from search's or the profile's Book into this booking
 * (?invite=1,2: paths.editBookingInviting), whom Invite ticks until the manager changes it.
 */
export function useInvitePrefill(): number[] {
  const [params] = useSearchParams();
  return idList(params.get('invite'));
}

/**
 * The Invitations section: who was instructed into which placements and where each stands.
 * Read-only; the actions are in the Placements toolbar.
 */
export function InvitationsSection({ booking }: { booking: Booking }) {
  const invitees = inviteesOf(booking);
  // Who was substituted, by the placement group display rule (struck through and labelled).
  const substituted = new Set(
    (booking.placements ?? []).flatMap((p) =>
      placementDisplay(p.instructions ?? [])
        .rows.filter((r) => r.substituted)
        .map((r) => r.instruction.id),
    ),
  );
  const prefill = useInvitePrefill();
  const instructed = new Set(invitees.map((i) => i.userId));
  const toInvite = prefill.filter((id) => !instructed.has(id));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invitations-heading">
      <Title order={2} size="h4" id="invitations-heading" mb="sm">
        Invitations
      </Title>
      {toInvite.length > 0 && (
        <Alert color="blue" mb="sm" data-testid="invite-prefill">
          {countOf(toInvite.length, 'freelancer')} from your search will be ticked when you invite:
          select placements above and press Invite.
        </Alert>
      )}
      {invitees.length === 0 ? (
        <Text size="sm">Nobody has been invited yet.</Text>
      ) : (
        <Stack gap="md">
          {invitees.map((inv) => {
            const colours = inv.items.map((it) =>
              colourOf({ ...it.instruction, deleted: Boolean(it.instruction.deletedAt) }),
            );
            const group = worst(colours);
            return (
              <section key={inv.userId} aria-label={inv.name}>
                <Group gap="xs" mb={4}>
                  <Text fw={600}>{inv.name}</Text>
                  <Badge color={mantineColour[group]} variant="filled" autoContrast tt="none">
                    {colourLabel[group]}
                  </Badge>
                </Group>
                <List size="sm" spacing={4}>
                  {inv.items.map(({ placement: p, instruction: i }, n) => {
                    const { start, end } = localTimes(p);
                    return (
                      <List.Item key={i.id}>
                        <Group gap="xs" wrap="wrap">
                          <SubstitutedName
                            name={`${formatDate(p.date)} · ${p.title} · ${start}–${end}`}
                            substituted={substituted.has(i.id)}
                          />
                          <Badge
                            color={mantineColour[colours[n] ?? 'gray']}
                            variant="filled"
                            autoContrast
                            tt="none"
                          >
                            {statusSummary(i)}
                          </Badge>
                          {i.substitutionOfId && (
                            <Text span size="xs">
                              (substitute)
                            </Text>
                          )}
                          <AnswerByNote instruction={i} timeZone={booking.department.timezone} />
                          {i.cancellationReason && (
                            <Text span size="xs" c="dimmed">
                              {i.cancellationReason}
                            </Text>
                          )}
                        </Group>
                      </List.Item>
                    );
                  })}
                </List>
              </section>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
