import { Decimal } from 'decimal.js';
import {
  CARD_CHANNEL_FEE_RATE,
  CARD_CHANNEL_FIXED_FEE_USD,
  EXCHANGE_RATES_KEY,
  MAX_CARD_RECHARGE_USD,
  exchangeRates,
  fiatDecimals,
  type CardDepositPreview,
} from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';

/** Reads the feed's rates (Redis, as the exchange-rates route does). */
export interface RateSource {
  get(key: string): Promise<string | null>;
}

/**
 * The USD value of one unit of `currency` from the reference rates (HKD per 100 units, so
 * USD per unit = rate(currency) / rate(USD)). USD is 1 without a feed.
 */
export async function usdPerUnit(rates: RateSource, currency: string): Promise<Decimal> {
  if (currency === 'USD') return new Decimal(1);
  const raw = await rates.get(EXCHANGE_RATES_KEY);
  const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
  const cur = parsed?.success ? parsed.data.rates[currency] : undefined;
  const usd = parsed?.success ? parsed.data.rates.USD : undefined;
  if (!cur || !usd || new Decimal(usd).lte(0) || new Decimal(cur).lte(0))
    throw new AppError('FIAT_RATE_UNAVAILABLE', { currency });
  return new Decimal(cur).div(usd);
}

/**
 * The card channel's terms for an amount: fee = 4.7 % of the amount + 0.3 USD (converted to the
 * currency), rounded UP to the currency's cent (JPY: the yen); credited = amount - fee; the cap
 * is 1,000,000 USD's equivalent rounded DOWN to the cent. 100 USD: fee 5, credited 95.
 */
export function cardTerms(amount: string, currency: string, usd: Decimal): CardDepositPreview {
  const decimals = fiatDecimals(currency);
  const fee = new Decimal(amount)
    .mul(CARD_CHANNEL_FEE_RATE)
    .plus(new Decimal(CARD_CHANNEL_FIXED_FEE_USD).div(usd))
    .toDecimalPlaces(decimals, Decimal.ROUND_UP);
  const max = new Decimal(MAX_CARD_RECHARGE_USD)
    .div(usd)
    .toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  const credited = Decimal.max(new Decimal(amount).minus(fee), 0);
  return {
    currency,
    amount: new Decimal(amount).toFixed(),
    fee: fee.toFixed(),
    credited: credited.toFixed(),
    feeRate: CARD_CHANNEL_FEE_RATE,
    fixedFeeUsd: CARD_CHANNEL_FIXED_FEE_USD,
    maxAmount: max.toFixed(),
  };
}

/** The terms, refusing an amount with too many decimals, not above the fee, or above the cap. */
export async function quoteCard(
  rates: RateSource,
  amount: string,
  currency: string,
): Promise<CardDepositPreview> {
  const decimals = fiatDecimals(currency);
  const value = new Decimal(amount);
  if (value.lte(0) || value.decimalPlaces() > decimals)
    throw new AppError('AMOUNT_INVALID', { decimals });
  const terms = cardTerms(amount, currency, await usdPerUnit(rates, currency));
  if (value.lte(terms.fee))
    throw new AppError('CARD_AMOUNT_BELOW_FEE', { fee: terms.fee, currency });
  if (value.gt(terms.maxAmount))
    throw new AppError('CARD_AMOUNT_ABOVE_MAX', { max: terms.maxAmount, currency });
  return terms;
}
