import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { formatDateTimeAr } from '#domain';
import { useMarkNotificationsRead } from './api';
import { badgeText, useNotificationFeed } from './feed';

/** Header bell: unread badge, the latest notifications, all marked read when opened. */
export function NotificationBell() {
  const feed = useNotificationFeed();
  const markRead = useMarkNotificationsRead();
  const badge = badgeText(feed.data?.unread ?? 0);
  const onOpenChange = async (open: boolean) => {
    if (open && feed.data?.unread) {
      await markRead.mutateAsync();
    }
  };
  return (
    <Popover.Root onOpenChange={(open) => void onOpenChange(open)}>
      <Popover.Trigger
        className="relative inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100"
        aria-label={badge ? `الإشعارات، ${badge} غير مقروءة` : 'الإشعارات'}
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge ? (
          <span className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white">
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 w-80 max-w-[calc(100vw-1.5rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
        >
          <h2 className="px-2 py-1 font-bold">الإشعارات</h2>
          {feed.data && feed.data.items.length > 0 ? (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {feed.data.items.map((n) => (
                <li key={n.id} className="px-2 py-2">
                  <p className="font-medium">{n.title}</p>
                  <p className="text-sm text-slate-700">{n.message}</p>
                  <p className="text-xs text-slate-600">{formatDateTimeAr(n.timestamp)}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-2 py-4 text-sm text-slate-700">لا توجد إشعارات</p>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
