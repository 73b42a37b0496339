import { EXCHANGE_RATE_QUOTE_CURRENCY, type ExchangeRates } from '@exchange/contracts';

/** A valuation in the exchange's main fiat (the catalogue's `mainFiat`). */
export interface MainFiatValue {
  value: number;
  fiat: string;
  /** The feed had no USDT rate, so USDT was taken at 1 USD. */
  usdtAtParity: boolean;
}

/** HKD per 100 units of a currency, or null when the feed has no usable rate for it. */
function ratePer100(rates: ExchangeRates, code: string): number | null {
  if (code === EXCHANGE_RATE_QUOTE_CURRENCY) return rates.units;
  const raw = rates.rates[code];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * A USDT amount in the main fiat, through the feed's rates (both HKD per 100 units): USDT's own
 * rate, or USD's when the feed has none (USDT at USD parity, flagged). Null when there is no
 * main fiat, no rates yet, or no rate for the main fiat (or for USD when parity is needed).
 */
export function usdtInMainFiat(
  usdt: number,
  mainFiat: string | null | undefined,
  rates: ExchangeRates | undefined,
): MainFiatValue | null {
  if (!mainFiat || !rates || !Number.isFinite(usdt)) return null;
  const usdtRate = ratePer100(rates, 'USDT');
  if (usdtRate === null && mainFiat === 'USD') {
    return { value: usdt, fiat: mainFiat, usdtAtParity: true };
  }
  const fiatRate = ratePer100(rates, mainFiat);
  const perUsdt = usdtRate ?? ratePer100(rates, 'USD');
  if (fiatRate === null || perUsdt === null) return null;
  if (mainFiat === 'USDT') return { value: usdt, fiat: mainFiat, usdtAtParity: false };
  return { value: (usdt * perUsdt) / fiatRate, fiat: mainFiat, usdtAtParity: usdtRate === null };
}
