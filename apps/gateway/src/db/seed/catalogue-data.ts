/**
 * Static catalogue seed data: assets (fiat, crypto, tokenised real-world assets) and spot symbols.
 *
 * Prices, market caps and supplies are indicative reference values only (rough late-2026
 * guesses); they are not live market data. HKRE, PCRED and TBILL are fictional
 * products for the simulated environment and use placeholder example.com URLs.
 */

export interface SeedAsset {
  code: string;
  name: string;
  decimals: number;
  type: 'FIAT' | 'COIN';
  category: 'CRYPTO' | 'RWA' | null;
  sign: string | null;
  status: 'ACTIVE' | 'INACTIVE' | 'MAINTENANCE';
  tags: ('real' | 'simulated')[];
  isMainFiat: boolean;
  isCommonFiat: boolean;
  sortOrder: number;
  referencePriceUsd: string;
  marketCap: string | null;
  overview: string | null;
  publishTime: string | null;
  publishPrice: string | null;
  totalSupply: string | null;
  circulatingSupply: string | null;
  maxSupply: string | null;
  links: { label: string; url: string }[];
}

export interface SeedSymbol {
  code: string;
  status: 'ACTIVE' | 'INACTIVE' | 'HALTED';
  tags: ('real' | 'simulated')[];
  baseAssetCode: string;
  counterAssetCode: string;
  baseDecimals: number;
  counterDecimals: number;
  tickSize: string;
  stepSize: string;
  minQty: string;
  minNotional: string;
  /** The most one order may carry (base) and be worth (quote): typical of large exchanges. */
  maxQty: string;
  maxNotional: string;
  sortOrder: number;
}

interface FiatInput {
  code: string;
  name: string;
  decimals: number;
  sign: string;
  isMainFiat: boolean;
  isCommonFiat: boolean;
  sortOrder: number;
  referencePriceUsd: string;
}

function fiat(input: FiatInput): SeedAsset {
  return {
    ...input,
    type: 'FIAT',
    category: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    marketCap: null,
    overview: null,
    publishTime: null,
    publishPrice: null,
    totalSupply: null,
    circulatingSupply: null,
    maxSupply: null,
    links: [],
  };
}

const fiatAssets: readonly SeedAsset[] = [
  fiat({
    code: 'USD',
    name: 'US Dollar',
    decimals: 2,
    sign: '$',
    isMainFiat: true,
    isCommonFiat: true,
    sortOrder: 1,
    referencePriceUsd: '1',
  }),
  fiat({
    code: 'EUR',
    name: 'Euro',
    decimals: 2,
    sign: '€',
    isMainFiat: false,
    isCommonFiat: true,
    sortOrder: 2,
    referencePriceUsd: '1.16',
  }),
  fiat({
    code: 'GBP',
    name: 'British Pound',
    decimals: 2,
    sign: '£',
    isMainFiat: false,
    isCommonFiat: true,
    sortOrder: 3,
    referencePriceUsd: '1.33',
  }),
  fiat({
    code: 'CNH',
    name: 'Chinese Yuan (Offshore)',
    decimals: 2,
    sign: 'CN¥',
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 4,
    referencePriceUsd: '0.14',
  }),
  fiat({
    code: 'SGD',
    name: 'Singapore Dollar',
    decimals: 2,
    sign: 'S$',
    isMainFiat: false,
    isCommonFiat: true,
    sortOrder: 5,
    referencePriceUsd: '0.77',
  }),
  fiat({
    code: 'JPY',
    name: 'Japanese Yen',
    decimals: 0,
    sign: '¥',
    isMainFiat: false,
    isCommonFiat: true,
    sortOrder: 6,
    referencePriceUsd: '0.0066',
  }),
  fiat({
    code: 'CAD',
    name: 'Canadian Dollar',
    decimals: 2,
    sign: 'C$',
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 7,
    referencePriceUsd: '0.72',
  }),
  fiat({
    code: 'AUD',
    name: 'Australian Dollar',
    decimals: 2,
    sign: 'A$',
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 8,
    referencePriceUsd: '0.66',
  }),
  fiat({
    code: 'NZD',
    name: 'New Zealand Dollar',
    decimals: 2,
    sign: 'NZ$',
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 9,
    referencePriceUsd: '0.58',
  }),
  fiat({
    code: 'NOK',
    name: 'Norwegian Krone',
    decimals: 2,
    sign: 'kr',
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 10,
    referencePriceUsd: '0.099',
  }),
  fiat({
    code: 'THB',
    name: 'Thai Baht',
    decimals: 2,
    sign: '฿',
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 11,
    referencePriceUsd: '0.031',
  }),
  fiat({
    code: 'CHF',
    name: 'Swiss Franc',
    decimals: 2,
    sign: 'CHF',
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 12,
    referencePriceUsd: '1.25',
  }),
  fiat({
    code: 'HKD',
    name: 'Hong Kong Dollar',
    decimals: 2,
    sign: 'HK$',
    isMainFiat: false,
    isCommonFiat: true,
    sortOrder: 13,
    referencePriceUsd: '0.128',
  }),
];

