import { execFileSync } from 'node:child_process';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  EXCHANGE_RATES_KEY,
  FLASH_REMITTANCE_PATHS as FLASH,
  FOREIGN_EXCHANGE_PATHS as FX,
  RuntimeMode,
  WITHDRAWAL_PATHS as W,
  tronAddress,
  type FlashRemittance,
  type FlashWhitelistEntry,
  type FxQuote,
} from '@exchange/contracts';
import { build, signIn, type TestApp } from '../helpers/build.js';
import { startEngine } from '../helpers/engine.js';
import { sleep, until } from '../helpers/wait.js';
import { auditLedger } from '../../src/features/wallet/ledger/audit.js';
import { account, codes, credit, FakeChain, type Account } from './wallet/withdrawal/setup.js';

/**
 * Postgres drops the gateway's connections again and again (pg_terminate_backend, as an admin
 * shutdown or a failover does: 57P01) while money moves: the gateway must stay up, answer every
 * request with an envelope (success or a clear error), and the ledger must still balance.
 */
const chain = new FakeChain();
let t: TestApp;
let engine: { stop(): Promise<void> };
let dbName: string;

beforeAll(async () => {
  t = await build(
    {
      DEMO_FUNDING: 'USDT=100000,USD=100000',
      ORDER_VERDICT_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '10000',
    },
    { withdrawalChain: chain },
  );
  dbName = new URL(t.env.DATABASE_URL).pathname.slice(1);
  engine = await startEngine(t);
  await t.app.redis.commands.set(
    EXCHANGE_RATES_KEY,
    JSON.stringify({ ts: Date.now(), quote: 'HKD', units: 100, rates: { USD: '780', EUR: '900' } }),
  );
});
afterAll(async () => {
  await engine?.stop();
  await t?.close();
});

const DAY = 24 * 3_600_000;

/** A verified account whose session outlives the clock moves of the step-up codes. */
async function longLived(opts: { authenticator?: boolean } = {}): Promise<Account> {
  const a = await account(t, opts);
  await t.app.db.session.updateMany({
    where: { userId: a.userId },
    data: { accessExpiresAt: new Date(t.clock.now() + 30 * DAY) },
  });
  return a;
}

interface Answer {
  status: number;
  code: string | undefined;
  data: unknown;
}

/** Every answer, by flow: each must be an envelope with a code. */
const answers: { flow: string; answer: Answer }[] = [];

async function send(
  flow: string,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  mode: number = RuntimeMode.REAL,
): Promise<Answer> {
  const res = await Promise.race([
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'runtime-mode': String(mode) },
      ...(payload ? { payload } : {}),
    }),
    sleep(20_000).then(() => null),
  ]);
  let answer: Answer;
  if (res === null) answer = { status: 0, code: undefined, data: 'no answer within 20 s' };
  else {
    let body: { code?: unknown; data?: unknown } = {};
    try {
      body = res.json();
    } catch {
      body = { data: res.body };
    }
    answer = {
      status: res.statusCode,
      code: typeof body.code === 'string' ? body.code : undefined,
      data: body.data,
    };
  }
  answers.push({ flow, answer });
  return answer;
}

/** Step-up codes, made again when the test's own write to the database was cut. */
async function freshCodes(a: Account) {
  for (let i = 0; ; i++) {
    try {
      return await codes(t, a);
    } catch (err) {
      if (i >= 200) throw err;
      await sleep(5 + Math.random() * 30);
    }
  }
}

let serial = 0;
const rid = (flow: string) => `${flow}-${Date.now()}-${(serial += 1)}`;

/**
 * Terminates, from another process, the first backend of `applicationName` that has finished
 * its startup, waiting up to 10 s for it. It runs while this process is blocked, so the
 * connection's "ready" and its termination reach node-postgres together, in one read.
 */
