export interface SeedNews {
  id: number;
  category: 'NEWS' | 'ANNOUNCEMENT';
  title: string;
  summary: string;
  body: string;
  publishedAt: string;
}

/** Launch content for /news; operators replace it with their own. */
export const seedNews: readonly SeedNews[] = [
  [
    'ANNOUNCEMENT',
    'Exchange opens for spot trading',
    'Ten spot markets open today across crypto, tokenised assets and fiat.',
  ],
  [
    'NEWS',
    'Tokenised gold now tradable against USDT',
    'XAUT_USDT lists with each token backed by one troy ounce of gold.',
  ],
  [
    'NEWS',
    'Treasury bill fund token joins the market',
    'TBILL gives on-chain exposure to short-dated US government debt.',
  ],
  [
    'ANNOUNCEMENT',
    'Demo Trading for every new account',
    'Practise with simulated balances before trading real funds.',
  ],
  [
    'ANNOUNCEMENT',
    'Trade for Reward season one',
    'Trial mode rankings reset monthly; rewards are paid in USDT.',
  ],
  [
    'NEWS',
    'Hong Kong real estate fund token listed',
    'HKRE/USDT trades in Real, Demo and Trial; HKRE deposits and withdraws as an ERC-20 token.',
  ],
  [
    'ANNOUNCEMENT',
    'Scheduled maintenance of crypto withdrawals',
    'Withdrawals pause for about 30 minutes during the node upgrade.',
  ],
  ['NEWS', 'Spot trading stays free', 'Maker and taker fees on spot markets remain zero.'],
  [
    'ANNOUNCEMENT',
    'Security reminder',
    'We never ask for your password or Authenticator codes by e-mail or phone.',
  ],
  [
    'NEWS',
    'Fiat deposits in 13 currencies',
    'Deposit USD, EUR, GBP, HKD and nine more currencies through partner banks.',
  ],
  [
    'NEWS',
    'Private credit fund token in Demo',
    'PCRED tracks a diversified portfolio of senior secured loans.',
  ],
  ['ANNOUNCEMENT', 'New exchange rate page', 'Rates against HKD per 100 units, updated live.'],
].map(([category, title, summary], i) => ({
  id: i + 1,
  category: category as 'NEWS' | 'ANNOUNCEMENT',
  title: title ?? '',
  summary: summary ?? '',
  body: `${summary ?? ''} More details are available in the help centre.`,
  publishedAt: new Date(Date.UTC(2025, 0, 6 + i * 7, 8)).toISOString(),
}));
