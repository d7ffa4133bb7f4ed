import { Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTimeAr, timeAgoAr } from '#domain';
import type { BrokerApp } from '../dashboard';
import { useMarkNotificationsRead } from './api';
import { BellButton } from './bell-button';
import { useNotificationFeed, useNow } from './feed';
import { notificationHref } from './wording';

/** The bell's popover: the latest notifications, each a link to what it is about. */
export function BellPopover({ app }: { app: BrokerApp }) {
  const feed = useNotificationFeed();
  const markRead = useMarkNotificationsRead();
  // Loaded by the bell's first tap, so it opens at once.
  const [open, setOpen] = useState(true);
  const now = useNow(open);
  const headingId = useId();
  const unread = feed.data?.unread ?? 0;
  // Opened by the tap that loaded it: what was unread then is read now.
  const markedOnFirstOpen = useRef(false);
  useEffect(() => {
    if (markedOnFirstOpen.current || !feed.data) return;
    markedOnFirstOpen.current = true;
    if (feed.data.unread > 0) markRead.mutate();
  }, [feed.data, markRead]);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && unread > 0) markRead.mutate();
  };
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <BellButton unread={unread} />
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
