import { withinOptedOutLimit } from '../../identity/kyc/opted-out-limit.js';
import { randomInt } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import {
  FlowType,
  KycPermission,
  WITHDRAWAL_CANCELLABLE,
  WITHDRAWAL_FINAL,
  type Page,
  type NotifyInput,
  type RuntimeMode,
  type Withdrawal,
  type WithdrawalPreview,
  type WithdrawalPreviewRequest,
  type WithdrawalQuery,
  type WithdrawalRequest,
  type WithdrawalStatus,
} from '@exchange/contracts';
import type { Prisma } from '../../../db/client.js';
import type { CryptoWithdrawal } from '../../../db/generated/client.js';
import type { JobDefinition } from '../../../jobs/jobs.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import { oncePerRequest, requestKey } from '../../../lib/request-claim.js';
import { freezeLegs, post, SYSTEM } from '../ledger/ledger-service.js';
import { privateTopic } from '../../platform/socket/fanout.js';
import { nightBatchAt } from './batch-window.js';
import {
  assertMayMoveOut,
  assertReal,
  checkAmount,
  isUniqueViolation,
  refreshAssets,
} from './money-out-checks.js';
import { ChainRefused, type OutDeps } from './withdrawal-deps.js';
import { assertWithdrawable, lockedWithdrawable, withdrawable } from './holds.js';
import { stageNotices } from '../../platform/notifications/notify.js';
import { assertAddressAllowed } from './whitelist-service.js';

type Tx = Prisma.TransactionClient;
type Row = CryptoWithdrawal;
const idPayload = z.object({ withdrawalId: z.string().uuid() });

