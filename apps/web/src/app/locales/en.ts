/** English texts of the client; the shape every other locale follows. */
export const en = {
  app: {
    brand: 'Exchange',
    home: 'Exchange home',
  },
  common: {
    retry: 'Try again',
    unexpectedError: 'Something went wrong, try again later.',
  },
  markets: {
    title: 'Markets',
    subtitle: 'Crypto and tokenised real-world assets',
    searchLabel: 'Search markets',
    searchPlaceholder: 'Search by pair or name',
    clearSearch: 'Clear search',
    loading: 'Loading markets…',
    loadFailed: 'Markets could not be loaded',
    empty: 'No markets are available yet.',
    noMatch: 'No markets match “{{query}}”.',
    count_one: '{{count}} market',
    count_other: '{{count}} markets',
    halted: 'Halted',
    columns: {
      pair: 'Pair',
      name: 'Name',
      category: 'Category',
      tickSize: 'Tick size',
    },
    category: {
      CRYPTO: 'Crypto',
      RWA: 'Tokenised asset',
      FIAT: 'Fiat',
    },
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist or has moved.',
    home: 'Back to markets',
  },
} as const;
