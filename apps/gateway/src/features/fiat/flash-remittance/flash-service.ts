import { withinOptedOutLimit } from '../../identity/kyc/opted-out-limit.js';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import {
  CDC_ASSET,
  CDC_DECIMALS,
  EXCHANGE_RATES_KEY,
  FLASH_MESSAGE_MAX,
  FLASH_WHITELIST_MAX_ENTRIES,
  FlowType,
  KycPermission,
  RuntimeMode,
  exchangeRates,
  kycAccessFor,
  maskEmail,
  type FlashCurrencies,
  type FlashRemittance,
  type FlashRemittanceQuery,
  type FlashRemittanceRequest,
  type FlashRemittanceState,
  type FlashTerminationReason,
  type FlashWhitelistEntry,
  type FlashWhitelistRequest,
  type Page,
  type StepUpFields,
} from '@exchange/contracts';
import type { Prisma } from '../../../db/client.js';
import type { FlashRemittance as Row } from '../../../db/generated/client.js';
import type { JobDefinition } from '../../../jobs/jobs.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import { oncePerRequest, requestKey } from '../../../lib/request-claim.js';
import { requirePermission } from '../../../lib/permissions.js';
import { freezeLegs, post, SYSTEM } from '../../wallet/ledger/ledger-service.js';
import { assertNoSecurityLock } from '../../identity/security/security-lock.js';
import { requireStepUp } from '../../identity/security/step-up.js';
import { privateTopic } from '../../platform/socket/fanout.js';
import { historyStart } from '../../wallet/balances/wallet-service.js';
import {
  checkNote,
  isUniqueViolation,
  refreshAssets,
} from '../../wallet/withdrawal/money-out-checks.js';
import {
  assertWithdrawable,
  lockedWithdrawable,
  withdrawable,
} from '../../wallet/withdrawal/holds.js';
import { stageNotices, type StagedNotice } from '../../platform/notifications/notify.js';
import type { FlashDeps } from './flash-remittance-deps.js';

type Tx = Prisma.TransactionClient;
const REAL = RuntimeMode.REAL;
const idPayload = z.object({ remittanceId: z.string().uuid() });
const REF = 'FLASH_REMITTANCE';

/** The exchange's own accounts of flash remittance. */
export const FLASH_SYSTEM = {
  /** Holds the sender's amount between leaving the sender and the recipient's CDC sale. */
  remittance: 'system:flash-remittance',
  /** Issues CDC to the recipient and buys it back at par: its CDC balance nets to zero. */
  cdc: 'system:cdc',
} as const;

type Party = { id: string; uid: string; email: string };

/**
 * Flash remittance (spec trading-account-domain sections 1-6, 8, 9; docs/features/flash-remittance.md).
 * The sender initiates to a recipient of their flash whitelist: the amount is frozen
 * (FLASH_REMITTANCE_FREEZE) and awaits the recipient (AWAITING_RECIPIENT) until `expiresAt`.
 * The recipient agrees (COMPLETED in one database transaction with the four postings of
 * `settle`; PROCESSING is only seen on rows an older gateway left half-way) or rejects
 * (TERMINATED/REJECTED); the clock's job ends it at `expiresAt` (TERMINATED/EXPIRED); the
 * sender may cancel while it awaits (TERMINATED/CANCELLED).
 * Every ending is one conditional update from AWAITING_RECIPIENT, in the same transaction as its
 * posting, so agree, reject, cancel and expiry racing each other end in exactly one outcome.
 */
export class FlashRemittances {
  readonly expiryJob: JobDefinition<typeof idPayload>;

  constructor(private readonly deps: FlashDeps) {
    this.expiryJob = {
      name: 'flash-remittance-expiry',
      payload: idPayload,
      handle: async ({ remittanceId }) => this.expire(remittanceId),
    };
  }

  register(): void {
    this.deps.jobs.register(this.expiryJob);
  }

  // ---- whitelist ----

