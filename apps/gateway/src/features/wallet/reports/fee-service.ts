import { Decimal } from 'decimal.js';
import {
  FEE_CHANNEL_TERMS,
  FEE_FLOW_TYPES,
  REPORT_TIME_ZONE,
  REPORT_UTC_OFFSET_MS,
  type FeeChannelCode,
  type FeeSchedule,
  type FeesPaid,
  type FeesPaidQuery,
  type RuntimeMode,
} from '@exchange/contracts';
import { Prisma, type Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { availableSymbols } from '../../platform/catalogue/catalogue-service.js';
import { flowWindow } from './report-service.js';

/**
 * Which channels the exchange runs today. Spot trading is the only one: the others are in the
 * spec with their fees, and the schedule lists them as "not offered yet" until their feature
 * ships and flips its entry here (one line, with its tests).
 */
export const OFFERED_CHANNELS: Readonly<Record<FeeChannelCode, boolean>> = {
  SPOT_TRADE: true,
  CRYPTO_WITHDRAWAL: true,
  FIAT_DEPOSIT: true,
  FIAT_WITHDRAWAL: true,
  CARD_DEPOSIT: true,
  FLASH_REMITTANCE: true,
  FOREIGN_EXCHANGE: true,
  RAPID_BUY: true,
  BANK_ACCOUNT: true,
};

const rate = (v: { toFixed(): string }) => new Decimal(v.toFixed()).toFixed();

/** The public fee schedule: spot symbols of the mode with their maker/taker rates, and every channel. */
export async function feeSchedule(opts: {
  db: Db;
  mode: RuntimeMode;
  /** The crypto withdrawal fee rate in force (WITHDRAWAL_FEE_RATE, or the rate after its end). */
  cryptoWithdrawalRate?: string;
  /** The flash remittance service fee rate (FLASH_REMITTANCE_FEE_RATE; "0": free, as advertised). */
  flashRemittanceRate?: string;
}): Promise<FeeSchedule> {
  const symbols = await availableSymbols(opts);
  const rates = await opts.db.tradingSymbol.findMany({
    where: { code: { in: symbols.map((s) => s.code) } },
    select: { code: true, makerFeeRate: true, takerFeeRate: true },
  });
  const byCode = new Map(rates.map((r) => [r.code, r]));
  return {
    symbols: symbols.map((s) => {
      const r = byCode.get(s.code);
      return {
        symbol: s.code,
        baseAsset: s.baseAssetCode,
        counterAsset: s.counterAssetCode,
        makerFeeRate: r ? rate(r.makerFeeRate) : '0',
        takerFeeRate: r ? rate(r.takerFeeRate) : '0',
      };
    }),
    channels: (Object.keys(FEE_CHANNEL_TERMS) as FeeChannelCode[]).map((channel) => ({
      channel,
      offered: OFFERED_CHANNELS[channel],
      ...FEE_CHANNEL_TERMS[channel],
      // A spot market with a rate above zero is not free, whatever the advertisement says.
      ...(channel === 'SPOT_TRADE'
        ? { free: rates.every((r) => r.makerFeeRate.isZero() && r.takerFeeRate.isZero()) }
        : {}),
      // The operator's setting, not the spec's default, is what a withdrawal is charged.
      ...(channel === 'FLASH_REMITTANCE' &&
      opts.flashRemittanceRate !== undefined &&
      !new Decimal(opts.flashRemittanceRate).isZero()
        ? { free: false, rate: new Decimal(opts.flashRemittanceRate).toFixed() }
        : {}),
      ...(channel === 'CRYPTO_WITHDRAWAL' && opts.cryptoWithdrawalRate !== undefined
        ? {
            rate: new Decimal(opts.cryptoWithdrawalRate).toFixed(),
            free: new Decimal(opts.cryptoWithdrawalRate).isZero(),
          }
        : {}),
    })),
  };
}

interface PaidRow {
  period: string;
  flowType: number;
  asset: string;
  paid: string;
  count: bigint;
}

/**
 * Fees the user paid per Hong Kong day or month, flow type and asset, within the 6-month window:
 * minus the sum of the user's fee legs (a fee is a debit; a refund would lower the sum).
 */
export async function feesPaid(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: RuntimeMode;
  query: FeesPaidQuery;
}): Promise<FeesPaid> {
  const { from, to } = flowWindow(opts.clock.date(), opts.query);
  const format = opts.query.period === 'DAY' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const offset = `${REPORT_UTC_OFFSET_MS / 1000} seconds`;
  const rows = await opts.db.$queryRaw<PaidRow[]>`
    SELECT to_char("createdAt" + ${offset}::interval, ${format}) AS period, "flowType", asset,
           (-SUM(amount))::text AS paid, COUNT(DISTINCT "txId") AS count
    FROM ledger_entry
    WHERE "accountId" = ${opts.userId} AND mode = ${opts.mode}
      AND "createdAt" >= ${from} AND "createdAt" < ${to}
      AND "flowType" IN (${Prisma.join([...FEE_FLOW_TYPES])})
      ${opts.query.asset ? Prisma.sql`AND asset = ${opts.query.asset}` : Prisma.empty}
    GROUP BY 1, 2, 3
    HAVING SUM(amount) <> 0
    ORDER BY 1 DESC, 2, 3`;
  const totals = new Map<string, Decimal>();
  for (const r of rows) totals.set(r.asset, (totals.get(r.asset) ?? new Decimal(0)).plus(r.paid));
  return {
    mode: opts.mode,
    period: opts.query.period,
    timeZone: REPORT_TIME_ZONE,
    rows: rows.map((r) => ({
      period: r.period,
      flowType: r.flowType,
      asset: r.asset,
      amount: new Decimal(r.paid).toFixed(),
      count: Number(r.count),
    })),
    totals: [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([asset, amount]) => ({ asset, amount: amount.toFixed() })),
  };
}
