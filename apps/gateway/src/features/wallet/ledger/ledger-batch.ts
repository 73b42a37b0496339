import { randomUUID } from 'node:crypto';
import {
  addLegs,
  checkedLegs,
  isSystemAccount,
  type BalanceChange,
  type Posting,
} from './posting.js';

/**
 * Many postings collected for one write: the same double-entry rules as `post()` (legs sum to
 * zero per asset, zero legs dropped, one txId per posting), but the entries go in with one
 * multi-row INSERT and every balance moves once by its net change (settlement's `settle_batch`
 * function), since a batch holds hundreds of trades and a statement per leg would hold row
 * locks for as long.
 */
export class LedgerBatch {
  private readonly entries = {
    txId: [] as string[],
    accountId: [] as string[],
    mode: [] as number[],
    asset: [] as string[],
    bucket: [] as string[],
    amount: [] as string[],
    flowType: [] as number[],
    refType: [] as string[],
    refId: [] as string[],
    createdAt: [] as string[],
  };
  private readonly balances = new Map<string, BalanceChange>();

  get size(): number {
    return this.entries.txId.length;
  }

  post(p: Posting): void {
    const legs = checkedLegs(p);
    if (legs.length === 0) return;
    const txId = randomUUID();
    const at = p.at.toISOString().slice(0, 23);
    const e = this.entries;
    for (const l of legs) {
      e.txId.push(txId);
      e.accountId.push(l.accountId);
      e.mode.push(p.mode);
      e.asset.push(l.asset);
      e.bucket.push(l.bucket);
      e.amount.push(l.amount.toFixed());
      e.flowType.push(p.flowType);
      e.refType.push(p.refType);
      e.refId.push(p.refId);
      e.createdAt.push(at);
    }
    addLegs(this.balances, p, legs);
  }

  /** The entries, one object per leg, for `settle_batch` (jsonb). */
  entryRows(): object[] {
    const e = this.entries;
    return e.txId.map((txId, i) => ({
      txId,
      accountId: e.accountId[i],
      mode: e.mode[i],
      asset: e.asset[i],
      bucket: e.bucket[i],
      amount: e.amount[i],
      flowType: e.flowType[i],
      refType: e.refType[i],
      refId: e.refId[i],
      createdAt: e.createdAt[i],
    }));
  }

  /** Each balance's net change, zero ones left out, for `settle_batch` (jsonb). */
  balanceRows(): object[] {
    return [...this.balances.values()]
      .filter((b) => !b.available.isZero() || !b.frozen.isZero())
      .map((b) => ({
        accountId: b.accountId,
        mode: b.mode,
        asset: b.asset,
        available: b.available.toFixed(),
        frozen: b.frozen.toFixed(),
        isSystem: isSystemAccount(b.accountId),
        at: b.at.toISOString().slice(0, 23),
      }));
  }
}
