import type { AssetNetwork } from '@exchange/contracts';

/**
 * What the coin status and the chain connection allow on a network (spec section 4 "Coin
 * status"), and why not: under maintenance or without a connection nothing moves; unstable
 * works with a warning; a network closed for deposits or withdrawals says so.
 */
export type Blocker =
  | 'maintenance'
  | 'disconnected'
  | 'connecting'
  | 'depositDisabled'
  | 'withdrawDisabled';

export interface Availability {
  allowed: boolean;
  blocker: Blocker | null;
  unstable: boolean;
}

export function availability(
  network: Pick<AssetNetwork, 'coinStatus' | 'connection' | 'depositEnabled' | 'withdrawEnabled'>,
  action: 'deposit' | 'withdraw',
): Availability {
  const blocker: Blocker | null =
    network.coinStatus === 'MAINTENANCE'
      ? 'maintenance'
      : network.connection === 'DISCONNECTED'
        ? 'disconnected'
        : network.connection === 'CONNECTING'
          ? 'connecting'
          : action === 'deposit' && !network.depositEnabled
            ? 'depositDisabled'
            : action === 'withdraw' && !network.withdrawEnabled
              ? 'withdrawDisabled'
              : null;
  return { allowed: blocker === null, blocker, unstable: network.coinStatus === 'UNSTABLE' };
}

/** The coins that have at least one network, in the order the catalogue lists them. */
export function coinsOf(networks: readonly Pick<AssetNetwork, 'asset'>[]): string[] {
  return [...new Set(networks.map((n) => n.asset))];
}

export function networksOf<T extends Pick<AssetNetwork, 'asset'>>(
  networks: readonly T[],
  coin: string | null,
): T[] {
  return networks.filter((n) => n.asset === coin);
}
