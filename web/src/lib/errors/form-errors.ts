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
 * the form variant of 'Validation Error' for 422, otherwise the catalogue's toast. `fieldOf`
 * names the form's field for an API field the form calls otherwise ('entityIds' → 'entities');
 * its error shows there too.
 */
export function applyServerErrors(
  form: FormWithErrors,
  err: unknown,
  fieldOf: Record<string, string> = {},
): Toast {
  if (isApiError(err) && err.status === 422) {
    const errors = serverFieldErrors(err);
    for (const [api, field] of Object.entries(fieldOf)) {
      if (errors[api]) errors[field] = errors[api];
    }
    form.setErrors(errors);
    return toasts.formValidation(err.message);
  }
  return toastForError(err);
}
