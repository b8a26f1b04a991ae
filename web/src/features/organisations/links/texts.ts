/**
 * Under the user picker of the connect forms: the server links only users the caller may
 * already see (and the picker lists only those); anyone else joins through an invitation.
 */
export const CONNECT_USER_HELP =
  'Only people you can already see are listed. Invite anyone else by e-mail.';
