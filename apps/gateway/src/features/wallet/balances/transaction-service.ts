import { Decimal } from 'decimal.js';
import {
  FEE_FLOWS,
  NETWORK_FEE_FLOWS,
  transactionTypeFlows,
  transactionTypeOfFlow,
  type Page,
  type RuntimeMode,
  type WalletTransaction,
  type WalletTransactionQuery,
} from '@exchange/contracts';
import { Prisma, type Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import { historyStart } from './wallet-service.js';

interface ActionRow {
  key: string;
  pending: boolean;
  ref_type: string | null;
  ref_id: string | null;
  tx_id: string;
  flow_type: number;
  at: Date;
  changes: string;
  trade_id: string | null;
  symbol: string | null;
  price: string | null;
  quantity: string | null;
  total: string | null;
  taker_side: string | null;
  maker_user: string | null;
  taker_user: string | null;
  maker_order: string | null;
  taker_order: string | null;
}

/**
 * References whose postings make one line whatever their number of transactions: a trade, an
 * order, a withdrawal (freeze, then completion with its fee, or release), a transfer, a deposit,
 * a flash remittance (whose CDC legs net to nothing for the recipient), a foreign exchange.
 */
const GROUPED_BY_REFERENCE = [
  'TRADE',
  'ORDER',
  'WITHDRAWAL',
  'INTERNAL_TRANSFER',
  'FIAT_WITHDRAWAL',
  'FIAT_DEPOSIT',
  'CRYPTO_DEPOSIT',
  'FLASH_REMITTANCE',
  'FOREIGN_EXCHANGE',
];

/**
 * References whose freeze comes before the money leaves: until then their line is pending, and
 * shows what left the available balance. An order's freeze is not listed (the order history
 * shows open orders).
 */
const PENDING_KINDS = ['WITHDRAWAL', 'FIAT_WITHDRAWAL', 'FLASH_REMITTANCE', 'FOREIGN_EXCHANGE'];

/** numeric(38,18) as text carries trailing zeros: "0.500000000000000000" -> "0.5". */
const exact = (text: string) => new Decimal(text).toFixed();

/**
 * Transaction history as user actions, one line each, grouped in SQL with exact numerics:
 * - the entries of a trade (its settlement and its fee, two postings) share the trade's
 *   reference (`TRADE`, `<shard>:<seq>`) and make one line;
 * - an order's freeze and release (`ORDER`, `<order id>`) move money between the available and
 *   frozen parts of one balance, so they sum to zero per asset and the line is left out: a
 *   balance never changed through them (a real exchange's history lists fills, not orders; the
 *   order history shows cancelled orders);
 * - a withdrawal's postings (freeze, then completion with its fee, or the release) share
 *   (`WITHDRAWAL`, `<id>`) and make one line: pending while only frozen (the frozen amount shown
 *   as what left the available balance), completed once it left (a released one sums to zero
 *   and is left out like an order); so do a fiat withdrawal's (`FIAT_WITHDRAWAL`), a deposit's
 *   (`FIAT_DEPOSIT`, `CRYPTO_DEPOSIT`) and an internal transfer's (`INTERNAL_TRANSFER`);
 * - every other posting (funding, reset, development credit) is one line: its transaction id.
 * A line's change per asset is the sum of its entries over both parts of the balance, the fee
 * kept apart. Lines are paged as lines (a page of 10 actions, not of 10 entries), newest first.
 */
export async function listTransactions(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: RuntimeMode;
  query: WalletTransactionQuery;
}): Promise<Page<WalletTransaction>> {
  const { userId, query: q } = opts;
  const earliest = historyStart(opts.clock.date());
  if (q.startTime !== undefined && q.startTime < earliest.getTime())
    throw new AppError('HISTORY_RANGE_EXCEEDED');
  const from = q.startTime !== undefined ? new Date(q.startTime) : earliest;
  const to =
    q.endTime !== undefined ? Prisma.sql`AND "createdAt" <= ${new Date(q.endTime)}` : Prisma.empty;
  const byAsset = q.asset ? Prisma.sql`AND c.asset = ${q.asset}` : Prisma.empty;
  const byType = q.type
    ? Prisma.sql`AND a.flow_type IN (${Prisma.join([...transactionTypeFlows(q.type)])})`
    : Prisma.empty;

  const fees = Prisma.join([...FEE_FLOWS]);
  const gas = Prisma.join([...NETWORK_FEE_FLOWS]);
  const notAmount = Prisma.join([...FEE_FLOWS, ...NETWORK_FEE_FLOWS]);

  return paged(q, async ({ skip, take }) => {
    const rows = await opts.db.$queryRaw<ActionRow[]>`
      WITH entry AS (
        SELECT CASE WHEN "refType" IN (${Prisma.join([...GROUPED_BY_REFERENCE])}) THEN "refType" || ':' || "refId" ELSE "txId"::text END AS key,
               "refType", "refId", "txId", "flowType", asset, bucket, amount, "createdAt", id
        FROM ledger_entry
        WHERE "accountId" = ${userId} AND mode = ${opts.mode} AND "createdAt" >= ${from} ${to}
      ),
      change AS (
        SELECT key, asset,
               COALESCE(SUM(amount) FILTER (WHERE "flowType" NOT IN (${notAmount})), 0) AS amount,
               -COALESCE(SUM(amount) FILTER (WHERE "flowType" IN (${fees})), 0) AS fee,
               -COALESCE(SUM(amount) FILTER (WHERE "flowType" IN (${gas})), 0) AS network_fee,
               COALESCE(SUM(amount) FILTER (WHERE bucket = 'FROZEN'), 0) AS frozen
        FROM entry GROUP BY key, asset
      ),
      action AS (
        SELECT key, MIN("flowType") AS flow_type, MIN("refType") AS ref_type, MIN("refId") AS ref_id,
               MIN("txId"::text) AS tx_id, MAX("createdAt") AS at, MAX(id) AS last_id
        FROM entry GROUP BY key
      ),
      pending AS (
        SELECT c.key FROM change c JOIN action a ON a.key = c.key
        WHERE a.ref_type IN (${Prisma.join(PENDING_KINDS)})
        GROUP BY c.key
        HAVING bool_and(c.amount = 0 AND c.fee = 0 AND c.network_fee = 0) AND bool_or(c.frozen <> 0)
      ),
      page AS (
        SELECT a.*, a.key IN (SELECT key FROM pending) AS pending FROM action a
        WHERE (EXISTS (SELECT 1 FROM change c WHERE c.key = a.key AND (c.amount <> 0 OR c.fee <> 0 OR c.network_fee <> 0) ${byAsset})
               OR (a.key IN (SELECT key FROM pending) AND EXISTS (SELECT 1 FROM change c WHERE c.key = a.key AND c.frozen <> 0 ${byAsset})))
          ${byType}
        ORDER BY a.at DESC, a.last_id DESC
        OFFSET ${skip} LIMIT ${take}
      )
      SELECT p.key, p.pending, p.ref_type, p.ref_id, p.tx_id, p.flow_type, p.at,
             CASE WHEN p.pending THEN
               (SELECT json_agg(json_build_object('asset', c.asset, 'amount', (-c.frozen)::text, 'fee', '0', 'networkFee', '0') ORDER BY c.asset)
                FROM change c WHERE c.key = p.key AND c.frozen <> 0)::text
             ELSE
               (SELECT json_agg(json_build_object('asset', c.asset, 'amount', c.amount::text, 'fee', c.fee::text, 'networkFee', c.network_fee::text) ORDER BY c.asset)
                FROM change c WHERE c.key = p.key AND (c.amount <> 0 OR c.fee <> 0 OR c.network_fee <> 0))::text
             END AS changes,
             t.id::text AS trade_id, t.symbol, t.price::text AS price, t.quantity::text AS quantity,
             t."quoteAmount"::text AS total, t."takerSide" AS taker_side,
             t."makerUserId"::text AS maker_user, t."takerUserId"::text AS taker_user,
             t."makerOrderId"::text AS maker_order, t."takerOrderId"::text AS taker_order
      FROM page p
      LEFT JOIN spot_trade t ON p.ref_type = 'TRADE'
        AND t.shard = substring(p.ref_id FROM '^(.*):[0-9]+$')
        AND t.seq = substring(p.ref_id FROM ':([0-9]+)$')::int
      ORDER BY p.at DESC, p.last_id DESC`;
    return rows.map((r) => toTransaction(r, userId));
  });
}

