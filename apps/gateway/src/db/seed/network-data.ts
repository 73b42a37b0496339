import type { ChainNetwork, NetworkKind } from '@exchange/contracts';

/**
 * The crypto networks per asset (the deposit and withdrawal pages' choice). Confirmations,
 * minimums and gas fees are typical values of large exchanges (the spec does not show them);
 * operators tune them in the asset_network table, which the seed creates but does not overwrite.
 * USDT, USDC and XAUT contracts are the real mainnet ones, shown for reference: the simulated
 * chain moves them by asset code. HKRE and PCRED are fictional assets, so their ERC-20
 * contracts are too.
 */
export interface SeedNetwork {
  asset: string;
  network: ChainNetwork;
  name: string;
  kind: NetworkKind;
  tokenStandard: string | null;
  contract: string | null;
  confirmations: number;
  minDeposit: string;
  minWithdrawal: string;
  withdrawalGasFee: string;
  chainDecimals: number;
  sortOrder: number;
}

const BITCOIN = { network: 'BTC', name: 'Bitcoin', kind: 'BITCOIN' } as const;
const ETHEREUM = { network: 'ETH', name: 'Ethereum (ERC20)', kind: 'EVM' } as const;
const TRON = { network: 'TRX', name: 'Tron (TRC20)', kind: 'TRON' } as const;
const SOLANA = { network: 'SOL', name: 'Solana', kind: 'SOLANA' } as const;
const XRP_LEDGER = { network: 'XRP', name: 'XRP Ledger', kind: 'XRPL' } as const;

export const seedNetworks: SeedNetwork[] = [
  {
    asset: 'BTC',
    ...BITCOIN,
    tokenStandard: null,
    contract: null,
    confirmations: 2,
    minDeposit: '0.0001',
    minWithdrawal: '0.001',
    withdrawalGasFee: '0.0002',
    chainDecimals: 8,
    sortOrder: 1,
  },
  {
    asset: 'ETH',
    ...ETHEREUM,
    name: 'Ethereum',
    tokenStandard: null,
    contract: null,
    confirmations: 12,
    minDeposit: '0.001',
    minWithdrawal: '0.01',
    withdrawalGasFee: '0.0015',
    chainDecimals: 18,
    sortOrder: 1,
  },
  {
    asset: 'USDT',
    ...TRON,
    tokenStandard: 'TRC20',
    contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    confirmations: 20,
    minDeposit: '1',
    minWithdrawal: '10',
    withdrawalGasFee: '1',
    chainDecimals: 6,
    sortOrder: 1,
  },
  {
    asset: 'USDT',
    ...ETHEREUM,
    tokenStandard: 'ERC20',
    contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    confirmations: 12,
    minDeposit: '10',
    minWithdrawal: '20',
    withdrawalGasFee: '4',
    chainDecimals: 6,
    sortOrder: 2,
  },
  {
    asset: 'USDC',
    ...ETHEREUM,
    tokenStandard: 'ERC20',
    contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    confirmations: 12,
    minDeposit: '10',
    minWithdrawal: '20',
    withdrawalGasFee: '4',
    chainDecimals: 6,
    sortOrder: 1,
  },
  {
    asset: 'XAUT',
    ...ETHEREUM,
    tokenStandard: 'ERC20',
    contract: '0x68749665FF8D2d112Fa859AA293F07A622782F38',
    confirmations: 12,
    minDeposit: '0.01',
    minWithdrawal: '0.02',
    withdrawalGasFee: '0.002',
    chainDecimals: 6,
    sortOrder: 1,
  },
  {
    asset: 'TBILL',
    ...ETHEREUM,
    tokenStandard: 'ERC20',
    contract: '0x136471a34f6ef19fE571EFFC1CA711fdb8E49f2b',
    confirmations: 12,
    minDeposit: '1',
    minWithdrawal: '2',
    withdrawalGasFee: '1',
    chainDecimals: 6,
    sortOrder: 1,
  },
  {
    asset: 'HKRE',
    ...ETHEREUM,
    tokenStandard: 'ERC20',
    contract: '0x4b52450000000000000000000000000000000001',
    confirmations: 12,
    minDeposit: '1',
    minWithdrawal: '2',
    withdrawalGasFee: '0.5',
    chainDecimals: 6,
    sortOrder: 1,
  },
  {
    asset: 'PCRED',
    ...ETHEREUM,
    tokenStandard: 'ERC20',
    contract: '0x5043524544000000000000000000000000000001',
    confirmations: 12,
    minDeposit: '1',
    minWithdrawal: '2',
    withdrawalGasFee: '1',
    chainDecimals: 6,
    sortOrder: 1,
  },
  {
    // Finalised after 32 slots, as large exchanges credit SOL.
    asset: 'SOL',
    ...SOLANA,
    tokenStandard: null,
    contract: null,
    confirmations: 32,
    minDeposit: '0.01',
    minWithdrawal: '0.1',
    withdrawalGasFee: '0.008',
    chainDecimals: 9,
    sortOrder: 1,
  },
  {
    // A validated ledger is final. One address per user: the simulated ledger has no
    // destination tags, so none is asked for.
    asset: 'XRP',
    ...XRP_LEDGER,
    tokenStandard: null,
    contract: null,
    confirmations: 1,
    minDeposit: '0.1',
    minWithdrawal: '20',
    withdrawalGasFee: '0.2',
    chainDecimals: 6,
    sortOrder: 1,
  },
];
