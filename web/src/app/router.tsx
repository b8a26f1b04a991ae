import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { FullPageMessage } from '@/ui/full-page-message';
import { RequireAuth } from './guards/require-auth';
import { NotFound } from './routes/not-found';
import { PlaceholderRoute, placeholderRoutes } from './routes/placeholder-routes';
import { REDIRECT_PATH, RedirectRoute } from './routes/redirect';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

// Every screen is loaded lazily: a route module exports `Component`.
const publicRoutes: RouteObject[] = [
  { path: paths.login, lazy: () => import('@/features/accounts/routes/login') },
  {
    path: paths.loginSecondFactor,
    lazy: () => import('@/features/accounts/routes/login-second-factor'),
  },
  { path: paths.logout, lazy: () => import('@/features/accounts/routes/logout') },
  { path: paths.resetPassword, lazy: () => import('@/features/accounts/routes/reset-password') },
  {
    path: paths.requestPasswordReset,
    lazy: () => import('@/features/accounts/routes/request-password-reset'),
  },
  {
    path: paths.accountRequiresReset,
    lazy: () => import('@/features/accounts/routes/account-requires-reset'),
  },
  {
    path: paths.pleaseActivateAccount,
    lazy: () => import('@/features/accounts/routes/please-activate-account'),
  },
  { path: paths.activate, lazy: () => import('@/features/accounts/routes/activate') },
  { path: paths.confirmEmail, lazy: () => import('@/features/accounts/routes/confirm-email') },
  { path: paths.unsubscribe, lazy: () => import('@/features/notifications/routes/unsubscribe') },
  { path: paths.signUp, lazy: () => import('@/features/accounts/routes/sign-up') },
  { path: paths.signUpStaff, lazy: () => import('@/features/accounts/routes/sign-up-staff') },
  { path: paths.oauthCallback, lazy: () => import('@/features/accounts/routes/oauth-callback') },
  // Not lazy: it renders nothing of its own.
  { path: REDIRECT_PATH, element: <RedirectRoute /> },
];

const shellRoutes: RouteObject[] = [
  { index: true, lazy: () => import('@/features/home/routes/home') },
  { path: paths.changePassword, lazy: () => import('@/features/accounts/routes/change-password') },
  { path: paths.settings, lazy: () => import('@/features/accounts/routes/settings') },
  { path: paths.twoStepSignIn, lazy: () => import('@/features/accounts/routes/two-step-sign-in') },
  { path: paths.sessions, lazy: () => import('@/features/accounts/routes/sessions') },
  { path: paths.bookings, lazy: () => import('@/features/scheduler/routes/scheduler') },
  { path: paths.bookingsList, lazy: () => import('@/features/scheduler/routes/booking-changes') },
  {
    path: paths.createBooking,
    lazy: () => import('@/features/bookings/booking/routes/create-booking'),
  },
  {
    path: paths.editBooking(':id'),
    lazy: () => import('@/features/bookings/booking/routes/edit-booking'),
  },
  {
    path: paths.substitute(':id'),
    lazy: () => import('@/features/bookings/substitution/routes/substitute'),
  },
  { path: paths.audit(':kind', ':id'), lazy: () => import('@/features/audit/routes/audit') },
  {
    path: paths.availability,
    lazy: () => import('@/features/bookings/unavailability/routes/availability'),
  },
  { path: paths.agenda, lazy: () => import('@/features/agenda/routes/agenda') },
  { path: paths.reports, lazy: () => import('@/features/reports/routes/reports') },
  {
    path: paths.notifications,
    lazy: () => import('@/features/notifications/routes/notifications'),
  },
  {
    path: paths.notification(':id'),
    lazy: () => import('@/features/notifications/routes/notification'),
  },
  { path: paths.jobTemplates, lazy: () => import('@/features/jobs/routes/job-templates') },
  {
    path: paths.createJobTemplate,
    lazy: () => import('@/features/jobs/routes/create-job-template'),
  },
  {
    path: paths.editJobTemplate(':id'),
    lazy: () => import('@/features/jobs/routes/edit-job-template'),
  },
  { path: paths.users, lazy: () => import('@/features/people/directory/routes/users') },
  { path: paths.createUser, lazy: () => import('@/features/people/profile/routes/create-user') },
  { path: paths.editUser(':id'), lazy: () => import('@/features/people/profile/routes/edit-user') },
  {
    path: paths.departments,
    lazy: () => import('@/features/organisations/departments/routes/departments'),
  },
  {
    path: paths.editDepartment(':id'),
    lazy: () => import('@/features/organisations/departments/routes/edit-department'),
  },
  {
    path: paths.userEntityLinks,
    lazy: () => import('@/features/organisations/links/routes/user-entity-links'),
  },
  {
    path: paths.userDepartmentLinks,
    lazy: () => import('@/features/organisations/links/routes/user-department-links'),
  },
  {
    path: paths.createOrConnectUser,
    lazy: () => import('@/features/organisations/links/routes/create-or-connect-user'),
  },
  { path: paths.entities, lazy: () => import('@/features/organisations/entities/routes/entities') },
  {
    path: paths.createEntity,
    lazy: () => import('@/features/organisations/entities/routes/create-entity'),
  },
  {
    path: paths.editEntity(':id'),
    lazy: () => import('@/features/organisations/entities/routes/edit-entity'),
  },
  {
    path: paths.legalEntities,
    lazy: () => import('@/features/organisations/legal-entities/routes/legal-entities'),
  },
  {
    path: paths.createLegalEntity,
    lazy: () => import('@/features/organisations/legal-entities/routes/create-legal-entity'),
  },
  {
    path: paths.editLegalEntity(':id'),
    lazy: () => import('@/features/organisations/legal-entities/routes/edit-legal-entity'),
  },
  {
    path: paths.configureTags,
    lazy: () => import('@/features/organisations/tags/routes/configure-tags'),
  },
  { path: paths.dashboard, lazy: () => import('@/features/dashboard/routes/dashboard') },
  { path: paths.timesheets, lazy: () => import('@/features/timesheets/routes/timesheets') },
  {
    path: paths.documentSigning,
    lazy: () => import('@/features/documents/routes/document-signing'),
  },
  {
    path: paths.documentBuilder,
    lazy: () => import('@/features/documents/routes/document-builder'),
  },
  { path: paths.invoices, lazy: () => import('@/features/invoices/routes/invoices') },
  { path: paths.userGuide, lazy: () => import('@/features/guides/routes/user-guide') },
  { path: paths.adminGuide, lazy: () => import('@/features/guides/routes/admin-guide') },
  ...placeholderRoutes.map((r) => ({ path: r.path, element: <PlaceholderRoute {...r} /> })),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageMessage message="Loading..." />,
    children: [
      ...publicRoutes,
      {
        element: <RequireAuth />,
        children: [{ lazy: () => import('./shell/app-layout'), children: shellRoutes }],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
