import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowType } from '@exchange/contracts';
import { deployMigrations, dropDatabase } from '@exchange/tooling/db';
import { createDb, type Db } from '../../../../src/db/client.js';
import { createSql, type Sql } from '../../../../src/db/sql.js';
import { LedgerBatch } from '../../../../src/features/wallet/ledger/ledger-batch.js';
import { freezeLegs, post } from '../../../../src/features/wallet/ledger/ledger-service.js';
import {
  compareBalanceKeys,
  compareText,
  type BalanceKey,
} from '../../../../src/features/wallet/ledger/posting.js';
import { PlacementWriter } from '../../../../src/features/trading/orders/order-store.js';
import type { CheckedOrder } from '../../../../src/features/trading/orders/order-rules.js';
import { writeBatch } from '../../../../src/features/trading/settlement/writer.js';
import { databaseUrl } from '../../../helpers/urls.js';
import { until } from '../../../helpers/wait.js';

/*
 * The three ledger writers (post(), settle_batch through LedgerBatch, place_orders) lock
 * balance rows in one key order, or two of them can deadlock. A trigger on balance records the
 * order in which each writer reaches the rows, and can hold every writer after its first row
 * (an advisory lock the test holds), so that two writers taking the same rows in opposite
 * orders would deadlock every time rather than by chance. Each check runs in a database with
 * the C collation and in one with a locale collation (ICU en-US): the keys below sort
 * differently under the two, and differently again under localeCompare.
 */

const ASSETS = ['usd', 'USDT', 'a_b', 'aB', 'zed', 'Zed'];
const BARRIER = 4242;
const INITIAL = '1000';

const SPY = `
CREATE TABLE lock_log (seq serial PRIMARY KEY, "accountId" text, mode int, asset text);
CREATE FUNCTION log_balance_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lock_log ("accountId", mode, asset) VALUES (NEW."accountId", NEW.mode, NEW.asset);
  PERFORM pg_advisory_xact_lock_shared(${BARRIER});
  RETURN NULL;
END $$;
CREATE TRIGGER log_balance_lock AFTER INSERT OR UPDATE ON balance
  FOR EACH ROW EXECUTE FUNCTION log_balance_lock();`;

const collations = [
  { name: 'C', create: `LOCALE 'C'` },
  { name: 'ICU en-US', create: `LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'` },
];

const byLocale = (a: BalanceKey, b: BalanceKey) =>
  a.accountId.localeCompare(b.accountId) || a.mode - b.mode || a.asset.localeCompare(b.asset);
const keyText = (k: BalanceKey) => `${k.accountId}/${k.mode}/${k.asset}`;
/** Accounts of their own for one test: a user, and names that sort differently by locale. */
const accounts = () => {
  const tag = randomUUID().slice(0, 8);
  return [randomUUID(), `${tag}:aB`, `${tag}:a_b`, `${tag}:Ab`];
};

