import { isApiError } from '@/api/errors';
import { countOf } from '@/lib/format';

/** A toast: what the user reads and how long it stays (ms). */
export interface Toast {
  title: string;
  message: string;
  autoClose: number;
  kind: 'error' | 'success' | 'info' | 'warning';
}

/** Toast durations in milliseconds (spec: 3, 5, 8 for login failure, 9). */
export const DURATION = { short: 3000, normal: 5000, loginFailure: 8000, long: 9000 } as const;

const error = (title: string, message: string, autoClose: number = DURATION.normal): Toast => ({
  title,
  message,
  autoClose,
  kind: 'error',
});
const success = (title: string, message: string, autoClose: number = DURATION.normal): Toast => ({
  title,
  message,
  autoClose,
  kind: 'success',
});
const info = (title: string, message: string, autoClose: number = DURATION.normal): Toast => ({
  title,
  message,
  autoClose,
  kind: 'info',
});

/** The booking page's load failure (spec part 2 §8). */
export const BOOKING_LOAD_ERROR =
  'There was an error loading this booking. You may not have access; it may have been deleted; or it may not exist. If you suspect that this is an error, please contact Hive support.';

/** Every toast text of the application, in one place. */
export const toasts = {
  authentication: error(
    'Authentication Error',
    'Invalid credentials. Please check your username and password.',
  ),
  accessDenied: error('Access Denied', "You don't have permission to access this resource."),
  userNotFound: error(
    'User Not Found',
    'The user account was not found. Please check your credentials.',
  ),
  tooManyRequests: error('S-503 Too many requests', 'Slow down, and try again in a bit.'),
  serverError: error('S-100 Server Error', 'Cannot complete request', DURATION.long),
  validation: error('Validation Error', 'Correct the errors and try again.'),
  formValidation: (serverText: string) =>
    error(
      'Validation Error',
      ['Correct the errors in the form and try again.', serverText].filter(Boolean).join(' '),
      DURATION.long,
    ),
  errorCode: (code: string, message: string) => error(`Error Code ${code}`, message, DURATION.long),
  loginFailed: (message: string) => error('Login Failed', message, DURATION.loginFailure),
  loggedIn: (firstName: string) => success('Logged in', `Login successful. Hello, ${firstName}!`),
  loggedOut: success('Signed out', 'You have been signed out.', DURATION.short),
  invalidToken: error('Invalid Token', 'The token is invalid.'),
  passwordReset: (message: string) => success('Password Reset', message),
  passwordChanged: (message: string) => success('Password changed', message),
  twoStepOn: success('Two-step sign-in is on', 'Keep your recovery codes somewhere safe.'),
  twoStepOff: success('Two-step sign-in is off', 'Your password alone signs you in now.'),
  secondFactorReset: success(
    'Second factor reset',
    'The user has been signed out everywhere and told by e-mail.',
  ),
  signedOutEverywhere: success(
    'Signed out everywhere',
    'Every session of your account has ended, this one too.',
  ),
  passkeyAdded: (name: string) =>
    success('Passkey added', `The passkey ${name} can now sign you in.`),
  passkeyRenamed: (name: string) =>
    success('Passkey renamed', `The passkey is now called ${name}.`),
  passkeyRemoved: (name: string) =>
    success('Passkey removed', `The passkey ${name} no longer signs you in.`),
  passkeyFailed: (message: string) => error('Passkey', message),
  resetLinkSent: (message: string) => success('Email Sent', message),
  accountActivated: (message: string) => success('Account Activated', message),
  oauthCannotStart: error(
    'OAuth Error',
    'Failed to initiate login with the provider. Please try again.',
  ),
  oauthInvalidCallback: error('OAuth Error', 'Invalid OAuth callback response'),
  oauthFailed: (message?: string | null) =>
    error('OAuth Error', message || 'OAuth authentication failed'),
  resourceMissing: error(
    'Error',
    'That resource does not exist, or you lack permission to access it.',
  ),
  impersonating: (fullName: string) =>
    success('Impersonating', `You are now acting as ${fullName}.`),
  impersonationCancelled: success('Impersonation Cancelled', 'You are yourself again.'),
  // Organisations: entities, legal entities, tags (spec part 1 §8, part 2 §8).
  entityCreated: (name: string) => success('Entity Created', `Entity ${name} created`),
  entitySaved: (name: string) => success('Entity Saved', `Entity ${name} saved`),
  bookingRulesSaved: success('Booking Rules Saved', 'The booking rules were saved.'),
  billingRulesSaved: success('Billing Rules Saved', 'The billing rules were saved.'),
  timesheetSaved: success('Timesheet Saved', 'Your corrections were saved.'),
  timesheetsSubmitted: (n: number) =>
    success('Timesheets Submitted', `${countOf(n, 'timesheet')} submitted for approval.`),
  timesheetApproved: success('Timesheet Approved', 'The timesheet was approved.'),
  timesheetDisputed: success(
    'Timesheet Disputed',
    'The timesheet was sent back to its freelancer.',
  ),
  restOverridden: success('Rest Rule Overridden', 'The freelancer may now accept this offer.'),
  preferredLegalEntitySaved: success('Entity Saved', 'Preferred legal entity saved'),
  legalEntityCreated: (name: string) =>
    success('Legal Entity Created', `Legal entity ${name} created`),
  legalEntitySaved: success('Legal Entity Saved', 'The legal entity was saved.'),
  companyCheckFailed: error('Error', 'Could not validate company number', DURATION.normal),
  ibanInvalid: error('Error', 'The IBAN is not valid.', DURATION.normal),
  tagCreated: success('Tag Created', 'The tag was created.'),
  tagRenamed: success('Tag Renamed', 'The tag was renamed.'),
  deleted: success('Deleted', 'Deleted.'),
  // Organisations: departments, links, invitations, sign-up (spec part 1 §8, part 2 §8).
  departmentCreated: (name: string) => success('Department Created', `Department ${name} created`),
  departmentSaved: (name: string) => success('Department Saved', `Department ${name} saved`),
  departmentsOfUsers: {
    title: 'Departments',
    message: 'The departments listed are those associated with the selected user(s)',
    autoClose: DURATION.long,
    kind: 'info',
  } satisfies Toast,
  userConnected: success('User Connected', 'The user was connected.'),
  connectionSaved: success('Connection Saved', 'The rights were saved.'),
  userDisconnected: success('User Disconnected', 'The user was disconnected.'),
  invitationSent: (email: string) =>
    success('Invitation sent', `An invitation was sent to ${email}.`),
  invitationAccepted: (entityName: string) =>
    success('Invitation Accepted', `You have joined ${entityName}.`),
  invitationRejected: success('Invitation Rejected', 'The invitation was rejected.'),
  welcome: (firstName: string) =>
    success('Welcome', `Your account is ready. Welcome to Hive, ${firstName}!`),
  signedUpActivate: success(
    'Account Created',
    'Check your email for the link to activate your account.',
    DURATION.long,
  ),
  // People: profile image and documents (spec part 1 §8).
  uploadUrlFailed: error('Error', 'Failed to get upload URL.', DURATION.short),
  uploadFailed: error('Upload Failed', 'Failed to upload image.'),
  imageUploaded: success('Success', 'Image uploaded successfully.'),
  documentUploaded: (name: string) => success('Document Uploaded', `${name} was uploaded.`),
  documentUploadFailed: (message: string) => error('Upload Failed', message),
  documentDeleted: success('Document Deleted', 'The document was deleted.'),
  // People: internal notes (spec part 1 §8).
  // Spec part 2 §9: a bookmark's success toast stays 3000 ms, the others (a follow's) 5000 ms.
  freelancerBookmarked: (on: boolean) =>
    on
      ? success('Bookmarked', 'The freelancer was bookmarked.', DURATION.short)
      : success('Bookmark Removed', 'The bookmark was removed.', DURATION.short),
  freelancerFollowed: (on: boolean) =>
    on
      ? success('Following', 'You now follow this freelancer.')
      : success('Unfollowed', 'You no longer follow this freelancer.'),
  notePublished: success('Note Published', 'The note was saved.'),
  // People: create and edit user (spec part 1 §2).
  profileSaved: success('Profile Saved', 'The profile was saved.'),
  userCreated: (email: string) =>
    success('User Created', `An activation email was sent to ${email}.`),
  noteFailed: error('Something went wrong', 'The note could not be saved. Try again.'),
  // Bookings: instruction actions, substitution, unavailability (spec part 2 §8).
  bookingWarning: (message: string): Toast => ({
    title: 'Warning',
    message,
    autoClose: DURATION.normal,
    kind: 'warning',
  }),
  instructionsSent: (inserted: number, existing: number) =>
    success(
      'Instruction Successful',
      `Sent out ${countOf(inserted, 'new instruction')}. Skipped ${countOf(existing, 'existing instruction')}.`,
    ),
  instructionRefused: (message: string) => error('Error', message),
  waterfallStarted: (places: number, listed: number) =>
    success(
      'Offer in turn started',
      `Offering ${countOf(places, 'place')} in turn to ${countOf(listed, 'freelancer')}.`,
    ),
  waterfallCandidatesAdded: (added: number) =>
    success('Candidates added', `${countOf(added, 'freelancer')} added to the offer in turn.`),
  holdsPlaced: (inserted: number, existing: number) =>
    success(
      'Pencil placed',
      `Placed ${countOf(inserted, 'new hold')}. Skipped ${countOf(existing, 'existing instruction')}.`,
    ),
  holdDone: (op: 'confirm' | 'release' | 'challenge', days: number) =>
    op === 'confirm'
      ? success('Hold confirmed', `Confirmed ${countOf(days, 'day')}: the freelancer is booked.`)
      : op === 'release'
        ? success('Hold released', `Released ${countOf(days, 'day')}.`)
        : success('Hold challenged', `Challenged ${countOf(days, 'higher hold')}.`),
  changesAcknowledged: (n: number) =>
    success('Change acknowledged', `Acknowledged the change to ${countOf(n, 'placement')}.`),
  instructionsUpdated: (n: number) =>
    success('Status updated', `Successfully updated ${countOf(n, 'instruction')}`),
  ratesAmended: success('Rates amended', 'The rates were amended.'),
  substitutionAccepted: success('Substitution Accepted', 'The substitute was instructed.'),
  unavailabilityMarked: (n: number) =>
    success('Unavailability saved', `Marked ${countOf(n, 'date')} as unavailable.`),
  bookingCreated: (placements: number) =>
    success('Booking created', `The booking was created with ${countOf(placements, 'placement')}.`),
  unavailabilityCleared: (n: number) =>
    success('Unavailability saved', `Marked ${countOf(n, 'date')} as available.`),
} as const;

