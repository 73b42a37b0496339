import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useSession } from './session';
import { useRuntimeMode } from './settings';
import { useSocket } from './socket/socket-context';
import { balancesKey } from './wallet-balances';

/** The account's orders and trades: every list and detail sits under one key per mode. */
export const ordersKey = (mode: number) => ['spot-orders', mode] as const;

/** Private pushes (`order`, `fills`, `refreshAsset`) keep the order lists and balances current. */
export function usePrivateUpdates(): void {
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
      socket.subscribe('order', refreshOrders),
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
  }, [socket, token, refreshOrders, queryClient, mode]);
}
