import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '#lib/cn';

/** An icon link of the header, 44 px square, marked while its page is open. */
export function HeaderLink({
  to,
  label,
  icon: Icon,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
}) {
  return (
    <NavLink
      to={to}
      aria-label={label}
      className={({ isActive }) =>
        cn(
          'inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100',
          isActive ? 'text-brand-800' : 'text-slate-800',
        )
      }
    >
      <Icon aria-hidden="true" className="size-5" />
    </NavLink>
  );
}
