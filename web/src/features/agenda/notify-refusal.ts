import { isApiError } from '@/api/errors';
import { toasts } from '@/lib/errors/catalogue';
import { notify, notifyError } from '@/lib/notify';

/**
 * A refused action shows the server's own words (e.g. 'This instruction is already accepted.');
 * a failure without them falls back to the catalogue's toast for its status.
 */
export function notifyRefusal(err: unknown): void {
  if (isApiError(err) && err.status !== 0 && err.message) {
    notify(toasts.instructionRefused(err.message));
  } else {
    notifyError(err);
  }
}
