import { memo } from 'react';
import { colourLabel, mantineColour, type StatusColour } from '@/lib/status/status';
import type { SummaryGroup } from '../api';

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

/** A day's placement groups as coloured chips; plain elements, memoised per day. */
export const DayChips = memo(function DayChips({ groups }: { groups: readonly SummaryGroup[] }) {
  if (groups.length === 0) return null;
  const shown = groups.slice(0, MAX_CHIPS);
  const more = groups.length - shown.length;
  return (
    <div aria-hidden>
      {shown.map((g) => (
        <span
          key={`${g.bookingId}-${g.placementIds?.[0] ?? g.placementTitle}-${g.startTime}`}
          className="scheduler-chip"
          data-colour={g.colour}
          title={`${g.bookingTitle}: ${chipText(g)}, ${colourLabel[g.colour]}`}
          style={{
            ...chipStyle,
            background: colourVar(g.colour),
            textDecoration: g.deleted ? 'line-through' : undefined,
          }}
        >
          {chipText(g)}
        </span>
      ))}
      {more > 0 && (
        <span style={{ ...chipStyle, color: 'inherit' }} className="scheduler-more">
          +{more} more
        </span>
      )}
    </div>
  );
});
