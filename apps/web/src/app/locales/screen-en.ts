/** The settings menu, the coin info card and the markets page's extra columns (English). */
export const screenEn = {
  settings: {
    title: 'Settings',
    colours: 'Price colours',
    greenUp: 'Green up, red down',
    redUp: 'Red up, green down',
    theme: 'Theme',
    themes: { dark: 'Dark', light: 'Light' },
  },
  coinInfo: {
    title: 'About {{asset}}',
    overview: 'Overview',
    publishTime: 'Issue date',
    publishPrice: 'Issue price',
    totalSupply: 'Total supply',
    circulatingSupply: 'Circulating supply',
    maxSupply: 'Maximum supply',
    noMaxSupply: 'No cap',
    marketCap: 'Market cap',
    marketCapHint: 'Circulating supply × last price in {{quote}}',
    links: 'Links',
    linkLabels: {
      website: 'Website',
      whitepaper: 'White paper',
      explorer: 'Block explorer',
      transparency: 'Reserve reports',
      documentation: 'Documentation',
      sourceCode: 'Source code',
    },
    empty: 'No information about this asset yet.',
  },
  markets: {
    marketCap: 'Market cap',
    volume24h: '24h volume',
    trend: 'Last 24h',
  },
};
