import type { IsoDate } from '@/features/bookings';
import type { CurrentUser } from '@/api/types';
import { countOf } from '@/lib/format';
import type { FilterSet } from './filters';
import type { Unavailability } from './api';

/**
 * Whose unavailable days the month shows: the users a manager filters on (spec part 2 §2 'User'),
 * otherwise a freelancer's own. The server answers only for the users the caller may read, so
 * this chooses what to ask, not what may be seen.
 */
export function unavailabilityUserIds(user: CurrentUser, filters: FilterSet): number[] {
  if (filters.userIds.length > 0) return filters.userIds;
  return user.isFreelancer ? [user.id] : [];
}

/** What a day shows of the users unavailable on it: a short text and the full sentence. */
export interface DayUnavailability {
  /** In the cell: 'Unavailable', 'Unavailable: Fran Free' or '3 unavailable'. */
  text: string;
  /** For the tooltip and the day's accessible name: 'Unavailable: Fran Free, Sam Stone'. */
  full: string;
}

/**
 * The unavailable users of each date, as the day cells show them. The viewer's own day reads
 * 'Unavailable'; another person is named; several are counted in the cell and named in full
 * (the viewer as 'you').
 */
export function unavailableDays(
  list: readonly Unavailability[] | null | undefined,
  viewerId: number,
): Map<IsoDate, DayUnavailability> {
  const who = new Map<IsoDate, Unavailability[]>();
  for (const u of list ?? []) {
    for (const d of u.dates ?? []) who.set(d, [...(who.get(d) ?? []), u]);
  }
  const out = new Map<IsoDate, DayUnavailability>();
  for (const [date, users] of who) {
    const own = users.length === 1 && users[0]!.userId === viewerId;
    const names = users.map((u) => (u.userId === viewerId ? 'you' : u.user.fullName));
    const full = own ? 'Unavailable' : `Unavailable: ${names.join(', ')}`;
    const text =
      users.length === 1 ? full : `${countOf(users.length, 'person', 'people')} unavailable`;
    out.set(date, { text, full });
  }
  return out;
}
