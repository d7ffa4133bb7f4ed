import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../lib/query-client';

export type AppNotification = {
  id: string;
  title: string;
  message: string;
  type: 'success' | 'error' | 'warning' | 'info';
  link: string | null;
  timestamp: string;
  read: boolean;
};

const KEY = ['/api/notifications'] as const;

/**
 * The broker's notifications: pushed live over server-sent events, with 30 s polling as the
 * fallback when the stream cannot stay open.
 */
export function useNotificationFeed() {
  useEffect(() => {
    const source = new EventSource('/api/notifications/stream');
    source.addEventListener(
      'notification',
      () => void queryClient.invalidateQueries({ queryKey: KEY }),
    );
    return () => source.close();
  }, []);
  return useQuery<{ unread: number; items: AppNotification[] }>({
    queryKey: KEY,
    refetchInterval: 30_000,
  });
}

/** The bell's badge: the count, or '9+' above nine. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}
