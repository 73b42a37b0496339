import { randomInt, randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import {
  FIAT_WITHDRAWAL_CANCELLABLE,
  FIAT_WITHDRAWAL_FINAL,
  FIAT_WITHDRAWAL_TERMS,
  FlowType,
  KycPermission,
  RuntimeMode,
  holderMatches,
  isValidSwift,
  maskAccountNumber,
  nextBankingInstant,
  type BankTransferEvent,
  type FiatWithdrawal,
  type FiatWithdrawalPreview,
  type FiatWithdrawalPreviewRequest,
  type FiatWithdrawalQuery,
  type FiatWithdrawalRequest,
  type FiatWithdrawalState,
  type Page,
  type NotifyInput,
} from '@exchange/contracts';
import type { Prisma } from '../../../db/client.js';
import type { FiatWithdrawal as Row } from '../../../db/generated/client.js';
import type { JobDefinition } from '../../../jobs/jobs.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import { oncePerRequest, requestKey } from '../../../lib/request-claim.js';
import { requirePermission } from '../../../lib/permissions.js';
import { freezeLegs, post, SYSTEM } from '../../wallet/ledger/ledger-service.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';
import { assertNoSecurityLock } from '../../identity/security/security-lock.js';
import { privateTopic } from '../../platform/socket/fanout.js';
import { isUniqueViolation, refreshAssets } from '../../wallet/withdrawal/money-out-checks.js';
import {
  assertWithdrawable,
  lockedWithdrawable,
  withdrawable,
} from '../../wallet/withdrawal/holds.js';
import { BankRefused } from './bank-port.js';
import { bankAccountView, checkField, linkedAccount } from './bank-accounts.js';
import { stageNotices, type StagedNotice } from '../../platform/notifications/notify.js';
import type { FiatOutDeps } from './fiat-withdrawal-deps.js';

/** How long one caller may hold a withdrawal's send lock (the bank's answer comes in seconds). */
const SEND_LOCK_MS = 120_000;

type Tx = Prisma.TransactionClient;
type Status = FiatWithdrawalState;
const REAL = RuntimeMode.REAL;
const idPayload = z.object({ withdrawalId: z.string().uuid() });
type AccountInfo = { accountNumber: string; bankName: string };

export function fiatWithdrawalView(row: Row, account: AccountInfo | null): FiatWithdrawal {
  const amount = new Decimal(row.amount.toString());
  const actualFee = row.actualFee ? new Decimal(row.actualFee.toString()) : null;
  return {
    id: row.id,
    clientRequestId: row.clientRequestId,
    currency: row.currency,
    amount: amount.toFixed(),
    estimatedFee: new Decimal(row.estimatedFee.toString()).toFixed(),
    estimatedReceived: new Decimal(row.estimatedReceived.toString()).toFixed(),
    actualFee: actualFee?.toFixed() ?? null,
    received: actualFee ? amount.minus(actualFee).toFixed() : null,
    bankAccountId: row.bankAccountId,
    maskedAccountNumber: account ? maskAccountNumber(account.accountNumber) : '',
    bankName: account?.bankName ?? '',
    accountName: row.accountName,
    swiftCode: row.swiftCode,
    bankState: row.bankState,
    bankCity: row.bankCity,
    recipientAddress: row.recipientAddress,
    recipientCity: row.recipientCity,
    recipientState: row.recipientState,
    recipientZip: row.recipientZip,
    transitBankName: row.transitBankName,
    transitSwiftCode: row.transitSwiftCode,
    status: row.status as Status,
    reason: row.reason,
    reviewDueAt: row.reviewDueAt.toISOString(),
    releaseAt: row.releaseAt?.toISOString() ?? null,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    bankTransferId: row.bankTransferId,
    cancellable: (FIAT_WITHDRAWAL_CANCELLABLE as readonly string[]).includes(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Fiat withdrawals to the whitelisted, verified bank account of their currency (spec sections 4,
 * 5, 9). A request freezes its amount (FIAT_WITHDRAWAL_FREEZE) and runs through REVIEW (the 1-2
 * minute risk review) -> FROZEN (24 hours from the review's end) -> SCHEDULED (until the next
 * Hong Kong banking window: a business day of hk-calendar.ts, 09:00-17:00) -> SENDING (the bank
 * port is asked, idempotent on the withdrawal id) -> SENT on the bank's signed `transfer.sent`
 * (the frozen amount leaves: FIAT_WITHDRAWAL for what was sent on, FIAT_WITHDRAWAL_FEE for the
 * intermediary bank's fee the bank reports). REFUSED (review), FAILED (`transfer.failed`, or the
 * bank's refusal) and CANCELLED (the user, in REVIEW or FROZEN) return the funds
 * (FIAT_WITHDRAWAL_UNFREEZE).
 *
 * Every state change is one conditional update from the states it may come from, in the same
 * transaction as its posting, so concurrent jobs, callbacks and cancellations apply each change
 * once. One job advances a withdrawal by the clock and puts itself back when early, so it may run
 * late, early (tests promote it) or twice; `resume` queues it again for every unfinished one.
 */
export class FiatWithdrawals {
  readonly stepJob: JobDefinition<typeof idPayload>;

  constructor(private readonly deps: FiatOutDeps) {
    this.stepJob = {
      name: 'fiat-withdrawal-step',
      payload: idPayload,
      handle: async ({ withdrawalId }) => this.advance(withdrawalId),
    };
  }

  register(): void {
    this.deps.jobs.register(this.stepJob);
  }

  // ---- reading ----

  /** The bank accounts' display details; `db` may be a transaction, which then reads them. */
  private async accounts(
    ids: string[],
    db: Pick<Tx, 'bankAccount'> = this.deps.db,
  ): Promise<Map<string, AccountInfo>> {
    const rows = await db.bankAccount.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: { id: true, accountNumber: true, bankName: true },
    });
    return new Map(rows.map((r) => [r.id, r]));
  }

  private async view(row: Row, db?: Pick<Tx, 'bankAccount'>): Promise<FiatWithdrawal> {
    const accounts = await this.accounts([row.bankAccountId], db);
    return fiatWithdrawalView(row, accounts.get(row.bankAccountId) ?? null);
  }

  async list(userId: string, q: FiatWithdrawalQuery): Promise<Page<FiatWithdrawal>> {
    return paged(q, async ({ skip, take }) => {
      const rows = await this.deps.db.fiatWithdrawal.findMany({
        where: {
          userId,
          ...(q.currency ? { currency: q.currency } : {}),
          ...(q.status ? { status: q.status } : {}),
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip,
        take,
      });
      const accounts = await this.accounts(rows.map((r) => r.bankAccountId));
      return rows.map((r) => fiatWithdrawalView(r, accounts.get(r.bankAccountId) ?? null));
    });
  }

  async get(userId: string, id: string): Promise<FiatWithdrawal> {
    const row = await this.deps.db.fiatWithdrawal.findFirst({ where: { id, userId } });
    if (!row) throw new AppError('FIAT_WITHDRAWAL_NOT_FOUND');
    return this.view(row);
  }

  // ---- checks ----

  /** Real mode, the FIAT_WITHDRAWAL permission (opted-out: 7002), no security lock. */
  async assertMayWithdraw(userId: string, mode: number): Promise<void> {
    if (mode !== REAL) throw new AppError('FIAT_REAL_MODE_ONLY');
    const user = await this.deps.db.user.findUnique({
      where: { id: userId },
      select: { kycLevel: true },
    });
    if (!user) throw new AppError('UNAUTHORIZED');
    requirePermission(user, REAL, KycPermission.FIAT_WITHDRAWAL);
    await assertNoSecurityLock(this.deps, userId);
  }

  /** The amount, at most the currency's decimals, at least its minimum and above the fee. */
  private quote(currency: string, amountText: string) {
    const terms = FIAT_WITHDRAWAL_TERMS[currency as keyof typeof FIAT_WITHDRAWAL_TERMS];
    if (!terms)
      throw new AppError('FIAT_CURRENCY_UNSUPPORTED', {
        currencies: Object.keys(FIAT_WITHDRAWAL_TERMS).join(', '),
      });
    let amount: Decimal;
    try {
      amount = new Decimal(amountText);
    } catch {
      throw new AppError('FIAT_AMOUNT_INVALID', { decimals: terms.decimals });
    }
    if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > terms.decimals)
      throw new AppError('FIAT_AMOUNT_INVALID', { decimals: terms.decimals });
    const min = new Decimal(terms.minAmount);
    if (amount.lt(min))
      throw new AppError('FIAT_WITHDRAWAL_BELOW_MINIMUM', { minAmount: min.toFixed(), currency });
    const fee = new Decimal(terms.estimatedFee);
    return { amount, fee, min, received: amount.minus(fee) };
  }

  private async available(userId: string, currency: string): Promise<Decimal> {
    const row = await this.deps.db.balance.findUnique({
      where: { accountId_mode_asset: { accountId: userId, mode: REAL, asset: currency } },
    });
    return new Decimal(row?.available.toString() ?? 0);
  }

  /** When a request made now would reach the bank, if its review took the longest. */
  private estimatedSendAt(): Date {
    const c = this.deps.config;
    return nextBankingInstant(this.deps.clock.now() + c.reviewMaxMs + c.freezeMs);
  }

  async preview(
    userId: string,
    mode: number,
    req: FiatWithdrawalPreviewRequest,
  ): Promise<FiatWithdrawalPreview> {
    if (mode !== REAL) throw new AppError('FIAT_REAL_MODE_ONLY');
    const q = this.quote(req.currency, req.amount);
    const link = await this.deps.db.bankAccountCurrency.findUnique({
      where: { userId_currency: { userId, currency: req.currency } },
      include: { bankAccount: { include: { currencies: true } } },
    });
    return {
      currency: req.currency,
      amount: q.amount.toFixed(),
      available: (await this.available(userId, req.currency)).toFixed(),
      minAmount: q.min.toFixed(),
      estimatedFee: q.fee.toFixed(),
      estimatedReceived: q.received.toFixed(),
      bankAccount: link ? bankAccountView(link.bankAccount) : null,
      estimatedSendAt: this.estimatedSendAt().toISOString(),
    };
  }

  // ---- requesting ----

  /** The withdrawal a client request id already made (a retry), or 6225 for other details. */
  async existing(userId: string, req: FiatWithdrawalRequest): Promise<FiatWithdrawal | null> {
    const row = await this.deps.db.fiatWithdrawal.findUnique({
      where: { userId_clientRequestId: { userId, clientRequestId: req.clientRequestId } },
    });
    if (!row) return null;
    if (row.currency !== req.currency || !new Decimal(row.amount.toString()).eq(req.amount))
      throw new AppError('FIAT_REQUEST_ID_REUSED');
    return this.view(row);
  }

  /**
   * Requests a withdrawal. Every check runs before the step-up and before anything is written;
   * then one transaction inserts the withdrawal, locks the balance row, checks the amount again
   * (a concurrent request may have taken it) and freezes it.
   */
  request(
    userId: string,
    mode: number,
    req: FiatWithdrawalRequest,
    stepUp: () => Promise<void> = async () => {},
  ): Promise<FiatWithdrawal> {
    // The request id is claimed before the codes are spent: a copy sent at the same instant waits
    // for this one and answers the same.
    return oncePerRequest(
      this.deps.redis,
      requestKey('fiat-withdrawal', userId, req.clientRequestId),
      () => this.requestOnce(userId, mode, req, stepUp),
    );
  }

  private async requestOnce(
    userId: string,
    mode: number,
    req: FiatWithdrawalRequest,
    stepUp: () => Promise<void>,
  ): Promise<FiatWithdrawal> {
    await this.assertMayWithdraw(userId, mode);
    const again = await this.existing(userId, req);
    if (again) return again;
    const q = this.quote(req.currency, req.amount);
    const account = await linkedAccount(this.deps, userId, req.currency);
    const accountName = checkField('accountName', req.accountName);
    const swiftCode = checkField('swiftCode', req.swiftCode).replace(/\s/g, '').toUpperCase();
    const bankState = checkField('bankState', req.bankState, false);
    const bankCity = checkField('bankCity', req.bankCity);
    const recipientAddress = checkField('recipientAddress', req.recipientAddress);
    const recipientCity = checkField('recipientCity', req.recipientCity);
    const recipientState = checkField('recipientState', req.recipientState, false);
    const recipientZip = checkField('recipientZip', req.recipientZip);
    const transitBankName = checkField('transitBankName', req.transitBankName, false);
    const transitText = checkField('transitSwiftCode', req.transitSwiftCode, false);
    const transitSwiftCode = transitText.replace(/\s/g, '').toUpperCase();
    if (swiftCode !== account.swiftCode) throw new AppError('BANK_CARD_NOT_WHITELISTED');
    if (!holderMatches(accountName, [account.holderName]))
      throw new AppError('FIAT_ACCOUNT_NAME_MISMATCH', { holder: account.holderName });
    if (Boolean(transitBankName) !== Boolean(transitSwiftCode))
      throw new AppError('FIAT_TRANSIT_INCOMPLETE');
    if (transitSwiftCode && !isValidSwift(transitSwiftCode))
      throw new AppError('BANK_SWIFT_INVALID');
    const now = this.deps.clock.now();
    const leavable = await withdrawable(this.deps.db, userId, REAL, req.currency, now);
    assertWithdrawable(q.amount, leavable, req.currency);
    await stepUp();

    const at = this.deps.clock.date();
    const c = this.deps.config;
    const reviewMs = c.reviewMinMs + randomInt(Math.max(1, c.reviewMaxMs - c.reviewMinMs + 1));
    let row: Row;
    try {
      row = await this.deps.db.$transaction(async (tx) => {
        const created = await tx.fiatWithdrawal.create({
          data: {
            userId,
            clientRequestId: req.clientRequestId,
            currency: req.currency,
            amount: q.amount.toFixed(),
            estimatedFee: q.fee.toFixed(),
            estimatedReceived: q.received.toFixed(),
            bankAccountId: account.id,
            accountName: account.holderName,
            swiftCode,
            bankState: bankState || null,
            bankCity,
            recipientAddress,
            recipientCity,
            recipientState: recipientState || null,
            recipientZip,
            transitBankName: transitBankName || null,
            transitSwiftCode: transitSwiftCode || null,
            status: 'REVIEW',
            reviewDueAt: new Date(at.getTime() + reviewMs),
            createdAt: at,
            updatedAt: at,
          },
        });
        const left = await lockedWithdrawable(tx, userId, REAL, req.currency, at);
        assertWithdrawable(q.amount, left, req.currency);
        await post(tx, {
          mode: REAL,
          flowType: FlowType.FIAT_WITHDRAWAL_FREEZE,
          refType: 'FIAT_WITHDRAWAL',
          refId: created.id,
          at,
          legs: freezeLegs(userId, req.currency, q.amount),
        });
        return created;
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 3001)
        throw new AppError('INSUFFICIENT_AVAILABLE_BALANCE');
      if (isUniqueViolation(err)) {
        const first = await this.existing(userId, req);
        if (first) return first;
      }
      throw err;
    }
    await this.deps.jobs.enqueue(
      this.stepJob,
      { withdrawalId: row.id },
      { delayMs: reviewMs, jobId: `fiat-withdrawal-review-${row.id}` },
    );
    return this.announce(row);
  }

  /** The user cancels while the withdrawal is under review or in its 24-hour freeze. */
  async cancel(userId: string, id: string): Promise<FiatWithdrawal> {
    const row = await this.deps.db.fiatWithdrawal.findFirst({ where: { id, userId } });
    if (!row) throw new AppError('FIAT_WITHDRAWAL_NOT_FOUND');
    const done = await this.release(row, [...FIAT_WITHDRAWAL_CANCELLABLE], 'CANCELLED', null);
    if (!done) throw new AppError('FIAT_WITHDRAWAL_NOT_CANCELLABLE');
    return this.view(done);
  }

  /**
   * The operator's review decision: REFUSE returns the funds while under review or frozen;
   * APPROVE ends the review now (the freeze and the banking day still apply).
   */
  async decide(
    id: string,
    decision: 'APPROVE' | 'REFUSE',
    reason?: string,
  ): Promise<FiatWithdrawal> {
    const row = await this.deps.db.fiatWithdrawal.findUnique({ where: { id } });
    if (!row) throw new AppError('FIAT_WITHDRAWAL_NOT_FOUND');
    if (decision === 'REFUSE') {
      const done = await this.release(
        row,
        ['REVIEW', 'FROZEN'],
        'REFUSED',
        reason ?? 'Refused by the risk review.',
      );
      if (!done) throw new AppError('FIAT_WITHDRAWAL_NOT_CANCELLABLE');
      return this.view(done);
    }
    await this.deps.db.fiatWithdrawal.updateMany({
      where: { id, status: 'REVIEW' },
      data: { reviewDueAt: this.deps.clock.date() },
    });
    await this.advance(id);
    return this.view(await this.deps.db.fiatWithdrawal.findUniqueOrThrow({ where: { id } }));
  }

  /**
   * The operator's override of the banking-day wait (`npm run fiat:review -- send-now <id>`): a
   * SCHEDULED withdrawal (its review and freeze over) goes to the bank now instead of at its
   * banking instant, audited as an operator override in the same transaction. Any other state is
   * refused (6300). The bank still sends it on its own banking day (its schedule is the bank's).
   * The step job then asks the bank: the running gateway's worker runs it.
   */
  async sendNow(id: string, actor: string): Promise<FiatWithdrawal> {
    const row = await this.deps.db.fiatWithdrawal.findUnique({ where: { id } });
    if (!row) throw new AppError('FIAT_WITHDRAWAL_NOT_FOUND');
    const at = this.deps.clock.date();
    const moved = await this.deps.db.$transaction(async (tx) => {
      const { count } = await tx.fiatWithdrawal.updateMany({
        where: { id, status: 'SCHEDULED' },
        data: { status: 'SENDING', updatedAt: at },
      });
      if (count === 0) return null;
      await writeAudit(tx, {
        actor,
        entity: 'fiat-withdrawal',
        entityKey: id,
        action: 'send-now (operator override of the banking-day wait)',
        before: { status: row.status, scheduledFor: row.scheduledFor?.toISOString() ?? null },
        after: { status: 'SENDING', sentToBankAt: at.toISOString() },
        at,
      });
      return tx.fiatWithdrawal.findUniqueOrThrow({ where: { id } });
    });
    if (!moved) {
      const now = await this.deps.db.fiatWithdrawal.findUniqueOrThrow({ where: { id } });
      throw new AppError('FIAT_WITHDRAWAL_NOT_SCHEDULED', { status: now.status });
    }
    await this.announce(moved);
    await this.deps.jobs.enqueue(
      this.stepJob,
      { withdrawalId: id },
      { jobId: `fiat-withdrawal-send-now-${id}` },
    );
    return this.view(moved);
  }

  // ---- the job ----

  private async later(id: string, due: Date): Promise<void> {
    await this.deps.jobs.enqueue(
      this.stepJob,
      { withdrawalId: id },
      { delayMs: Math.max(0, due.getTime() - this.deps.clock.now()) },
    );
  }

  /**
   * Moves a withdrawal on as far as the clock allows: the review's end (to FROZEN, with the end
   * of the freeze and the banking instant it goes out at), the freeze's end (SCHEDULED), the
   * banking instant (SENDING, then the bank is asked). Early, it queues itself for the due time.
   */
  async advance(id: string): Promise<void> {
    for (;;) {
      const row = await this.deps.db.fiatWithdrawal.findUnique({ where: { id } });
      if (!row) return;
      const now = this.deps.clock.now();
      let next: Row | null;
      if (row.status === 'REVIEW') {
        if (row.reviewDueAt.getTime() > now) return this.later(id, row.reviewDueAt);
        const releaseAt = new Date(row.reviewDueAt.getTime() + this.deps.config.freezeMs);
        next = await this.move(row, ['REVIEW'], 'FROZEN', {
          releaseAt,
          scheduledFor: nextBankingInstant(releaseAt),
        });
      } else if (row.status === 'FROZEN') {
        if (!row.releaseAt || !row.scheduledFor) return;
        if (row.releaseAt.getTime() > now) return this.later(id, row.releaseAt);
        next = await this.move(row, ['FROZEN'], 'SCHEDULED');
      } else if (row.status === 'SCHEDULED') {
        if (!row.scheduledFor) return;
        if (row.scheduledFor.getTime() > now) return this.later(id, row.scheduledFor);
        next = await this.move(row, ['SCHEDULED'], 'SENDING');
      } else if (row.status === 'SENDING') {
        if (!row.bankTransferId) await this.sendOnce(row);
        return;
      } else return;
      // Another change came first: read again and go on from there.
      if (!next) continue;
    }
  }

  /**
   * One caller at a time asks the bank for a withdrawal: two jobs can reach a SENDING withdrawal
   * together (a failed job's retry and the one queued at start, or the operator's send-now and
   * the banking-day job). The bank is idempotent on the withdrawal id, so two calls would still
   * be one transfer; the lock makes it one call. A caller that finds the lock taken fails and is
   * retried by its job, by which time the transfer id is recorded (or the holder's call failed
   * and the lock, released or expired, lets the retry ask).
   */
  private async sendOnce(row: Row): Promise<void> {
    const key = `fiat-withdrawal:${row.id}:sending`;
    const owner = randomUUID();
    const r = this.deps.redis.commands;
    // Longer than any bank call may take; released as soon as the call is over.
    if ((await r.set(key, owner, 'PX', SEND_LOCK_MS, 'NX')) !== 'OK')
      throw new Error(`withdrawal ${row.id} is being sent to the bank by another job`);
    try {
      // Read again under the lock: the holder before may have recorded the transfer.
      const fresh = await this.deps.db.fiatWithdrawal.findUnique({ where: { id: row.id } });
      if (fresh?.status === 'SENDING' && !fresh.bankTransferId) await this.send(fresh);
    } finally {
      await r.eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
        1,
        key,
        owner,
      );
    }
  }

  /**
   * Asks the bank to send the amount to the whitelisted account (idempotent on the withdrawal
   * id, so a retry after a timeout or a restart gets the first transfer back). The bank's final
   * refusal returns the funds; any other error is retried by the job.
   */
  private async send(row: Row): Promise<void> {
    const account = await this.deps.db.bankAccount.findUniqueOrThrow({
      where: { id: row.bankAccountId },
    });
    let transferId: string;
    try {
      ({ transferId } = await this.deps.bank.sendTransfer({
        requestId: row.id,
        currency: row.currency,
        amount: new Decimal(row.amount.toString()).toFixed(),
        beneficiary: {
          name: row.accountName,
          accountNumber: account.accountNumber,
          bankName: account.bankName,
          bankCode: account.bankCode,
          swiftCode: row.swiftCode,
          bankAddress: account.bankAddress,
          ...(row.bankState ? { bankState: row.bankState } : {}),
          ...(row.bankCity ? { bankCity: row.bankCity } : {}),
          ...(row.recipientAddress ? { address: row.recipientAddress } : {}),
          ...(row.recipientCity ? { city: row.recipientCity } : {}),
          ...(row.recipientState ? { state: row.recipientState } : {}),
          ...(row.recipientZip ? { zip: row.recipientZip } : {}),
        },
        ...(row.transitBankName && row.transitSwiftCode
          ? { transitBank: { name: row.transitBankName, swiftCode: row.transitSwiftCode } }
          : {}),
      }));
    } catch (err) {
      if (err instanceof BankRefused) {
        await this.release(row, ['SENDING'], 'FAILED', err.message);
        return;
      }
      throw err;
    }
    // The bank's callback may have come first (it then wrote the transfer id itself).
    await this.deps.db.fiatWithdrawal.updateMany({
      where: { id: row.id, bankTransferId: null },
      data: { bankTransferId: transferId, updatedAt: this.deps.clock.date() },
    });
    const updated = await this.deps.db.fiatWithdrawal.findUniqueOrThrow({ where: { id: row.id } });
    if (updated.status === 'SENDING') await this.announce(updated);
  }

  // ---- the bank's word ----

  /**
   * The bank's signed outcome of a transfer (verified by the route): `transfer.sent` completes
   * the withdrawal (the frozen amount leaves, the intermediary fee the bank reports recorded
   * apart), `transfer.failed` returns the funds. Idempotent on the bank's event id, and a word on
   * a withdrawal no longer SENDING changes nothing.
   */
  async applyTransferEvent(event: BankTransferEvent): Promise<{ duplicate: boolean }> {
    const at = this.deps.clock.date();
    const id = idPayload.shape.withdrawalId.safeParse(event.requestId).success
      ? event.requestId
      : null;
    const result = await this.deps.db.$transaction(async (tx) => {
      const inserted = await tx.$executeRaw`
        INSERT INTO fiat_callback_event (party, "eventId", type, "receivedAt")
        VALUES ('BANK', ${event.eventId}, ${event.type}, ${at})
        ON CONFLICT DO NOTHING`;
      if (inserted === 0) return { duplicate: true, row: null, staged: null };
      if (!id) return { duplicate: false, row: null, staged: null };
      const row = await tx.fiatWithdrawal.findUnique({ where: { id } });
      if (!row) return { duplicate: false, row: null, staged: null };
      const changed =
        event.type === 'transfer.sent'
          ? await this.complete(tx, row, event, at)
          : await this.releaseIn(tx, row, ['SENDING'], 'FAILED', event.reason, at, {
              bankTransferId: row.bankTransferId ?? event.transferId,
            });
      const staged = changed ? await this.stageFinal(tx, changed) : [];
      return { duplicate: false, row: changed, staged };
    });
    if (result.row) await this.announce(result.row);
    if (result.staged) await this.deps.deliverNotices(result.staged);
    return { duplicate: result.duplicate };
  }

  private async complete(
    tx: Tx,
    row: Row,
    event: Extract<BankTransferEvent, { type: 'transfer.sent' }>,
    at: Date,
  ): Promise<Row | null> {
    const amount = new Decimal(row.amount.toString());
    const fee = Decimal.min(amount, new Decimal(event.intermediaryFee));
    const { count } = await tx.fiatWithdrawal.updateMany({
      where: { id: row.id, status: 'SENDING' },
      data: {
        status: 'SENT',
        sentAt: at,
        updatedAt: at,
        actualFee: fee.toFixed(),
        bankTransferId: row.bankTransferId ?? event.transferId,
      },
    });
    if (count === 0) return null;
    const ref = { mode: REAL, refType: 'FIAT_WITHDRAWAL', refId: row.id, at };
    await post(tx, {
      ...ref,
      flowType: FlowType.FIAT_WITHDRAWAL,
      legs: [
        {
          accountId: row.userId,
          asset: row.currency,
          bucket: 'FROZEN',
          amount: amount.minus(fee).neg(),
        },
        {
          accountId: SYSTEM.external,
          asset: row.currency,
          bucket: 'AVAILABLE',
          amount: amount.minus(fee),
        },
      ],
    });
    if (!fee.isZero())
      await post(tx, {
        ...ref,
        flowType: FlowType.FIAT_WITHDRAWAL_FEE,
        legs: [
          { accountId: row.userId, asset: row.currency, bucket: 'FROZEN', amount: fee.neg() },
          // The intermediary bank keeps it, not the exchange.
          { accountId: SYSTEM.external, asset: row.currency, bucket: 'AVAILABLE', amount: fee },
        ],
      });
    // The first transfer fixes the account's currency link.
    await tx.bankAccount.updateMany({
      where: { id: row.bankAccountId, firstTransferAt: null },
      data: { firstTransferAt: at },
    });
    return tx.fiatWithdrawal.findUniqueOrThrow({ where: { id: row.id } });
  }

  /** After a restart: every unfinished withdrawal's job is queued again (it is idempotent). */
  async resume(): Promise<number> {
    const rows = await this.deps.db.fiatWithdrawal.findMany({
      where: { status: { in: ['REVIEW', 'FROZEN', 'SCHEDULED', 'SENDING'] } },
      select: { id: true, status: true, reviewDueAt: true, releaseAt: true, scheduledFor: true },
    });
    for (const r of rows) {
      const due =
        r.status === 'REVIEW'
          ? r.reviewDueAt
          : r.status === 'FROZEN'
            ? r.releaseAt
            : r.scheduledFor;
      await this.later(r.id, due ?? this.deps.clock.date());
    }
    return rows.length;
  }

  // ---- state changes ----

  private async move(
    row: Row,
    from: Status[],
    to: Status,
    data: Prisma.FiatWithdrawalUpdateManyMutationInput = {},
  ): Promise<Row | null> {
    const at = this.deps.clock.date();
    const { count } = await this.deps.db.fiatWithdrawal.updateMany({
      where: { id: row.id, status: { in: from } },
      data: { ...data, status: to, updatedAt: at },
    });
    if (count === 0) return null;
    const updated = await this.deps.db.fiatWithdrawal.findUniqueOrThrow({ where: { id: row.id } });
    await this.announce(updated);
    return updated;
  }

  private async release(
    row: Row,
    from: Status[],
    to: 'REFUSED' | 'FAILED' | 'CANCELLED',
    reason: string | null,
  ): Promise<Row | null> {
    const at = this.deps.clock.date();
    const done = await this.deps.db.$transaction(async (tx) => {
      const updated = await this.releaseIn(tx, row, from, to, reason, at);
      return updated ? { updated, staged: await this.stageFinal(tx, updated) } : null;
    });
    if (!done) return null;
    await this.announce(done.updated);
    await this.deps.deliverNotices(done.staged);
    return done.updated;
  }

  /** Stores the notice of a withdrawal that ended (finalNotice) with the change's transaction. */
  private async stageFinal(tx: Tx, row: Row): Promise<(StagedNotice | null)[]> {
    const notices = finalNotice(row, await this.view(row, tx));
    return notices.length > 0 ? stageNotices(tx, this.deps.clock, notices) : [];
  }

  /** Back to available (one FIAT_WITHDRAWAL_UNFREEZE posting), inside the caller's transaction. */
  private async releaseIn(
    tx: Tx,
    row: Row,
    from: Status[],
    to: 'REFUSED' | 'FAILED' | 'CANCELLED',
    reason: string | null,
    at: Date,
    data: Prisma.FiatWithdrawalUpdateManyMutationInput = {},
  ): Promise<Row | null> {
    const { count } = await tx.fiatWithdrawal.updateMany({
      where: { id: row.id, status: { in: from } },
      data: { ...data, status: to, reason, updatedAt: at },
    });
    if (count === 0) return null;
    await post(tx, {
      mode: REAL,
      flowType: FlowType.FIAT_WITHDRAWAL_UNFREEZE,
      refType: 'FIAT_WITHDRAWAL',
      refId: row.id,
      at,
      legs: freezeLegs(row.userId, row.currency, new Decimal(row.amount.toString()).neg()),
    });
    return tx.fiatWithdrawal.findUniqueOrThrow({ where: { id: row.id } });
  }

  /** Every state change reaches the user's socket; final ones refresh the balance. */
  private async announce(row: Row): Promise<FiatWithdrawal> {
    const view = await this.view(row);
    await this.deps.fanout.publish(privateTopic('fiatWithdrawal', row.userId, REAL), view);
    if (
      row.status === 'REVIEW' ||
      (FIAT_WITHDRAWAL_FINAL as readonly string[]).includes(row.status)
    )
      await refreshAssets(this.deps, row.userId, REAL, [row.currency]);
    return view;
  }
}

/**
 * The user's notice of a withdrawal that ended, stored in the transaction of its change (the
 * notifications outbox): WITHDRAWAL_SENT once the bank sent it, FIAT_WITHDRAWAL_RETURNED when it
 * was refused or failed and the money is back; none for another state.
 */
function finalNotice(row: Row, view: FiatWithdrawal): NotifyInput[] {
  if (row.status === 'SENT')
    return [
      {
        userId: row.userId,
        type: 'WITHDRAWAL_SENT',
        params: {
          mode: REAL,
          asset: view.currency,
          amount: view.amount,
          channel: 'FIAT',
          destination: `${view.bankName} ${view.maskedAccountNumber}`,
          ...(view.bankTransferId ? { reference: view.bankTransferId } : {}),
        },
        dedupeKey: `fiat-withdrawal-sent:${row.id}`,
      },
    ];
  if (row.status === 'REFUSED' || row.status === 'FAILED')
    return [
      {
        userId: row.userId,
        type: 'FIAT_WITHDRAWAL_RETURNED',
        params: {
          asset: view.currency,
          amount: view.amount,
          status: row.status,
          reason: row.reason,
        },
        dedupeKey: `fiat-withdrawal-returned:${row.id}`,
      },
    ];
  return [];
}
