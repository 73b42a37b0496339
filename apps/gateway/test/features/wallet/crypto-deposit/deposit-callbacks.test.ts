import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeMode, tronAddress } from '@exchange/contracts';
import { PUBLISHED_SECRETS } from '@exchange/contracts/secrets';
import { withdrawalLockedAmount } from '../../../../src/features/wallet/crypto-deposit/deposit-service.js';
import { HttpChainAdapter } from '../../../../src/features/wallet/chain/chain-adapter.js';
import {
  applyChainCallback,
  createChainCallbackRegistry,
} from '../../../../src/features/wallet/chain/chain-callbacks.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { eventually } from '../../../helpers/wait.js';
import {
  chainCallback,
  depositUpdate,
  depositor as newDepositor,
  deposits,
  expectLedgerBalanced,
  realBalance,
  riskGate,
  txId,
} from './chain-setup.js';

/**
 * The chain's callbacks straight to the gateway (no chain process): signatures, repeats in any
 * order, a restart in the middle, reorgs, the minimum, the retry and the 24-hour lock.
 */
const gate = riskGate();
let t: TestApp;
beforeAll(async () => {
  t = await build(
    { CRYPTO_DEPOSIT_REVIEW_SECONDS: '0-0' },
    { cryptoWallet: { riskCheck: gate.check } },
  );
});
afterAll(async () => {
  gate.release();
  await t.close();
});

/** A verified user with a Tron deposit address (on this file's gateway unless told). */
const depositor = (app: TestApp = t) => newDepositor(app);
const ack = (res: { json<T>(): T }) =>
  res.json<{ code: string; data: { duplicate: boolean; tracking: boolean } }>();

