import { Notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';

/** A dialog that holds the page (Mantine's Modal marks its content so); popovers do not count. */
const MODAL_DIALOG = '[role="dialog"][aria-modal="true"]';

/** Whether a modal dialog is open anywhere on the page, following the DOM as it changes. */
function useModalDialogOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () => setOpen(document.querySelector(MODAL_DIALOG) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-modal', 'role'],
    });
    return () => observer.disconnect();
  }, []);
  return open;
}

/**
 * The toasts. They sit bottom right, except while a dialog is open: its actions are at its foot
 * (Invite, Save, Close), where a toast would cover them for seconds, so the toasts move to the
 * top right, over the dialog's title rather than its buttons.
 */
export function ToastLayer() {
  const dialogOpen = useModalDialogOpen();
  return <Notifications position={dialogOpen ? 'top-right' : 'bottom-right'} limit={5} />;
}
