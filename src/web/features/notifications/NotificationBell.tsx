import { Bell } from 'lucide-react';
import { badgeText, useNotifications } from './store';

export function NotificationBell() {
  const unread = useNotifications().filter((n) => !n.read).length;
  const badge = badgeText(unread);
  return (
    <button
      type="button"
      className="relative inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100"
      aria-label={badge ? `الإشعارات، ${badge} غير مقروءة` : 'الإشعارات'}
    >
      <Bell aria-hidden="true" className="size-5" />
      {badge ? (
        <span className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white">
          {badge}
        </span>
      ) : null}
    </button>
  );
}
