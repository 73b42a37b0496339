import { PATHS } from '../../../config/paths';

/** /cryptoChannel on a tab, with a coin chosen (the wallet's buttons lead there). */
export function cryptoChannelPath(tab: 'deposit' | 'withdraw' | 'transfer', coin?: string): string {
  const q = new URLSearchParams({ tab });
  if (coin) q.set('coin', coin);
  return `${PATHS.cryptoChannel}?${q.toString()}`;
}
