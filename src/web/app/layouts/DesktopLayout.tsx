import {
  FileText,
  LayoutDashboard,
  LogOut,
  Menu,
  MessageCircle,
  PlusCircle,
  Settings,
  Shield,
  Users,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { BRAND } from '#lib/brand';
import { cn } from '#lib/cn';
import { type Profile, useLogout, useSession } from '#lib/session';
import { useMediaQuery, WIDE_SCREEN } from '#lib/use-media-query';
import { ProfileAvatar, ProfileName } from '#ui/profile-name';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { useViewMode } from '../view-mode';
import { HeaderLink } from './HeaderLink';

type NavItem = { to: string; label: string; icon: ReactNode; show?: (p: Profile) => boolean };

/** docs/product.md#screens: dashboard, admin panel (second), user management (third), the rest. */
const NAV: NavItem[] = [
  {
    to: '/dashboard',
    label: 'لوحة التحكم',
    icon: <LayoutDashboard aria-hidden="true" className="size-5" />,
  },
  {
    to: '/admin',
    label: 'لوحة الإدارة',
    icon: <Shield aria-hidden="true" className="size-5" />,
    show: (p) => p.isAdmin || p.isSuperAdmin,
  },
  {
    to: '/user-management',
    label: 'إدارة المستخدمين',
    icon: <Users aria-hidden="true" className="size-5" />,
    show: (p) => p.isSuperAdmin,
  },
  { to: '/referrals', label: 'إحالاتي', icon: <FileText aria-hidden="true" className="size-5" /> },
  {
    to: '/new-referral',
    label: 'إحالة جديدة',
    icon: <PlusCircle aria-hidden="true" className="size-5" />,
  },
  { to: '/commissions', label: 'العمولات', icon: <Wallet aria-hidden="true" className="size-5" /> },
  {
    to: '/profile',
    label: 'إعدادات الحساب',
    icon: <Settings aria-hidden="true" className="size-5" />,
  },
];

export function DesktopLayout() {
  const { profile } = useSession();
  const { mode, setMode } = useViewMode();
  const logout = useLogout('/login');
  const wide = useMediaQuery(WIDE_SCREEN);
  const [open, setOpen] = useState(wide);
  // The sidebar closes by itself below 1024 px and opens again above.
  useEffect(() => setOpen(wide), [wide]);
  if (!profile) return null;

  const isAdmin = profile.isAdmin || profile.isSuperAdmin;
  const closeOnNarrow = () => {
    if (!wide) setOpen(false);
  };

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3">
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100 lg:hidden"
          aria-label="القائمة"
          aria-expanded={open}
          aria-controls="sidebar"
          onClick={() => setOpen((v) => !v)}
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
        <span className="text-xl font-bold text-brand-800">{BRAND.productName}</span>
        <div className="ms-auto flex items-center gap-2">
          {/* The spec's sidebar stays as it is; messages sit by the bell, as on the phone. The
              team writes from the console: a conversation is a broker's with the team. */}
          {profile && !profile.isAdmin && !profile.isSuperAdmin ? (
            <HeaderLink to="/messages" label="الرسائل" icon={MessageCircle} />
          ) : null}
          <NotificationBell app="desktop" />
          {isAdmin ? (
            <button
              type="button"
              className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100"
              aria-pressed={mode === 'admin'}
              onClick={() => setMode(mode === 'admin' ? 'broker' : 'admin')}
            >
              {mode === 'admin' ? 'عرض الوسيط' : 'عرض المشرف'}
            </button>
          ) : null}
          <div className="flex items-center gap-2">
            <ProfileAvatar profile={profile} className="size-9" />
            <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">
              <ProfileName profile={profile} />
            </span>
          </div>
        </div>
      </header>
      <div className="flex">
        {open && !wide ? (
          <button
            type="button"
            aria-label="إغلاق القائمة"
            className="fixed inset-0 top-16 z-10 bg-slate-900/40"
            onClick={() => setOpen(false)}
          />
        ) : null}
        <nav
          id="sidebar"
          aria-label="القائمة الرئيسية"
          className={cn(
            'w-64 shrink-0 border-e border-slate-200 bg-white p-3',
            wide
              ? 'sticky top-16 h-[calc(100vh-4rem)]'
              : 'fixed inset-y-0 start-0 top-16 z-20 shadow-xl',
            open ? 'block' : 'hidden',
          )}
        >
          <ul className="space-y-1">
            {NAV.filter((item) => !item.show || item.show(profile)).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={closeOnNarrow}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium',
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100',
                    )
                  }
                >
                  {item.icon}
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => void logout()}
                className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 font-medium text-red-800 hover:bg-red-50"
              >
                <LogOut aria-hidden="true" className="size-5" />
                تسجيل الخروج
              </button>
            </li>
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