describe.each(collations)('balance locks in a database with the $name collation', (collation) => {
  const url = databaseUrl(
    `exchange_test_lock_order_${collation.name.replace(/\W/g, '').toLowerCase()}_${process.pid}`,
  );
  let db: Db;
  let sql: Sql;
  let admin: pg.Client;
  let cursor = 0;

  beforeAll(async () => {
    await dropDatabase(url);
    const c = new pg.Client({ connectionString: databaseUrl('postgres') });
    await c.connect();
    try {
      const name = new URL(url).pathname.slice(1);
      await c.query(
        `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' ${collation.create}`,
      );
    } finally {
      await c.end();
    }
    await deployMigrations(url);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(SPY);
    db = createDb(url, 4);
    sql = createSql(url, 4);
  }, 120_000);

  afterAll(async () => {
    await admin.end();
    await db.$disconnect();
    await sql.end();
    await dropDatabase(url);
  });

  /** Fresh funded balances for these accounts, every mode and asset; the spy's log emptied. */
  async function fund(accounts: string[], modes: number[]): Promise<BalanceKey[]> {
    const keys = accounts.flatMap((accountId) =>
      modes.flatMap((mode) => ASSETS.map((asset) => ({ accountId, mode, asset }))),
    );
    await admin.query(
      `INSERT INTO balance ("accountId", mode, asset, available, frozen, "updatedAt")
       SELECT a, m, s, $4, 0, now() FROM unnest($1::text[], $2::int[], $3::text[]) AS k(a, m, s)`,
      [keys.map((k) => k.accountId), keys.map((k) => k.mode), keys.map((k) => k.asset), INITIAL],
    );
    await admin.query('TRUNCATE lock_log');
    return keys;
  }

  async function lockLog(): Promise<string[]> {
    const res = await admin.query<BalanceKey>(
      'SELECT "accountId", mode, asset FROM lock_log ORDER BY seq',
    );
    return res.rows.map(keyText);
  }

  /** The keys in the reverse of the expected order: a writer that does not sort them fails. */
  const freezes = (keys: BalanceKey[]) => [...keys].sort(compareBalanceKeys).reverse();

  // The three writers, each freezing 1 on every key it is given (one mode for post()).
  const writers = {
    post: (keys: BalanceKey[]) =>
      db.$transaction((tx) =>
        post(tx, {
          mode: keys[0]?.mode ?? 1,
          flowType: FlowType.SPOT_ORDER_FREEZE,
          refType: 'TEST',
          refId: 'lock-order',
          at: new Date(),
          legs: freezes(keys).flatMap((k) => freezeLegs(k.accountId, k.asset, '1')),
        }),
      ),
    settle_batch: async (keys: BalanceKey[]) => {
      const ledger = new LedgerBatch();
      for (const k of freezes(keys))
        ledger.post({
          mode: k.mode,
          flowType: FlowType.SPOT_ORDER_FREEZE,
          refType: 'TEST',
          refId: keyText(k),
          at: new Date(),
          legs: freezeLegs(k.accountId, k.asset, '1'),
        });
      const client = await sql.connect();
      try {
        await writeBatch(client, {
          shard: 'lock-order',
          from: cursor,
          last: cursor + 1,
          applied: { ledger, changed: [], out: { trades: [], verdicts: [], deltas: [] } },
        });
        cursor += 1;
      } finally {
        client.release();
      }
    },
    place_orders: (keys: BalanceKey[]) => {
      const writer = new PlacementWriter(sql);
      // Placed in the same turn of the event loop: one batch, one call of place_orders.
      return Promise.all(
        freezes(keys).map((k) =>
          writer.place({
            userId: k.accountId,
            mode: k.mode,
            symbol: 'BTC_USDT',
            clientOrderId: null,
            side: 'BUY',
            type: 'LIMIT',
            timeInForce: 'GTC',
            triggerDirection: null,
            checked: {
              spec: {} as CheckedOrder['spec'],
              values: { price: '1', quantity: '1' },
              freezeAsset: k.asset,
              freezeAmount: '1',
            },
            at: new Date(),
          }),
        ),
      );
    },
  };

  it('sorts text as Postgres sorts it COLLATE "C", unlike localeCompare', async () => {
    const words = [
      ...ASSETS,
      'USD',
      'a-b',
      'ab',
      'A',
      '',
      'é',
      'e',
      'Ä',
      'z',
      '€',
      '\uFFFD',
      '\uD83D\uDE00',
      '\uD83D\uDE00a',
      'ｱ',
      'system:fees',
      randomUUID(),
    ];
    const res = await admin.query<{ k: string }>(
      'SELECT k FROM unnest($1::text[]) AS k ORDER BY k COLLATE "C"',
      [words],
    );
    const inC = res.rows.map((r) => r.k);
    expect([...words].sort(compareText)).toEqual(inC);
    expect([...words].sort((a, b) => a.localeCompare(b))).not.toEqual(inC);
    // plain < compares UTF-16 code units, which puts U+1F600 before U+FFFD
    expect([...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).not.toEqual(inC);
  });

  it('post() locks in compareBalanceKeys order', async () => {
    const keys = (await fund(accounts(), [1])).sort(compareBalanceKeys);
    expect(keys.map(keyText)).not.toEqual([...keys].sort(byLocale).map(keyText));
    await writers.post(keys);
    expect(await lockLog()).toEqual(keys.map(keyText));
  });

  it('settle_batch locks in compareBalanceKeys order', async () => {
    const keys = (await fund(accounts(), [2, 1])).sort(compareBalanceKeys);
    await writers.settle_batch(keys);
    expect(await lockLog()).toEqual(keys.map(keyText));
  });

  it('place_orders locks in compareBalanceKeys order', async () => {
    const keys = (await fund([randomUUID(), randomUUID()], [2, 1])).sort(compareBalanceKeys);
    await writers.place_orders(keys);
    expect(await lockLog()).toEqual(keys.map(keyText));
  });

  const pairs = [
    ['post', 'settle_batch'],
    ['post', 'place_orders'],
    ['settle_batch', 'place_orders'],
  ] as const;

  it.each(pairs)(
    '%s and %s over the same balances wait for each other, without deadlock, exactly',
    async (first, second) => {
      const user = randomUUID();
      // 'usd' and 'USDT' lock in opposite orders under localeCompare and COLLATE "C".
      const keys = (await fund([user], [1])).filter((k) => k.asset === 'usd' || k.asset === 'USDT');
      await admin.query('SELECT pg_advisory_lock($1)', [BARRIER]);
      let released = false;
      try {
        const both = Promise.allSettled([writers[first](keys), writers[second](keys)]);
        // Each writer holds its first row and waits at the barrier, or waits for the other's
        // first row: in either case both are waiting on a lock.
        await until(async () => {
          const res = await admin.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return res.rows[0]?.n === 2;
        }, 10_000);
        await admin.query('SELECT pg_advisory_unlock($1)', [BARRIER]);
        released = true;
        const outcomes = await both;
        expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual([
          'ok',
          'ok',
        ]);
      } finally {
        if (!released) await admin.query('SELECT pg_advisory_unlock($1)', [BARRIER]);
      }
      const rows = await admin.query<{ asset: string; available: string; frozen: string }>(
        `SELECT asset, available::text, frozen::text FROM balance
         WHERE "accountId" = $1 AND mode = 1 AND asset = ANY($2) ORDER BY asset COLLATE "C"`,
        [user, ['usd', 'USDT']],
      );
      expect(rows.rows).toEqual([
        { asset: 'USDT', available: '998.000000000000000000', frozen: '2.000000000000000000' },
        { asset: 'usd', available: '998.000000000000000000', frozen: '2.000000000000000000' },
      ]);
    },
  );
});
