import { reserveOptedOut, usdValue } from '../../identity/kyc/opted-out-limit.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { Decimal } from 'decimal.js';
import { z } from 'zod';
import {
  CRYPTO_DEPOSIT_FREEZE_MS,
  DEPOSIT_RETRY_AFTER_MS,
  ErrorCode,
  FlowType,
  KycPermission,
  RuntimeMode,
  kycAccessFor,
  canonicalAddress,
  type ChainCallbackOf,
  type ChainNetwork,
  CHAIN_NETWORKS,
} from '@exchange/contracts';
import type { CryptoDeposit as CryptoDepositRow } from '../../../db/generated/client.js';
import type { Prisma } from '../../../db/client.js';
import type { JobDefinition } from '../../../jobs/jobs.js';
import { AppError } from '../../../lib/app-error.js';
import { SYSTEM, post } from '../ledger/ledger-service.js';
import type { ChainCallbackResult, ChainDeps } from '../chain/chain-callbacks.js';
import { announceCredit, announceDeposit, depositCreditedNotice } from './announce.js';
import { stageNotices, type StagedNotice } from '../../platform/notifications/notify.js';
import { effectiveState, retryAt, toCryptoDeposit } from './deposit-view.js';

type Tx = Prisma.TransactionClient;

/**
 * The risk review of a final deposit (spec section 4: 1-2 minutes). PASS credits it; HOLD leaves
 * it under review, which becomes DELAYED after 10 minutes and can then be retried by the user.
 * A production deployment plugs its screening (address risk scoring, travel rule) in here; the
 * default passes every deposit.
 */
export type DepositRiskCheck = (deposit: {
  id: string;
  userId: string;
  asset: string;
  network: string;
  address: string;
  txId: string;
  amount: string;
  round: number;
}) => Promise<'PASS' | 'HOLD'>;
export const passAll: DepositRiskCheck = () => Promise.resolve('PASS');

export interface DepositDeps extends ChainDeps {
  /** The price feed's rates: an opted-out account's deposits are valued against its limit. */
  redis: RedisConnections;
  riskCheck: DepositRiskCheck;
  /** Logical milliseconds the review takes, drawn in [min, max] (spec: 1-2 minutes). */
  reviewMs: { min: number; max: number };
}

const reviewPayload = z.object({ depositId: z.uuid(), round: z.number().int().nonnegative() });

/** Deposits move only on their row's lock: concurrent callbacks, jobs and retries serialise. */
async function lockDeposit(tx: Tx, id: string): Promise<CryptoDepositRow | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM crypto_deposit WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.cryptoDeposit.findUnique({ where: { id } });
}

