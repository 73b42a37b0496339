import type { PushedChannel } from '@exchange/contracts';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { PushListener, SocketClient, SocketStatus } from './socket-client';

const SocketContext = createContext<SocketClient | null>(null);

export function SocketProvider({
  client,
  children,
}: {
  client: SocketClient | null;
  children: ReactNode;
}) {
  return <SocketContext value={client}>{children}</SocketContext>;
}

/** Null where no socket exists (tests, browsers without WebSocket): pages then show REST data. */
export function useSocket(): SocketClient | null {
  return useContext(SocketContext);
}

export function useSocketStatus(): SocketStatus {
  const client = useSocket();
  return useSyncExternalStore(
    (cb) => client?.onStatus(cb) ?? (() => undefined),
    () => client?.status ?? 'idle',
    () => 'idle',
  );
}

/** Subscribes to a channel while mounted; the latest listener is used without resubscribing. */
export function useSocketChannel<C extends PushedChannel>(
  channel: C,
  listener: PushListener<C>,
  args?: Record<string, unknown>,
): void {
  const client = useSocket();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  const argsKey = JSON.stringify(args ?? null);
  useEffect(() => {
    if (!client) return undefined;
    const parsed = JSON.parse(argsKey) as Record<string, unknown> | null;
    return client.subscribe(channel, (data, a) => latest.current(data, a), parsed ?? undefined);
  }, [client, channel, argsKey]);
}
