import { isApiError } from '@/api/errors';
import { toastForError, toasts, type Toast } from './catalogue';

/** Field errors from a 422 answer: the field path (loc without 'body') maps to 'Error: ' + msg. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (!isApiError(err) || err.status !== 422) return {};
  const out: Record<string, string> = {};
  for (const item of err.detail) {
    const loc = (item.loc ?? []).filter(
      (part, i) => !(i === 0 && ['body', 'query', 'path'].includes(part)),
    );
    if (loc.length === 0) continue;
    const key = loc.join('.');
    out[key] ??= `Error: ${item.msg}`;
  }
  return out;
}

/** The part of a @mantine/form form this helper needs. */
export interface FormWithErrors {
  setErrors: (errors: Record<string, string>) => void;
}

/**
 * Puts a server validation failure onto the form's fields and returns the toast to show:
 * the form variant of 'Validation Error' for 422, otherwise the catalogue's toast.
 */
export function applyServerErrors(form: FormWithErrors, err: unknown): Toast {
  if (isApiError(err) && err.status === 422) {
    form.setErrors(serverFieldErrors(err));
    return toasts.formValidation(err.message);
  }
  return toastForError(err);
}
