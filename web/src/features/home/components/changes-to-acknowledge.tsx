import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { agendaQueryOptions, cardTitle, type AgendaCard } from '@/features/agenda';
import { ChangeNotice } from '@/features/bookings';
import { loadFailureText } from '@/lib/errors/refusal';
import { formatDate } from '@/lib/format';

/**
 * The freelancer's accepted work that changed since they accepted it and awaits their
 * acknowledgement, from their agenda's Awaiting Confirmation and Confirmed tabs (the same
 * queries, so acknowledging here or there refreshes both). Hidden when nothing waits.
 */
export function ChangesToAcknowledge() {
  const awaiting = useInfiniteQuery(agendaQueryOptions('freelancer', 'awaiting_confirmation'));
  const confirmed = useInfiniteQuery(agendaQueryOptions('freelancer', 'confirmed'));
  const failed = [awaiting, confirmed].find((q) => q.isError);
  const cards = [awaiting, confirmed]
    .flatMap((q) => q.data?.pages.flatMap((p) => p.items ?? []) ?? [])
    .filter((c) => (c.instructions ?? []).some((i) => i.changeToAcknowledge && i.canAcknowledge));

  if (awaiting.isPending || confirmed.isPending) {
    return <Loader size="sm" aria-label="Loading changes to acknowledge" />;
  }
  if (failed) {
    return (
      <Alert color="red" title="Could not load your changed placements" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{loadFailureText(failed.error)}</Text>
          <Button variant="light" color="red" mih={44} onClick={() => void failed.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="changes-title">
      <Title order={2} size="h4" id="changes-title" mb="xs">
        Changes to acknowledge
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} aria-labelledby="changes-title">
        {cards.map((card) => (
          <Changed key={card.placement.id} card={card} />
        ))}
      </Stack>
    </section>
  );
}

function Changed({ card }: { card: AgendaCard }) {
  const { placement, booking } = cardTitle(card);
  const what = `${card.placement.title} on ${formatDate(card.placement.date)}`;
  return (
    <Stack component="li" gap={4} style={{ listStyle: 'none' }}>
      <Text size="sm" fw={600}>
        {booking ? `${placement} · ${booking}` : placement} · {card.clientName}
      </Text>
      {(card.instructions ?? []).map((i) => (
        <ChangeNotice
          key={i.id}
          instruction={i}
          departmentZone={card.departmentTimezone || card.placement.timezone}
          what={what}
        />
      ))}
    </Stack>
  );
}