/** The activation failure text, with the server's code and message when present. */
export const ACTIVATION_FAILED =
  'There was an error activating your account. Please contact support for assistance.';

/** The spec's error table: which toast a failed request shows. */
export function toastForError(err: unknown): Toast {
  if (!isApiError(err) || err.status === 0) return toasts.serverError;
  switch (err.status) {
    case 401:
      return toasts.authentication;
    case 403:
      return toasts.accessDenied;
    case 404:
      return toasts.userNotFound;
    case 422:
      return toasts.validation;
    case 503:
      return toasts.tooManyRequests;
    default:
      return toasts.errorCode(
        err.errorCode || String(err.status),
        err.message || 'Cannot complete request',
      );
  }
}

/** The login form's own message under a failed sign-in; it stays until the next attempt. */
export const LOGIN_INVALID_CREDENTIALS =
  'The email address or password is not correct. Check both and try again.';

/** Login's own rule: 401 is the authentication toast; everything else is 'Login Failed' (8 s). */
export function toastForLoginError(err: unknown): Toast {
  if (isApiError(err) && err.status === 401) return toasts.authentication;
  const generic = toastForError(err);
  return toasts.loginFailed(
    isApiError(err) && err.message && err.status !== 503 ? err.message : generic.message,
  );
}

/** The warnings of the Placements actions (spec part 2 §8 and §2 'Booking edit page'). */
export const bookingSelectionWarnings = {
  noRows: 'You must select at least one row',
  notInstructed: 'Some users are not yet instructed',
  alreadyInstructed: 'You can only invite for rows that are not yet instructed.',
  severalPlacementTypes:
    'You can only view availability for a single placement type at a time. Uncheck all but one placement type and try again.',
  oneRowToSubstitute: 'Select exactly one instruction to substitute.',
  noOpenOffers: 'Select offers the freelancer has yet to answer to set their answer-by time.',
  oneRowToOverride: 'Select exactly one instruction to override the rest rule for.',
  vatMismatch: 'VAT status mismatch.',
  noSubstitutes: 'There are no substitutes available to work this placement.',
} as const;

