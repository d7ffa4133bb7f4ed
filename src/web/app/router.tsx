import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { BRAND } from '#lib/brand';
import { PageLoading } from '#ui/feedback';
import { DocumentTitle } from '../features/shell';
import { RouteErrorPage } from '../features/shell/RouteErrorPage';
import { type Access, RedirectIfSignedIn, RequireSession } from './guards';
import { ByViewMode, useEffectiveViewMode } from './view-mode';

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
const MessagesPage = lazyPage(
  () => import('../features/conversations/MessagesPage'),
  'MessagesPage',
);
const OfficePage = lazyPage(() => import('../features/office/OfficePage'), 'OfficePage');
const AuditLogPage = lazyPage(() => import('../features/audit/AuditLogPage'), 'AuditLogPage');
const HolidaysPage = lazyPage(() => import('../features/superadmin/HolidaysPage'), 'HolidaysPage');
const GroupsPage = lazyPage(() => import('../features/superadmin/GroupsPage'), 'GroupsPage');
const DataIncidentsPage = lazyPage(
  () => import('../features/data-incidents/DataIncidentsPage'),
  'DataIncidentsPage',
);
const WebhooksPage = lazyPage(() => import('../features/webhooks/WebhooksPage'), 'WebhooksPage');
const ApiReferencePage = lazyPage(
  () => import('../features/webhooks/ApiReferencePage'),
  'ApiReferencePage',
);
const UserManagementPage = lazyPage(
  () => import('../features/superadmin/UserManagementPage'),
  'UserManagementPage',
);
const AdminPage = lazyPage(() => import('../features/admin/AdminPage'), 'AdminPage');
const MessagingConfigPage = lazyPage(
  () => import('../features/messaging/MessagingConfigPage'),
  'MessagingConfigPage',
);
const LinkRequestPage = lazyPage(
  () => import('../features/referral-link/LinkRequestPage'),
  'LinkRequestPage',
);
const TenantFormPage = lazyPage(
  () => import('../features/tenant-form/TenantFormPage'),
  'TenantFormPage',
);
const TenantDataPage = lazyPage(
  () => import('../features/tenant-form/TenantDataPage'),
  'TenantDataPage',
);
const PrivacyPage = lazyPage(() => import('../features/privacy/PrivacyPage'), 'PrivacyPage');
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
  () => import('../features/admin/operations/AdminDashboardPage'),
  'AdminDashboardPage',
);
const AdminReferralsOverviewPage = lazyPage(
  () => import('../features/admin/referrals/AdminReferralsOverviewPage'),
  'AdminReferralsOverviewPage',
);

/**
 * A page's title, as its heading says it (the tab shows «العنوان | شريك»); the pages that
 * change with the admin's view have one title for each view.
 */
type Title = string | { broker: string; admin: string };

function ViewModeTitle({ title }: { title: { broker: string; admin: string } }) {
  return <DocumentTitle title={title[useEffectiveViewMode()]} />;
}

/** The route's element with its title. */
const titled = (title: Title, element: ReactNode) => (
  <>
    {typeof title === 'string' ? <DocumentTitle title={title} /> : <ViewModeTitle title={title} />}
    {element}
  </>
);

type Page = { path: string; title: Title; element: ReactNode };

/** Desktop pages of the signed-in app and who may open each. */
const DESKTOP_PAGES: (Page & { access: Access })[] = [
  {
    path: '/dashboard',
    access: 'broker',
    title: { broker: 'لوحة التحكم', admin: 'لوحة العمليات' },
    element: <ByViewMode broker={<DashboardPage />} admin={<AdminDashboardPage />} />,
  },
  { path: '/profile-setup', access: 'broker', title: 'الملف الشخصي', element: <ProfilePage /> },
  { path: '/profile', access: 'broker', title: 'الملف الشخصي', element: <ProfilePage /> },
  { path: '/new-referral', access: 'broker', title: 'إحالة جديدة', element: <NewReferralPage /> },
  {
    path: '/referrals',
    access: 'broker',
    title: { broker: 'إحالاتي', admin: 'نظرة عامة على الإحالات' },
    element: <ByViewMode broker={<ReferralsPage />} admin={<AdminReferralsOverviewPage />} />,
  },
  {
    path: '/referral/:id',
    access: 'broker',
    title: 'تفاصيل الإحالة',
    element: <ReferralDetailPage />,
  },
  { path: '/commissions', access: 'broker', title: 'العمولات', element: <CommissionsPage /> },
  { path: '/messages', access: 'broker', title: 'الرسائل', element: <MessagesPage /> },
  { path: '/office', access: 'broker', title: 'مكتبي', element: <OfficePage /> },
  // Signed-in non-admins see the console's own refusal (issue 5), not a redirect.
  { path: '/admin', access: 'broker', title: 'لوحة الإدارة', element: <AdminPage /> },
  {
    path: '/messaging-config',
    access: 'admin',
    title: 'إعدادات الرسائل',
    element: <MessagingConfigPage />,
  },
  { path: '/audit-log', access: 'superadmin', title: 'سجل التدقيق', element: <AuditLogPage /> },
  { path: '/webhooks', access: 'superadmin', title: 'ربط الأنظمة', element: <WebhooksPage /> },
  {
    path: '/api-reference',
    access: 'superadmin',
    title: 'مرجع الواجهة البرمجية',
    element: <ApiReferencePage />,
  },
  { path: '/holidays', access: 'superadmin', title: 'العطل الرسمية', element: <HolidaysPage /> },
  { path: '/groups', access: 'superadmin', title: 'مجموعات الوسطاء', element: <GroupsPage /> },
  {
    path: '/data-incidents',
    access: 'superadmin',
    title: 'سجل حوادث البيانات',
    element: <DataIncidentsPage />,
  },
  {
    path: '/user-management',
    access: 'superadmin',
    title: 'إدارة المستخدمين',
    element: <UserManagementPage />,
  },
];

