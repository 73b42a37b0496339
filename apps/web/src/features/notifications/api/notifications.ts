// The notifications feature's calls (contracts NOTIFICATION_ENDPOINTS); the keys and list query are in
// lib/notifications (the account overview shows the latest notices too).
import {
  NOTIFICATION_ENDPOINTS as E,
  emailPreferences,
  hasNextPage,
  newsItem,
  notification,
  page,
  unreadCount,
  type NotificationPush,
  type UpdateEmailPreferencesBody,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { PAGE_SIZE, notificationKeys } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';
import { useSocket, useSocketStatus } from '../../../lib/socket/socket-context';

const announcementPage = page(newsItem);

export function useUnreadCount() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => call(client, E.unreadCount, unreadCount, { silent: true, signal }),
    enabled: token !== null,
    select: (d) => d.unreadCount,
  });
}

export function useAnnouncements(language: string, pageNum: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: notificationKeys.announcements(language, pageNum),
    queryFn: ({ signal }) =>
      call(client, E.announcements, announcementPage, {
        silent: true,
        signal,
        query: { pageNum, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

export { hasNextPage };

/** Marks some (ids) or all read; the lists and the count are read again. */
export function useMarkRead() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | 'ALL') =>
      ids === 'ALL'
        ? call(client, E.readAll, unreadCount, { body: {} })
        : call(client, E.read, unreadCount, { body: { ids } }),
    onSuccess: (data) => {
      queryClient.setQueryData(notificationKeys.unread, data);
      void queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
    },
  });
}

export function useEmailPreferences() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: notificationKeys.prefs,
    queryFn: ({ signal }) =>
      call(client, E.preferences, emailPreferences, { silent: true, signal }),
    enabled: token !== null,
    select: (d) => d.preferences,
  });
}

export function useSaveEmailPreferences() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEmailPreferencesBody) =>
      call(client, E.updatePreferences, emailPreferences, { body }),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.prefs, data),
  });
}

/**
 * The `notification` channel, while logged in: the pushed count replaces the cached one (every
 * tab and gateway hears the same), and the lists are read again when a notice arrives.
 */
export function useNotificationPushes(onNotice?: (push: NotificationPush) => void) {
  const socket = useSocket();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const status = useSocketStatus();
  // 'lost': the socket was open and went down; pushes may have been missed meanwhile, so the
  // count and the lists are read again when it is back.
  const link = useRef<'never' | 'open' | 'lost'>('never');
  useEffect(() => {
    if (status === 'open') {
      if (link.current === 'lost' && token)
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      link.current = 'open';
    } else if (link.current === 'open') link.current = 'lost';
  }, [status, token, queryClient]);
  useEffect(() => {
    if (!socket || !token) return undefined;
    return socket.subscribe('notification', (push) => {
      queryClient.setQueryData(notificationKeys.unread, { unreadCount: push.unreadCount });
      void queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
      onNotice?.(push);
    });
  }, [socket, token, queryClient, onNotice]);
}

export function useNotification(id: string | null) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: [...notificationKeys.all, 'detail', id] as const,
    queryFn: ({ signal }) =>
      call(client, E.detail, notification, {
        params: { id: id ?? '' },
        silent: true,
        signal,
      }),
    enabled: token !== null && id !== null,
  });
}
