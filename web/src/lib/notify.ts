import { notifications } from '@mantine/notifications';
import { toastForError, toasts, type Toast } from './errors/catalogue';
import { applyServerErrors, type FormWithErrors } from './errors/form-errors';

const colours: Record<Toast['kind'], string> = {
  error: 'red',
  success: 'blue',
  info: 'indigo',
  warning: 'grape',
};

/** Shows a toast from the catalogue. */
export function notify(toast: Toast): void {
  notifications.show({
    title: toast.title,
    message: toast.message,
    autoClose: toast.autoClose,
    color: colours[toast.kind],
    withBorder: true,
  });
}

/** Shows the catalogue's toast for a failed request. */
export function notifyError(err: unknown): void {
  notify(toastForError(err));
}

/** The form a submit event came from (read at once: React clears currentTarget after). */
const formOf = (event?: { currentTarget?: EventTarget | null }) =>
  event?.currentTarget instanceof HTMLElement ? event.currentTarget : null;

/**
 * Brings the first field in error of a refused form into view and focuses it, once the errors
 * are rendered (Mantine marks an input in error aria-invalid), so a message below the fold is
 * never missed.
 */
export function showFirstError(formEl: HTMLElement | null): void {
  if (!formEl) return;
  requestAnimationFrame(() => {
    const field = formEl.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView?.({ block: 'center' });
    field.focus({ preventScroll: true });
  });
}

/**
 * A form's handler for a submit its own rules refuse (form.onSubmit's second argument): the
 * spec's validation toast, and the first field in error in view and focused.
 */
export function refusedSubmit(
  _errors: unknown,
  _values: unknown,
  event?: { currentTarget?: EventTarget | null },
): void {
  notify(toasts.formValidation(''));
  showFirstError(formOf(event));
}

/**
 * A form's submit handler that runs `save`; when the server refuses, its field errors go onto the
 * form (`fieldOf` as for applyServerErrors), the toast applyServerErrors picks is shown and the
 * first field in error is brought into view. Use as
 * form.onSubmit(withServerErrors(...), refusedSubmit).
 */
export function withServerErrors<V>(
  form: FormWithErrors,
  save: (values: V) => Promise<unknown>,
  fieldOf?: Record<string, string>,
): (values: V, event?: { currentTarget?: EventTarget | null }) => Promise<void> {
  return async (values, event) => {
    const formEl = formOf(event);
    try {
      await save(values);
    } catch (err) {
      notify(applyServerErrors(form, err, fieldOf));
      showFirstError(formEl);
    }
  };
}
