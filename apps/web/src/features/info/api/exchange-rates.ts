import { EXCHANGE_RATE_QUOTE_CURRENCY, EXCHANGE_RATE_UNITS } from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * Exchange rates in HKD per 100 units. PLACEHOLDER DATA SOURCE: the gateway has no rate endpoint
 * yet (the socket's exchangeRate channel and the FX service come with the fiat issue), so this
 * fetcher answers fixed indicative rates. Swap the body for the API call when it exists; the
 * page and its states stay as they are.
 */
export interface ExchangeRate {
  currency: string;
  buy: string;
  sell: string;
}

const INDICATIVE: readonly ExchangeRate[] = [
  { currency: 'USD', buy: '778.20', sell: '782.60' },
  { currency: 'EUR', buy: '842.10', sell: '850.30' },
  { currency: 'GBP', buy: '985.40', sell: '995.10' },
  { currency: 'CNH', buy: '107.20', sell: '108.40' },
  { currency: 'JPY', buy: '5.12', sell: '5.21' },
  { currency: 'SGD', buy: '579.30', sell: '585.90' },
  { currency: 'AUD', buy: '507.60', sell: '514.20' },
  { currency: 'CAD', buy: '560.80', sell: '567.40' },
  { currency: 'CHF', buy: '880.10', sell: '889.70' },
];

export const RATE_QUOTE = { currency: EXCHANGE_RATE_QUOTE_CURRENCY, units: EXCHANGE_RATE_UNITS } as const;

export const fetchExchangeRates = (): Promise<{ rates: readonly ExchangeRate[]; updatedAt: string }> =>
  Promise.resolve({ rates: INDICATIVE, updatedAt: new Date().toISOString() });

export const exchangeRatesQueryOptions = () =>
  queryOptions({ queryKey: ['exchange-rates'] as const, queryFn: fetchExchangeRates });

export const useExchangeRates = () => useQuery(exchangeRatesQueryOptions());
