import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@exchange/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from './session';
import { useRuntimeMode } from './settings';
import { useSocket } from './socket/socket-context';
import { showToast } from './toast';
import { balancesKey } from './wallet-balances';

/** The account's orders and trades: every list and detail sits under one key per mode. */
export const ordersKey = (mode: number) => ['spot-orders', mode] as const;

const OUTRAN_BOOK = String(ErrorCode.PARTIAL_FILL_MAX_SUPPLY.code);

/**
 * Private pushes (`order`, `fills`, `refreshAsset`) keep the order lists and balances current; a
 * market order that outran the book (3003: part filled, the rest cancelled) is said at once.
 */
export function usePrivateUpdates(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mode = useRuntimeMode();
  const { token } = useSession();
  const socket = useSocket();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshOrders = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: ordersKey(mode) });
      void queryClient.invalidateQueries({ queryKey: balancesKey(mode) });
    }, 150);
  }, [queryClient, mode]);
  useEffect(() => {
    if (!socket || !token) return undefined;
    const offs = [
      socket.subscribe('order', (o) => {
        refreshOrders();
        if (o.code === OUTRAN_BOOK && o.status === 'PARTIALLY_CANCELED')
          showToast(t(`error_${OUTRAN_BOOK}`, { ns: 'errors' }));
      }),
      socket.subscribe('fills', refreshOrders),
      // Names the assets a settlement batch moved: the balances are read again.
      socket.subscribe(
        'refreshAsset',
        () => void queryClient.invalidateQueries({ queryKey: balancesKey(mode) }),
      ),
    ];
    return () => {
      offs.forEach((off) => off());
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [socket, token, refreshOrders, queryClient, mode, t]);
}
