import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '@/api/errors';
import { agendaQueryOptions, cardTitle, type AgendaCard } from '@/features/agenda';
import { countOf, formatPeriod } from '@/lib/format';
import { paths } from '@/lib/paths';
import { AnswerByNote } from '@/ui/answer-by-note';

/** The agenda tab where a freelancer answers their offers. */
export const OFFERS_ON_AGENDA = `${paths.agenda}?tab=outstanding`;

/**
 * The offers awaiting the user's answer (spec part 1 §6 Home): the cards of the
 * freelancer's Outstanding tab, which is what whoami's offersAwaitingAnswer counts. Each links to
 * its booking (at its placement) when the user may open it, else to the agenda; Accept and
 * Reject live there, so an answer made there refreshes this list through the shared query.
 */
export function OffersToAnswer() {
  const offers = useInfiniteQuery(agendaQueryOptions('freelancer', 'outstanding'));
  const cards = offers.data?.pages.flatMap((p) => p.items ?? []) ?? [];
  const total = offers.data?.pages.at(-1)?.total ?? cards.length;

  return (
    <section aria-labelledby="offers-title">
      <Group justify="space-between" align="baseline" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="offers-title">
          Offers to answer
        </Title>
        <Anchor component={Link} to={OFFERS_ON_AGENDA} size="sm">
          Open your agenda
        </Anchor>
      </Group>
      {offers.isPending ? (
        <Loader size="sm" aria-label="Loading offers" />
      ) : offers.isError ? (
        <Alert color="red" title="Could not load your offers" role="alert">
          <Stack gap="xs" align="flex-start">
            {isApiError(offers.error) && offers.error.message && (
              <Text size="sm">{offers.error.message}</Text>
            )}
            <Button variant="light" color="red" mih={44} onClick={() => void offers.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : cards.length === 0 ? (
        <Text c="dimmed">You have no offers awaiting your answer.</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{countOf(total, 'offer')} awaiting your answer.</Text>
          <Stack component="ul" gap="sm" p={0} m={0} aria-labelledby="offers-title">
            {cards.map((card) => (
              <Offer key={card.placement.id} card={card} />
            ))}
          </Stack>
          {total > cards.length && (
            <Anchor component={Link} to={OFFERS_ON_AGENDA} size="sm">
              See all {total} on your agenda
            </Anchor>
          )}
        </Stack>
      )}
    </section>
  );
}

/** One offer: what, for whom, when (in the department's time), and where to answer it. */
function Offer({ card }: { card: AgendaCard }) {
  const { placement, booking } = cardTitle(card);
  const zone = card.departmentTimezone || card.placement.timezone;
  const to = card.canOpen ? paths.editBooking(card.bookingId, card.placement.id) : OFFERS_ON_AGENDA;
  return (
    <Card component="li" withBorder radius="md" padding="sm" style={{ listStyle: 'none' }}>
      <Anchor component={Link} to={to} fw={600}>
        {booking ? `${placement} · ${booking}` : placement}
      </Anchor>
      <Text size="sm" c="dimmed">
        {card.clientName} · {card.departmentName}
      </Text>
      <Text size="sm">
        {formatPeriod(card.placement.period, zone)}
        {zone ? ` (${zone})` : ''}
      </Text>
      {(card.instructions ?? []).map((i) => (
        <AnswerByNote key={i.id} instruction={i} timeZone={zone} />
      ))}
    </Card>
  );
}
