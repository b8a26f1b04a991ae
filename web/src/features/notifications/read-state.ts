import type { Notification } from './types';

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
