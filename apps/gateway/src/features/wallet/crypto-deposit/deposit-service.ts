import { Decimal } from 'decimal.js';
import {
  CHAIN_NETWORKS,
  DEPOSIT_RETRY_AFTER_MS,
  KycPermission,
  RuntimeMode,
  type ChainNetwork,
  type CryptoDeposit,
  type CryptoDepositState,
  type DepositAddress,
  type Page,
  type PageQuery,
} from '@exchange/contracts';
import type { Db, Prisma } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { paged } from '../../../lib/paging.js';
import { assertAccountOpen, requirePermission } from '../../../lib/permissions.js';
import { historyStart } from '../balances/wallet-service.js';
import type { ChainAdapters } from '../chain/chain-adapter.js';
import { toCryptoDeposit } from './deposit-view.js';
import { findNetwork } from './networks.js';

/** Crypto moves Real money only: Demo and Trial have simulated balances and no chain. */
function assertReal(mode: RuntimeMode): void {
  if (mode !== RuntimeMode.REAL) throw new AppError('CRYPTO_WALLET_REAL_ONLY');
}

/**
 * The user's deposit address for an asset on a network: one per user and network kind (ETH and
 * its tokens share it, like any Ethereum wallet), derived by the chain at the user's index and
 * stored on first ask. A stored address is registered with the chain again in the background,
 * so a chain that lost its list keeps reporting (registration is idempotent).
 */
export async function getDepositAddress(opts: {
  db: Db;
  adapters: ChainAdapters;
  userId: string;
  mode: RuntimeMode;
  asset: string;
  network: string;
  log: { warn(obj: object, msg: string): void };
}): Promise<DepositAddress> {
  assertReal(opts.mode);
  const user = await opts.db.user.findUnique({
    where: { id: opts.userId },
    select: { kycLevel: true, engineId: true, cancellationUnderReview: true, cancelledAt: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  assertAccountOpen(user);
  // An opted-out account gets its address too: what it deposits counts against its limit.
  requirePermission(user, opts.mode, KycPermission.CRYPTO_DEPOSIT, { allowLimited: true });
  const listing = await findNetwork(opts.db, opts.asset, opts.network);
  if (!listing.depositEnabled) throw new AppError('CRYPTO_DEPOSIT_SUSPENDED');
  if (listing.coinStatus === 'MAINTENANCE') throw new AppError('COIN_UNDER_MAINTENANCE');
  // An operator's maintenance of the coin (`npm run ops -- asset maintenance`) pauses new addresses.
  const coin = await opts.db.asset.findUnique({
    where: { code: listing.asset },
    select: { maintenanceMessage: true },
  });
  if (coin?.maintenanceMessage) throw new AppError('COIN_UNDER_MAINTENANCE');
  const adapter = opts.adapters[listing.network as ChainNetwork];
  const kind = CHAIN_NETWORKS[listing.network as ChainNetwork];
  const stored = await opts.db.depositAddress.findUnique({
    where: { userId_kind: { userId: opts.userId, kind } },
  });
  let address = stored?.address;
  if (address) {
    adapter
      .depositAddress(user.engineId)
      .catch((err: unknown) => opts.log.warn({ err }, 'deposit address not registered again'));
  } else {
    address = await adapter.depositAddress(user.engineId);
    await opts.db.depositAddress.createMany({
      data: [{ userId: opts.userId, kind, userIndex: user.engineId, address }],
      skipDuplicates: true,
    });
  }
  return {
    asset: listing.asset,
    network: listing.network,
    kind,
    address,
    memo: null,
    minDeposit: listing.minDeposit.toFixed(),
    confirmations: listing.confirmations,
  };
}

/** The user's crypto deposits of the past 6 months, newest first. */
export async function listDeposits(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: RuntimeMode;
  query: PageQuery & {
    asset?: string | undefined;
    network?: string | undefined;
    state?: CryptoDepositState | undefined;
    startTime?: number | undefined;
    endTime?: number | undefined;
  };
}): Promise<Page<CryptoDeposit>> {
  const now = opts.clock.now();
  // Demo and Trial have no crypto deposits: an empty page, not an error (the pages list them).
  if (opts.mode !== RuntimeMode.REAL)
    return { pageNum: opts.query.pageNum, pageSize: opts.query.pageSize, result: [] };
  const earliest = historyStart(opts.clock.date());
  const { startTime, endTime, state } = opts.query;
  if (startTime !== undefined && startTime < earliest.getTime())
    throw new AppError('HISTORY_RANGE_EXCEEDED');
  const overdue = new Date(now - DEPOSIT_RETRY_AFTER_MS);
  // DELAYED includes reviews overdue and not yet marked (see deposit-view.ts).
  const stateWhere: Prisma.CryptoDepositWhereInput =
    state === 'DELAYED'
      ? {
          OR: [{ state: 'DELAYED' }, { state: 'UNAVAILABLE', reviewStartedAt: { lte: overdue } }],
        }
      : state === 'UNAVAILABLE'
        ? { state: 'UNAVAILABLE', reviewStartedAt: { gt: overdue } }
        : state
          ? { state }
          : {};
  return paged(opts.query, async ({ skip, take }) => {
    const rows = await opts.db.cryptoDeposit.findMany({
      where: {
        userId: opts.userId,
        createdAt: {
          gte: startTime !== undefined ? new Date(startTime) : earliest,
          ...(endTime !== undefined ? { lte: new Date(endTime) } : {}),
        },
        ...(opts.query.asset ? { asset: opts.query.asset } : {}),
        ...(opts.query.network ? { network: opts.query.network } : {}),
        ...stateWhere,
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip,
      take,
    });
    return rows.map((r) => toCryptoDeposit(r, now));
  });
}

/**
 * How much of the user's available `asset` comes from crypto deposits credited less than 24
 * hours before `now` (spec section 4: crypto deposits are frozen 24 hours after credit): the
 * withdrawal side subtracts it from the available balance. Takes a transaction client too, so a
 * withdrawal can read it under its own locks.
 */
export async function withdrawalLockedAmount(
  db: Db | Prisma.TransactionClient,
  userId: string,
  asset: string,
  now: Date | number,
): Promise<Decimal> {
  const { _sum } = await db.cryptoDeposit.aggregate({
    _sum: { amount: true },
    where: { userId, asset, state: 'AVAILABLE', withdrawableAt: { gt: new Date(now) } },
  });
  return new Decimal(_sum.amount?.toFixed() ?? '0');
}
