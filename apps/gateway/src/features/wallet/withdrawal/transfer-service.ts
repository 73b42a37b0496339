import { withinOptedOutLimit } from '../../identity/kyc/opted-out-limit.js';
import { Decimal } from 'decimal.js';
import {
  FlowType,
  KycPermission,
  type InternalTransfer,
  type InternalTransferQuery,
  type InternalTransferRequest,
  type Page,
  type RuntimeMode,
} from '@exchange/contracts';
import type { Prisma } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import { oncePerRequest, requestKey } from '../../../lib/request-claim.js';
import { post } from '../ledger/ledger-service.js';
import {
  assertMayMoveOut,
  checkAmount,
  exact,
  isUniqueViolation,
  refreshAssets,
} from './money-out-checks.js';
import type { OutDeps } from './withdrawal-deps.js';
import { assertWithdrawable, lockedWithdrawable, withdrawable } from './holds.js';
import { stageNotices, type StagedNotice } from '../../platform/notifications/notify.js';
import { assertUidAllowed } from './whitelist-service.js';

type Deps = Pick<OutDeps, 'db' | 'clock' | 'config' | 'fanout' | 'deliverNotices' | 'redis'>;

/** The clearing account between a transfer's two postings (always back to zero). */
export const TRANSFER_CLEARING = 'system:internal-transfer';

interface Row {
  id: string;
  fromUserId: string;
  toUserId: string;
  clientRequestId: string;
  asset: string;
  amount: Prisma.Decimal;
  createdAt: Date;
}

