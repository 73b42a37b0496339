import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import {
  EXCHANGE_RATES_KEY,
  FX_RATE_DECIMALS,
  FX_SPREAD,
  FlowType,
  KycPermission,
  RuntimeMode,
  exchangeRates,
  type Asset,
  type ForeignExchange,
  type ForeignExchangeExportQuery,
  type ForeignExchangeQuery,
  type ForeignExchangeState,
  type FxConfirmRequest,
  type FxCurrency,
  type FxQuote,
  type FxQuoteRequest,
  type Page,
  type NotifyInput,
} from '@exchange/contracts';
import type { ForeignExchange as Row } from '../../../db/generated/client.js';
import type { JobDefinition } from '../../../jobs/jobs.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import { assertAccountOpen, requirePermission } from '../../../lib/permissions.js';
import { availableAssets } from '../../platform/catalogue/catalogue-service.js';
import { freezeLegs, post } from '../../wallet/ledger/ledger-service.js';
import { csvRow } from '../../wallet/reports/csv.js';
import { privateTopic } from '../../platform/socket/fanout.js';
import { historyStart } from '../../wallet/balances/wallet-service.js';
import {
  isUniqueViolation,
  lockedAvailable,
  refreshAssets,
} from '../../wallet/withdrawal/money-out-checks.js';
import { stageNotices } from '../../platform/notifications/notify.js';
import { withinOptedOutLimit } from '../../identity/kyc/opted-out-limit.js';
import type { FxDeps } from './foreign-exchange-deps.js';

const REAL = RuntimeMode.REAL;
/** The exchange's side of every foreign exchange: it buys what users sell and pays what they buy. */
export const FX_ACCOUNT = 'system:fx';
/** The most rows one CSV export carries. */
export const FX_EXPORT_MAX = 10_000;
const idPayload = z.object({ exchangeId: z.string().uuid() });
const storedQuote = z.object({
  userId: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  rate: z.string(),
  midRate: z.string(),
  receive: z.string(),
  expiresAt: z.number(),
});
type StoredQuote = z.infer<typeof storedQuote>;
const quoteKey = (id: string) => `fx:quote:${id}`;

/**
 * The quoted rate from the feed's rates (HKD per 100 units of each; HKD itself is 100): mid =
 * hkdPer100(from) / hkdPer100(to); rate = mid x (1 - FX_SPREAD), rounded down to FX_RATE_DECIMALS.
 */
export function fxRate(fromHkdPer100: Decimal.Value, toHkdPer100: Decimal.Value) {
  const mid = new Decimal(fromHkdPer100).div(toHkdPer100);
  return {
    mid: mid.toDecimalPlaces(FX_RATE_DECIMALS, Decimal.ROUND_DOWN),
    rate: mid
      .mul(new Decimal(1).minus(FX_SPREAD))
      .toDecimalPlaces(FX_RATE_DECIMALS, Decimal.ROUND_DOWN),
  };
}

