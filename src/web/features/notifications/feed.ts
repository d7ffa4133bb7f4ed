import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationFeedQuery, notificationStreamUrl, refreshNotifications } from './api';

export type AppNotification = {
  id: string;
  title: string;
  message: string;
  type: 'success' | 'error' | 'warning' | 'info';
  link: string | null;
  timestamp: string;
  read: boolean;
};

/**
 * The broker's notifications: pushed live over server-sent events, with 30 s polling as the
 * fallback when the stream cannot stay open.
 */
export function useNotificationFeed() {
  useEffect(() => {
    const source = new EventSource(notificationStreamUrl);
    source.addEventListener('notification', () => void refreshNotifications());
    return () => source.close();
  }, []);
  return useQuery(notificationFeedQuery());
}

/** The bell's badge: the count, or '9+' above nine. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}
