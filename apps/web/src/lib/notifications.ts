import { notification, page } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import { useSession } from './session';

/** The calls of /v1/notification (contracts' notification.ts). */
export const NOTIFICATION_PATHS = {
  list: '/v1/notification/list',
  unreadCount: '/v1/notification/unread-count',
  read: '/v1/notification/read',
  readAll: '/v1/notification/read-all',
  preferences: '/v1/notification/preferences',
  announcements: '/v1/notification/public/announcements',
} as const;

export const PAGE_SIZE = 10;

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (pageNum: number, unreadOnly: boolean, size: number) =>
    ['notifications', 'list', pageNum, unreadOnly, size] as const,
  prefs: ['notifications', 'prefs'] as const,
  announcements: (language: string, pageNum: number) =>
    ['announcements', language, pageNum] as const,
};

const notificationPage = page(notification);

/** The account's notices, newest first (the message centre, the bell, the account overview). */
export function useNotifications(pageNum: number, unreadOnly = false, size = PAGE_SIZE) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: notificationKeys.list(pageNum, unreadOnly, size),
    queryFn: ({ signal }) =>
      client.get(NOTIFICATION_PATHS.list, notificationPage, {
        // The pages show their own failure.
        silent: true,
        signal,
        query: { pageNum, pageSize: size, ...(unreadOnly ? { unread: 'true' } : {}) },
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