describe('the chain callback', () => {
  it('refuses a bad, foreign, missing or stale signature and changes nothing', async () => {
    const u = await depositor();
    const body = depositUpdate({ address: u.address, txId: txId(), confirmations: 20 });
    const bad = await chainCallback(t, body, { signature: 'f'.repeat(64) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json<{ code: string }>().code).toBe('5106');
    const foreign = await chainCallback(t, body, { secret: randomBytes(32).toString('hex') });
    expect(foreign.json<{ code: string }>().code).toBe('5106');
    const kycSecret = await chainCallback(t, body, { secret: t.env.KYC_CALLBACK_SECRET });
    expect(kycSecret.json<{ code: string }>().code).toBe('5106');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/crypto/public/chain/callback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(missing.json<{ code: string }>().code).toBe('5106');
    const stale = await chainCallback(t, body, { ageSeconds: 301 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json<{ code: string }>().code).toBe('5107');
    expect(await t.app.db.cryptoDeposit.count({ where: { userId: u.userId } })).toBe(0);
    expect(await t.app.db.chainCallbackEvent.count({ where: { eventId: body.eventId } })).toBe(0);
  });

  it('refuses a signed body that breaks the contract (1002), changing nothing', async () => {
    const u = await depositor();
    const res = await chainCallback(t, {
      ...depositUpdate({ address: u.address, txId: txId() }),
      amount: '-5',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('1002');
    expect(await t.app.db.cryptoDeposit.count({ where: { userId: u.userId } })).toBe(0);
  });

  it('acknowledges a transfer to an address that is not ours, stops tracking it and stores nothing', async () => {
    const res = await chainCallback(
      t,
      depositUpdate({ address: tronAddress(randomBytes(20)), txId: txId() }),
    );
    expect(ack(res)).toMatchObject({ code: '200', data: { duplicate: false, tracking: false } });
  });
});

describe('secrets published in the repository', () => {
  it('refuses a deposit.update signed with any former default secret and credits nothing; the installation secret is accepted', async () => {
    gate.set('PASS');
    const u = await depositor();
    // The outsider's attempt: 150 USDT, fully confirmed, signed with each published value.
    for (const secret of PUBLISHED_SECRETS) {
      const body = depositUpdate({
        address: u.address,
        txId: txId(),
        amount: '150',
        confirmations: 20,
      });
      const res = await chainCallback(t, body, { secret });
      expect(res.statusCode).toBe(401);
      expect(res.json<{ code: string }>().code).toBe('5106');
      expect(await t.app.db.chainCallbackEvent.count({ where: { eventId: body.eventId } })).toBe(0);
    }
    expect(await t.app.db.cryptoDeposit.count({ where: { userId: u.userId } })).toBe(0);
    expect(await realBalance(t, u.userId, 'USDT')).toBe('0');
    // The same report signed with this installation's generated secret is the chain's own.
    const genuine = await chainCallback(
      t,
      depositUpdate({ address: u.address, txId: txId(), amount: '150', confirmations: 20 }),
    );
    expect(genuine.statusCode).toBe(200);
    await eventually(
      () => deposits(t, u.token),
      (list) => list[0]?.state === 'AVAILABLE',
    );
    expect(await realBalance(t, u.userId, 'USDT')).toBe('150');
    await expectLedgerBalanced(t);
  });
});

describe('a deposit reported again and again', () => {
  it('is one deposit, credited once, whatever the order and repeats of its reports', async () => {
    gate.set('PASS');
    const u = await depositor();
    const tx = txId();
    const reports = Array.from({ length: 25 }, (_, i) =>
      depositUpdate({ address: u.address, txId: tx, confirmations: (i % 25) + 1 }),
    );
    // Every report twice (the same event id: an answer the chain did not get), all at once, in
    // reverse order (a late block first).
    const sent = await Promise.all(
      [...reports, ...reports].reverse().map((r) => chainCallback(t, r)),
    );
    expect(sent.every((r) => r.statusCode === 200)).toBe(true);
    const [d] = await eventually(
      () => deposits(t, u.token),
      (list) => list[0]?.state === 'AVAILABLE',
    );
    expect(d).toMatchObject({ amount: '250.5', confirmations: 20, confirmationsRequired: 20 });
    // Reports after the credit change nothing, and tell the chain to stop.
    const late = await chainCallback(
      t,
      depositUpdate({ address: u.address, txId: tx, confirmations: 40 }),
    );
    expect(ack(late).data.tracking).toBe(false);
    expect(await realBalance(t, u.userId, 'USDT')).toBe('250.5');
    const entries = await t.app.db.ledgerEntry.findMany({
      where: { refType: 'CRYPTO_DEPOSIT', refId: d?.id ?? '' },
    });
    expect(
      entries.map((e) => [e.accountId, e.amount.toFixed(), e.flowType, e.mode]).sort(),
    ).toEqual(
      [
        [u.userId, '250.5', 110001, 0],
        ['system:external', '-250.5', 110001, 0],
      ].sort(),
    );
    expect(await t.app.db.cryptoDeposit.count({ where: { userId: u.userId } })).toBe(1);
    await expectLedgerBalanced(t);
  });

  it('is credited once across a gateway restart between the final report and the review', async () => {
    // Gateway A takes the final report but its review does not finish (held), then stops.
    const gateA = riskGate();
    gateA.set('HOLD');
    const a = await build(
      { CRYPTO_DEPOSIT_REVIEW_SECONDS: '0-0' },
      { cryptoWallet: { riskCheck: gateA.check } },
    );
    const u = await depositor(a);
    const tx = txId();
    const final = depositUpdate({ address: u.address, txId: tx, confirmations: 20, amount: '75' });
    expect((await chainCallback(a, final)).statusCode).toBe(200);
    await eventually(
      async () => gateA.calls.length,
      (n) => n === 1,
    );
    expect((await deposits(a, u.token))[0]?.state).toBe('UNAVAILABLE');
    const shared = a.env.DATABASE_URL;
    // B on the same database (a new process: its own queue; A's jobs are gone with A).
    const gateB = riskGate();
    const b = await build(
      { DATABASE_URL: shared, CRYPTO_DEPOSIT_REVIEW_SECONDS: '0-0' },
      { cryptoWallet: { riskCheck: gateB.check } },
    );
    try {
      await a.app.close();
      // The chain repeats what A may not have answered, and more blocks come.
      await chainCallback(b, final);
      await chainCallback(b, { ...final, eventId: randomUUID(), confirmations: 21 });
      const [d] = await eventually(
        () => deposits(b, u.token),
        (list) => list[0]?.state === 'AVAILABLE',
      );
      await chainCallback(b, { ...final, eventId: randomUUID(), confirmations: 22 });
      expect(await realBalance(b, u.userId, 'USDT')).toBe('75');
      expect(
        await b.app.db.ledgerEntry.count({
          where: { refType: 'CRYPTO_DEPOSIT', refId: d?.id ?? '' },
        }),
      ).toBe(2);
      await expectLedgerBalanced(b);
    } finally {
      await b.close();
      await a.close().catch(() => undefined);
    }
  });
});

describe('a reorganisation', () => {
  it('drops a deposit before its confirmations; the stale report does not bring it back, a new block does', async () => {
    const u = await depositor();
    const tx = txId();
    await chainCallback(t, depositUpdate({ address: u.address, txId: tx, confirmations: 3 }));
    expect((await deposits(t, u.token))[0]).toMatchObject({
      state: 'CONFIRMING',
      confirmations: 3,
    });
    const dropped = await chainCallback(t, {
      eventId: randomUUID(),
      type: 'deposit.dropped',
      network: 'TRX',
      height: 97,
      at: new Date().toISOString(),
      txId: tx,
      outputIndex: 0,
      reason: 'REORG',
    });
    expect(ack(dropped).data.tracking).toBe(false);
    expect((await deposits(t, u.token))[0]?.state).toBe('DROPPED');
    // A retried report of the removed block: still dropped.
    await chainCallback(t, depositUpdate({ address: u.address, txId: tx, confirmations: 4 }));
    expect((await deposits(t, u.token))[0]?.state).toBe('DROPPED');
    expect(await realBalance(t, u.userId, 'USDT')).toBe('0');
    // Mined again in another block: confirming again from there.
    await chainCallback(
      t,
      depositUpdate({ address: u.address, txId: tx, confirmations: 1, blockHash: 'b'.repeat(64) }),
    );
    expect((await deposits(t, u.token))[0]).toMatchObject({
      state: 'CONFIRMING',
      confirmations: 1,
    });
    await expectLedgerBalanced(t);
  });
});

describe('the rules of a final deposit', () => {
  it('holds a deposit below the network minimum without crediting it', async () => {
    const u = await depositor();
    await chainCallback(
      t,
      depositUpdate({ address: u.address, txId: txId(), confirmations: 20, amount: '0.5' }),
    );
    expect((await deposits(t, u.token))[0]).toMatchObject({
      state: 'BELOW_MINIMUM',
      amount: '0.5',
    });
    expect(await realBalance(t, u.userId, 'USDT')).toBe('0');
  });

  it('locks credited funds for withdrawal for 24 hours', async () => {
    gate.set('PASS');
    const u = await depositor();
    await chainCallback(
      t,
      depositUpdate({ address: u.address, txId: txId(), confirmations: 20, amount: '100' }),
    );
    const [d] = await eventually(
      () => deposits(t, u.token),
      (list) => list[0]?.state === 'AVAILABLE',
    );
    const credited = new Date(d?.creditedAt ?? 0).getTime();
    expect(new Date(d?.withdrawableAt ?? 0).getTime() - credited).toBe(24 * 3600_000);
    const locked = (at: number) => withdrawalLockedAmount(t.app.db, u.userId, 'USDT', at);
    expect((await locked(credited)).toFixed()).toBe('100');
    expect((await locked(credited + 24 * 3600_000 - 1)).toFixed()).toBe('100');
    expect((await locked(credited + 24 * 3600_000)).toFixed()).toBe('0');
    expect((await withdrawalLockedAmount(t.app.db, u.userId, 'BTC', credited)).toFixed()).toBe('0');
  });

  it('lets the user retry a review still unfinished after 10 minutes, once it is delayed', async () => {
    gate.set('HOLD');
    const u = await depositor();
    const before = gate.calls.length;
    await chainCallback(
      t,
      depositUpdate({ address: u.address, txId: txId(), confirmations: 20, amount: '42' }),
    );
    await eventually(
      async () => gate.calls.length,
      (n) => n === before + 1,
    );
    const [d] = await deposits(t, u.token);
    expect(d?.state).toBe('UNAVAILABLE');
    const retry = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/wallet/crypto/deposits/${d?.id}/retry`,
        headers: { authorization: `Bearer ${u.token}` },
      });
    const early = await retry();
    expect(early.json<{ code: string; message: string }>()).toMatchObject({
      code: '5105',
      message: 'This deposit can be retried in 10 minutes.',
    });
    t.clock.advance(10 * 60_000);
    expect((await deposits(t, u.token))[0]).toMatchObject({ state: 'DELAYED' });
    expect((await deposits(t, u.token))[0]?.retryAt).not.toBeNull();
    // Someone else's deposit is not found.
    const other = await signIn(t, { kycLevel: 1 });
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/v1/wallet/crypto/deposits/${d?.id}/retry`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.json<{ code: string }>().code).toBe('5103');
    gate.set('PASS');
    const retried = await retry();
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ data: { state: string } }>().data.state).toBe('UNAVAILABLE');
    await eventually(
      () => deposits(t, u.token),
      (list) => list[0]?.state === 'AVAILABLE',
    );
    expect(await realBalance(t, u.userId, 'USDT')).toBe('42');
    expect((await retry()).json<{ code: string }>().code).toBe('5104');
    await expectLedgerBalanced(t);
  });

  it('credits nothing in Demo or Trial and lists no deposits there', async () => {
    const u = await depositor();
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/crypto/deposits',
      headers: { authorization: `Bearer ${u.token}`, 'runtime-mode': String(RuntimeMode.DEMO) },
    });
    expect(res.json<{ data: { result: unknown[] } }>().data.result).toEqual([]);
  });
});

