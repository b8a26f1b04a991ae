/** The records with an audit history page: the path segment of their own pages. */
export type AuditKind = 'bookings' | 'users' | 'entities' | 'legal-entities';

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
  redirect: '/r',
  unsubscribe: '/unsubscribe',

  bookings: '/bookings',
  bookingsList: '/bookings/list',
  createBooking: '/bookings/create',
  editBooking: (id: number | string, placementId?: number) =>
    `/bookings/${id}/edit${placementId ? `?placementId=${placementId}` : ''}`,
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
  dashboard: '/dashboard',
  documentBuilder: '/document-builder',
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
