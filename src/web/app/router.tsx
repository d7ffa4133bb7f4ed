import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { Loading } from '../components/ui/feedback';
import { type Access, RedirectIfSignedIn, RequireSession } from './guards';

// Pages load on demand: the public pages never download the signed-in app's code.
const HomePage = lazy(() =>
  import('../features/home/HomePage').then((m) => ({ default: m.HomePage })),
);
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
const PendingPage = lazy(() =>
  import('../features/shell/PendingPage').then((m) => ({ default: m.PendingPage })),
);
const DesktopLayout = lazy(() =>
  import('./layouts/DesktopLayout').then((m) => ({ default: m.DesktopLayout })),
);
const MobileLayout = lazy(() =>
  import('./layouts/MobileLayout').then((m) => ({ default: m.MobileLayout })),
);

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

const guarded = (access: Access, node: ReactNode) => (
  <RequireSession access={access}>{node}</RequireSession>
);

/** Desktop pages of the signed-in app and who may open each. */
const DESKTOP_PAGES: { path: string; title: string; access: Access }[] = [
  { path: '/dashboard', title: 'لوحة التحكم', access: 'broker' },
  { path: '/profile-setup', title: 'إعداد الملف الشخصي', access: 'broker' },
  { path: '/profile', title: 'الملف الشخصي', access: 'broker' },
  { path: '/new-referral', title: 'إحالة جديدة', access: 'broker' },
  { path: '/referrals', title: 'إحالاتي', access: 'broker' },
  { path: '/referral/:id', title: 'تفاصيل الإحالة', access: 'broker' },
  { path: '/commissions', title: 'العمولات', access: 'broker' },
  { path: '/admin', title: 'لوحة الإدارة', access: 'admin' },
  { path: '/messaging-config', title: 'إعدادات الرسائل', access: 'admin' },
  { path: '/user-management', title: 'إدارة المستخدمين', access: 'superadmin' },
];

/** The broker's phone pages; without a session they send to /mobile. */
const MOBILE_PAGES: { path: string; title: string }[] = [
  { path: '/mobile-dashboard', title: 'الرئيسية' },
  { path: '/mobile-new-referral', title: 'إضافة طلب جديد' },
  { path: '/mobile-referrals', title: 'طلباتي' },
  { path: '/mobile-commissions', title: 'عمولاتي' },
  { path: '/mobile-profile', title: 'الملف الشخصي' },
  { path: '/mobile-change-password', title: 'تغيير كلمة المرور' },
  { path: '/mobile-referral-details/:id', title: 'تفاصيل الطلب' },
];

/** Public pages that later releases fill in. */
const PUBLIC_PENDING: { path: string; title: string }[] = [
  { path: '/tenant-form/:token', title: 'إكمال بيانات المستأجر' },
  { path: '/mobile-demo', title: 'عرض تجريبي' },
  { path: '/mobile-landing', title: 'شريك للوسطاء' },
];

export const router = createBrowserRouter([
  {
    element: page(<Outlet />),
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/login',
        element: <RedirectIfSignedIn to="/dashboard">{<LoginPage />}</RedirectIfSignedIn>,
      },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        path: '/mobile',
        element: (
          <RedirectIfSignedIn to="/mobile-dashboard">{<MobileLoginPage />}</RedirectIfSignedIn>
        ),
      },
      ...PUBLIC_PENDING.map(({ path, title }) => ({
        path,
        element: (
          <main id="main" className="mx-auto max-w-md p-4">
            <PendingPage title={title} />
          </main>
        ),
      })),
      {
        element: guarded('broker', <DesktopLayout />),
        children: DESKTOP_PAGES.map(({ path, title, access }) => ({
          path,
          element:
            access === 'broker' ? (
              <PendingPage title={title} />
            ) : (
              guarded(access, <PendingPage title={title} />)
            ),
        })),
      },
      {
        element: guarded('mobile', <MobileLayout />),
        children: MOBILE_PAGES.map(({ path, title }) => ({
          path,
          element: <PendingPage title={title} />,
        })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
