import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidate, rootKeys } from '#lib/query-keys';
import { notificationFeedQuery, notificationStreamUrl, refreshNotifications } from './api';

/**
 * The broker's notifications: pushed live over server-sent events, with 30 s polling as the
 * fallback when the stream cannot stay open. The same stream says when a conversation changed
 * (a message written or read: decision 079), and the open conversation is read again.
 */
export function useNotificationFeed() {
  useEffect(() => {
    const source = new EventSource(notificationStreamUrl);
    source.addEventListener('notification', () => void refreshNotifications());
    source.addEventListener('conversation', () => void invalidate(rootKeys.conversations));
    return () => source.close();
  }, []);
  return useQuery(notificationFeedQuery());
}

/** The current time, again every minute while `ticking`: relative times («منذ ٥ دقائق») stay true. */
export function useNow(ticking: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
