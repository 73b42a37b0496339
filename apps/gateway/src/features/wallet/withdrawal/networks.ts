import { canonicalAddress, isValidAddress, type NetworkKind } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';

/** What a withdrawal needs to know of an asset on a network (the catalogue's asset_network). */
export interface WithdrawalNetwork {
  asset: string;
  network: string;
  kind: NetworkKind;
  minWithdrawal: string;
  withdrawalGasFee: string;
  /** Withdrawals enabled and the coin not under maintenance. */
  canWithdraw: boolean;
}

/** The networks catalogue and the address check per network kind. */
export interface WithdrawalNetworks {
  find(asset: string, network: string): Promise<WithdrawalNetwork | null>;
  /** Well-formed with a valid checksum (bech32/base58check/EIP-55) on a network of this kind. */
  validAddress(kind: NetworkKind, address: string): boolean;
  /** The one form an address is stored and compared in (EVM checksummed, bech32 lowercased). */
  canonical(kind: NetworkKind, address: string): string;
}

/** The asset_network table (seeded; operators tune it) and the contracts' address checks. */
export function catalogueNetworks(db: Db): WithdrawalNetworks {
  return {
    async find(asset, network) {
      const row = await db.assetNetwork.findUnique({
        where: { asset_network: { asset, network } },
      });
      if (!row) return null;
      return {
        asset: row.asset,
        network: row.network,
        kind: row.kind,
        minWithdrawal: row.minWithdrawal.toFixed(),
        withdrawalGasFee: row.withdrawalGasFee.toFixed(),
        canWithdraw: row.withdrawEnabled && row.coinStatus !== 'MAINTENANCE',
      };
    },
    validAddress: isValidAddress,
    canonical: canonicalAddress,
  };
}
