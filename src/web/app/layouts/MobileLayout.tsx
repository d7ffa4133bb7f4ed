import { FileText, Home, MessageCircle, PlusCircle, UserRound, Wallet } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { BRAND } from '#lib/brand';
import { cn } from '#lib/cn';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { HeaderLink } from './HeaderLink';

const TABS = [
  { to: '/mobile-dashboard', label: 'الرئيسية', icon: Home },
  { to: '/mobile-referrals', label: 'الطلبات', icon: FileText },
  { to: '/mobile-new-referral', label: 'إضافة', icon: PlusCircle },
  { to: '/mobile-commissions', label: 'العمولات', icon: Wallet },
] as const;

/**
 * The broker's phone app: a slim header (product name, messages, the bell, the profile) sticky
 * at the top, content below, the four tabs fixed at the bottom. The profile, the password and
 * the account's deletion are one tap away from every page, as the desktop's sidebar has them.
 */
export function MobileLayout() {
  return (
    <div className="mx-auto min-h-screen max-w-md bg-slate-50 pb-20">
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b border-slate-200 bg-white px-3">
        <Link
          to="/mobile-dashboard"
          className="inline-flex min-h-11 items-center rounded-lg px-1 text-lg font-bold text-brand-800"
        >
          {BRAND.productName}
        </Link>
        <div className="flex items-center gap-1">
          <HeaderLink to="/mobile-messages" label="الرسائل" icon={MessageCircle} />
          <NotificationBell app="phone" />
          <HeaderLink to="/mobile-profile" label="الملف الشخصي" icon={UserRound} />
        </div>
      </header>
      <main id="main" className="p-4">
        <Outlet />
      </main>
      <nav
        aria-label="التنقل السفلي"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="mx-auto grid max-w-md grid-cols-4">
          {TABS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium',
                    isActive ? 'text-brand-800' : 'text-slate-700',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