const cryptoAssets: readonly SeedAsset[] = [
  {
    code: 'BTC',
    name: 'Bitcoin',
    decimals: 8,
    type: 'COIN',
    category: 'CRYPTO',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 14,
    referencePriceUsd: '95000',
    marketCap: '1896200000000',
    overview:
      'Bitcoin is a decentralised peer-to-peer electronic cash system first described in a ' +
      '2008 whitepaper by Satoshi Nakamoto. Its network is secured by proof-of-work mining ' +
      'and its supply is capped at 21 million coins, with new issuance halving roughly every ' +
      'four years.',
    publishTime: '2009-01-03T00:00:00Z',
    publishPrice: '0',
    totalSupply: '19960000',
    circulatingSupply: '19960000',
    maxSupply: '21000000',
    links: [
      { label: 'Website', url: 'https://bitcoin.org' },
      { label: 'Whitepaper', url: 'https://bitcoin.org/bitcoin.pdf' },
      { label: 'Explorer', url: 'https://mempool.space' },
    ],
  },
  {
    code: 'ETH',
    name: 'Ethereum',
    decimals: 8,
    type: 'COIN',
    category: 'CRYPTO',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 15,
    referencePriceUsd: '3500',
    marketCap: '422450000000',
    overview:
      'Ethereum is a programmable blockchain that executes smart contracts and hosts a large ' +
      'ecosystem of tokens and decentralised applications. Ether (ETH) pays for transaction ' +
      'fees and secures the network through proof-of-stake, which replaced mining in 2022.',
    publishTime: '2015-07-30T00:00:00Z',
    publishPrice: '0.311',
    totalSupply: '120700000',
    circulatingSupply: '120700000',
    maxSupply: null,
    links: [
      { label: 'Website', url: 'https://ethereum.org' },
      { label: 'Whitepaper', url: 'https://ethereum.org/en/whitepaper/' },
      { label: 'Explorer', url: 'https://etherscan.io' },
    ],
  },
  {
    code: 'USDT',
    name: 'Tether USD',
    decimals: 6,
    type: 'COIN',
    category: 'CRYPTO',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 16,
    referencePriceUsd: '1',
    marketCap: '185000000000',
    overview:
      'Tether USD (USDT) is a fiat-collateralised stablecoin issued by Tether that aims to ' +
      'hold a value of one US dollar per token. It is issued on several blockchains, ' +
      'including Ethereum and Tron, and is widely used as a quote currency on exchanges.',
    publishTime: '2014-10-06T00:00:00Z',
    publishPrice: '1',
    totalSupply: '185000000000',
    circulatingSupply: '185000000000',
    maxSupply: null,
    links: [
      { label: 'Website', url: 'https://tether.to' },
      {
        label: 'Whitepaper',
        url: 'https://tether.to/wp-content/uploads/2016/06/TetherWhitePaper.pdf',
      },
      {
        label: 'Explorer',
        url: 'https://etherscan.io/token/0xdac17f958d2ee523a2206206994597c13d831ec7',
      },
    ],
  },
  {
    code: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    type: 'COIN',
    category: 'CRYPTO',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 17,
    referencePriceUsd: '1',
    marketCap: '75000000000',
    overview:
      'USD Coin (USDC) is a fiat-backed stablecoin issued by Circle and redeemable one-for-one ' +
      'for US dollars. Its reserves are held in cash and short-dated US government ' +
      'obligations and are subject to regular third-party attestations.',
    publishTime: '2018-09-26T00:00:00Z',
    publishPrice: '1',
    totalSupply: '75000000000',
    circulatingSupply: '75000000000',
    maxSupply: null,
    links: [
      { label: 'Website', url: 'https://www.circle.com/usdc' },
      { label: 'Transparency', url: 'https://www.circle.com/transparency' },
      {
        label: 'Explorer',
        url: 'https://etherscan.io/token/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      },
    ],
  },
  {
    code: 'SOL',
    name: 'Solana',
    decimals: 8,
    type: 'COIN',
    category: 'CRYPTO',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 18,
    referencePriceUsd: '180',
    marketCap: '100800000000',
    overview:
      'Solana is a high-throughput layer-1 blockchain that combines proof-of-stake with a ' +
      'proof-of-history clock to order transactions. SOL is used for transaction fees and ' +
      'staking, and the network supports smart contracts and token issuance.',
    publishTime: '2020-03-16T00:00:00Z',
    publishPrice: '0.22',
    totalSupply: '610000000',
    circulatingSupply: '560000000',
    maxSupply: null,
    links: [
      { label: 'Website', url: 'https://solana.com' },
      { label: 'Whitepaper', url: 'https://solana.com/solana-whitepaper.pdf' },
      { label: 'Explorer', url: 'https://explorer.solana.com' },
    ],
  },
  {
    code: 'XRP',
    name: 'XRP',
    decimals: 6,
    type: 'COIN',
    category: 'CRYPTO',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 19,
    referencePriceUsd: '2.3',
    marketCap: '138000000000',
    overview:
      'XRP is the native asset of the XRP Ledger, an open-source distributed ledger launched ' +
      'in 2012 that settles transactions through a federated consensus protocol rather than ' +
      'mining. All 100 billion XRP were created at genesis, and a small amount is destroyed ' +
      'as a fee with every transaction.',
    publishTime: '2012-06-02T00:00:00Z',
    publishPrice: '0.005',
    totalSupply: '99985000000',
    circulatingSupply: '60000000000',
    maxSupply: '100000000000',
    links: [
      { label: 'Website', url: 'https://xrpl.org' },
      {
        label: 'Whitepaper',
        url: 'https://ripple.com/files/ripple_consensus_whitepaper.pdf',
      },
      { label: 'Explorer', url: 'https://livenet.xrpl.org' },
    ],
  },
];

const rwaAssets: readonly SeedAsset[] = [
  {
    // The exchange's internal settlement token of flash remittance (docs/features/flash-remittance.md):
    // issued to a recipient and sold back at par in the same ledger transaction. Not tradable
    // (no symbol), not depositable or withdrawable, and without a "real"/"simulated" tag, so
    // markets and the wallet never list it (a CDC balance never stays non-zero).
    code: 'CDC',
    name: 'Cash Delivery Certificate',
    decimals: 2,
    type: 'COIN',
    category: 'RWA',
    sign: null,
    status: 'ACTIVE',
    tags: [],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 999,
    referencePriceUsd: '1',
    marketCap: null,
    overview:
      'Cash Delivery Certificate (CDC) is an internal settlement token of the exchange: ' +
      '1 CDC = 1 USD. A flash remittance issues its USD value to the recipient as CDC and ' +
      'sells it back at par at once, so no one holds CDC.',
    publishTime: null,
    publishPrice: null,
    totalSupply: null,
    circulatingSupply: null,
    maxSupply: null,
    links: [],
  },
  {
    code: 'XAUT',
    name: 'Tether Gold',
    decimals: 6,
    type: 'COIN',
    category: 'RWA',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 20,
    referencePriceUsd: '4200',
    marketCap: '1890000000',
    overview:
      'Tether Gold (XAUT) is a token issued by Tether in which each token represents ' +
      'ownership of one troy fine ounce of London Good Delivery gold held in a Swiss vault. ' +
      'Holders can look up the specific bars allocated to their address and, subject to ' +
      'minimums and fees, redeem for physical gold.',
    publishTime: '2020-01-23T00:00:00Z',
    publishPrice: '1560',
    totalSupply: '450000',
    circulatingSupply: '450000',
    maxSupply: null,
    links: [
      { label: 'Website', url: 'https://gold.tether.to/' },
      { label: 'Documentation', url: 'https://gold.tether.to/docs' },
      {
        label: 'Explorer',
        url: 'https://etherscan.io/token/0x68749665ff8d2d112fa859aa293f07a622782f38',
      },
    ],
  },
  {
    code: 'TBILL',
    name: 'Tokenised US Treasury Bill Fund',
    decimals: 6,
    type: 'COIN',
    category: 'RWA',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 21,
    referencePriceUsd: '1',
    marketCap: '2500000000',
    overview:
      'TBILL represents shares in a fund that invests in short-dated US Treasury bills, cash ' +
      'and overnight repurchase agreements. Each token targets a stable value of about one ' +
      'US dollar, with yield distributed to holders as additional tokens. Subscriptions and ' +
      'redemptions are limited to eligible, verified investors.',
    publishTime: '2024-03-20T00:00:00Z',
    publishPrice: '1',
    totalSupply: '2500000000',
    circulatingSupply: '2500000000',
    maxSupply: null,
    links: [
      { label: 'Website', url: 'https://tbill.example.com' },
      { label: 'Whitepaper', url: 'https://tbill.example.com/whitepaper.pdf' },
      { label: 'Explorer', url: 'https://explorer.example.com/token/TBILL' },
    ],
  },
  {
    code: 'HKRE',
    name: 'Tokenised Hong Kong Real Estate Fund',
    decimals: 4,
    type: 'COIN',
    category: 'RWA',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 22,
    referencePriceUsd: '10.25',
    marketCap: '328000000',
    overview:
      'HKRE represents units in a fund holding a portfolio of Hong Kong commercial and ' +
      'residential properties. Rental income, net of fund expenses, is distributed to token ' +
      'holders periodically, and the net asset value is based on independent valuations.',
    publishTime: '2025-06-30T00:00:00Z',
    publishPrice: '10',
    totalSupply: '50000000',
    circulatingSupply: '32000000',
    maxSupply: '50000000',
    links: [
      { label: 'Website', url: 'https://hkre.example.com' },
      { label: 'Whitepaper', url: 'https://hkre.example.com/whitepaper.pdf' },
      { label: 'Explorer', url: 'https://explorer.example.com/token/HKRE' },
    ],
  },
  {
    code: 'PCRED',
    name: 'Tokenised Private Credit Fund',
    decimals: 6,
    type: 'COIN',
    category: 'RWA',
    sign: null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 23,
    referencePriceUsd: '1.045',
    marketCap: '188100000',
    overview:
      'PCRED represents units in a diversified fund of senior secured loans to mid-market ' +
      'companies. Interest income accrues to the net asset value of each unit, and ' +
      'redemptions are processed at scheduled intervals subject to liquidity limits.',
    publishTime: '2025-02-03T00:00:00Z',
    publishPrice: '1',
    totalSupply: '300000000',
    circulatingSupply: '180000000',
    maxSupply: '500000000',
    links: [
      { label: 'Website', url: 'https://pcred.example.com' },
      { label: 'Whitepaper', url: 'https://pcred.example.com/whitepaper.pdf' },
      { label: 'Explorer', url: 'https://explorer.example.com/token/PCRED' },
    ],
  },
];

const inactiveAssets: readonly SeedAsset[] = [
  {
    code: 'LUNC',
    name: 'Terra Classic',
    decimals: 6,
    type: 'COIN',
    category: 'CRYPTO',
    sign: null,
    status: 'INACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: false,
    isCommonFiat: false,
    sortOrder: 24,
    referencePriceUsd: '0.00006',
    marketCap: '329400000',
    overview:
      'Terra Classic (LUNC) is the native token of the original Terra blockchain, renamed ' +
      'after the collapse of the TerraUSD stablecoin in May 2022 and the launch of a new ' +
      'Terra chain. The legacy chain is now maintained by its community.',
    publishTime: '2019-04-24T00:00:00Z',
    publishPrice: '1.31',
    totalSupply: '6460000000000',
    circulatingSupply: '5490000000000',
    maxSupply: null,
    links: [{ label: 'Source code', url: 'https://github.com/classic-terra/core' }],
  },
];

export const seedAssets: readonly SeedAsset[] = [
  ...fiatAssets,
  ...cryptoAssets,
  ...rwaAssets,
  ...inactiveAssets,
];

export const seedSymbols: readonly SeedSymbol[] = [
  {
    code: 'BTC_USDT',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'BTC',
    counterAssetCode: 'USDT',
    baseDecimals: 5,
    counterDecimals: 2,
    tickSize: '0.01',
    stepSize: '0.00001',
    minQty: '0.00001',
    minNotional: '5',
    maxQty: '100',
    maxNotional: '1000000',
    sortOrder: 1,
  },
  {
    code: 'ETH_USDT',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'ETH',
    counterAssetCode: 'USDT',
    baseDecimals: 4,
    counterDecimals: 2,
    tickSize: '0.01',
    stepSize: '0.0001',
    minQty: '0.0001',
    minNotional: '5',
    maxQty: '2000',
    maxNotional: '1000000',
    sortOrder: 2,
  },
  {
    code: 'SOL_USDT',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'SOL',
    counterAssetCode: 'USDT',
    baseDecimals: 3,
    counterDecimals: 2,
    tickSize: '0.01',
    stepSize: '0.001',
    minQty: '0.001',
    minNotional: '5',
    maxQty: '50000',
    maxNotional: '1000000',
    sortOrder: 3,
  },
  {
    code: 'XRP_USDT',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'XRP',
    counterAssetCode: 'USDT',
    baseDecimals: 1,
    counterDecimals: 4,
    tickSize: '0.0001',
    stepSize: '0.1',
    minQty: '0.1',
    minNotional: '5',
    maxQty: '5000000',
    maxNotional: '1000000',
    sortOrder: 4,
  },
  {
    code: 'XAUT_USDT',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'XAUT',
    counterAssetCode: 'USDT',
    baseDecimals: 4,
    counterDecimals: 2,
    tickSize: '0.01',
    stepSize: '0.0001',
    minQty: '0.0001',
    minNotional: '5',
    maxQty: '1000',
    maxNotional: '1000000',
    sortOrder: 5,
  },
  {
    code: 'TBILL_USDT',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'TBILL',
    counterAssetCode: 'USDT',
    baseDecimals: 2,
    counterDecimals: 4,
    tickSize: '0.0001',
    stepSize: '0.01',
    minQty: '0.01',
    minNotional: '5',
    maxQty: '1000000',
    maxNotional: '1000000',
    sortOrder: 6,
  },
  {
    code: 'HKRE_USDT',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'HKRE',
    counterAssetCode: 'USDT',
    baseDecimals: 2,
    counterDecimals: 3,
    tickSize: '0.001',
    stepSize: '0.01',
    minQty: '0.01',
    minNotional: '5',
    maxQty: '500000',
    maxNotional: '1000000',
    sortOrder: 7,
  },
  {
    code: 'PCRED_USDT',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'PCRED',
    counterAssetCode: 'USDT',
    baseDecimals: 2,
    counterDecimals: 4,
    tickSize: '0.0001',
    stepSize: '0.01',
    minQty: '0.01',
    minNotional: '5',
    maxQty: '1000000',
    maxNotional: '1000000',
    sortOrder: 8,
  },
  {
    code: 'BTC_USD',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'BTC',
    counterAssetCode: 'USD',
    baseDecimals: 5,
    counterDecimals: 2,
    tickSize: '0.01',
    stepSize: '0.00001',
    minQty: '0.00001',
    minNotional: '5',
    maxQty: '100',
    maxNotional: '1000000',
    sortOrder: 9,
  },
  {
    // Tick is 0.01 (not 0.0001) because USD carries only 2 decimals.
    code: 'USDT_USD',
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'USDT',
    counterAssetCode: 'USD',
    baseDecimals: 2,
    counterDecimals: 2,
    tickSize: '0.01',
    stepSize: '0.01',
    minQty: '0.01',
    minNotional: '5',
    maxQty: '1000000',
    maxNotional: '1000000',
    sortOrder: 10,
  },
  {
    // Tick is limited to 0.000001 by USDT's 6 decimals.
    code: 'LUNC_USDT',
    status: 'INACTIVE',
    tags: ['real', 'simulated'],
    baseAssetCode: 'LUNC',
    counterAssetCode: 'USDT',
    baseDecimals: 0,
    counterDecimals: 6,
    tickSize: '0.000001',
    stepSize: '1',
    minQty: '1',
    minNotional: '5',
    maxQty: '10000000000',
    maxNotional: '1000000',
    sortOrder: 11,
  },
];
