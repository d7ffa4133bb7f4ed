import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { BRAND } from '#lib/brand';
import { PageLoading } from '#ui/feedback';
import { RouteErrorPage } from '../features/shell/RouteErrorPage';
import { type Access, RedirectIfSignedIn, RequireSession } from './guards';
import { ByViewMode } from './view-mode';

// Pages load on demand: the public pages never download the signed-in app's code.
// In production `/` is the prerendered landing page; the app shows the same page when it
// navigates there itself (and in development).
const LandingPage = lazy(() =>
  import('../features/landing/LandingPage').then((m) => ({ default: m.LandingPage })),
);
function Landing() {
  return <LandingPage brand={BRAND} />;
}
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const MobileLoginPage = lazy(() =>
  import('../features/auth/MobileLoginPage').then((m) => ({ default: m.MobileLoginPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/shell/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const DesktopLayout = lazy(() =>
  import('./layouts/DesktopLayout').then((m) => ({ default: m.DesktopLayout })),
);
const MobileLayout = lazy(() =>
  import('./layouts/MobileLayout').then((m) => ({ default: m.MobileLayout })),
);

const page = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

const guarded = (access: Access, node: ReactNode) => (
  <RequireSession access={access}>{node}</RequireSession>
);

/** A page component loaded on demand, by its export name. */
const lazyPage = <K extends string>(loader: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => loader().then((m) => ({ default: m[name] })));

const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const DashboardPage = lazyPage(
  () => import('../features/dashboard/DashboardPage'),
  'DashboardPage',
);
const NewReferralPage = lazyPage(
  () => import('../features/referrals/NewReferralPage'),
  'NewReferralPage',
);
const ReferralsPage = lazyPage(
  () => import('../features/referrals/ReferralsPage'),
  'ReferralsPage',
);
const ReferralDetailPage = lazyPage(
  () => import('../features/referrals/ReferralDetailPage'),
  'ReferralDetailPage',
);
const CommissionsPage = lazyPage(
  () => import('../features/commissions/CommissionsPage'),
  'CommissionsPage',
);
const MobileDashboardPage = lazyPage(
  () => import('../features/dashboard/MobileDashboardPage'),
  'MobileDashboardPage',
);
const MobileNewReferralPage = lazyPage(
  () => import('../features/referrals/MobileNewReferralPage'),
  'MobileNewReferralPage',
);
const MobileReferralsPage = lazyPage(
  () => import('../features/referrals/MobileReferralsPage'),
  'MobileReferralsPage',
);
const MobileReferralDetailsPage = lazyPage(
  () => import('../features/referrals/MobileReferralDetailsPage'),
  'MobileReferralDetailsPage',
);
const MobileCommissionsPage = lazyPage(
  () => import('../features/commissions/MobileCommissionsPage'),
  'MobileCommissionsPage',
);
const MobileProfilePage = lazyPage(
  () => import('../features/profile/MobileProfilePage'),
  'MobileProfilePage',
);
const AuditLogPage = lazyPage(() => import('../features/audit/AuditLogPage'), 'AuditLogPage');
const UserManagementPage = lazyPage(
  () => import('../features/admin/UserManagementPage'),
  'UserManagementPage',
);
const AdminPage = lazyPage(() => import('../features/admin/AdminPage'), 'AdminPage');
const MessagingConfigPage = lazyPage(
  () => import('../features/messaging/MessagingConfigPage'),
  'MessagingConfigPage',
);
const TenantFormPage = lazyPage(
  () => import('../features/tenant-form/TenantFormPage'),
  'TenantFormPage',
);
const MobileChangePasswordPage = lazyPage(
  () => import('../features/profile/MobileChangePasswordPage'),
  'MobileChangePasswordPage',
);

const MobileLandingPage = lazyPage(
  () => import('../features/landing/MobileLandingPage'),
  'MobileLandingPage',
);
const MobileDemoPage = lazyPage(
  () => import('../features/landing/MobileDemoPage'),
  'MobileDemoPage',
);
const AdminDashboardPage = lazyPage(
  () => import('../features/admin/AdminDashboardPage'),
  'AdminDashboardPage',
);
const AdminReferralsOverviewPage = lazyPage(
  () => import('../features/admin/AdminReferralsOverviewPage'),
  'AdminReferralsOverviewPage',
);

/** Desktop pages of the signed-in app and who may open each. */
const DESKTOP_PAGES: { path: string; access: Access; element: ReactNode }[] = [
  {
    path: '/dashboard',
    access: 'broker',
    element: <ByViewMode broker={<DashboardPage />} admin={<AdminDashboardPage />} />,
  },
  { path: '/profile-setup', access: 'broker', element: <ProfilePage /> },
  { path: '/profile', access: 'broker', element: <ProfilePage /> },
  { path: '/new-referral', access: 'broker', element: <NewReferralPage /> },
  {
    path: '/referrals',
    access: 'broker',
    element: <ByViewMode broker={<ReferralsPage />} admin={<AdminReferralsOverviewPage />} />,
  },
  { path: '/referral/:id', access: 'broker', element: <ReferralDetailPage /> },
  { path: '/commissions', access: 'broker', element: <CommissionsPage /> },
  // Signed-in non-admins see the console's own refusal (issue 5), not a redirect.
  { path: '/admin', access: 'broker', element: <AdminPage /> },
  { path: '/messaging-config', access: 'admin', element: <MessagingConfigPage /> },
  {
    path: '/audit-log',
    access: 'superadmin',
    element: <AuditLogPage />,
  },
  {
    path: '/user-management',
    access: 'superadmin',
    element: <UserManagementPage />,
  },
];

/** The broker's phone pages; without a session they send to /mobile. */
const MOBILE_PAGES: { path: string; element: ReactNode }[] = [
  { path: '/mobile-dashboard', element: <MobileDashboardPage /> },
  { path: '/mobile-new-referral', element: <MobileNewReferralPage /> },
  { path: '/mobile-referrals', element: <MobileReferralsPage /> },
  { path: '/mobile-commissions', element: <MobileCommissionsPage /> },
  { path: '/mobile-profile', element: <MobileProfilePage /> },
  { path: '/mobile-referral-details/:id', element: <MobileReferralDetailsPage /> },
];

export const router = createBrowserRouter([
  {
    element: page(<Outlet />),
    // Loaded with the app, not on demand: it must show when a page's code fails to arrive.
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <Landing /> },
      {
        path: '/login',
        element: <RedirectIfSignedIn to="/dashboard">{<LoginPage />}</RedirectIfSignedIn>,
      },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/tenant-form/:token', element: <TenantFormPage /> },
      {
        path: '/mobile',
        element: (
          <RedirectIfSignedIn to="/mobile-dashboard">{<MobileLoginPage />}</RedirectIfSignedIn>
        ),
      },
      { path: '/mobile-landing', element: <MobileLandingPage /> },
      { path: '/mobile-demo', element: <MobileDemoPage /> },
      {
        element: guarded('broker', <DesktopLayout />),
        children: DESKTOP_PAGES.map(({ path, access, element }) => ({
          path,
          element: access === 'broker' ? element : guarded(access, element),
        })),
      },
      {
        element: guarded('mobile', <MobileLayout />),
        children: MOBILE_PAGES,
      },
      // Reachable signed out too: it then asks to sign in (docs/product.md#screens).
      { path: '/mobile-change-password', element: <MobileChangePasswordPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
