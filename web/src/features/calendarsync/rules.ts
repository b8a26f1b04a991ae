import type { CalendarConnection } from './api/get-calendar-connections';

/** How every view names a busy time of a freelancer's own calendar (calendarsync.BusyOwnCalendar). */
export const BUSY_OWN_CALENDAR = 'Busy (own calendar)';

/** The sync intervals offered, in minutes (the server takes 5 to 1440). */
export const INTERVAL_OPTIONS = [
  { value: '5', label: 'Every 5 minutes' },
  { value: '10', label: 'Every 10 minutes' },
  { value: '30', label: 'Every 30 minutes' },
  { value: '60', label: 'Every hour' },
  { value: '360', label: 'Every 6 hours' },
  { value: '1440', label: 'Once a day' },
] as const;

export const DEFAULT_INTERVAL = '10';

/** The interval's option label, or 'Every n minutes' for one not offered. */
export function intervalLabel(minutes: number): string {
  return (
    INTERVAL_OPTIONS.find((o) => o.value === String(minutes))?.label ?? `Every ${minutes} minutes`
  );
}

/** A connection's state as its status badge shows it. */
export interface SyncState {
  label: 'Synced' | 'Sync failing' | 'Waiting for first sync';
  /** Filled badge colours whose white text reads at 4.5:1 or more. */
  colour: 'teal.9' | 'red.9' | 'gray.7';
}

export function syncState(c: Pick<CalendarConnection, 'lastError' | 'lastGoodSyncAt'>): SyncState {
  if (c.lastError) return { label: 'Sync failing', colour: 'red.9' };
  if (c.lastGoodSyncAt) return { label: 'Synced', colour: 'teal.9' };
  return { label: 'Waiting for first sync', colour: 'gray.7' };
}

/** Where the freelancers of each provider find the CalDAV address and an app password. */
export const PROVIDER_HINTS = [
  {
    name: 'iCloud',
    url: 'https://caldav.icloud.com',
    note: 'an app-specific password from account.apple.com',
  },
  {
    name: 'Fastmail',
    url: 'https://caldav.fastmail.com',
    note: 'an app password with CalDAV access',
  },
  {
    name: 'Nextcloud',
    url: 'https://your-server/remote.php/dav',
    note: 'an app password from Settings › Security',
  },
  {
    name: 'Google',
    url: 'https://apidata.googleusercontent.com/caldav/v2',
    note: 'see docs: Google asks for OAuth',
  },
] as const;
