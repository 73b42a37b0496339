import type { PushPayload } from '@exchange/contracts';
import { createStore, useStore } from './store';

/**
 * The exchange-wide notices an operator published on the socket's `system` channel while the
 * page is open (maintenance of one asset or symbol is read from the catalogue instead, so a page
 * opened later shows it too). Kept until the user dismisses them.
 */
export type SystemNotice = PushPayload<'system'>;

export const systemNoticeStore = createStore<readonly SystemNotice[]>([]);

export function addSystemNotice(notice: SystemNotice): void {
  systemNoticeStore.set((list) =>
    list.some((n) => n.ts === notice.ts && n.message === notice.message)
      ? list
      : [...list.slice(-4), notice],
  );
}

export function dismissSystemNotice(ts: number): void {
  systemNoticeStore.set((list) => list.filter((n) => n.ts !== ts));
}

export const useSystemNotices = () => useStore(systemNoticeStore);