  private async parties(ids: string[]): Promise<Map<string, Party>> {
    const rows = await this.deps.db.user.findMany({
      where: { id: { in: [...new Set(ids)] } },
      select: { id: true, uid: true, email: true },
    });
    return new Map(rows.map((r) => [r.id, r]));
  }

  async listWhitelist(userId: string): Promise<FlashWhitelistEntry[]> {
    const rows = await this.deps.db.flashWhitelist.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const users = await this.parties(rows.map((r) => r.recipientUserId));
    return rows.map((r) => {
      const u = users.get(r.recipientUserId);
      return {
        id: r.id,
        uid: u?.uid ?? '',
        maskedEmail: u ? maskEmail(u.email) : '',
        note: r.note,
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  /**
   * Adds a recipient by UID or e-mail (the UID whitelist's rules): the input is checked first
   * (it exists, is not the user, is verified and open; the note; the list's size; no duplicate),
   * so a mistake spends no code; then the step-up.
   */
  async addWhitelist(userId: string, req: FlashWhitelistRequest): Promise<FlashWhitelistEntry> {
    const key = req.recipient.trim();
    if (!key) throw new AppError('FLASH_RECIPIENT_NOT_FOUND');
    const note = checkNote(req.note);
    const target = await this.deps.db.user.findFirst({
      where: key.includes('@') ? { email: key.toLowerCase() } : { uid: key },
      select: {
        id: true,
        uid: true,
        email: true,
        kycLevel: true,
        isHouse: true,
        cancelledAt: true,
        cancellationUnderReview: true,
      },
    });
    if (!target || target.isHouse) throw new AppError('FLASH_RECIPIENT_NOT_FOUND');
    if (target.id === userId) throw new AppError('FLASH_RECIPIENT_SELF');
    if (target.cancelledAt || target.cancellationUnderReview)
      throw new AppError('FLASH_RECIPIENT_CLOSED');
    if (kycAccessFor(target.kycLevel, REAL, KycPermission.FLASH_REMITTANCE) !== 'FULL')
      throw new AppError('FLASH_RECIPIENT_NOT_VERIFIED');
    const count = await this.deps.db.flashWhitelist.count({ where: { userId } });
    if (count >= FLASH_WHITELIST_MAX_ENTRIES)
      throw new AppError('FLASH_WHITELIST_FULL', { max: FLASH_WHITELIST_MAX_ENTRIES });
    if (
      await this.deps.db.flashWhitelist.findFirst({ where: { userId, recipientUserId: target.id } })
    )
      throw new AppError('FLASH_WHITELIST_EXISTS');
    await this.stepUp(userId, req);
    try {
      const row = await this.deps.db.flashWhitelist.create({
        data: { userId, recipientUserId: target.id, note, createdAt: this.deps.clock.date() },
      });
      return {
        id: row.id,
        uid: target.uid,
        maskedEmail: maskEmail(target.email),
        note: row.note,
        createdAt: row.createdAt.toISOString(),
      };
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('FLASH_WHITELIST_EXISTS');
      throw err;
    }
  }

  async deleteWhitelist(userId: string, id: string, codes: StepUpFields): Promise<void> {
    const row = await this.deps.db.flashWhitelist.findFirst({ where: { id, userId } });
    if (!row) throw new AppError('FLASH_WHITELIST_NOT_FOUND');
    await this.stepUp(userId, codes);
    await this.deps.db.flashWhitelist.deleteMany({ where: { id, userId } });
  }

  private stepUp(userId: string, codes: StepUpFields): Promise<void> {
    return requireStepUp(this.deps, userId, { totp: codes.googleCode, emailCode: codes.emailCode });
  }

  // ---- reading ----

  private fee(amount: Decimal, decimals: number): Decimal {
    return amount.mul(this.deps.config.feeRate).toDecimalPlaces(decimals, Decimal.ROUND_UP);
  }

  private async decimalsOf(currency: string): Promise<number> {
    const asset = await this.deps.db.asset.findUnique({
      where: { code: currency },
      select: { decimals: true },
    });
    return asset?.decimals ?? 2;
  }

  view(row: Row, side: 'SENT' | 'RECEIVED', users: Map<string, Party>, decimals = 2) {
    const amount = new Decimal(row.amount.toString());
    const fee = row.fee ? new Decimal(row.fee.toString()) : this.fee(amount, decimals);
    const party = (id: string) => {
      const u = users.get(id);
      return { uid: u?.uid ?? '', maskedEmail: u ? maskEmail(u.email) : '' };
    };
    const view: FlashRemittance = {
      id: row.id,
      clientRequestId: side === 'SENT' ? row.clientRequestId : '',
      side,
      sender: party(row.senderId),
      recipient: party(row.recipientId),
      note: side === 'SENT' ? row.note : null,
      currency: row.currency,
      amount: amount.toFixed(),
      fee: fee.toFixed(),
      received: Decimal.max(amount.minus(fee), 0).toFixed(),
      cdcAmount: row.cdcAmount ? new Decimal(row.cdcAmount.toString()).toFixed() : null,
      message: row.message,
      status: row.status as FlashRemittanceState,
      terminationReason: (row.terminationReason as FlashTerminationReason | null) ?? null,
      rejectReason: row.rejectReason,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
    };
    return view;
  }

  private async views(rows: Row[], userId: string): Promise<FlashRemittance[]> {
    const users = await this.parties(rows.flatMap((r) => [r.senderId, r.recipientId]));
    const decimals = new Map<string, number>();
    for (const c of new Set(rows.map((r) => r.currency))) decimals.set(c, await this.decimalsOf(c));
    return rows.map((r) =>
      this.view(r, r.senderId === userId ? 'SENT' : 'RECEIVED', users, decimals.get(r.currency)),
    );
  }

  async list(userId: string, q: FlashRemittanceQuery): Promise<Page<FlashRemittance>> {
    const earliest = historyStart(this.deps.clock.date());
    if (q.startTime !== undefined && q.startTime < earliest.getTime())
      throw new AppError('HISTORY_RANGE_EXCEEDED');
    return paged(q, async ({ skip, take }) => {
      const rows = await this.deps.db.flashRemittance.findMany({
        where: {
          ...(q.side === 'SENT' ? { senderId: userId } : { recipientId: userId }),
          ...(q.currency ? { currency: q.currency } : {}),
          ...(q.status ? { status: q.status } : {}),
          createdAt: {
            gte: q.startTime !== undefined ? new Date(q.startTime) : earliest,
            ...(q.endTime !== undefined ? { lte: new Date(q.endTime) } : {}),
          },
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip,
        take,
      });
      return this.views(rows, userId);
    });
  }

  /** One remittance, to its sender or its recipient. */
  async get(userId: string, id: string): Promise<FlashRemittance> {
    const row = await this.deps.db.flashRemittance.findFirst({
      where: { id, OR: [{ senderId: userId }, { recipientId: userId }] },
    });
    if (!row) throw new AppError('FLASH_REMITTANCE_NOT_FOUND');
    const [view] = await this.views([row], userId);
    return view!;
  }

  /** The fiat currencies the user holds (available above zero), the fee rate, the window. */
  async currencies(userId: string, mode: number): Promise<FlashCurrencies> {
    if (mode !== REAL) throw new AppError('FLASH_REAL_MODE_ONLY');
    const fiat = await this.deps.db.asset.findMany({
      where: { type: 'FIAT', status: 'ACTIVE' },
      select: { code: true, decimals: true, sortOrder: true },
      orderBy: { sortOrder: 'asc' },
    });
    const balances = await this.deps.db.balance.findMany({
      where: { accountId: userId, mode: REAL, asset: { in: fiat.map((a) => a.code) } },
    });
    const held = new Map(balances.map((b) => [b.asset, new Decimal(b.available.toString())]));
    return {
      currencies: fiat
        .filter((a) => held.get(a.code)?.gt(0))
        .map((a) => ({
          currency: a.code,
          available: held.get(a.code)!.toFixed(),
          decimals: a.decimals,
        })),
      feeRate: new Decimal(this.deps.config.feeRate).toFixed(),
      approvalWindowMs: this.deps.config.approvalMs,
    };
  }

  // ---- initiating ----

  /**
   * Real mode, the FLASH_REMITTANCE permission (verified identity, or opted out within its
   * limit: the access says which), no security lock.
   */
  async assertMaySend(userId: string, mode: number): Promise<'FULL' | 'LIMITED'> {
    if (mode !== REAL) throw new AppError('FLASH_REAL_MODE_ONLY');
    const user = await this.deps.db.user.findUnique({
      where: { id: userId },
      select: { kycLevel: true },
    });
    if (!user) throw new AppError('UNAUTHORIZED');
    const access = requirePermission(user, REAL, KycPermission.FLASH_REMITTANCE, {
      allowLimited: true,
    });
    await assertNoSecurityLock(this.deps, userId);
    return access;
  }

  private async existing(userId: string, req: FlashRemittanceRequest): Promise<Row | null> {
    const row = await this.deps.db.flashRemittance.findUnique({
      where: {
        senderId_clientRequestId: { senderId: userId, clientRequestId: req.clientRequestId },
      },
    });
    if (!row) return null;
    if (row.currency !== req.currency || !new Decimal(row.amount.toString()).eq(req.amount))
      throw new AppError('FLASH_REQUEST_ID_REUSED');
    return row;
  }

  /**
   * Initiates a remittance. Every check runs before the step-up and before anything is written;
   * then one transaction inserts it, locks the balance row, checks the amount again and freezes it.
   */
  initiate(
    userId: string,
    mode: number,
    req: FlashRemittanceRequest,
    stepUp: () => Promise<void> = async () => {},
  ): Promise<FlashRemittance> {
    // The request id is claimed before the codes are spent: a copy sent at the same instant waits
    // for this one and answers the same.
    return oncePerRequest(
      this.deps.redis,
      requestKey('flash-remittance', userId, req.clientRequestId),
      () => this.initiateOnce(userId, mode, req, stepUp),
    );
  }

  private async initiateOnce(
    userId: string,
    mode: number,
    req: FlashRemittanceRequest,
    stepUp: () => Promise<void>,
  ): Promise<FlashRemittance> {
    const access = await this.assertMaySend(userId, mode);
    const again = await this.existing(userId, req);
    if (again) return this.get(userId, again.id);
    const entry = await this.deps.db.flashWhitelist.findFirst({
      where: { id: req.whitelistId, userId },
    });
    if (!entry) throw new AppError('FLASH_RECIPIENT_NOT_WHITELISTED');
    const recipient = await this.deps.db.user.findUnique({
      where: { id: entry.recipientUserId },
      select: { kycLevel: true, cancelledAt: true, cancellationUnderReview: true },
    });
    if (!recipient || recipient.cancelledAt || recipient.cancellationUnderReview)
      throw new AppError('FLASH_RECIPIENT_CLOSED');
    if (kycAccessFor(recipient.kycLevel, REAL, KycPermission.FLASH_REMITTANCE) !== 'FULL')
      throw new AppError('FLASH_RECIPIENT_NOT_VERIFIED');
    const asset = await this.deps.db.asset.findUnique({
      where: { code: req.currency },
      select: { type: true, status: true, decimals: true },
    });
    if (!asset || asset.type !== 'FIAT' || asset.status !== 'ACTIVE')
      throw new AppError('FLASH_CURRENCY_NOT_SUPPORTED', { currency: req.currency });
    const amount = new Decimal(req.amount);
    if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > asset.decimals)
      throw new AppError('FLASH_AMOUNT_INVALID', { decimals: asset.decimals });
    const fee = this.fee(amount, asset.decimals);
    if (!fee.isZero() && amount.lte(fee))
      throw new AppError('FLASH_AMOUNT_BELOW_FEE', { fee: fee.toFixed(), currency: req.currency });
    const message = req.message?.trim() || null;
    if (message && [...message].length > FLASH_MESSAGE_MAX)
      throw new AppError('FLASH_MESSAGE_TOO_LONG', { max: FLASH_MESSAGE_MAX });
    // What holds block may not be sent to another user (`withdrawal/holds.ts`).
    const now = this.deps.clock.now();
    const leavable = await withdrawable(this.deps.db, userId, REAL, req.currency, now);
    assertWithdrawable(amount, leavable, req.currency);
    await stepUp();

    const at = this.deps.clock.date();
    const expiresAt = new Date(at.getTime() + this.deps.config.approvalMs);
    let row: Row;
    let staged: (StagedNotice | null)[];
    const budget = {
      access,
      userId,
      permission: 'FLASH_REMITTANCE',
      asset: req.currency,
      amount,
    } as const;
    try {
      ({ row, staged } = await withinOptedOutLimit(this.deps, budget, () =>
        this.deps.db.$transaction(async (tx) => {
          const created = await tx.flashRemittance.create({
            data: {
              senderId: userId,
              recipientId: entry.recipientUserId,
              clientRequestId: req.clientRequestId,
              currency: req.currency,
              amount: amount.toFixed(),
              note: entry.note,
              message,
              status: 'AWAITING_RECIPIENT',
              expiresAt,
              createdAt: at,
              updatedAt: at,
            },
          });
          const left = await lockedWithdrawable(tx, userId, REAL, req.currency, at);
          assertWithdrawable(amount, left, req.currency);
          await post(tx, {
            mode: REAL,
            flowType: FlowType.FLASH_REMITTANCE_FREEZE,
            refType: REF,
            refId: created.id,
            at,
            legs: freezeLegs(userId, req.currency, amount),
          });
          // The recipient's request commits with the frozen money (the notifications outbox).
          const sender = await tx.user.findUniqueOrThrow({
            where: { id: userId },
            select: { uid: true },
          });
          const notice = await stageNotices(tx, this.deps.clock, [
            {
              userId: created.recipientId,
              type: 'FLASH_REMITTANCE_REQUEST',
              params: {
                requestId: created.id,
                asset: created.currency,
                amount: amount.toFixed(),
                fromUid: sender.uid,
                expiresAt: expiresAt.toISOString(),
              },
              dedupeKey: `flash-remittance-request:${created.id}`,
            },
          ]);
          return { row: created, staged: notice };
        }),
      ));
    } catch (err) {
      if (err instanceof AppError && err.code === 3001)
        throw new AppError('INSUFFICIENT_AVAILABLE_BALANCE');
      if (isUniqueViolation(err)) {
        const first = await this.existing(userId, req);
        if (first) return this.get(userId, first.id);
      }
      throw err;
    }
    await this.scheduleExpiry(row);
    await this.announce(row);
    await this.deps.deliverNotices(staged);
    return this.get(userId, row.id);
  }

  private async scheduleExpiry(row: Row): Promise<void> {
    await this.deps.jobs.enqueue(
      this.expiryJob,
      { remittanceId: row.id },
      {
        delayMs: Math.max(0, row.expiresAt.getTime() - this.deps.clock.now()),
        jobId: `flash-remittance-expiry-${row.id}`,
      },
    );
  }

  // ---- deciding ----

  private async awaiting(id: string, where: Prisma.FlashRemittanceWhereInput): Promise<Row> {
    const row = await this.deps.db.flashRemittance.findFirst({ where: { id, ...where } });
    if (!row) throw new AppError('FLASH_REMITTANCE_NOT_FOUND');
    return row;
  }

  private notAwaiting(row: Row): never {
    throw new AppError('FLASH_REMITTANCE_NOT_AWAITING', {
      status: row.terminationReason ?? row.status,
    });
  }

  /** The sender withdraws the request while it awaits the recipient: the funds come back. */
  async cancel(userId: string, id: string): Promise<FlashRemittance> {
    const row = await this.awaiting(id, { senderId: userId });
    await this.decide(row, 'CANCELLED', null);
    return this.get(userId, id);
  }

  /** The recipient rejects (an optional reason): the funds go back to the sender. */
  async reject(userId: string, id: string, reason?: string): Promise<FlashRemittance> {
    const row = await this.awaiting(id, { recipientId: userId });
    const text = reason?.trim() || null;
    if (text && [...text].length > FLASH_MESSAGE_MAX)
      throw new AppError('FLASH_MESSAGE_TOO_LONG', { max: FLASH_MESSAGE_MAX });
    await this.decide(row, 'REJECTED', text);
    return this.get(userId, id);
  }

  /** Rejects or cancels before `expiresAt`; at or after it, the remittance expires instead. */
  private async decide(
    row: Row,
    reason: 'REJECTED' | 'CANCELLED',
    rejectReason: string | null,
  ): Promise<void> {
    const done = await this.terminate(row, reason, rejectReason);
    if (done) return;
    await this.expire(row.id);
    this.notAwaiting(await this.reread(row.id));
  }

  /**
   * The recipient agrees before `expiresAt`: the agreement and the settlement are one database
   * transaction (`complete`: a conditional update from AWAITING_RECIPIENT to COMPLETED with the
   * four postings), so a crash leaves the remittance either awaiting, untouched, or completed;
   * never half-way with the sender's money frozen. An agreement at or after `expiresAt` expires it
   * instead. A retried agreement answers the outcome: the completed remittance (and one left
   * PROCESSING by an older gateway is completed now).
   */
  async agree(userId: string, mode: number, id: string): Promise<FlashRemittance> {
    if (mode !== REAL) throw new AppError('FLASH_REAL_MODE_ONLY');
    const row = await this.awaiting(id, { recipientId: userId });
    if (row.status === 'COMPLETED') return this.get(userId, id);
    if (row.status === 'PROCESSING') {
      await this.complete(row, await this.usdPerUnit(row.currency));
      return this.get(userId, id);
    }
    if (row.status !== 'AWAITING_RECIPIENT') this.notAwaiting(row);
    if (row.expiresAt.getTime() <= this.deps.clock.now()) {
      await this.expire(id);
      this.notAwaiting(await this.reread(id));
    }
    const done = await this.complete(row, await this.usdPerUnit(row.currency));
    if (!done) {
      const now = await this.reread(id);
      if (now.status !== 'COMPLETED') this.notAwaiting(now);
    }
    return this.get(userId, id);
  }

  private reread(id: string): Promise<Row> {
    return this.deps.db.flashRemittance.findUniqueOrThrow({ where: { id } });
  }

  /**
   * The USD value of one unit of a fiat currency from the feed's reference rates (HKD per 100
   * units: rate(currency) / rate(USD)). USD is 1 without a feed.
   */
  private async usdPerUnit(currency: string): Promise<Decimal> {
    if (currency === 'USD') return new Decimal(1);
    const raw = await this.deps.redis.commands.get(EXCHANGE_RATES_KEY);
    const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
    const cur = parsed?.success ? parsed.data.rates[currency] : undefined;
    const usd = parsed?.success ? parsed.data.rates.USD : undefined;
    if (!cur || !usd || new Decimal(usd).lte(0) || new Decimal(cur).lte(0))
      throw new AppError('FLASH_RATE_UNAVAILABLE', { currency });
    return new Decimal(cur).div(usd);
  }

  /**
   * To COMPLETED with the settlement, once, in one transaction: from AWAITING_RECIPIENT (an
   * agreement before `expiresAt`) or from PROCESSING (left by an older gateway that stopped
   * between its two steps). Null when another change came first.
   */
  private async complete(row: Row, usdPerUnit: Decimal): Promise<Row | null> {
    const decimals = await this.decimalsOf(row.currency);
    const at = this.deps.clock.date();
    const agreeing = row.status === 'AWAITING_RECIPIENT';
    const done = await this.deps.db.$transaction(async (tx) => {
      const amount = new Decimal(row.amount.toString());
      const fee = Decimal.min(this.fee(amount, decimals), amount);
      const cdc = amount.mul(usdPerUnit).toDecimalPlaces(CDC_DECIMALS, Decimal.ROUND_DOWN);
      const { count } = await tx.flashRemittance.updateMany({
        where: agreeing
          ? { id: row.id, status: 'AWAITING_RECIPIENT', expiresAt: { gt: at } }
          : { id: row.id, status: 'PROCESSING' },
        data: {
          status: 'COMPLETED',
          ...(agreeing ? { decidedAt: at } : {}),
          fee: fee.toFixed(),
          cdcAmount: cdc.toFixed(),
          completedAt: at,
          updatedAt: at,
        },
      });
      if (count === 0) return null;
      await this.settle(tx, row, amount, fee, cdc, at);
      return tx.flashRemittance.findUniqueOrThrow({ where: { id: row.id } });
    });
    if (done) await this.announce(done);
    return done;
  }

  /**
   * The settlement, four postings in one database transaction:
   * 1. FLASH_REMITTANCE_OUT: the sender's frozen amount leaves to system:flash-remittance.
   * 2. FLASH_REMITTANCE_IN: system:cdc issues the amount's USD value (rounded down to the cent)
   *    to the recipient as CDC.
   * 3. FLASH_REMITTANCE_CDC_SALE: the recipient's CDC is sold back to system:cdc at par, for the
   *    amount in the currency, paid by system:flash-remittance.
   * 4. FLASH_REMITTANCE_FEE: the service fee from the recipient to system:fees (if any).
   * Net: sender -amount, recipient +amount - fee, fees +fee; both system accounts and the
   * recipient's CDC back at zero.
   */
  private async settle(tx: Tx, row: Row, amount: Decimal, fee: Decimal, cdc: Decimal, at: Date) {
    const ref = { mode: REAL, refType: REF, refId: row.id, at };
    const c = row.currency;
    await post(tx, {
      ...ref,
      flowType: FlowType.FLASH_REMITTANCE_OUT,
      legs: [
        { accountId: row.senderId, asset: c, bucket: 'FROZEN', amount: amount.neg() },
        { accountId: FLASH_SYSTEM.remittance, asset: c, bucket: 'AVAILABLE', amount },
      ],
    });
    await post(tx, {
      ...ref,
      flowType: FlowType.FLASH_REMITTANCE_IN,
      legs: [
        { accountId: FLASH_SYSTEM.cdc, asset: CDC_ASSET, bucket: 'AVAILABLE', amount: cdc.neg() },
        { accountId: row.recipientId, asset: CDC_ASSET, bucket: 'AVAILABLE', amount: cdc },
      ],
    });
    await post(tx, {
      ...ref,
      flowType: FlowType.FLASH_REMITTANCE_CDC_SALE,
      legs: [
        { accountId: row.recipientId, asset: CDC_ASSET, bucket: 'AVAILABLE', amount: cdc.neg() },
        { accountId: FLASH_SYSTEM.cdc, asset: CDC_ASSET, bucket: 'AVAILABLE', amount: cdc },
        { accountId: FLASH_SYSTEM.remittance, asset: c, bucket: 'AVAILABLE', amount: amount.neg() },
        { accountId: row.recipientId, asset: c, bucket: 'AVAILABLE', amount },
      ],
    });
    if (!fee.isZero())
      await post(tx, {
        ...ref,
        flowType: FlowType.FLASH_REMITTANCE_FEE,
        legs: [
          { accountId: row.recipientId, asset: c, bucket: 'AVAILABLE', amount: fee.neg() },
          { accountId: SYSTEM.fees, asset: c, bucket: 'AVAILABLE', amount: fee },
        ],
      });
  }

  // ---- the clock ----

  /** The expiry job: at `expiresAt` an awaiting remittance ends (EXPIRED); early, it waits. */
  async expire(id: string): Promise<void> {
    const row = await this.deps.db.flashRemittance.findUnique({ where: { id } });
    if (!row) return;
    if (row.status === 'PROCESSING') {
      // Agreed in time but not processed (an older gateway stopped between its two steps).
      await this.complete(row, await this.usdPerUnit(row.currency));
      return;
    }
    if (row.status !== 'AWAITING_RECIPIENT') return;
    if (row.expiresAt.getTime() > this.deps.clock.now()) {
      await this.deps.jobs.enqueue(
        this.expiryJob,
        { remittanceId: id },
        { delayMs: row.expiresAt.getTime() - this.deps.clock.now() },
      );
      return;
    }
    await this.terminate(row, 'EXPIRED', null);
  }

  /**
   * After a restart: every unfinished remittance's job is queued again (it is idempotent). One
   * left PROCESSING (agreed, not settled) is completed at once, not at its expiry.
   */
  async resume(): Promise<number> {
    const rows = await this.deps.db.flashRemittance.findMany({
      where: { status: { in: ['AWAITING_RECIPIENT', 'PROCESSING'] } },
    });
    for (const r of rows)
      await this.deps.jobs.enqueue(
        this.expiryJob,
        { remittanceId: r.id },
        {
          delayMs:
            r.status === 'PROCESSING'
              ? 0
              : Math.max(0, r.expiresAt.getTime() - this.deps.clock.now()),
        },
      );
    return rows.length;
  }

  /** AWAITING_RECIPIENT -> TERMINATED with the funds back (FLASH_REMITTANCE_UNFREEZE), once. */
  private async terminate(
    row: Row,
    reason: FlashTerminationReason,
    rejectReason: string | null,
  ): Promise<Row | null> {
    const at = this.deps.clock.date();
    const done = await this.deps.db.$transaction(async (tx) => {
      const { count } = await tx.flashRemittance.updateMany({
        where: {
          id: row.id,
          status: 'AWAITING_RECIPIENT',
          // Only the expiry may end it from its expiry on; the parties only before.
          expiresAt: reason === 'EXPIRED' ? { lte: at } : { gt: at },
        },
        data: {
          status: 'TERMINATED',
          terminationReason: reason,
          rejectReason,
          decidedAt: at,
          updatedAt: at,
        },
      });
      if (count === 0) return null;
      await post(tx, {
        mode: REAL,
        flowType: FlowType.FLASH_REMITTANCE_UNFREEZE,
        refType: REF,
        refId: row.id,
        at,
        legs: freezeLegs(row.senderId, row.currency, new Decimal(row.amount.toString()).neg()),
      });
      return tx.flashRemittance.findUniqueOrThrow({ where: { id: row.id } });
    });
    if (done) await this.announce(done);
    return done;
  }

  /** Every state change reaches both sides' sockets and refreshes the balances it moved. */
  private async announce(row: Row): Promise<void> {
    const users = await this.parties([row.senderId, row.recipientId]);
    const decimals = await this.decimalsOf(row.currency);
    for (const [userId, side] of [
      [row.senderId, 'SENT'],
      [row.recipientId, 'RECEIVED'],
    ] as const) {
      await this.deps.fanout.publish(
        privateTopic('flashRemittance', userId, REAL),
        this.view(row, side, users, decimals),
      );
    }
    if (row.status === 'AWAITING_RECIPIENT' || row.status === 'TERMINATED')
      await refreshAssets(this.deps, row.senderId, REAL, [row.currency]);
    if (row.status === 'COMPLETED') {
      await refreshAssets(this.deps, row.senderId, REAL, [row.currency]);
      await refreshAssets(this.deps, row.recipientId, REAL, [row.currency]);
    }
  }
}
