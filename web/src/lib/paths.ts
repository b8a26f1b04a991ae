import { useParams } from 'react-router';
/** The records with an audit history page: the path segment of their own pages. */
export type AuditKind = 'bookings' | 'users' | 'entities' | 'legal-entities';

/**
 * What search's Book and the profile's Book carry into booking creation: the freelancers to
 * invite once the booking exists, and the dates to book (year-month-day, both or neither). It
 * travels in the URL, so a reload keeps it.
 */
export interface BookingPrefill {
  freelancers: number[];
  startDate?: string;
  endDate?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether n can be a record's id (a route's :id, a list's ids): a positive whole number. */
export const isRecordId = (n: number) => Number.isSafeInteger(n) && n > 0;

/** The current route's `:id` as a record id, and whether it can be one (else: not found). */
export function useRecordIdParam() {
  const id = Number(useParams().id);
  return { id, valid: isRecordId(id) };
}

/** Positive whole ids from 'a,b,c' (anything else dropped, duplicates once). */
export function idList(value: string | null): number[] {
  const ids = (value ?? '')
    .split(',')
    .map((v) => Number(v.trim()))
    .filter(isRecordId);
  return [...new Set(ids)];
}

/** The prefill paths.createBookingWith wrote, read back from the URL's search parameters. */
export function readBookingPrefill(params: URLSearchParams): BookingPrefill {
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const dates = ISO_DATE.test(start) && ISO_DATE.test(end) && start <= end;
  return {
    freelancers: idList(params.get('freelancers')),
    ...(dates ? { startDate: start, endDate: end } : {}),
  };
}

/** Every client route path, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  logout: '/logout',
  resetPassword: '/reset-password',
  requestPasswordReset: '/request-password-reset',
  accountRequiresReset: '/account-requires-reset',
  pleaseActivateAccount: '/please-activate-account',
  activate: '/activate',
  confirmEmail: '/confirm-email',
  signUp: '/sign-up',
  signUpStaff: '/sign-up-staff',
  oauthCallback: '/oauth/callback',
  changePassword: '/change-password',
  settings: '/settings',
  /** The login's second step: a code from the authenticator app or a recovery code. */
  loginSecondFactor: '/login/second-factor',
  /** Settings: two-step sign-in (enrol, or turn off). */
  twoStepSignIn: '/two-step-sign-in',
  sessions: '/sessions',
  redirect: '/r',
  unsubscribe: '/unsubscribe',

  bookings: '/bookings',
  bookingsList: '/bookings/list',
  createBooking: '/bookings/create',
  /** Booking creation carrying freelancers to invite and dates (search's and the profile's Book). */
  createBookingWith: (prefill: BookingPrefill) => {
    const q = new URLSearchParams();
    if (prefill.freelancers.length > 0) q.set('freelancers', prefill.freelancers.join(','));
    if (prefill.startDate && prefill.endDate) {
      q.set('start', prefill.startDate);
      q.set('end', prefill.endDate);
    }
    const s = q.toString();
    return `/bookings/create${s ? `?${s}` : ''}`;
  },
  editBooking: (id: number | string, placementId?: number) =>
    `/bookings/${id}/edit${placementId ? `?placementId=${placementId}` : ''}`,
  /** A booking just created from a prefill: its page with those freelancers to invite. */
  editBookingInviting: (id: number | string, freelancers: readonly number[]) =>
    `/bookings/${id}/edit${freelancers.length > 0 ? `?invite=${freelancers.join(',')}` : ''}`,
  substitute: (placementId: number | string) => `/bookings/${placementId}/substitute`,
  /** A record's audit history (administrators): /bookings/:id/audit, /users/:id/audit... */
  audit: (kind: AuditKind | ':kind', id: number | string) => `/${kind}/${id}/audit`,
  availability: '/availability',
  agenda: '/agenda',
  notifications: '/notifications',
  /** An administrator's read-only view of one user's notifications. */
  notificationsOfUser: (userId: number | string) => `/notifications?userId=${userId}`,
  notification: (id: number | string, userId?: number | null) =>
    `/notifications/${id}${userId ? `?userId=${userId}` : ''}`,
  reports: '/reports',
  invoices: '/invoices',
  dashboard: '/dashboard',
  documentBuilder: '/document-builder',
  documentSigning: '/document-signing',
  timesheets: '/timesheets',
  jobTemplates: '/job-templates',
  createJobTemplate: '/job-templates/create',
  editJobTemplate: (id: number | string) => `/job-templates/${id}/edit`,
  users: '/users',
  editUser: (id: number | string) => `/users/${id}/edit`,
  createUser: '/users/create',
  createOrConnectUser: '/users/connect',
  departments: '/departments',
  editDepartment: (id: number | string) => `/departments/${id}/edit`,
  entities: '/entities',
  createEntity: '/entities/create',
  editEntity: (id: number | string) => `/entities/${id}/edit`,
  legalEntities: '/legal-entities',
  createLegalEntity: '/legal-entities/create',
  editLegalEntity: (id: number | string) => `/legal-entities/${id}/edit`,
  userEntityLinks: '/user-entity-links',
  userDepartmentLinks: '/user-department-links',
  configureTags: '/configure-tags',
  adminGuide: '/admin-guide',
  userGuide: '/user-guide',
} as const;

/** Routes that need no session. */
export const publicPaths: readonly string[] = [
  paths.login,
  paths.logout,
  paths.resetPassword,
  paths.requestPasswordReset,
  paths.accountRequiresReset,
  paths.pleaseActivateAccount,
  paths.activate,
  paths.confirmEmail,
  paths.signUp,
  paths.signUpStaff,
  paths.oauthCallback,
];
