import type { AssetNetwork } from '@exchange/contracts';
import { useState } from 'react';
import { coinsOf, networksOf } from '../lib/availability';
import { readLastChoice, writeLastChoice } from '../lib/guide';

/**
 * The coin and network of a form: from the address (`?coin=` of the wallet's buttons), else the
 * last ones chosen (kept in local storage), else the first coin; the network only when the coin
 * has a single one (the user chooses it on purpose otherwise: the guidance asks them to).
 */
export function useCoinNetwork(networks: readonly AssetNetwork[], wanted: string | null) {
  const coins = coinsOf(networks);
  const last = readLastChoice();
  const [picked, setPicked] = useState<{ coin: string | null; network: string | null }>(() => ({
    coin: wanted,
    network: wanted === null || wanted === last.coin ? last.network : null,
  }));
  const coin =
    picked.coin && coins.includes(picked.coin)
      ? picked.coin
      : last.coin && coins.includes(last.coin)
        ? last.coin
        : (coins[0] ?? null);
  const choices = networksOf(networks, coin);
  const network =
    choices.find((n) => n.network === picked.network) ??
    (choices.length === 1 ? (choices[0] ?? null) : null);

  return {
    coins,
    coin,
    choices,
    network,
    setCoin: (next: string) => {
      setPicked({ coin: next, network: null });
      writeLastChoice(next, null);
    },
    setNetwork: (next: string) => {
      if (!coin) return;
      setPicked({ coin, network: next });
      writeLastChoice(coin, next);
    },
  };
}