/** Toasts of job templates, placement templates and rate cards. */
export const jobToasts = {
  templateCreated: (title: string) =>
    success('Job Template Created', `Job template ${title} created`),
  templateSaved: (title: string) => success('Job Template Saved', `Job template ${title} saved`),
  placementSaved: success('Placement Saved', 'The placement template was saved.'),
  placementDeleted: success('Placement Deleted', 'The placement template was deleted.'),
  rateCardSaved: success('Rate Card Saved', 'The rate card was saved.'),
  rateCardDeleted: success('Rate Card Deleted', 'The rate card was deleted.'),
} as const;

/** Toasts of the booking create and edit pages (spec part 2 §8). */
export const bookingPageToasts = {
  bookingUpdated: success('Booking updated', 'The booking was saved.'),
  placementsAmended: (n: number) =>
    success('Placements amended', `Amended ${countOf(n, 'placement')}.`),
  placementsCancelled: (n: number) =>
    success('Placements cancelled', `Cancelled ${countOf(n, 'placement')}.`),
} as const;

/** The scheduler's filter panel and bookmarks (spec part 2 §2 'Filter panel', §8, §9). */
export const schedulerMessages = {
  /** The server's MsgBookmarkDescription (internal/scheduler/bookmarks.go). */
  descriptionRequired: 'Enter a description',
  noBookmarkSelected: 'No bookmark selected',
} as const;

