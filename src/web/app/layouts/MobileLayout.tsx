import { FileText, Home, PlusCircle, Wallet } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { cn } from '#lib/cn';

const TABS = [
  { to: '/mobile-dashboard', label: 'الرئيسية', icon: Home },
  { to: '/mobile-referrals', label: 'الطلبات', icon: FileText },
  { to: '/mobile-new-referral', label: 'إضافة', icon: PlusCircle },
  { to: '/mobile-commissions', label: 'العمولات', icon: Wallet },
] as const;

/** The broker's phone app: content above, the four tabs fixed at the bottom. */
export function MobileLayout() {
  return (
    <div className="mx-auto min-h-screen max-w-md bg-slate-50 pb-20">
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