export function withdrawalView(row: Row): Withdrawal {
  const amount = new Decimal(row.amount.toString());
  const fee = new Decimal(row.fee.toString());
  const gas = new Decimal(row.gasFee.toString());
  return {
    id: row.id,
    asset: row.asset,
    network: row.network,
    address: row.address,
    memo: row.memo,
    amount: amount.toFixed(),
    fee: fee.toFixed(),
    gasFee: gas.toFixed(),
    received: amount.minus(fee).minus(gas).toFixed(),
    status: row.status as WithdrawalStatus,
    txId: row.txId,
    reason: row.reason,
    batchAt: row.batchAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * Crypto withdrawals (spec sections 4, 5, 9). A request freezes its amount (one posting,
 * available -> frozen) and starts a 1-2 minute risk review (a job). Approved, it waits for the
 * 09:00 Hong Kong batch when it was requested from 22:00 to 09:00 (a job at that time), then is
 * broadcast through the chain adapter (idempotent on the withdrawal id) and waits for the chain's
 * confirmation: completed, the frozen amount leaves (CRYPTO_WITHDRAWAL, what the address receives,
 * and CRYPTO_WITHDRAWAL_NETWORK_FEE, the chain's gas, to the external account; CRYPTO_WITHDRAWAL_FEE
 * to the fee account). Refused by the review, failed on chain or cancelled
 * by the user before it was sent, the frozen amount goes back (CRYPTO_WITHDRAWAL_UNFREEZE).
 *
 * Every state change is one conditional update from the states it may come from, in the same
 * database transaction as its posting, so concurrent jobs, callbacks and cancellations apply each
 * change exactly once. Jobs check the time on the clock and put themselves back when early, so
 * they may run late, early (tests promote them) or twice.
 */
export class Withdrawals {
  readonly reviewJob: JobDefinition<typeof idPayload>;
  readonly broadcastJob: JobDefinition<typeof idPayload>;

  constructor(private readonly deps: OutDeps) {
    this.reviewJob = {
      name: 'withdrawal-review',
      payload: idPayload,
      handle: async ({ withdrawalId }) => this.review(withdrawalId),
    };
    this.broadcastJob = {
      name: 'withdrawal-broadcast',
      payload: idPayload,
      handle: async ({ withdrawalId }) => this.broadcast(withdrawalId),
    };
  }

  register(): void {
    this.deps.jobs.register(this.reviewJob);
    this.deps.jobs.register(this.broadcastJob);
  }

  // ---- reading ----

  async list(userId: string, mode: number, q: WithdrawalQuery): Promise<Page<Withdrawal>> {
    return paged(q, async ({ skip, take }) => {
      const rows = await this.deps.db.cryptoWithdrawal.findMany({
        where: {
          userId,
          mode,
          ...(q.asset ? { asset: q.asset } : {}),
          ...(q.status ? { status: q.status } : {}),
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip,
        take,
      });
      return rows.map(withdrawalView);
    });
  }

  async get(userId: string, id: string): Promise<Withdrawal> {
    const row = await this.deps.db.cryptoWithdrawal.findFirst({ where: { id, userId } });
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return withdrawalView(row);
  }

  /** The fee rate now: the limited-time rate until its end date, then the standard one. */
  /** The morning batch a request made at `at` waits for, if the night batch is on. */
  batchAt(at: Date): Date | null {
    return this.deps.config.nightBatch ? nightBatchAt(at) : null;
  }

  feeRate(): { rate: Decimal; endsAt: Date | null } {
    const c = this.deps.config;
    if (c.feeRateEndsAt && this.deps.clock.now() >= c.feeRateEndsAt.getTime())
      return { rate: new Decimal(c.feeRateAfter), endsAt: null };
    return { rate: new Decimal(c.feeRate), endsAt: c.feeRateEndsAt };
  }

  /** How much of the asset may leave now: available minus what holds block (`holds.ts`). */
  private withdrawable(userId: string, mode: number, asset: string) {
    return withdrawable(this.deps.db, userId, mode, asset, this.deps.clock.now());
  }

  /**
   * The amounts of a withdrawal: the fee is amount x rate rounded up to the asset's decimals (the
   * exchange never charges less than the rate), the gas is the network's, and the address
   * receives the rest. Refuses an amount below the network minimum or not above fee plus gas.
   */
  private async quote(asset: string, networkCode: string, amountText: string) {
    const network = await this.deps.networks.find(asset, networkCode);
    if (!network) throw new AppError('NETWORK_NOT_SUPPORTED', { asset });
    if (!network.canWithdraw) throw new AppError('COIN_UNDER_MAINTENANCE');
    const { value: amount, decimals } = await checkAmount(this.deps.db, asset, amountText);
    const { rate, endsAt } = this.feeRate();
    const fee = amount.times(rate).toDecimalPlaces(decimals, Decimal.ROUND_UP);
    const gas = new Decimal(network.withdrawalGasFee);
    const min = new Decimal(network.minWithdrawal);
    if (amount.lt(min))
      throw new AppError('WITHDRAWAL_BELOW_MINIMUM', { minAmount: min.toFixed(), asset });
    if (amount.lte(fee.plus(gas)))
      throw new AppError('WITHDRAWAL_BELOW_FEES', { fees: fee.plus(gas).toFixed(), asset });
    return { network, amount, fee, gas, rate, endsAt, min };
  }

  async preview(
    userId: string,
    mode: number,
    req: WithdrawalPreviewRequest,
  ): Promise<WithdrawalPreview> {
    assertReal(mode);
    const q = await this.quote(req.asset, req.network, req.amount);
    const { available, withdrawable } = await this.withdrawable(userId, mode, req.asset);
    return {
      asset: req.asset,
      network: req.network,
      amount: q.amount.toFixed(),
      feeRate: q.rate.toFixed(),
      feeRateEndsAt: q.endsAt?.toISOString() ?? null,
      fee: q.fee.toFixed(),
      gasFee: q.gas.toFixed(),
      received: q.amount.minus(q.fee).minus(q.gas).toFixed(),
      minAmount: q.min.toFixed(),
      available: available.toFixed(),
      withdrawable: withdrawable.toFixed(),
      batchAt: this.batchAt(this.deps.clock.date())?.toISOString() ?? null,
    };
  }

  // ---- requesting ----

  /**
   * The withdrawal a client request id already made: a retry gets it back unchanged (and needs
   * no new codes); the same id with other details is refused (5220).
   */
  async existing(userId: string, req: WithdrawalRequest): Promise<Withdrawal | null> {
    const row = await this.deps.db.cryptoWithdrawal.findUnique({
      where: { userId_clientRequestId: { userId, clientRequestId: req.clientRequestId } },
    });
    if (!row) return null;
    if (
      row.asset !== req.asset ||
      row.network !== req.network ||
      row.address.toLowerCase() !== req.address.trim().toLowerCase() ||
      !new Decimal(row.amount.toString()).eq(req.amount)
    )
      throw new AppError('REQUEST_ID_REUSED');
    return withdrawalView(row);
  }

  /**
   * Requests a withdrawal. Every check runs before the step-up (a mistake spends no code) and
   * before anything is written; then one transaction inserts the withdrawal, locks the balance
   * row, checks the amount against available minus the deposits' 24-hour freeze again (a
   * concurrent request may have taken it), and freezes it.
   */
  request(
    userId: string,
    mode: number,
    req: WithdrawalRequest,
    /** The step-up, run once the request is known to be valid (so a mistake spends no code). */
    stepUp: () => Promise<void> = async () => {},
  ): Promise<Withdrawal> {
    // The request id is claimed before the codes are spent: a copy sent at the same instant waits
    // for this one and answers the same.
    return oncePerRequest(
      this.deps.redis,
      requestKey('withdrawal', userId, req.clientRequestId),
      () => this.requestOnce(userId, mode, req, stepUp),
    );
  }

  private async requestOnce(
    userId: string,
    mode: number,
    req: WithdrawalRequest,
    stepUp: () => Promise<void>,
  ): Promise<Withdrawal> {
    const { access } = await assertMayMoveOut(
      this.deps,
      userId,
      mode,
      KycPermission.CRYPTO_WITHDRAWAL,
    );
    const again = await this.existing(userId, req);
    if (again) return again;
    const typed = req.address.trim();
    if (!typed) throw new AppError('ADDRESS_REQUIRED');
    const q = await this.quote(req.asset, req.network, req.amount);
    if (!this.deps.networks.validAddress(q.network.kind, typed))
      throw new AppError('ADDRESS_FORMAT_INCORRECT');
    const address = this.deps.networks.canonical(q.network.kind, typed);
    await assertAddressAllowed(this.deps, userId, { ...q.network, address });
    assertWithdrawable(q.amount, await this.withdrawable(userId, mode, req.asset), req.asset);
    await stepUp();

    const at = this.deps.clock.date();
    const c = this.deps.config;
    const reviewMs = c.reviewMinMs + randomInt(Math.max(1, c.reviewMaxMs - c.reviewMinMs + 1));
    let row: Row;
    const budget = {
      access,
      userId,
      permission: 'CRYPTO_WITHDRAWAL',
      asset: req.asset,
      amount: q.amount,
    } as const;
    try {
      row = await withinOptedOutLimit(this.deps, budget, () =>
        this.deps.db.$transaction(async (tx) => {
          const created = await tx.cryptoWithdrawal.create({
            data: {
              userId,
              clientRequestId: req.clientRequestId,
              mode,
              asset: req.asset,
              network: req.network,
              address,
              memo: req.memo?.trim() || null,
              amount: q.amount.toFixed(),
              fee: q.fee.toFixed(),
              gasFee: q.gas.toFixed(),
              status: 'REVIEW',
              reviewDueAt: new Date(at.getTime() + reviewMs),
              batchAt: this.batchAt(at),
              createdAt: at,
              updatedAt: at,
            },
          });
          const left = await lockedWithdrawable(tx, userId, mode, req.asset, at);
          assertWithdrawable(q.amount, left, req.asset);
          await post(tx, {
            mode,
            flowType: FlowType.CRYPTO_WITHDRAWAL_FREEZE,
            refType: 'WITHDRAWAL',
            refId: created.id,
            at,
            legs: freezeLegs(userId, req.asset, q.amount),
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
      }
      throw err;
    }
    await this.deps.jobs.enqueue(
      this.reviewJob,
      { withdrawalId: row.id },
      { delayMs: reviewMs, jobId: `withdrawal-review-${row.id}` },
    );
    await this.announce(row);
    return withdrawalView(row);
  }

  /** The user cancels while the withdrawal is under review or waiting for the batch. */
  async cancel(userId: string, id: string): Promise<Withdrawal> {
    const row = await this.deps.db.cryptoWithdrawal.findFirst({ where: { id, userId } });
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    const done = await this.release(row, [...WITHDRAWAL_CANCELLABLE], 'CANCELLED', null);
    if (!done) throw new AppError('WITHDRAWAL_NOT_CANCELLABLE');
    return withdrawalView(done);
  }

  // ---- the operator's review decision ----

  /**
   * Forces the review: REFUSE returns the funds at once while the withdrawal is under review or
   * waiting for the batch; APPROVE ends the review now (the batch window still applies).
   */
  async decide(id: string, decision: 'APPROVE' | 'REFUSE', reason?: string): Promise<Withdrawal> {
    const row = await this.deps.db.cryptoWithdrawal.findUnique({ where: { id } });
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (decision === 'REFUSE') {
      const done = await this.release(
        row,
        ['REVIEW', 'WAITING_BATCH'],
        'REFUSED',
        reason ?? 'Refused by the risk review.',
      );
      if (!done) throw new AppError('WITHDRAWAL_NOT_CANCELLABLE');
      return withdrawalView(done);
    }
    await this.deps.db.cryptoWithdrawal.updateMany({
      where: { id, status: 'REVIEW' },
      data: { reviewDecision: 'APPROVE', reviewDueAt: this.deps.clock.date() },
    });
    await this.review(id);
    return withdrawalView(await this.deps.db.cryptoWithdrawal.findUniqueOrThrow({ where: { id } }));
  }

  // ---- jobs ----

  /** The risk review's end: approve (now, or for the batch) or refuse. */
  async review(id: string): Promise<void> {
    const row = await this.deps.db.cryptoWithdrawal.findUnique({ where: { id } });
    if (!row || row.status !== 'REVIEW') return;
    const now = this.deps.clock.now();
    if (row.reviewDueAt.getTime() > now) {
      await this.deps.jobs.enqueue(
        this.reviewJob,
        { withdrawalId: id },
        { delayMs: row.reviewDueAt.getTime() - now },
      );
      return;
    }
    if (row.reviewDecision === 'REFUSE') {
      await this.release(row, ['REVIEW'], 'REFUSED', 'Refused by the risk review.');
      return;
    }
    const waits = row.batchAt !== null && row.batchAt.getTime() > now;
    const moved = await this.move(row, ['REVIEW'], waits ? 'WAITING_BATCH' : 'BROADCASTING');
    if (!moved) return;
    await this.deps.jobs.enqueue(
      this.broadcastJob,
      { withdrawalId: id },
      waits && row.batchAt
        ? { delayMs: row.batchAt.getTime() - now, jobId: `withdrawal-batch-${id}` }
        : {},
    );
  }

  /**
   * Hands an approved withdrawal to the chain once its batch time has come. The chain is asked
   * with the withdrawal id, so a repeat (a retry after a timeout, a restart) gets the first
   * transaction back; an error other than a refusal is retried by the job.
   */
  async broadcast(id: string): Promise<void> {
    let row = await this.deps.db.cryptoWithdrawal.findUnique({ where: { id } });
    if (!row) return;
    const now = this.deps.clock.now();
    if (row.status === 'WAITING_BATCH') {
      if (row.batchAt && row.batchAt.getTime() > now) {
        await this.deps.jobs.enqueue(
          this.broadcastJob,
          { withdrawalId: id },
          { delayMs: row.batchAt.getTime() - now },
        );
        return;
      }
      row = await this.move(row, ['WAITING_BATCH'], 'BROADCASTING');
      if (!row) return;
    }
    if (row.status !== 'BROADCASTING') return;
    const w = withdrawalView(row);
    let txId: string;
    try {
      ({ txId } = await this.deps.chain.broadcast({
        withdrawalId: row.id,
        asset: row.asset,
        network: row.network,
        address: row.address,
        memo: row.memo,
        amount: w.received,
      }));
    } catch (err) {
      if (err instanceof ChainRefused) {
        await this.release(row, ['BROADCASTING'], 'FAILED', err.message);
        return;
      }
      throw err;
    }
    // Sent: the user is told (in-app, pushed, and by e-mail), the notice stored with the change.
    await this.move(row, ['BROADCASTING'], 'BROADCAST', { txId }, (r) => [sentNotice(r)]);
  }

  // ---- the chain's word ----

  /**
   * The chain's confirmation of a broadcast withdrawal (its signed callback, verified by the
   * caller): CONFIRMED completes it (the frozen amount leaves: amount - fee to the external
   * account, the fee to the fee account), FAILED returns the funds. Idempotent: a repeat, or a
   * word on a withdrawal already final, changes nothing.
   */
  async settle(
    id: string,
    outcome: { status: 'CONFIRMED'; txId: string } | { status: 'FAILED'; reason: string },
  ): Promise<{ applied: boolean }> {
    if (!idPayload.shape.withdrawalId.safeParse(id).success) return { applied: false };
    const row = await this.deps.db.cryptoWithdrawal.findUnique({ where: { id } });
    if (!row || WITHDRAWAL_FINAL.includes(row.status as WithdrawalStatus))
      return { applied: false };
    if (outcome.status === 'FAILED') {
      const done = await this.release(row, ['BROADCASTING', 'BROADCAST'], 'FAILED', outcome.reason);
      return { applied: done !== null };
    }
    const done = await this.transition(
      row,
      ['BROADCASTING', 'BROADCAST'],
      'COMPLETED',
      async (tx, at) => {
        const amount = new Decimal(row.amount.toString());
        const fee = new Decimal(row.fee.toString());
        const gas = new Decimal(row.gasFee.toString());
        const ref = { mode: row.mode, refType: 'WITHDRAWAL', refId: row.id, at };
        const received = amount.minus(fee).minus(gas);
        await post(tx, {
          ...ref,
          flowType: FlowType.CRYPTO_WITHDRAWAL,
          legs: [
            { accountId: row.userId, asset: row.asset, bucket: 'FROZEN', amount: received.neg() },
            { accountId: SYSTEM.external, asset: row.asset, bucket: 'AVAILABLE', amount: received },
          ],
        });
        // The gas leaves to the chain too, but as its own flow: the user's history, statement
        // and fees paid show it.
        if (!gas.isZero())
          await post(tx, {
            ...ref,
            flowType: FlowType.CRYPTO_WITHDRAWAL_NETWORK_FEE,
            legs: [
              { accountId: row.userId, asset: row.asset, bucket: 'FROZEN', amount: gas.neg() },
              { accountId: SYSTEM.external, asset: row.asset, bucket: 'AVAILABLE', amount: gas },
            ],
          });
        if (!fee.isZero())
          await post(tx, {
            ...ref,
            flowType: FlowType.CRYPTO_WITHDRAWAL_FEE,
            legs: [
              { accountId: row.userId, asset: row.asset, bucket: 'FROZEN', amount: fee.neg() },
              { accountId: SYSTEM.fees, asset: row.asset, bucket: 'AVAILABLE', amount: fee },
            ],
          });
        return { txId: outcome.txId, completedAt: at };
      },
    );
    return { applied: done !== null };
  }

  /** After a restart: every unfinished withdrawal's next job is queued again (handlers are idempotent). */
  async resume(): Promise<number> {
    const rows = await this.deps.db.cryptoWithdrawal.findMany({
      where: { status: { in: ['REVIEW', 'WAITING_BATCH', 'BROADCASTING'] } },
      select: { id: true, status: true, reviewDueAt: true, batchAt: true },
    });
    const now = this.deps.clock.now();
    for (const r of rows) {
      const job = r.status === 'REVIEW' ? this.reviewJob : this.broadcastJob;
      const due = r.status === 'REVIEW' ? r.reviewDueAt : r.batchAt;
      await this.deps.jobs.enqueue(
        job,
        { withdrawalId: r.id },
        { delayMs: Math.max(0, (due?.getTime() ?? now) - now) },
      );
    }
    return rows.length;
  }

  // ---- state changes ----

  /** A state change without money moving. */
  private move(
    row: Row,
    from: WithdrawalStatus[],
    to: WithdrawalStatus,
    data: Prisma.CryptoWithdrawalUpdateManyMutationInput = {},
    notices?: (updated: Row) => NotifyInput[],
  ): Promise<Row | null> {
    return this.transition(row, from, to, async () => data, notices);
  }

  /** Back to available: refused, failed or cancelled (one CRYPTO_WITHDRAWAL_UNFREEZE posting). */
  private release(
    row: Row,
    from: WithdrawalStatus[],
    to: 'REFUSED' | 'FAILED' | 'CANCELLED',
    reason: string | null,
  ): Promise<Row | null> {
    return this.transition(row, from, to, async (tx, at) => {
      await post(tx, {
        mode: row.mode,
        flowType: FlowType.CRYPTO_WITHDRAWAL_UNFREEZE,
        refType: 'WITHDRAWAL',
        refId: row.id,
        at,
        legs: freezeLegs(row.userId, row.asset, new Decimal(row.amount.toString()).neg()),
      });
      return { reason };
    });
  }

  /**
   * One state change: a conditional update from `from` in a transaction with `effect`'s postings
   * and the user's `notices` (the notifications outbox); null when another change came first
   * (nothing is done). Then the push, the balance refresh and the notices' delivery.
   */
  private async transition(
    row: Row,
    from: WithdrawalStatus[],
    to: WithdrawalStatus,
    effect: (tx: Tx, at: Date) => Promise<Prisma.CryptoWithdrawalUpdateManyMutationInput>,
    notices?: (updated: Row) => NotifyInput[],
  ): Promise<Row | null> {
    const at = this.deps.clock.date();
    const done = await this.deps.db.$transaction(async (tx) => {
      const { count } = await tx.cryptoWithdrawal.updateMany({
        where: { id: row.id, status: { in: from } },
        data: { status: to, updatedAt: at },
      });
      if (count === 0) return null;
      const extra = await effect(tx, at);
      const updated = await tx.cryptoWithdrawal.update({ where: { id: row.id }, data: extra });
      const staged = notices ? await stageNotices(tx, this.deps.clock, notices(updated)) : [];
      return { updated, staged };
    });
    if (!done) return null;
    await this.announce(done.updated);
    await this.deps.deliverNotices(done.staged);
    return done.updated;
  }

  /** Every state change reaches the user's socket; money moves refresh the balance. */
  private async announce(row: Row): Promise<void> {
    await this.deps.fanout.publish(
      privateTopic('withdrawal', row.userId, row.mode),
      withdrawalView(row),
    );
    await refreshAssets(this.deps, row.userId, row.mode, [row.asset]);
  }
}

/** A withdrawal on its way: WITHDRAWAL_SENT, once per withdrawal. */
function sentNotice(row: Row): NotifyInput {
  const w = withdrawalView(row);
  return {
    userId: row.userId,
    type: 'WITHDRAWAL_SENT',
    params: {
      mode: row.mode as RuntimeMode,
      asset: w.asset,
      amount: w.amount,
      channel: 'CRYPTO',
      destination: w.address,
      reference: w.txId ?? undefined,
    },
    dedupeKey: `withdrawal-sent:${row.id}`,
  };
}