/** The deposit flow: the chain's reports, the review jobs and the user's retry. */
export function createDepositFlow(deps: DepositDeps) {
  const reviewJob: JobDefinition<typeof reviewPayload> = {
    name: 'crypto-deposit-review',
    payload: reviewPayload,
    handle: (p) => review(p.depositId, p.round),
  };
  const overdueJob: JobDefinition<typeof reviewPayload> = {
    name: 'crypto-deposit-review-overdue',
    payload: reviewPayload,
    handle: (p) => markOverdue(p.depositId, p.round),
  };

  /** Queues the review of a round (and its overdue check); the job ids make it once per round. */
  async function startReview(
    row: Pick<CryptoDepositRow, 'id' | 'retries' | 'userId'>,
  ): Promise<void> {
    const { min, max } = deps.reviewMs;
    // The exchange's own treasury transfers to its house accounts need no wait for a reviewer
    // (they still pass the same review job and credit the same way).
    const house = await deps.db.user.findUnique({
      where: { id: row.userId },
      select: { isHouse: true },
    });
    const delayMs = house?.isHouse ? 0 : min + Math.floor(Math.random() * (max - min + 1));
    const payload = { depositId: row.id, round: row.retries };
    await deps.jobs.enqueue(reviewJob, payload, {
      delayMs,
      jobId: `deposit-review-${row.id}-${row.retries}`,
    });
    await deps.jobs.enqueue(overdueJob, payload, {
      delayMs: DEPOSIT_RETRY_AFTER_MS,
      jobId: `deposit-overdue-${row.id}-${row.retries}`,
    });
  }

  /** `deposit.update`: a transfer to a deposit address, seen or confirmed once more. */
  async function onUpdate(cb: ChainCallbackOf<'deposit.update'>): Promise<ChainCallbackResult> {
    const network = cb.network as ChainNetwork;
    const kind = CHAIN_NETWORKS[network];
    if (!kind) return { tracking: false };
    const address = canonicalAddress(kind, cb.address);
    const owner = await deps.db.depositAddress.findUnique({ where: { address } });
    const listing = await deps.db.assetNetwork.findUnique({
      where: { asset_network: { asset: cb.asset, network: cb.network } },
    });
    if (!owner || owner.kind !== kind || !listing) {
      // Not an address of ours, or an asset the exchange does not take on this network: the
      // coins are on the address but cannot be credited; support can trace them by tx id.
      deps.log.warn(
        { network: cb.network, asset: cb.asset, txId: cb.txId, address, known: !!owner },
        'chain transfer not creditable',
      );
      return { tracking: false };
    }
    const now = deps.clock.date();
    const result = await deps.db.$transaction(async (tx) => {
      const { count: created } = await tx.cryptoDeposit.createMany({
        data: [
          {
            userId: owner.userId,
            asset: cb.asset,
            network: cb.network,
            address,
            txId: cb.txId,
            outputIndex: cb.outputIndex,
            amount: cb.amount,
            state: 'CONFIRMING',
            confirmations: cb.confirmations,
            confirmationsRequired: listing.confirmations,
            blockHeight: cb.blockHeight,
            blockHash: cb.blockHash,
            createdAt: now,
            updatedAt: now,
          },
        ],
        skipDuplicates: true,
      });
      const [found] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM crypto_deposit
        WHERE network = ${cb.network} AND "txId" = ${cb.txId} AND "outputIndex" = ${cb.outputIndex}`;
      const row = found ? await lockDeposit(tx, found.id) : null;
      if (!row) throw new Error('deposit row vanished');
      const data: Prisma.CryptoDepositUpdateInput = {};
      const otherBlock = cb.blockHash !== row.blockHash;
      if (row.state === 'CONFIRMING' || (row.state === 'DROPPED' && otherBlock)) {
        // A later report (or the transfer mined again in another block after a reorg). A
        // repeated or late report of the same block never moves confirmations back.
        if (otherBlock || cb.confirmations > row.confirmations) {
          Object.assign(data, {
            state: 'CONFIRMING',
            confirmations: cb.confirmations,
            blockHeight: cb.blockHeight,
            blockHash: cb.blockHash,
          });
        }
        const confirmations = (data.confirmations as number | undefined) ?? row.confirmations;
        if (confirmations >= row.confirmationsRequired) {
          if (row.amount.lt(listing.minDeposit)) data.state = 'BELOW_MINIMUM';
          else Object.assign(data, { state: 'UNAVAILABLE', reviewStartedAt: now });
        }
      }
      if (Object.keys(data).length === 0) return { row, changed: created === 1 };
      data.updatedAt = now;
      const updated = await tx.cryptoDeposit.update({ where: { id: row.id }, data });
      return { row: updated, changed: true };
    });
    const { row } = result;
    // Also when nothing changed: a repeat after a crash between the commit and the queueing.
    if (row.state === 'UNAVAILABLE') await startReview(row);
    if (result.changed) await announceDeposit(deps, row);
    return { tracking: row.state === 'CONFIRMING' };
  }

  /** `deposit.dropped`: a reorg removed the transfer. Only a deposit not yet final is dropped. */
  async function onDropped(cb: ChainCallbackOf<'deposit.dropped'>): Promise<ChainCallbackResult> {
    const now = deps.clock.date();
    const row = await deps.db.$transaction(async (tx) => {
      const [found] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM crypto_deposit
        WHERE network = ${cb.network} AND "txId" = ${cb.txId} AND "outputIndex" = ${cb.outputIndex}
        FOR UPDATE`;
      if (!found) return null;
      const current = await tx.cryptoDeposit.findUnique({ where: { id: found.id } });
      if (!current) return null;
      if (current.state !== 'CONFIRMING') {
        // Deeper than the required confirmations: the exchange already counted it final. The
        // credit stays (the ledger never loses an entry); operations must look at it.
        deps.log.error(
          { depositId: current.id, state: current.state, network: cb.network, txId: cb.txId },
          'reorg removed a deposit the exchange counted as final',
        );
        return null;
      }
      return tx.cryptoDeposit.update({
        where: { id: current.id },
        data: { state: 'DROPPED', updatedAt: now },
      });
    });
    if (row) await announceDeposit(deps, row);
    return { tracking: false };
  }

  /** The review job: credits a deposit whose round it is, once. */
  async function review(depositId: string, round: number): Promise<void> {
    const row = await deps.db.cryptoDeposit.findUnique({ where: { id: depositId } });
    if (!row || row.retries !== round || !['UNAVAILABLE', 'DELAYED'].includes(row.state)) return;
    const verdict = await deps.riskCheck({
      id: row.id,
      userId: row.userId,
      asset: row.asset,
      network: row.network,
      address: row.address,
      txId: row.txId,
      amount: row.amount.toFixed(),
      round,
    });
    if (verdict === 'HOLD') {
      deps.log.info({ depositId, round }, 'deposit review held');
      return;
    }
    // An opted-out account's deposits count against its 24-hour deposit budget: one past it
    // stays in review (DELAYED after 10 minutes; the user's retry reviews it again, and passes
    // once the budget has room or the account is verified).
    const release = await reserveDepositBudget(row);
    if (release === 'OVER') {
      deps.log.info({ depositId, round }, 'deposit held: past the opted-out limit');
      return;
    }
    const credited = await credit(depositId, round).catch(async (err: unknown) => {
      await release?.();
      throw err;
    });
    if (!credited) await release?.();
    if (credited) await announceCredit(deps, credited.row, credited.staged);
  }

  async function reserveDepositBudget(row: {
    userId: string;
    asset: string;
    amount: { toFixed(): string };
  }): Promise<(() => Promise<void>) | undefined | 'OVER'> {
    const user = await deps.db.user.findUnique({
      where: { id: row.userId },
      select: { kycLevel: true },
    });
    if (
      kycAccessFor(user?.kycLevel ?? null, RuntimeMode.REAL, KycPermission.CRYPTO_DEPOSIT) !==
      'LIMITED'
    )
      return undefined;
    try {
      return await reserveOptedOut({
        db: deps.db,
        clock: deps.clock,
        userId: row.userId,
        permission: 'CRYPTO_DEPOSIT',
        usd: await usdValue(deps.redis, row.asset, row.amount.toFixed()),
      });
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.KYC_OPTED_OUT_FEATURE_LIMIT.code)
        return 'OVER';
      throw err;
    }
  }

  /**
   * One ledger posting, the state and the user's notice (the outbox), in one transaction on the
   * row's lock: at most once, and never the money without the notice.
   */
  async function credit(
    depositId: string,
    round: number,
  ): Promise<{ row: CryptoDepositRow; staged: (StagedNotice | null)[] } | null> {
    const now = deps.clock.date();
    return deps.db.$transaction(async (tx) => {
      const row = await lockDeposit(tx, depositId);
      if (!row || row.retries !== round || !['UNAVAILABLE', 'DELAYED'].includes(row.state))
        return null;
      const amount = new Decimal(row.amount.toFixed());
      const ledgerTxId = await post(tx, {
        mode: RuntimeMode.REAL,
        flowType: FlowType.CRYPTO_DEPOSIT,
        refType: 'CRYPTO_DEPOSIT',
        refId: row.id,
        at: now,
        legs: [
          { accountId: row.userId, asset: row.asset, bucket: 'AVAILABLE', amount },
          {
            accountId: SYSTEM.external,
            asset: row.asset,
            bucket: 'AVAILABLE',
            amount: amount.neg(),
          },
        ],
      });
      const updated = await tx.cryptoDeposit.update({
        where: { id: row.id },
        data: {
          state: 'AVAILABLE',
          creditedAt: now,
          withdrawableAt: new Date(now.getTime() + CRYPTO_DEPOSIT_FREEZE_MS),
          ledgerTxId,
          updatedAt: now,
        },
      });
      const staged = await stageNotices(tx, deps.clock, [depositCreditedNotice(updated)]);
      return { row: updated, staged };
    });
  }

  /** The overdue job: a review of this round not finished 10 minutes after it started. */
  async function markOverdue(depositId: string, round: number): Promise<void> {
    const now = deps.clock.date();
    const { count } = await deps.db.cryptoDeposit.updateMany({
      where: { id: depositId, retries: round, state: 'UNAVAILABLE' },
      data: { state: 'DELAYED', updatedAt: now },
    });
    if (count === 0) return;
    const row = await deps.db.cryptoDeposit.findUnique({ where: { id: depositId } });
    if (row) await announceDeposit(deps, row);
  }

  /**
   * The user's retry of a delayed deposit (10 minutes after its review started): a new review
   * round starts, as if the deposit had just become final. The earlier round's jobs no longer
   * apply (they check the round).
   */
  async function retry(userId: string, depositId: string) {
    const now = deps.clock.now();
    const row = await deps.db.$transaction(async (tx) => {
      const current = await lockDeposit(tx, depositId);
      if (!current || current.userId !== userId) throw new AppError('CRYPTO_DEPOSIT_NOT_FOUND');
      if (effectiveState(current, now) !== 'DELAYED') {
        const at = retryAt(current);
        if (current.state === 'UNAVAILABLE' && at)
          throw new AppError('CRYPTO_DEPOSIT_RETRY_TOO_EARLY', {
            minutes: Math.max(1, Math.ceil((at.getTime() - now) / 60_000)),
            retryAt: at.toISOString(),
          });
        throw new AppError('CRYPTO_DEPOSIT_NOT_RETRYABLE');
      }
      return tx.cryptoDeposit.update({
        where: { id: current.id },
        data: {
          state: 'UNAVAILABLE',
          reviewStartedAt: new Date(now),
          retries: { increment: 1 },
          updatedAt: new Date(now),
        },
      });
    });
    await startReview(row);
    await announceDeposit(deps, row);
    return toCryptoDeposit(row, now);
  }

  /**
   * At start: the reviews of deposits under review are queued again (a no-op for the rounds
   * whose jobs exist), so a gateway that stopped between a commit and its queueing loses none.
   */
  async function resume(): Promise<number> {
    const rows = await deps.db.cryptoDeposit.findMany({
      where: { state: 'UNAVAILABLE' },
      select: { id: true, retries: true, userId: true },
    });
    for (const row of rows) await startReview(row);
    return rows.length;
  }

  return { reviewJob, overdueJob, onUpdate, onDropped, review, retry, resume };
}
export type DepositFlow = ReturnType<typeof createDepositFlow>;