describe('callbacks of other features', () => {
  it('keeps an outcome the chain sends before anyone handles it (refused, so retried), then routes it to its handler once', async () => {
    // The gateway handles every type now (withdrawals register theirs): a registry of its own
    // stands for a gateway in which the handler is not registered yet.
    const registry = createChainCallbackRegistry();
    const body = {
      eventId: randomUUID(),
      type: 'withdrawal.confirmed',
      network: 'BTC',
      height: 120,
      at: new Date().toISOString(),
      withdrawalId: randomUUID(),
      txId: txId(),
      blockHeight: 119,
      confirmations: 2,
    } as const;
    await expect(applyChainCallback(t.app.chain.deps, registry, body)).rejects.toMatchObject({
      code: 1000,
    });
    expect(await t.app.db.chainCallbackEvent.count({ where: { eventId: body.eventId } })).toBe(0);
    const handled: string[] = [];
    registry.on('withdrawal.confirmed', (_deps, cb) => {
      handled.push(cb.withdrawalId);
      return Promise.resolve({ tracking: false });
    });
    expect(await applyChainCallback(t.app.chain.deps, registry, body)).toEqual({
      duplicate: false,
      tracking: false,
    });
    expect((await applyChainCallback(t.app.chain.deps, registry, body)).duplicate).toBe(true);
    expect(handled).toEqual([body.withdrawalId]);
    // The gateway's own registry acknowledges a withdrawal outcome (an unknown id changes nothing).
    expect(ack(await chainCallback(t, { ...body, eventId: randomUUID() }))).toMatchObject({
      code: '200',
      data: { duplicate: false, tracking: false },
    });
  });
});

describe('address checks of the adapters', () => {
  it("accepts each network kind's checksummed form and refuses a mistyped checksum", () => {
    const opts = {
      baseUrl: 'http://127.0.0.1:1',
      secret: 'x'.repeat(32),
      callbackUrl: 'http://127.0.0.1:1/',
    };
    const btc = new HttpChainAdapter('BTC', opts);
    const eth = new HttpChainAdapter('ETH', opts);
    const trx = new HttpChainAdapter('TRX', opts);
    expect(btc.validateAddress('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(true);
    expect(btc.validateAddress('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv')).toBe(false);
    expect(btc.validateAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(btc.validateAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(eth.validateAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(true);
    expect(eth.validateAddress('0x9858efFD232B4033E47d90003D41EC34EcaEda94')).toBe(false);
    expect(eth.validateAddress('0x9858effd232b4033e47d90003d41ec34ecaeda94')).toBe(true);
    expect(eth.validateAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda9')).toBe(false);
    expect(trx.validateAddress('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toBe(true);
    expect(trx.validateAddress('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh')).toBe(false);
    // Another network's address is not this one's.
    expect(trx.validateAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(false);
    expect(eth.validateAddress('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toBe(false);
  });
});