export const schedulerToasts = {
  // Spec §9: the bookmark success toast stays 3000 ms.
  bookmarkSaved: (description: string) =>
    success('Bookmark saved', `Saved the filters as ${description}.`, DURATION.short),
  bookmarkDeleted: success('Deleted', 'The bookmark was deleted.', DURATION.short),
  noBookmarkSelected: {
    title: 'Warning',
    message: schedulerMessages.noBookmarkSelected,
    autoClose: DURATION.normal,
    kind: 'warning',
  } satisfies Toast,
} as const;

/** Toasts of the agenda's calendar feed panel. */
export const calendarFeedToasts = {
  linkReset: success(
    'Calendar link reset',
    'The old link no longer works: subscribe to the new one.',
  ),
  turnedOff: success('Calendar feed turned off', 'Your calendar link no longer works.'),
} as const;

/** The invoices screens' toasts. */
export const invoiceToasts = {
  paid: (number: string) => success('Invoice paid', `${number} is marked paid.`),
  voided: (number: string) =>
    success('Invoice voided', `${number} is void; its credit note was issued.`),
  issued: (count: number) =>
    count === 0
      ? info('No invoices issued', 'There are no approved timesheets to invoice up to that date.')
      : success('Invoices issued', `${count} invoice${count === 1 ? '' : 's'} issued.`),
  selfBilling: (agreed: boolean) =>
    success(
      'Self-billing saved',
      agreed ? 'Clients may now issue your invoices.' : 'Self-billing is withdrawn.',
    ),
} as const;

/** Toasts of the freelancer's own calendar connection (settings). */
export const calendarSyncToasts = {
  connected: success(
    'Calendar connected',
    'Hive reads your busy times and writes your accepted work.',
  ),
  synced: success('Calendar synced', 'Your busy times and accepted work are up to date.'),
  syncFailed: {
    title: 'Sync failed',
    message: 'The calendar server could not be synced: see the reason in Your calendar.',
    autoClose: DURATION.normal,
    kind: 'warning',
  } satisfies Toast,
  intervalSaved: success('Sync interval saved', 'Your calendar syncs at the new interval.'),
  disconnected: success('Calendar disconnected', 'Hive no longer reads or writes your calendar.'),
} as const;