/** The broker's phone pages; without a session they send to /mobile. */
const MOBILE_PAGES: Page[] = [
  { path: '/mobile-dashboard', title: 'الرئيسية', element: <MobileDashboardPage /> },
  { path: '/mobile-new-referral', title: 'إضافة طلب جديد', element: <MobileNewReferralPage /> },
  { path: '/mobile-referrals', title: 'طلباتي', element: <MobileReferralsPage /> },
  { path: '/mobile-commissions', title: 'عمولاتي', element: <MobileCommissionsPage /> },
  { path: '/mobile-profile', title: 'الملف الشخصي', element: <MobileProfilePage /> },
  { path: '/mobile-messages', title: 'الرسائل', element: <MessagesPage /> },
  { path: '/mobile-office', title: 'مكتبي', element: <OfficePage /> },
  {
    path: '/mobile-referral-details/:id',
    title: 'تفاصيل الطلب',
    element: <MobileReferralDetailsPage />,
  },
];

export const router = createBrowserRouter([
  {
    element: page(<Outlet />),
    // Loaded with the app, not on demand: it must show when a page's code fails to arrive.
    errorElement: <RouteErrorPage />,
    children: [
      // The landing page keeps index.html's title, the one its prerendered copy has.
      {
        path: '/',
        element: (
          <>
            <DocumentTitle />
            <Landing />
          </>
        ),
      },
      {
        path: '/login',
        element: titled(
          'تسجيل دخول الوسيط',
          <RedirectIfSignedIn to="/dashboard">{<LoginPage />}</RedirectIfSignedIn>,
        ),
      },
      {
        path: '/reset-password',
        element: titled('استعادة كلمة المرور', <ResetPasswordPage />),
      },
      {
        path: '/r/:code',
        element: titled('طلب دفع الإيجار شهرياً', <LinkRequestPage />),
      },
      {
        path: '/tenant-form/:token',
        element: titled('إكمال بيانات المستأجر', <TenantFormPage />),
      },
      {
        path: '/tenant-form/:token/my-data',
        element: titled('بياناتك لدينا', <TenantDataPage />),
      },
      { path: '/privacy', element: titled('إشعار الخصوصية', <PrivacyPage />) },
      {
        path: '/mobile',
        element: titled(
          'تسجيل الدخول',
          <RedirectIfSignedIn to="/mobile-dashboard">{<MobileLoginPage />}</RedirectIfSignedIn>,
        ),
      },
      {
        path: '/mobile-landing',
        element: titled('منصة الوسطاء العقاريين', <MobileLandingPage />),
      },
      { path: '/mobile-demo', element: titled('عرض تجريبي', <MobileDemoPage />) },
      {
        element: guarded('broker', <DesktopLayout />),
        children: DESKTOP_PAGES.map(({ path, access, title, element }) => ({
          path,
          element:
            access === 'broker' ? titled(title, element) : guarded(access, titled(title, element)),
        })),
      },
      {
        element: guarded('mobile', <MobileLayout />),
        children: MOBILE_PAGES.map(({ path, title, element }) => ({
          path,
          element: titled(title, element),
        })),
      },
      // Reachable signed out too: it then asks to sign in (docs/product.md#screens).
      {
        path: '/mobile-change-password',
        element: titled('تغيير كلمة المرور', <MobileChangePasswordPage />),
      },
      { path: '*', element: titled('الصفحة غير موجودة', <NotFoundPage />) },
    ],
  },
]);
