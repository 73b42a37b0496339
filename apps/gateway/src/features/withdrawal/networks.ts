import type { Db } from '../../db/client.js';

/** What a withdrawal needs to know of an asset on a network (the catalogue's AssetNetwork). */
export interface WithdrawalNetwork {
  asset: string;
  network: string;
  kind: 'BITCOIN' | 'EVM' | 'TRON';
  minWithdrawal: string;
  withdrawalGasFee: string;
  /** Enabled, not under maintenance, connected. */
  canWithdraw: boolean;
}

/** The networks catalogue and the address check per network kind. */
export interface WithdrawalNetworks {
  find(asset: string, network: string): Promise<WithdrawalNetwork | null>;
  validAddress(kind: WithdrawalNetwork['kind'], address: string): boolean;
}

/**
 * Until the chain's network catalogue (AssetNetwork) and its checksum validators are merged: the
 * same networks with format-only checks. Replaced by the catalogue at merge.
 */
const INTERIM: WithdrawalNetwork[] = [
  {
    asset: 'BTC',
    network: 'BTC',
    kind: 'BITCOIN',
    minWithdrawal: '0.0005',
    withdrawalGasFee: '0.0001',
    canWithdraw: true,
  },
  {
    asset: 'ETH',
    network: 'ETH',
    kind: 'EVM',
    minWithdrawal: '0.01',
    withdrawalGasFee: '0.002',
    canWithdraw: true,
  },
  {
    asset: 'USDT',
    network: 'ETH',
    kind: 'EVM',
    minWithdrawal: '10',
    withdrawalGasFee: '3',
    canWithdraw: true,
  },
  {
    asset: 'USDT',
    network: 'TRX',
    kind: 'TRON',
    minWithdrawal: '10',
    withdrawalGasFee: '1',
    canWithdraw: true,
  },
  {
    asset: 'USDC',
    network: 'ETH',
    kind: 'EVM',
    minWithdrawal: '10',
    withdrawalGasFee: '3',
    canWithdraw: true,
  },
];

const FORMATS: Record<WithdrawalNetwork['kind'], RegExp> = {
  BITCOIN: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  EVM: /^0x[0-9a-fA-F]{40}$/,
  TRON: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};

export function interimNetworks(_db?: Db): WithdrawalNetworks {
  return {
    async find(asset, network) {
      return INTERIM.find((n) => n.asset === asset && n.network === network) ?? null;
    },
    validAddress(kind, address) {
      return FORMATS[kind].test(address);
    },
  };
}