function terminateOnceReady(applicationName: string): void {
  const script = `
    const pg = require('pg');
    (async () => {
      const c = new pg.Client({ connectionString: process.env.ADMIN_URL });
      await c.connect();
      for (let i = 0; i < 1000; i++) {
        const r = await c.query(
          "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND state = 'idle'",
          [process.env.DB_NAME, process.env.APP_NAME],
        );
        if (r.rowCount) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await c.end();
    })();`;
  execFileSync(process.execPath, ['-e', script], {
    env: {
      ...process.env,
      ADMIN_URL: t.env.DATABASE_URL.replace(/\/[^/]*$/, '/postgres'),
      DB_NAME: dbName,
      APP_NAME: applicationName,
    },
    stdio: 'inherit',
    timeout: 15_000,
  });
}

describe('a connection Postgres drops as the pool hands it out', () => {
  it('is reported and replaced, not an uncaught error that ends the gateway', async () => {
    const pool = t.app.sql;
    // An empty pool, so the next checkout makes a new connection.
    const idle: pg.PoolClient[] = [];
    while (pool.idleCount > 0) idle.push(await pool.connect());
    for (const c of idle) c.release(new Error('emptying the pool'));
    const before = new Set((pool as unknown as { _clients: pg.Client[] })._clients);
    const checkout = pool.connect();
    const fresh = (pool as unknown as { _clients: pg.Client[] })._clients.find(
      (c) => !before.has(c),
    );
    const stream = (fresh as unknown as { connection: { stream: Socket } }).connection.stream;
    // Once the startup message is out, this process stops reading until the backend is gone.
    await new Promise((resolve) => stream.once('connect', resolve));
    terminateOnceReady('gateway-sql');
    const client = await checkout;
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });
});

