import { Decimal } from 'decimal.js';
import type { Db } from '../../../db/client.js';

const norm = (v: string) => new Decimal(v).toFixed();

export interface AuditResult {
  ok: boolean;
  /** Modes and assets whose entries do not sum to zero. */
  unbalanced: { mode: number; asset: string; sum: string }[];
  /** Balances that differ from the sum of their entries. */
  mismatched: {
    accountId: string;
    mode: number;
    asset: string;
    available: string;
    frozen: string;
    entriesAvailable: string;
    entriesFrozen: string;
  }[];
  /** User balances below zero (the CHECK constraint should make this impossible). */
  negative: number;
  entries: number;
  balances: number;
}

/**
 * Checks the ledger's invariants over the whole database; zero differences means `ok`. All
 * queries read one snapshot (repeatable read), so the audit is exact while trading goes on.
 */
export async function auditLedger(db: Db): Promise<AuditResult> {
  return db.$transaction((tx) => audit(tx as unknown as Db), {
    isolationLevel: 'RepeatableRead',
    timeout: 120_000,
  });
}

async function audit(db: Db): Promise<AuditResult> {
  const unbalanced = await db.$queryRaw<{ mode: number; asset: string; sum: string }[]>`
    SELECT mode, asset, SUM(amount)::text AS sum FROM ledger_entry GROUP BY mode, asset HAVING SUM(amount) <> 0`;
  const mismatched = await db.$queryRaw<AuditResult['mismatched']>`
    WITH e AS (
      SELECT "accountId", mode, asset,
             SUM(CASE WHEN bucket = 'AVAILABLE' THEN amount ELSE 0 END) AS avail,
             SUM(CASE WHEN bucket = 'FROZEN' THEN amount ELSE 0 END) AS froz
      FROM ledger_entry GROUP BY "accountId", mode, asset)
    SELECT COALESCE(b."accountId", e."accountId") AS "accountId", COALESCE(b.mode, e.mode) AS mode,
           COALESCE(b.asset, e.asset) AS asset,
           COALESCE(b.available, 0)::text AS available, COALESCE(b.frozen, 0)::text AS frozen,
           COALESCE(e.avail, 0)::text AS "entriesAvailable", COALESCE(e.froz, 0)::text AS "entriesFrozen"
    FROM balance b FULL JOIN e ON b."accountId" = e."accountId" AND b.mode = e.mode AND b.asset = e.asset
    WHERE COALESCE(b.available, 0) <> COALESCE(e.avail, 0) OR COALESCE(b.frozen, 0) <> COALESCE(e.froz, 0)`;
  const [counts] = await db.$queryRaw<{ negative: bigint; entries: bigint; balances: bigint }[]>`
    SELECT (SELECT COUNT(*) FROM balance WHERE NOT "isSystem" AND (available < 0 OR frozen < 0)) AS negative,
           (SELECT COUNT(*) FROM ledger_entry) AS entries,
           (SELECT COUNT(*) FROM balance) AS balances`;
  const negative = Number(counts?.negative ?? 0);
  return {
    ok: unbalanced.length === 0 && mismatched.length === 0 && negative === 0,
    unbalanced: unbalanced.map((u) => ({ ...u, sum: norm(u.sum) })),
    mismatched: mismatched.map((m) => ({
      ...m,
      available: norm(m.available),
      frozen: norm(m.frozen),
      entriesAvailable: norm(m.entriesAvailable),
      entriesFrozen: norm(m.entriesFrozen),
    })),
    negative,
    entries: Number(counts?.entries ?? 0),
    balances: Number(counts?.balances ?? 0),
  };
}
