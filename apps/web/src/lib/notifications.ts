import { NOTIFICATION_ENDPOINTS, notification, page } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import { call } from './endpoint';
import { useSession } from './session';

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
      call(client, NOTIFICATION_ENDPOINTS.list, notificationPage, {
        // The pages show their own failure.
        silent: true,
        signal,
        query: { pageNum, pageSize: size, ...(unreadOnly ? { unread: 'true' } : {}) },
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