function view(row: Row, me: string, counterpartyUid: string): InternalTransfer {
  return {
    id: row.id,
    direction: row.fromUserId === me ? 'OUT' : 'IN',
    counterpartyUid,
    asset: row.asset,
    amount: exact(row.amount),
    status: 'COMPLETED',
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The transfer a client request id already made, if any: a retry gets it back unchanged (and
 * needs no new codes); the same id with other details is refused (5220).
 */
export async function existingTransfer(
  deps: Pick<Deps, 'db'>,
  userId: string,
  req: Pick<InternalTransferRequest, 'clientRequestId' | 'uid' | 'asset' | 'amount'>,
): Promise<InternalTransfer | null> {
  const row = await deps.db.internalTransfer.findUnique({
    where: {
      fromUserId_clientRequestId: { fromUserId: userId, clientRequestId: req.clientRequestId },
    },
  });
  if (!row) return null;
  const to = await deps.db.user.findUnique({ where: { id: row.toUserId }, select: { uid: true } });
  if (
    row.asset !== req.asset ||
    !new Decimal(row.amount.toString()).eq(req.amount) ||
    to?.uid !== req.uid.trim()
  )
    throw new AppError('REQUEST_ID_REUSED');
  return view(row, userId, to.uid);
}

/**
 * An internal transfer by UID: instant, no fee, Real mode. Checked before the step-up (so a
 * mistake spends no code): permission (INTERNAL_TRANSFER), security lock, the amount, the recipient (exists, not
 * the sender, may receive), the "whitelisted UIDs only" setting, the amount against what may
 * leave the exchange (`holds.ts`: 5216 while fresh deposits are held); then one database transaction
 * inserts the transfer and posts INTERNAL_TRANSFER_OUT (sender -> clearing) and
 * INTERNAL_TRANSFER_IN (clearing -> recipient) under the balance row's lock. Idempotent on the
 * client request id. Both sides' balances are refreshed and the recipient is notified.
 */
export function transfer(
  deps: Deps,
  userId: string,
  mode: number,
  req: InternalTransferRequest,
  /** The step-up, run once the request is known to be valid (the route's; none in tests of load). */
  stepUp: () => Promise<void> = async () => {},
): Promise<InternalTransfer> {
  // The request id is claimed before the codes are spent: a copy sent at the same instant waits
  // for this one and answers the same.
  return oncePerRequest(deps.redis, requestKey('transfer', userId, req.clientRequestId), () =>
    transferOnce(deps, userId, mode, req, stepUp),
  );
}

async function transferOnce(
  deps: Deps,
  userId: string,
  mode: number,
  req: InternalTransferRequest,
  stepUp: () => Promise<void>,
): Promise<InternalTransfer> {
  const sender = await assertMayMoveOut(deps, userId, mode, KycPermission.INTERNAL_TRANSFER);
  const again = await existingTransfer(deps, userId, req);
  if (again) return again;
  const uid = req.uid.trim();
  if (!uid) throw new AppError('UID_REQUIRED');
  const { value } = await checkAmount(deps.db, req.asset, req.amount);
  const recipient = await deps.db.user.findUnique({
    where: { uid },
    select: { id: true, uid: true, cancelledAt: true, cancellationUnderReview: true },
  });
  if (!recipient) throw new AppError('TRANSFER_UID_NOT_FOUND');
  if (recipient.id === userId) throw new AppError('TRANSFER_TO_SELF');
  if (!mayReceive(recipient)) throw new AppError('TRANSFER_RECIPIENT_UNAVAILABLE');
  await assertUidAllowed(deps, userId, uid);
  // A hold blocks a transfer as it blocks a withdrawal: the recipient could withdraw at once.
  const now = deps.clock.now();
  assertWithdrawable(value, await withdrawable(deps.db, userId, mode, req.asset, now), req.asset);
  await stepUp();

  const at = deps.clock.date();
  let row: Row;
  let staged: (StagedNotice | null)[];
  const budget = {
    access: sender.access,
    userId,
    permission: 'INTERNAL_TRANSFER',
    asset: req.asset,
    amount: value,
  } as const;
  try {
    ({ row, staged } = await withinOptedOutLimit(deps, budget, () =>
      deps.db.$transaction(async (tx) => {
        const created = await tx.internalTransfer.create({
          data: {
            fromUserId: userId,
            toUserId: recipient.id,
            clientRequestId: req.clientRequestId,
            mode,
            asset: req.asset,
            amount: value.toFixed(),
            createdAt: at,
          },
        });
        assertWithdrawable(
          value,
          await lockedWithdrawable(tx, userId, mode, req.asset, at),
          req.asset,
        );
        const ref = { mode, refType: 'INTERNAL_TRANSFER', refId: created.id, at };
        await post(tx, {
          ...ref,
          flowType: FlowType.INTERNAL_TRANSFER_OUT,
          legs: [
            { accountId: userId, asset: req.asset, bucket: 'AVAILABLE', amount: value.neg() },
            { accountId: TRANSFER_CLEARING, asset: req.asset, bucket: 'AVAILABLE', amount: value },
          ],
        });
        await post(tx, {
          ...ref,
          flowType: FlowType.INTERNAL_TRANSFER_IN,
          legs: [
            {
              accountId: TRANSFER_CLEARING,
              asset: req.asset,
              bucket: 'AVAILABLE',
              amount: value.neg(),
            },
            { accountId: recipient.id, asset: req.asset, bucket: 'AVAILABLE', amount: value },
          ],
        });
        // The recipient's notice commits with the money (the notifications outbox).
        const notice = await stageNotices(tx, deps.clock, [
          {
            userId: recipient.id,
            type: 'TRANSFER_RECEIVED',
            params: {
              mode: mode as RuntimeMode,
              asset: req.asset,
              amount: value.toFixed(),
              fromUid: sender.uid,
            },
            dedupeKey: `transfer:${created.id}`,
          },
        ]);
        return { row: created, staged: notice };
      }),
    ));
  } catch (err) {
    if (err instanceof AppError && err.code === 3001)
      throw new AppError('INSUFFICIENT_AVAILABLE_BALANCE');
    if (isUniqueViolation(err)) {
      const first = await existingTransfer(deps, userId, req);
      if (first) return first;
    }
    throw err;
  }
  await refreshAssets(deps, userId, mode, [req.asset]);
  await refreshAssets(deps, recipient.id, mode, [req.asset]);
  await deps.deliverNotices(staged);
  return view(row, userId, recipient.uid);
}

/**
 * Whether an account may receive a transfer (5212 otherwise): not a cancelled account, nor one
 * whose cancellation is under review (it must not receive money while it is being closed).
 */
function mayReceive(user: { cancelledAt: Date | null; cancellationUnderReview: boolean }): boolean {
  return user.cancelledAt === null && !user.cancellationUnderReview;
}

/** Both directions of the user's transfers in the mode, newest first. */
export async function listTransfers(
  deps: Pick<Deps, 'db'>,
  userId: string,
  mode: number,
  q: InternalTransferQuery,
): Promise<Page<InternalTransfer>> {
  return paged(q, async ({ skip, take }) => {
    const sides =
      q.direction === 'OUT'
        ? [{ fromUserId: userId }]
        : q.direction === 'IN'
          ? [{ toUserId: userId }]
          : [{ fromUserId: userId }, { toUserId: userId }];
    const rows = await deps.db.internalTransfer.findMany({
      where: { mode, OR: sides, ...(q.asset ? { asset: q.asset } : {}) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip,
      take,
    });
    const others = [
      ...new Set(rows.map((r) => (r.fromUserId === userId ? r.toUserId : r.fromUserId))),
    ];
    const users = await deps.db.user.findMany({
      where: { id: { in: others } },
      select: { id: true, uid: true },
    });
    const uidOf = new Map(users.map((u) => [u.id, u.uid]));
    return rows.map((r) =>
      view(r, userId, uidOf.get(r.fromUserId === userId ? r.toUserId : r.fromUserId) ?? ''),
    );
  });
}