describe('Postgres drops every connection of the test database under money flows', () => {
  it('keeps the gateway up, answers every request, and the ledger still balances', async () => {
    // The parties, set up before the faults start.
    const withdrawer = await longLived();
    await credit(t, withdrawer.userId, 'USDT', '100000');
    const sender = await longLived();
    const receiver = await longLived({ authenticator: false });
    await credit(t, sender.userId, 'USDT', '100000');
    const remitter = await longLived();
    const payee = await longLived();
    await credit(t, remitter.userId, 'USD', '100000');
    const entry = await send('setup', remitter.token, 'POST', FLASH.whitelist, {
      recipient: payee.uid,
      note: 'Payee',
      ...(await codes(t, remitter)),
    });
    expect(entry.code).toBe('200');
    const whitelistId = (entry.data as FlashWhitelistEntry).id;
    const changer = await longLived({ authenticator: false });
    await credit(t, changer.userId, 'USD', '100000');
    const seller = await signIn(t);
    const buyer = await signIn(t);
    for (const u of [seller, buyer])
      await t.app.db.session.updateMany({
        where: { userId: u.userId },
        data: { accessExpiresAt: new Date(t.clock.now() + 30 * DAY) },
      });
    const ask = await send(
      'setup',
      seller.token,
      'POST',
      '/v1/spot-order/place',
      { symbol: 'USDT_USD', side: 'SELL', type: 'LIMIT', price: '1', amount: '50000' },
      RuntimeMode.DEMO,
    );
    expect(ask.code).toBe('200');

    const address = tronAddress(new Uint8Array(20).fill(7));
    const flows: Record<string, () => Promise<void>> = {
      withdrawal: async () => {
        await send('withdrawal', withdrawer.token, 'POST', W.withdrawals, {
          clientRequestId: rid('w'),
          asset: 'USDT',
          network: 'TRX',
          address,
          amount: '20',
          ...(await freshCodes(withdrawer)),
        });
      },
      transfer: async () => {
        await send('transfer', sender.token, 'POST', W.internalTransfers, {
          clientRequestId: rid('t'),
          uid: receiver.uid,
          asset: 'USDT',
          amount: '1.5',
          ...(await freshCodes(sender)),
        });
      },
      remittance: async () => {
        const made = await send('remittance', remitter.token, 'POST', FLASH.remittances, {
          clientRequestId: rid('f'),
          whitelistId,
          currency: 'USD',
          amount: '10',
          message: 'Under faults',
          ...(await freshCodes(remitter)),
        });
        if (made.code !== '200') return;
        const id = (made.data as FlashRemittance).id;
        await send('remittance', payee.token, 'POST', FLASH.agree(id));
      },
      fx: async () => {
        const quote = await send('fx', changer.token, 'POST', FX.quotes, {
          from: 'USD',
          to: 'HKD',
          amount: '10',
        });
        if (quote.code !== '200') return;
        await send('fx', changer.token, 'POST', FX.exchanges, {
          quoteId: (quote.data as FxQuote).id,
          clientRequestId: rid('x'),
        });
      },
      rapidBuy: async () => {
        await send(
          'rapidBuy',
          buyer.token,
          'POST',
          '/v1/rapid-buy/orders',
          { clientRequestId: rid('r'), usdAmount: '5' },
          RuntimeMode.DEMO,
        );
      },
    };

    // The fault: every other connection to the test database is terminated every 10 to 30 ms,
    // in storms of 0.6 s with 1.5 s of calm between them (so that some of each flow also succeed
    // and are checked against the ledger).
    const admin = new pg.Client({
      connectionString: t.env.DATABASE_URL.replace(/\/[^/]*$/, '/postgres'),
    });
    await admin.connect();
    let killing = true;
    let kills = 0;
    const killer = (async () => {
      while (killing) {
        const calmAt = Date.now() + 600;
        while (killing && Date.now() < calmAt) {
          const res = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = $1 AND pid <> pg_backend_pid()`,
            [dbName],
          );
          kills += res.rowCount ?? 0;
          await sleep(10 + Math.random() * 20);
        }
        await sleep(1500);
      }
    })();

    const stopAt = Date.now() + 10_000;
    // Readiness probes alongside, as a load balancer sends them: each needs a connection, so
    // after every kill the pools connect again while the next kill comes (a connection dropped
    // as it is handed out was the uncaught 'error' that ended the gateway).
    const probes = Array.from({ length: 6 }, async () => {
      while (Date.now() < stopAt) await t.app.inject({ method: 'GET', url: '/ready' });
    });
    try {
      await Promise.all([
        ...probes,
        ...Object.values(flows).map(async (flow) => {
          while (Date.now() < stopAt) await flow();
        }),
      ]);
    } finally {
      killing = false;
      await killer;
      await admin.end();
    }
    expect(kills).toBeGreaterThan(20);

    // Every request got an envelope: success or a clear error, none left hanging.
    const unanswered = answers.filter(({ answer }) => answer.code === undefined);
    expect(unanswered).toEqual([]);
    const byFlow: Record<string, Record<string, number>> = {};
    for (const { flow, answer } of answers) {
      const counts = (byFlow[flow] ??= {});
      counts[answer.code ?? '?'] = (counts[answer.code ?? '?'] ?? 0) + 1;
    }
    for (const flow of Object.keys(flows)) expect(byFlow[flow], flow).toBeDefined();
    // Between the storms money did move (so the ledger check below covers real postings).
    expect(
      Object.keys(flows).some((flow) => (byFlow[flow]?.['200'] ?? 0) > 0),
      JSON.stringify(byFlow),
    ).toBe(true);

    // The gateway is still up and its pools have replaced the dropped connections.
    await until(
      async () => (await t.app.inject({ method: 'GET', url: '/ready' })).statusCode === 200,
      10_000,
      100,
    );
    const after = await send('after', sender.token, 'GET', W.internalTransfers);
    expect(after.code).toBe('200');

    // No balance was lost or made.
    const audit = await auditLedger(t.app.db);
    expect(audit).toMatchObject({ ok: true, unbalanced: [], mismatched: [], negative: 0 });
  }, 60_000);
});
