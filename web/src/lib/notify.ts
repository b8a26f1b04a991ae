import { notifications } from '@mantine/notifications';
import type { Toast } from './errors/catalogue';
import { toastForError } from './errors/catalogue';

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
