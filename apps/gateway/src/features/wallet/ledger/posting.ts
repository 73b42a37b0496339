import { Decimal } from 'decimal.js';

/**
 * The ledger's sums, exact. Money has up to 18 decimals below 10^15 (MONEY_SCALE and MONEY_MAX
 * in the contracts): 34 significant digits, a sum of legs a few more. decimal.js rounds every
 * result to its constructor's precision, 20 significant digits by default, which dropped the
 * last units of amounts such as 123456789.123456789012345678 (a one-unit imbalance read as
 * 0.000000000002345679, or none at all). Additions at 64 digits are exact.
 */
const Exact = Decimal.clone({ precision: 64 });

/*
 * The ledger's rules, once, for its two writers: `post()` (ledger-service.ts, one transaction
 * inside the caller's) and `LedgerBatch` (ledger-batch.ts, settlement's batches through the
 * `settle_batch` function). The third writer, the freeze in `place_orders`, takes the same
 * balance key order in SQL.
 */

export type Bucket = 'AVAILABLE' | 'FROZEN';

export interface Leg {
  accountId: string;
  asset: string;
  bucket: Bucket;
  /** Signed decimal: positive credits the account's bucket. */
  amount: Decimal.Value;
}

export interface Posting {
  mode: number;
  flowType: number;
  refType: string;
  refId: string;
  legs: readonly Leg[];
  at: Date;
}

export const SYSTEM = {
  /** The other side of simulated Demo and Trial funds. */
  demoFunding: 'system:demo-funding',
  /** Fees collected. */
  fees: 'system:fees',
  /** The other side of money entering or leaving the exchange (deposits, withdrawals, dev credit). */
  external: 'system:external',
} as const;

export const isSystemAccount = (accountId: string): boolean => accountId.startsWith('system:');

/** A leg with its amount exact and non-zero. */
export interface CheckedLeg extends Leg {
  amount: Decimal;
}

/**
 * The posting's legs without the zero ones, after checking that they sum to zero per asset
 * (an unbalanced posting is a bug in its caller, never a user's error).
 */
export function checkedLegs(p: Posting): CheckedLeg[] {
  const legs = p.legs
    .map((l) => ({ ...l, amount: new Exact(l.amount) }))
    .filter((l) => !l.amount.isZero());
  const perAsset = new Map<string, Decimal>();
  for (const l of legs)
    perAsset.set(l.asset, (perAsset.get(l.asset) ?? new Exact(0)).plus(l.amount));
  for (const [asset, sum] of perAsset) {
    if (!sum.isZero())
      throw new Error(
        `Unbalanced posting ${p.refType}/${p.refId}: ${asset} sums to ${sum.toFixed()}`,
      );
  }
  return legs;
}

/** A balance row's key: its primary key. */
export interface BalanceKey {
  accountId: string;
  mode: number;
  asset: string;
}

/** A balance's net change from one or more postings. */
export interface BalanceChange extends BalanceKey {
  available: Decimal;
  frozen: Decimal;
  /** The time of the last posting that moved it. */
  at: Date;
}

/** Adds each leg of a checked posting to the net change of its balance in `changes`. */
export function addLegs(
  changes: Map<string, BalanceChange>,
  p: Posting,
  legs: readonly CheckedLeg[],
): void {
  for (const leg of legs) {
    const key = `${leg.accountId}\u0000${p.mode}\u0000${leg.asset}`;
    let b = changes.get(key);
    if (!b) {
      b = {
        accountId: leg.accountId,
        mode: p.mode,
        asset: leg.asset,
        available: new Exact(0),
        frozen: new Exact(0),
        at: p.at,
      };
      changes.set(key, b);
    }
    if (leg.bucket === 'AVAILABLE') b.available = b.available.plus(leg.amount);
    else b.frozen = b.frozen.plus(leg.amount);
    b.at = p.at;
  }
}

/**
 * Postgres's `COLLATE "C"` order of two strings: by their UTF-8 bytes, which is the order of
 * their code points. Not `localeCompare`, which depends on the locale and puts 'usd' before
 * 'USDT' and 'a_b' before 'aB'; and not plain `<` either, which compares UTF-16 code units and
 * so puts characters above U+FFFF (surrogate pairs) before U+E000-U+FFFF.
 */
export function compareText(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Moves the surrogates (U+D800-DFFF) above U+E000-U+FFFF, where their code points sort. */
const codePointRank = (unit: number): number =>
  unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit;

/**
 * The one order in which every ledger writer locks balance rows, so that two writers never
 * wait for each other in a cycle: by account, mode and asset, text in `COLLATE "C"` order.
 * `settle_batch` and `place_orders` sort with `ORDER BY "accountId" COLLATE "C", mode,
 * asset COLLATE "C"`, the same tuple in the same order.
 */
export function compareBalanceKeys(a: BalanceKey, b: BalanceKey): number {
  return compareText(a.accountId, b.accountId) || a.mode - b.mode || compareText(a.asset, b.asset);
}
