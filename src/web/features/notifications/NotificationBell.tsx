import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTimeAr, timeAgoAr } from '#domain';
import { useMarkNotificationsRead } from './api';
import { useNotificationFeed, useNow } from './feed';
import { type BellApp, badgeText, bellLabel, notificationHref } from './wording';

/**
 * Header bell: unread badge, the latest notifications, all marked read when opened. Each
 * notification links to what it is about, in the app the bell is in.
 */
export function NotificationBell({ app }: { app: BellApp }) {
  const feed = useNotificationFeed();
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const now = useNow(open);
  const headingId = useId();
  const unread = feed.data?.unread ?? 0;
  const badge = badgeText(unread);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && unread > 0) markRead.mutate();
  };
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-100"
        aria-label={bellLabel(unread)}
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
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-labelledby={headingId}
          className="z-50 w-80 max-w-[calc(100vw-1.5rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
        >
          <h2 id={headingId} className="px-2 py-1 font-bold">
            الإشعارات
          </h2>
          {feed.data && feed.data.items.length > 0 ? (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {feed.data.items.map((n) => (
                <li key={n.id}>
                  <Popover.Close asChild>
                    <Link
                      to={notificationHref(n.link, app)}
                      className="block min-h-11 rounded-lg px-2 py-2 hover:bg-slate-50"
                    >
                      <span className="block font-medium">{n.title}</span>
                      <span className="block text-sm text-slate-700">{n.message}</span>
                      <time
                        dateTime={n.timestamp}
                        title={formatDateTimeAr(n.timestamp)}
                        className="block text-xs text-slate-600"
                      >
                        {timeAgoAr(n.timestamp, now) ?? formatDateTimeAr(n.timestamp)}
                      </time>
                    </Link>
                  </Popover.Close>
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