/** What is received: amount x rate, rounded DOWN to the to-currency's decimals (JPY: the yen). */
export function fxReceive(amount: Decimal.Value, rate: Decimal.Value, decimals: number): Decimal {
  return new Decimal(amount).mul(rate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

export function foreignExchangeView(row: Row): ForeignExchange {
  return {
    id: row.id,
    clientRequestId: row.clientRequestId,
    quoteId: row.quoteId,
    from: row.fromAsset,
    to: row.toAsset,
    sellAmount: new Decimal(row.sellAmount.toString()).toFixed(),
    receiveAmount: new Decimal(row.receiveAmount.toString()).toFixed(),
    rate: new Decimal(row.rate.toString()).toFixed(),
    midRate: new Decimal(row.midRate.toString()).toFixed(),
    status: row.status as ForeignExchangeState,
    reason: row.reason,
    settleAt: row.settleAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * Foreign exchange between two fiat currencies of the catalogue (spec sections 2, 4, 6, 9). A
 * quote (stored in Redis, valid FX_QUOTE_TTL_SECONDS by the project's clock) fixes the rate and
 * the amount received; confirming it (once, idempotent on the client request id) freezes the sold
 * amount (FOREIGN_EXCHANGE_FREEZE) in state PROCESSING until settleAt (FX_SETTLEMENT_SECONDS).
 * The settle job then moves, in one FOREIGN_EXCHANGE transaction, the frozen sold amount to
 * system:fx and the bought amount from it, at the quoted rate whatever the feed did since; a
 * currency withdrawn from the catalogue meanwhile refunds instead (FOREIGN_EXCHANGE_UNFREEZE).
 * Each state change is one conditional update in the transaction of its posting, so repeated or
 * parallel job runs apply it once.
 */
export class ForeignExchanges {
  readonly settleJob: JobDefinition<typeof idPayload>;

  constructor(private readonly deps: FxDeps) {
    this.settleJob = {
      name: 'foreign-exchange-settle',
      payload: idPayload,
      handle: async ({ exchangeId }) => this.settle(exchangeId),
    };
  }

  register(): void {
    this.deps.jobs.register(this.settleJob);
  }

  // ---- checks ----

  /**
   * Real mode, an open account with the FOREIGN_EXCHANGE permission (identity verified, or opted
   * out within its limit: the access says which).
   */
  async assertMayExchange(userId: string, mode: number): Promise<'FULL' | 'LIMITED'> {
    if (mode !== REAL) throw new AppError('FIAT_REAL_MODE_ONLY');
    const user = await this.deps.db.user.findUnique({
      where: { id: userId },
      select: { kycLevel: true, cancellationUnderReview: true, cancelledAt: true },
    });
    if (!user) throw new AppError('UNAUTHORIZED');
    assertAccountOpen(user);
    return requirePermission(user, REAL, KycPermission.FOREIGN_EXCHANGE, { allowLimited: true });
  }

  /** The fiat currencies of the catalogue offered in Real mode (the catalogue decides). */
  private async fiat(): Promise<Asset[]> {
    return (await availableAssets({ db: this.deps.db, mode: REAL })).filter(
      (a) => a.type === 'FIAT',
    );
  }

  private async available(userId: string, assets: string[]): Promise<Map<string, Decimal>> {
    const rows = await this.deps.db.balance.findMany({
      where: { accountId: userId, mode: REAL, asset: { in: assets } },
    });
    return new Map(rows.map((r) => [r.asset, new Decimal(r.available.toString())]));
  }

  async currencies(userId: string, mode: number): Promise<FxCurrency[]> {
    await this.assertMayExchange(userId, mode);
    const fiat = await this.fiat();
    const balances = await this.available(
      userId,
      fiat.map((a) => a.code),
    );
    return fiat.map((a) => ({
      code: a.code,
      name: a.name,
      sign: a.sign,
      decimals: a.decimals,
      available: (balances.get(a.code) ?? new Decimal(0)).toFixed(),
    }));
  }

  /** HKD per 100 units of each currency from the feed (HKD itself: 100). */
  private async hkdPer100(codes: string[]): Promise<Decimal[]> {
    const raw = await this.deps.redis.commands.get(EXCHANGE_RATES_KEY);
    const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
    return codes.map((code) => {
      if (code === 'HKD') return new Decimal(100);
      const v = parsed?.success ? parsed.data.rates[code] : undefined;
      const d = v ? new Decimal(v) : null;
      if (!d || !d.isFinite() || d.lte(0))
        throw new AppError('FX_RATE_UNAVAILABLE', { currency: code });
      return d;
    });
  }

  // ---- quoting ----

  async quote(userId: string, mode: number, req: FxQuoteRequest): Promise<FxQuote> {
    await this.assertMayExchange(userId, mode);
    const fiat = await this.fiat();
    const codes = fiat.map((a) => a.code).join(', ');
    const from = fiat.find((a) => a.code === req.from);
    const to = fiat.find((a) => a.code === req.to);
    if (!from)
      throw new AppError('FX_CURRENCY_UNSUPPORTED', { currency: req.from, currencies: codes });
    if (!to) throw new AppError('FX_CURRENCY_UNSUPPORTED', { currency: req.to, currencies: codes });
    if (from.code === to.code) throw new AppError('FX_SAME_CURRENCY');
    const amount = new Decimal(req.amount);
    if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > from.decimals)
      throw new AppError('FX_AMOUNT_INVALID', { decimals: from.decimals });
    const [f, t] = await this.hkdPer100([from.code, to.code]);
    const { mid, rate } = fxRate(f!, t!);
    const receive = fxReceive(amount, rate, to.decimals);
    if (receive.lte(0)) throw new AppError('FX_AMOUNT_TOO_SMALL', { currency: to.code });
    const now = this.deps.clock.now();
    const { quoteTtlMs, settlementMs } = this.deps.config;
    const id = randomUUID();
    const stored: StoredQuote = {
      userId,
      from: from.code,
      to: to.code,
      amount: amount.toFixed(),
      rate: rate.toFixed(),
      midRate: mid.toFixed(),
      receive: receive.toFixed(),
      expiresAt: now + quoteTtlMs,
    };
    // The clock decides validity; Redis only drops the key a while after (in real time).
    const keepMs = this.deps.clock.realDelay(quoteTtlMs) + 10 * 60_000;
    await this.deps.redis.commands.set(quoteKey(id), JSON.stringify(stored), 'PX', keepMs);
    const available = (await this.available(userId, [from.code])).get(from.code);
    return {
      id,
      from: from.code,
      to: to.code,
      amount: stored.amount,
      rate: stored.rate,
      midRate: stored.midRate,
      spread: FX_SPREAD,
      receive: stored.receive,
      fee: '0',
      available: (available ?? new Decimal(0)).toFixed(),
      expiresAt: new Date(stored.expiresAt).toISOString(),
      ttlSeconds: Math.round(quoteTtlMs / 1000),
      validForMs: this.deps.clock.realDelay(quoteTtlMs),
      estimatedSettleAt: new Date(now + settlementMs).toISOString(),
    };
  }

  // ---- confirming ----

  private async existing(userId: string, req: FxConfirmRequest): Promise<ForeignExchange | null> {
    const row = await this.deps.db.foreignExchange.findUnique({
      where: { userId_clientRequestId: { userId, clientRequestId: req.clientRequestId } },
    });
    if (!row) return null;
    if (row.quoteId !== req.quoteId) throw new AppError('FX_REQUEST_ID_REUSED');
    return foreignExchangeView(row);
  }

  /**
   * Confirms a quote: refused when expired, unknown, someone else's or already confirmed, or
   * when the available balance does not cover it; otherwise one transaction inserts the
   * exchange, locks the balance row, checks it again and freezes the sold amount.
   */
  async confirm(userId: string, mode: number, req: FxConfirmRequest): Promise<ForeignExchange> {
    const access = await this.assertMayExchange(userId, mode);
    const again = await this.existing(userId, req);
    if (again) return again;
    const raw = await this.deps.redis.commands.get(quoteKey(req.quoteId));
    const parsed = raw ? storedQuote.safeParse(JSON.parse(raw)) : null;
    const q = parsed?.success ? parsed.data : null;
    const now = this.deps.clock.now();
    if (!q || q.userId !== userId || q.expiresAt < now) throw new AppError('FX_QUOTE_EXPIRED');
    const used = await this.deps.db.foreignExchange.findUnique({ where: { quoteId: req.quoteId } });
    if (used) {
      // The same request sent twice at once: the other one committed after `existing` looked.
      if (used.userId === userId && used.clientRequestId === req.clientRequestId)
        return foreignExchangeView(used);
      throw new AppError('FX_QUOTE_USED');
    }
    const amount = new Decimal(q.amount);
    const at = new Date(now);
    let row: Row;
    try {
      // An opted-out account: the amount sold counts against its FX budget first.
      const budget = {
        access,
        userId,
        permission: 'FOREIGN_EXCHANGE',
        asset: q.from,
        amount,
      } as const;
      row = await withinOptedOutLimit(this.deps, budget, () =>
        this.deps.db.$transaction(async (tx) => {
          const created = await tx.foreignExchange.create({
            data: {
              userId,
              clientRequestId: req.clientRequestId,
              quoteId: req.quoteId,
              fromAsset: q.from,
              toAsset: q.to,
              sellAmount: q.amount,
              receiveAmount: q.receive,
              rate: q.rate,
              midRate: q.midRate,
              status: 'PROCESSING',
              settleAt: new Date(now + this.deps.config.settlementMs),
              createdAt: at,
              updatedAt: at,
            },
          });
          const available = await lockedAvailable(tx, userId, REAL, q.from);
          if (available.lt(amount)) throw new AppError('INSUFFICIENT_AVAILABLE_BALANCE');
          await post(tx, {
            mode: REAL,
            flowType: FlowType.FOREIGN_EXCHANGE_FREEZE,
            refType: 'FOREIGN_EXCHANGE',
            refId: created.id,
            at,
            legs: freezeLegs(userId, q.from, amount),
          });
          return created;
        }),
      );
    } catch (err) {
      if (err instanceof AppError && err.code === 3001)
        throw new AppError('INSUFFICIENT_AVAILABLE_BALANCE');
      if (isUniqueViolation(err)) {
        const first = await this.existing(userId, req);
        if (first) return first;
        throw new AppError('FX_QUOTE_USED');
      }
      throw err;
    }
    await this.later(row.id, row.settleAt);
    return this.announce(row);
  }

  // ---- reading ----

  async get(userId: string, mode: number, id: string): Promise<ForeignExchange> {
    if (mode !== REAL) throw new AppError('FIAT_REAL_MODE_ONLY');
    const row = await this.deps.db.foreignExchange.findFirst({ where: { id, userId } });
    if (!row) throw new AppError('FX_NOT_FOUND');
    return foreignExchangeView(row);
  }

  private where(userId: string, f: ForeignExchangeExportQuery) {
    const earliest = historyStart(this.deps.clock.date());
    if (f.startTime !== undefined && f.startTime < earliest.getTime())
      throw new AppError('HISTORY_RANGE_EXCEEDED');
    return {
      userId,
      createdAt: {
        gte: new Date(Math.max(f.startTime ?? 0, earliest.getTime())),
        ...(f.endTime !== undefined ? { lte: new Date(f.endTime) } : {}),
      },
      ...(f.from ? { fromAsset: f.from } : {}),
      ...(f.to ? { toAsset: f.to } : {}),
      ...(f.status ? { status: f.status } : {}),
    };
  }

  /** The past 6 months, newest first, filtered by pair, state and time (paged; Real mode). */
  async list(
    userId: string,
    mode: number,
    q: ForeignExchangeQuery,
  ): Promise<Page<ForeignExchange>> {
    if (mode !== REAL) throw new AppError('FIAT_REAL_MODE_ONLY');
    const where = this.where(userId, q);
    return paged(q, async ({ skip, take }) =>
      (
        await this.deps.db.foreignExchange.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip,
          take,
        })
      ).map(foreignExchangeView),
    );
  }

  /** The same rows as CSV (RFC 4180, UTF-8 with BOM). */
  async csv(userId: string, mode: number, f: ForeignExchangeExportQuery): Promise<string> {
    if (mode !== REAL) throw new AppError('FIAT_REAL_MODE_ONLY');
    const rows = await this.deps.db.foreignExchange.findMany({
      where: this.where(userId, f),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: FX_EXPORT_MAX,
    });
    const header = [
      'Time (UTC)',
      'From',
      'Sold',
      'To',
      'Received',
      'Rate',
      'Fee',
      'State',
      'Settles (UTC)',
      'Completed (UTC)',
      'Id',
    ];
    return (
      '\uFEFF' +
      csvRow(header) +
      rows
        .map(foreignExchangeView)
        .map((x) =>
          csvRow([
            x.createdAt,
            x.from,
            x.sellAmount,
            x.to,
            x.receiveAmount,
            x.rate,
            '0',
            x.status,
            x.settleAt,
            x.completedAt,
            x.id,
          ]),
        )
        .join('')
    );
  }

  // ---- the job ----

  private async later(id: string, due: Date): Promise<void> {
    await this.deps.jobs.enqueue(
      this.settleJob,
      { exchangeId: id },
      { delayMs: Math.max(0, due.getTime() - this.deps.clock.now()) },
    );
  }

  /**
   * Settles an exchange that is due, at its quoted rate: exactly once (a conditional update from
   * PROCESSING in the same transaction as the posting). Early, it queues itself for settleAt. A
   * currency no longer offered by the catalogue cannot settle: the sold amount goes back.
   */
  async settle(id: string): Promise<void> {
    const row = await this.deps.db.foreignExchange.findUnique({ where: { id } });
    if (!row || row.status !== 'PROCESSING') return;
    if (row.settleAt.getTime() > this.deps.clock.now()) return this.later(id, row.settleAt);
    const offered = new Set((await this.fiat()).map((a) => a.code));
    const at = this.deps.clock.date();
    const sell = new Decimal(row.sellAmount.toString());
    const receive = new Decimal(row.receiveAmount.toString());
    const canSettle = offered.has(row.fromAsset) && offered.has(row.toAsset);
    const done = await this.deps.db.$transaction(async (tx) => {
      const { count } = await tx.foreignExchange.updateMany({
        where: { id, status: 'PROCESSING' },
        data: canSettle
          ? { status: 'COMPLETED', completedAt: at, updatedAt: at }
          : {
              status: 'REFUNDED',
              reason: 'The currency is no longer offered; the amount sold is returned.',
              completedAt: at,
              updatedAt: at,
            },
      });
      if (count === 0) return null;
      const ref = { mode: REAL, refType: 'FOREIGN_EXCHANGE', refId: id, at };
      if (canSettle)
        await post(tx, {
          ...ref,
          flowType: FlowType.FOREIGN_EXCHANGE,
          legs: [
            { accountId: row.userId, asset: row.fromAsset, bucket: 'FROZEN', amount: sell.neg() },
            { accountId: FX_ACCOUNT, asset: row.fromAsset, bucket: 'AVAILABLE', amount: sell },
            {
              accountId: FX_ACCOUNT,
              asset: row.toAsset,
              bucket: 'AVAILABLE',
              amount: receive.neg(),
            },
            { accountId: row.userId, asset: row.toAsset, bucket: 'AVAILABLE', amount: receive },
          ],
        });
      else
        await post(tx, {
          ...ref,
          flowType: FlowType.FOREIGN_EXCHANGE_UNFREEZE,
          legs: freezeLegs(row.userId, row.fromAsset, sell.neg()),
        });
      const settled = await tx.foreignExchange.findUniqueOrThrow({ where: { id } });
      // The user's notice commits with the money (the notifications outbox).
      const staged = await stageNotices(tx, this.deps.clock, [settledNotice(settled)]);
      return { settled, staged };
    });
    if (!done) return;
    await this.announce(done.settled);
    await this.deps.deliverNotices(done.staged);
  }

  /** After a restart: every unfinished exchange's settlement is queued again (idempotent). */
  async resume(): Promise<number> {
    const rows = await this.deps.db.foreignExchange.findMany({
      where: { status: 'PROCESSING' },
      select: { id: true, settleAt: true },
    });
    for (const r of rows) await this.later(r.id, r.settleAt);
    return rows.length;
  }

  /** Every state change reaches the user's socket with the balances it moved. */
  private async announce(row: Row): Promise<ForeignExchange> {
    const view = foreignExchangeView(row);
    await this.deps.fanout.publish(privateTopic('foreignExchange', row.userId, REAL), view);
    await refreshAssets(
      this.deps,
      row.userId,
      REAL,
      row.status === 'COMPLETED' ? [row.fromAsset, row.toAsset] : [row.fromAsset],
    );
    return view;
  }
}

/** A settled (or refunded) exchange: FOREIGN_EXCHANGE_SETTLED, once per exchange. */
function settledNotice(row: Row): NotifyInput {
  const view = foreignExchangeView(row);
  return {
    userId: row.userId,
    type: 'FOREIGN_EXCHANGE_SETTLED',
    params: {
      exchangeId: row.id,
      status: row.status as 'COMPLETED' | 'REFUNDED',
      from: view.from,
      to: view.to,
      sellAmount: view.sellAmount,
      receiveAmount: view.receiveAmount,
    },
    dedupeKey: `foreign-exchange-settled:${row.id}`,
  };
}
