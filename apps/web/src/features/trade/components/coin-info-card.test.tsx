import type { Asset } from '@exchange/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../app/i18n';
import { CoinInfoCard } from './coin-info-card';
import { coinOverview } from './coin-overviews';

afterEach(cleanup);

const eth: Asset = {
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
  marketCap: '422450000000',
  coinInfo: {
    overview: 'A programmable blockchain.',
    publishTime: '2015-07-30T00:00:00Z',
    publishPrice: '0.311',
    totalSupply: '120700000',
    circulatingSupply: '120700000',
    maxSupply: null,
    links: [
      { label: 'Website', url: 'https://ethereum.org' },
      { label: 'Whitepaper', url: 'https://ethereum.org/whitepaper' },
      { label: 'Explorer', url: 'https://etherscan.io' },
      { label: 'Forum', url: 'https://ethresear.ch' },
    ],
  },
};

const fact = (name: string) =>
  within(screen.getByText(name).closest('div') as HTMLElement).getByRole('definition');

describe('CoinInfoCard', () => {
  it('shows overview, issue date and price, supplies, the live market cap and the links', () => {
    render(<CoinInfoCard asset={eth} quote="USDT" lastPrice="3000.5" />);
    expect(screen.getByRole('heading', { name: /About ETH/ })).toBeDefined();
    expect(screen.getByText('A programmable blockchain.')).toBeDefined();
    // 120,700,000 x 3,000.5 = 362,160,350,000.
    expect(screen.getByTestId('coin-info-market-cap').textContent).toBe('362.16B USDT');
    expect(fact('Circulating supply').textContent).toBe('120.7M ETH');
    expect(fact('Total supply').textContent).toBe('120.7M ETH');
    expect(fact('Maximum supply').textContent).toBe('No cap');
    expect(fact('Issue date').textContent).toBe('Jul 30, 2015');
    expect(fact('Issue price').textContent).toBe('0.311 USD');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Website',
      'White paper',
      'Block explorer',
      'Forum',
    ]);
    expect(links[2]?.getAttribute('href')).toBe('https://etherscan.io');
    expect(links[2]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('follows the last price, and shows "-" until there is one', () => {
    const { rerender } = render(<CoinInfoCard asset={eth} quote="USDT" lastPrice={null} />);
    expect(screen.getByTestId('coin-info-market-cap').textContent).toBe('-');
    rerender(<CoinInfoCard asset={eth} quote="USDT" lastPrice="1000" />);
    expect(screen.getByTestId('coin-info-market-cap').textContent).toBe('120.7B USDT');
  });

  it('says so for an asset without coin info, and renders nothing before the catalogue', () => {
    const { rerender, container } = render(
      <CoinInfoCard asset={undefined} quote="USD" lastPrice="1" />,
    );
    expect(container.textContent).toBe('');
    rerender(<CoinInfoCard asset={{ ...eth, coinInfo: null }} quote="USD" lastPrice="1" />);
    expect(screen.getByText('No information about this asset yet.')).toBeDefined();
  });
});

describe('coinOverview', () => {
  it('has every seeded coin in every other language, and falls back to the catalogue text', () => {
    const codes = ['BTC', 'ETH', 'USDT', 'USDC', 'SOL', 'XRP', 'XAUT', 'TBILL', 'HKRE', 'PCRED'];
    for (const language of ['zh-CN', 'zh-TW', 'ja', 'ko', 'fr', 'de', 'ar'])
      for (const code of codes)
        expect(coinOverview(code, language, 'English text'), `${code} ${language}`).not.toBe(
          'English text',
        );
    expect(coinOverview('NEW', 'fr', 'English text')).toBe('English text');
    expect(coinOverview('BTC', 'en', 'English text')).toBe('English text');
    expect(coinOverview('BTC', 'de', null)).toBeNull();
  });
});
