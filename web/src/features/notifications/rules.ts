import type { operations } from '@/api/schema';
import type { GridQuery } from '@/ui/data-grid';

/** A notification as GET /notification/{id} and the lists answer it (generated from the API). */
export type Notification =
  operations['getNotification']['responses'][200]['content']['application/json'];

/** One page of a notification list. */
export type NotificationPage =
  operations['listNotifications']['responses'][200]['content']['application/json'];

/** Whether a notification is still unread: it has no read receipt. */
export const isUnread = (n: Pick<Notification, 'readReceipt'>) => !n.readReceipt;

/** The word that marks a notification read or unread (never colour alone). */
export const readStateLabel = (n: Pick<Notification, 'readReceipt'>) =>
  isUnread(n) ? 'Unread' : 'Read';

/**
 * A link of a notification that the app may follow: an in-app path only ('/...', not '//host'
 * or 'https://...'), so a stored link can never send the reader to another site.
 */
export function inAppLink(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\'))
    return null;
  return link;
}

/**
 * The user whose notifications a page shows, from its userId query: null for the caller's own
 * (no userId, the caller's own id, or a value that is no user id).
 */
export function listUserOf(search: URLSearchParams, selfId: number): number | null {
  const raw = search.get('userId');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id !== selfId ? id : null;
}

/** The list's query string: the grid's page and size, and the Unread filter (unreadOnly). */
export const listQuery = ({ page, pageSize, filters }: GridQuery) => ({
  page,
  pageSize,
  ...(filters.unreadOnly === 'true' ? { unreadOnly: 'true' as const } : {}),
});
