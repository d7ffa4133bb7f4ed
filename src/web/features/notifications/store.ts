import { useSyncExternalStore } from 'react';

export type AppNotification = {
  id: string;
  title: string;
  message: string;
  type: 'success' | 'error' | 'warning' | 'info';
  timestamp: string;
  read: boolean;
};

// In memory, as the spec describes; the broker workspace connects it to the server's feed.
let notifications: AppNotification[] = [];
const listeners = new Set<() => void>();

export function setNotifications(next: AppNotification[]): void {
  notifications = next;
  for (const listener of listeners) listener();
}

export function useNotifications(): AppNotification[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notifications,
  );
}

/** The bell's badge: the count, or '9+' above nine. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}
