import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { badgeText, bellLabel } from './wording';

/** The bell itself, with the unread badge: the popover's trigger once it has loaded. */
export function BellButton({ unread, ...props }: { unread: number } & ComponentProps<'button'>) {
  const badge = badgeText(unread);
  return (
    <button
      type="button"
      className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100"
      aria-label={bellLabel(unread)}
      {...props}
    >
      <Bell aria-hidden="true" className="size-5" />
      {badge ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white"
        >
          {badge}
        </span>
      ) : null}
    </button>
  );
}
