import type { FeeChannel } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { dec, mul, toText } from '@exchange/contracts/decimal';
import { formatNumber } from '../../../lib/format';

/** A rate as a percentage, exactly: "0.047" -> "4.7%", "0.001" -> "0.1%". */
export function ratePercent(rate: string): string {
  const d = dec(rate);
  return d ? `${toText(mul(d, { n: 100n, scale: 0 }))}%` : rate;
}

/**
 * A channel's fee in words, from the spec's terms the gateway sends: the price, then the notes on
 * what comes on top or limits it, in the page's language.
 */
export function channelFeeText(c: FeeChannel, t: TFunction): { main: string; notes: string[] } {
  const parts: string[] = [];
  if (c.channel === 'SPOT_TRADE')
    parts.push(c.free ? t('report.fee.terms.free') : t('report.fee.terms.perMarket'));
  else if (c.amountNotStated) parts.push(t('report.fee.terms.notStated'));
  else if (c.fixed && c.monthly)
    parts.push(
      t('report.fee.terms.accountFees', {
        opening: `${c.fixed.amount} ${c.fixed.asset}`,
        monthly: `${c.monthly.amount} ${c.monthly.asset}`,
      }),
    );
  else if (c.free) parts.push(t('report.fee.terms.free'));
  else if (c.rate && c.fixed)
    parts.push(
      t('report.fee.terms.rateFixed', {
        rate: ratePercent(c.rate),
        fixed: `${c.fixed.amount} ${c.fixed.asset}`,
      }),
    );
  else if (c.rate) parts.push(t('report.fee.terms.rate', { rate: ratePercent(c.rate) }));
  else parts.push(t('report.fee.terms.noExchangeFee'));
  if (c.limitedTime) parts.push(t('report.fee.terms.limitedTime'));
  if (c.networkGas) parts.push(t('report.fee.terms.networkGas'));
  if (c.thirdParty) parts.push(t('report.fee.terms.thirdParty', { ...c.thirdParty }));
  if (c.maxAmount)
    parts.push(
      t('report.fee.terms.maxAmount', {
        amount: formatNumber(c.maxAmount.amount, { decimals: 0 }),
        asset: c.maxAmount.asset,
      }),
    );
  const [main = '', ...notes] = parts;
  return { main, notes };
}
