import { memo, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { paths } from '@/lib/paths';
import { colourLabel, mantineColour, type StatusColour } from '@/lib/status/status';
import type { SummaryGroup, DayUnavailability } from '../rules';

/** At most this many groups show in a day cell; the rest are counted as '+k more'. */
export const MAX_CHIPS = 3;

/** 'green.3' → the Mantine CSS variable, so chips need no Mantine component (2,000 render fast). */
export const colourVar = (c: StatusColour) =>
  `var(--mantine-color-${mantineColour[c].replace('.', '-')})`;

const chipStyle = {
  display: 'block',
  marginTop: 2,
  padding: '0 4px',
  borderRadius: 4,
  fontSize: 11,
  lineHeight: '16px',
  textAlign: 'left',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  // Light shades with dark text: enough contrast whether the day is selected or not.
  color: 'var(--mantine-color-black)',
} as const;

/** How many instructions a group lists: the sum of its colour counts. */
export const groupCount = (g: SummaryGroup) =>
  g.counts.red + g.counts.orange + g.counts.purple + g.counts.green + g.counts.gray;

/** 'Camera 09:00–17:00 (3)': what a chip says. */
export const chipText = (g: SummaryGroup) =>
  `${g.placementTitle} ${g.startTime}–${g.endTime} (${groupCount(g)})`;

/** Where a chip leads: its booking, opened at the group's first placement. */
export const chipHref = (g: SummaryGroup) => paths.editBooking(g.bookingId, g.placementIds?.[0]);

/** A chip's accessible name and tooltip: the booking, the visible text, the status in words. */
export const chipLabel = (g: SummaryGroup) =>
  `${g.bookingTitle}: ${chipText(g)}, ${colourLabel[g.colour]}${g.deleted ? ', cancelled' : ''}`;

/**
 * The unavailable marker: a pale red block with a dashed border, readable on a selected day; in
 * regular weight and a narrow padding, 'Unavailable' fits a day at 1280 px.
 */
const unavailableStyle = {
  ...chipStyle,
  padding: '0 2px',
  background: 'var(--mantine-color-red-0)',
  border: '1px dashed var(--mantine-color-red-8)',
} as const;

/**
 * Pressing a chip must open it, not start a selection on its day: the day cell (MonthCalendar)
 * starts one on pointerdown and toggles one on Enter or Space, so those stop at the chip. One
 * listener per day, not per chip (a month holds about 2,000).
 */
const keepFromDay = (e: SyntheticEvent) => {
  if ((e.target as Element).closest('a')) e.stopPropagation();
};
const keysFromDay = (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') keepFromDay(e);
};

interface DayChipsProps {
  /** The day's groups as listed (the server lists at most MAX_CHIPS of them for the month). */
  groups: readonly SummaryGroup[];
  /** The day's groups, listed or not: those past the chips are counted as '+k more'. */
  groupCount: number;
  /** Who is unavailable on the day, when anyone shown is. */
  unavailable?: DayUnavailability;
  /** Opens a chip's booking inside the app (a plain left click); other clicks keep the link's own. */
  onOpen: (href: string) => void;
}

/**
 * A day's unavailability and placement groups as coloured chips: links to their bookings, plain
 * elements, memoised per day.
 */
export const DayChips = memo(function DayChips({
  groups,
  groupCount,
  unavailable,
  onOpen,
}: DayChipsProps) {
  if (groups.length === 0 && !unavailable) return null;
  const shown = groups.slice(0, MAX_CHIPS);
  const more = Math.max(groupCount, groups.length) - shown.length;
  const onClick = (e: MouseEvent) => {
    const a = (e.target as Element).closest('a');
    if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    e.stopPropagation();
    onOpen(a.getAttribute('href')!);
  };
  return (
    <div onPointerDown={keepFromDay} onKeyDown={keysFromDay} onClick={onClick}>
      {unavailable && (
        <span className="scheduler-unavailable" title={unavailable.full} style={unavailableStyle}>
          {unavailable.text}
        </span>
      )}
      {shown.map((g) => (
        <a
          key={`${g.bookingId}-${g.placementIds?.[0] ?? g.placementTitle}-${g.startTime}`}
          href={chipHref(g)}
          className="scheduler-chip mantine-focus-auto"
          data-colour={g.colour}
          title={chipLabel(g)}
          aria-label={chipLabel(g)}
          style={{
            ...chipStyle,
            textDecoration: g.deleted ? 'line-through' : 'none',
            background: colourVar(g.colour),
          }}
        >
          {chipText(g)}
        </a>
      ))}
      {more > 0 && (
        <span style={{ ...chipStyle, color: 'inherit' }} className="scheduler-more">
          +{more} more
        </span>
      )}
    </div>
  );
});
