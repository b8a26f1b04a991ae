import { notifications } from '@mantine/notifications';
import type { Toast } from './errors/catalogue';
import { toastForError } from './errors/catalogue';
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

/**
 * A form's submit handler that runs `save`; when the server refuses, its field errors go onto the
 * form (`fieldOf` as for applyServerErrors) and the toast applyServerErrors picks is shown. Use
 * as form.onSubmit(withServerErrors(...)).
 */
export function withServerErrors<V>(
  form: FormWithErrors,
  save: (values: V) => Promise<unknown>,
  fieldOf?: Record<string, string>,
): (values: V) => Promise<void> {
  return async (values) => {
    try {
      await save(values);
    } catch (err) {
      notify(applyServerErrors(form, err, fieldOf));
    }
  };
}
