import { queryOptions, useMutation } from '@tanstack/react-query';
import { notificationEndpoints } from '#contract/notifications';
import { callApi, endpointUrl } from '#lib/api';
import { invalidate, rootKeys } from '#lib/query-keys';

const notificationKeys = {
  all: rootKeys.notifications,
  feed: [...rootKeys.notifications, 'feed'] as const,
};

/** The latest notifications and the unread count; polled every 30 s as the stream's fallback. */
export const notificationFeedQuery = () =>
  queryOptions({
    queryKey: notificationKeys.feed,
    queryFn: () => callApi(notificationEndpoints.list),
    refetchInterval: 30_000,
  });

/** The server-sent events stream announcing a new notification (EventSource needs a URL). */
export const notificationStreamUrl = endpointUrl(notificationEndpoints.stream);

/** Something new arrived: read the feed again. */
export const refreshNotifications = () => invalidate(notificationKeys.all);

/** Marks every notification read; then the feed is read again. */
export function useMarkNotificationsRead() {
  return useMutation({
    mutationFn: () => callApi(notificationEndpoints.markRead),
    onSuccess: refreshNotifications,
  });
}
