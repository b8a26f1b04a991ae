import {
  Anchor,
  Badge,
  Card,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
  getThemeColor,
  useMantineTheme,
} from '@mantine/core';
import { IconMoon } from '@tabler/icons-react';
import { useId, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { formatPeriod, viewerTimeZone } from '@/lib/format';
import { cardTitle, type AgendaCard as CardData, type AgendaView } from '../rules';
import { InstructionRow } from './instruction-row';
import { colourLabel, mantineColour } from '@/lib/status/status';
import { placementDisplay } from '@/lib/status/group';
import { CopyIconButton } from './copy-icon-button';
import { CARD_ATTR } from './answer-focus';

/** Clicks on these open nothing: they do their own thing. */
const INTERACTIVE = 'button, a, input, [role="dialog"]';

/**
 * One placement of the agenda (spec part 2 §2 'Agenda card'): booking id (copyable), client,
 * department, titles, the period in the viewer's and the department's time, an overnight icon,
 * and a row per instructed user. A click on the card (not on its controls) opens the booking
 * when the server says the viewer may; the title is the same link for keyboards. A manager's card
 * lists and is coloured by the placement group display rule (placementDisplay); a freelancer's
 * lists their own instructions, all of them, coloured by the worst.
 */
export function AgendaCard({ card, view }: { card: CardData; view: AgendaView }) {
  const theme = useMantineTheme();
  const navigate = useNavigate();
  const titleId = useId();
  const { placement, booking } = cardTitle(card);
  const editPath = paths.editBooking(card.bookingId, card.placement.id);
  const all = card.instructions ?? [];
  const display = view === 'manager' ? placementDisplay(all) : undefined;
  const rows = display
    ? display.rows
    : all.map((i) => ({
        instruction: i,
        colour: i.colour,
        substituted: i.substituted,
        substitute: i.substitutionOfId != null,
      }));
  const cardColour = display?.colour ?? card.colour;
  const colour = mantineColour[cardColour];

  const open = (e: MouseEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    // React bubbles clicks out of portals (the reject dialog); only the card's own DOM counts.
    if (!card.canOpen || !e.currentTarget.contains(target) || target.closest(INTERACTIVE)) return;
    void navigate(editPath);
  };

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      // Focusable from script only: after an answer the list moves the focus to a card.
      tabIndex={-1}
      {...{ [CARD_ATTR]: card.placement.id }}
      withBorder
      radius="md"
      padding="md"
      onClick={open}
      style={{
        borderLeft: `6px solid ${getThemeColor(colour, theme)}`,
        cursor: card.canOpen ? 'pointer' : undefined,
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed">
              Booking {card.bookingId}
            </Text>
            <CopyIconButton value={String(card.bookingId)} label="Copy booking id" size={44} />
          </Group>
          <Group gap={6} wrap="wrap">
            {card.placement.overnight && (
              <Tooltip label="Overnight" withArrow>
                <IconMoon size={20} role="img" aria-label="Overnight" />
              </Tooltip>
            )}
            {card.isCritical && (
              <Badge color={mantineColour.red} autoContrast variant="filled">
                Critical
              </Badge>
            )}
            {card.placement.deletedAt && (
              <Badge color={mantineColour.gray} autoContrast variant="filled">
                Placement cancelled
              </Badge>
            )}
            <Badge color={colour} autoContrast variant="filled" data-colour={cardColour}>
              {colourLabel[cardColour]}
            </Badge>
          </Group>
        </Group>

        <div>
          <Title order={3} size="h4" id={titleId}>
            {card.canOpen ? (
              <Anchor component={Link} to={editPath} inherit>
                {placement}
              </Anchor>
            ) : (
              placement
            )}
          </Title>
          {booking && <Text size="sm">{booking}</Text>}
          <Text size="sm" c="dimmed">
            {card.clientName} · {card.departmentName}
          </Text>
        </div>

        <Times card={card} />

        <Stack component="ul" gap="sm" aria-label="Instructed users" p={0} m={0}>
          {rows.map((row) => (
            <InstructionRow
              key={row.instruction.id}
              card={card}
              row={row}
              several={rows.length > 1}
              sayWhoAnswers={view === 'manager'}
            />
          ))}
          {(card.unassigned || rows.length === 0) && (
            <Text component="li" fs="italic" style={{ listStyle: 'none' }}>
              No user assigned
            </Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

/** The period twice: in the viewer's zone and in the department's, each labelled. */
function Times({ card }: { card: CardData }) {
  const departmentZone = card.departmentTimezone || card.placement.timezone;
  return (
    <Stack component="dl" gap={2} m={0}>
      <Time
        label="Your time"
        zone={viewerTimeZone()}
        text={formatPeriod(card.placement.period, undefined)}
      />
      <Time
        label="Department time"
        zone={departmentZone}
        text={formatPeriod(card.placement.period, departmentZone)}
      />
    </Stack>
  );
}

function Time({ label, zone, text }: { label: string; zone?: string; text: string }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text component="dt" size="sm" fw={600}>
        {label}
        {zone ? ` (${zone})` : ''}:
      </Text>
      <Text component="dd" size="sm" m={0}>
        {text}
      </Text>
    </Group>
  );
}