function toTransaction(r: ActionRow, userId: string): WalletTransaction {
  const changes = (
    JSON.parse(r.changes) as { asset: string; amount: string; fee: string; networkFee: string }[]
  ).map((c) => ({
    asset: c.asset,
    amount: exact(c.amount),
    fee: exact(c.fee),
    networkFee: exact(c.networkFee),
  }));
  // A line grouped by reference is about that record; any other is its one posting.
  const { ref_type: kind, ref_id: refId } = r;
  return {
    id: r.key,
    reference:
      kind !== null && refId !== null && r.key === `${kind}:${refId}`
        ? { kind, id: refId }
        : { kind: 'POSTING', id: r.tx_id },
    type: transactionTypeOfFlow(r.flow_type),
    flowType: r.flow_type,
    createdAt: r.at.toISOString(),
    changes,
    trade: tradeOf(r, userId),
    pending: r.pending,
  };
}

/** The user's side of the trade; in a trade with itself, the taker's (as my trades shows it). */
function tradeOf(r: ActionRow, userId: string): WalletTransaction['trade'] {
  if (
    r.trade_id === null ||
    r.symbol === null ||
    r.price === null ||
    r.quantity === null ||
    r.total === null
  )
    return null;
  const isMaker = r.maker_user === userId && r.taker_user !== userId;
  const buys = isMaker ? r.taker_side === 'SELL' : r.taker_side === 'BUY';
  return {
    id: r.trade_id,
    orderId: (isMaker ? r.maker_order : r.taker_order) ?? '',
    symbol: r.symbol,
    side: buys ? 'BUY' : 'SELL',
    liquidity: isMaker ? 'MAKER' : 'TAKER',
    price: exact(r.price),
    quantity: exact(r.quantity),
    total: exact(r.total),
  };
}
