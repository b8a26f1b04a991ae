import { isApiError } from '@/api/errors';
import { notify, notifyError } from '@/lib/notify';
import { toasts } from './catalogue';

/**
 * The server's own words for a refused request ('This booking does not allow substitution.',
 * 'This instruction is already accepted.'), or null when it sent none (a network failure).
 * Screens that refuse an action show these rather than a generic text.
 */
export function refusalMessage(err: unknown): string | null {
  return isApiError(err) && err.status !== 0 && err.message ? err.message : null;
}

/** Why a read failed, for its error alert: the server's message, else a generic one. */
export function loadFailureText(err: unknown): string {
  return isApiError(err) && err.message
    ? err.message
    : 'Something went wrong while loading. Try again.';
}

/** A refused action's toast: the server's message, else the catalogue's toast for its status. */
export function notifyRefusal(err: unknown): void {
  const message = refusalMessage(err);
  if (message) notify(toasts.instructionRefused(message));
  else notifyError(err);
}
