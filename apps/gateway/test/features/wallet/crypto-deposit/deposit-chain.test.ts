import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RuntimeMode,
  isValidAddress,
  type AssetNetwork,
  type CryptoDeposit,
  type DepositAddress,
} from '@exchange/contracts';
import { privateTopic } from '../../../../src/features/platform/socket/fanout.js';
import { signIn, type TestApp } from '../../../helpers/build.js';
import type { ChainSimProcess } from '../../../helpers/chain-sim.js';
import { eventually, until } from '../../../helpers/wait.js';
import {
  chainExchange,
  deposits,
  expectLedgerBalanced,
  realBalance,
  type riskGate,
} from './chain-setup.js';

/** The gateway with the simulated chains as their own process, end to end. */
let t: TestApp;
let sim: ChainSimProcess;
let gate: ReturnType<typeof riskGate>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sim, gate, close } = await chainExchange());
});
afterAll(() => close());

const get = <T>(token: string, url: string, mode: RuntimeMode = RuntimeMode.REAL) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'runtime-mode': String(mode) },
  }) as Promise<{ statusCode: number; json<R = { code: string; data: T }>(): R }>;

async function addressOf(token: string, asset: string, network: string): Promise<DepositAddress> {
  const res = await get<DepositAddress>(
    token,
    `/v1/wallet/crypto/deposit/address?asset=${asset}&network=${network}`,
  );
  expect(res.json().code).toBe('200');
  return res.json().data;
}

describe('deposit addresses', () => {
  it("are derived by the chain in each network kind's format, stable per user, shared by a kind's tokens", async () => {
    const u = await signIn(t, { kycLevel: 1 });
    const btc = await addressOf(u.token, 'BTC', 'BTC');
    const eth = await addressOf(u.token, 'ETH', 'ETH');
    const usdtEth = await addressOf(u.token, 'USDT', 'ETH');
    const usdtTrx = await addressOf(u.token, 'USDT', 'TRX');
    expect(btc.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(usdtTrx.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isValidAddress('BITCOIN', btc.address)).toBe(true);
    expect(isValidAddress('EVM', eth.address)).toBe(true);
    expect(isValidAddress('TRON', usdtTrx.address)).toBe(true);
    expect(usdtEth.address).toBe(eth.address);
    expect(usdtTrx).toMatchObject({ kind: 'TRON', minDeposit: '1', confirmations: 20, memo: null });
    expect((await addressOf(u.token, 'USDT', 'TRX')).address).toBe(usdtTrx.address);
    const other = await signIn(t, { kycLevel: 1 });
    expect((await addressOf(other.token, 'USDT', 'TRX')).address).not.toBe(usdtTrx.address);
  });

  it('are refused without verification (7001), in Demo (5108) and on a network the coin is not on (5100)', async () => {
    const unverified = await signIn(t, { kycLevel: 0 });
    const url = '/v1/wallet/crypto/deposit/address?asset=USDT&network=TRX';
    expect((await get(unverified.token, url)).json().code).toBe('7001');
    const u = await signIn(t, { kycLevel: 1 });
    expect((await get(u.token, url, RuntimeMode.DEMO)).json().code).toBe('5108');
    expect(
      (await get(u.token, '/v1/wallet/crypto/deposit/address?asset=BTC&network=TRX')).json().code,
    ).toBe('5100');
    expect(await t.app.db.depositAddress.count({ where: { userId: unverified.userId } })).toBe(0);
  });
});

describe("an opted-out account's deposits", () => {
  it('are credited within 1,000 USD per 24 hours; one past it waits in review, uncredited', async () => {
    const u = await signIn(t, { kycLevel: -1 });
    const { address } = await addressOf(u.token, 'USDT', 'TRX');
    const deposit = async (amount: string) => {
      const sent = await sim.send('TRX', address, amount);
      await sim.mine('TRX', 20);
      const [row] = await eventually(
        () => deposits(t, u.token),
        (list) => list.some((d) => d.txId === sent.txId && d.state !== 'CONFIRMING'),
      );
      return (await deposits(t, u.token)).find((d) => d.txId === sent.txId) ?? row;
    };
    const first = await deposit('600');
    await eventually(
      () => deposits(t, u.token),
      (list) => list.find((d) => d.id === first?.id)?.state === 'AVAILABLE',
    );
    expect(await realBalance(t, u.userId, 'USDT')).toBe('600');
    const second = await deposit('400.5');
    // Reviewed (the risk check saw it) but held: past the 400 USD that remain.
    await eventually(
      async () => gate.calls,
      (calls) => calls.includes(second?.id ?? ''),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await deposits(t, u.token)).find((d) => d.id === second?.id)?.state).toBe(
      'UNAVAILABLE',
    );
    expect(await realBalance(t, u.userId, 'USDT')).toBe('600');
    await expectLedgerBalanced(t);
  });
});

describe('a deposit from the faucet', () => {
  it('confirms block by block, is reviewed, credited once and pushed live', async () => {
    const u = await signIn(t, { kycLevel: 1 });
    const { address } = await addressOf(u.token, 'USDT', 'TRX');
    const pushes: CryptoDeposit[] = [];
    const refreshes: unknown[] = [];
    await t.app.socket.fanout.subscribe(
      privateTopic('cryptoDeposit', u.userId, 0),
      (_raw, parsed) => pushes.push(parsed() as CryptoDeposit),
    );
    await t.app.socket.fanout.subscribe(privateTopic('refreshAsset', u.userId, 0), (_raw, parsed) =>
      refreshes.push(parsed()),
    );
    gate.hold();
    const sent = await sim.send('TRX', address, '250.5');
    await sim.mine('TRX', 1);
    const [first] = await eventually(
      () => deposits(t, u.token),
      (list) => list.length === 1,
    );
    expect(first).toMatchObject({
      state: 'CONFIRMING',
      confirmations: 1,
      confirmationsRequired: 20,
      txId: sent.txId,
      outputIndex: sent.outputIndex,
      amount: '250.5',
      asset: 'USDT',
      network: 'TRX',
      address,
    });
    expect(sent.txId).toMatch(/^[0-9a-f]{64}$/);
    await sim.mine('TRX', 10);
    await eventually(
      () => deposits(t, u.token),
      (list) => list[0]?.confirmations === 11,
    );
    expect(await realBalance(t, u.userId, 'USDT')).toBe('0');
    await sim.mine('TRX', 9);
    // Final on the chain: under review (the review is held open here), not credited yet.
    await eventually(
      () => deposits(t, u.token),
      (list) => list[0]?.state === 'UNAVAILABLE',
    );
    expect(await realBalance(t, u.userId, 'USDT')).toBe('0');
    gate.release();
    const [done] = await eventually(
      () => deposits(t, u.token),
      (list) => list[0]?.state === 'AVAILABLE',
    );
    expect(done?.withdrawableAt).not.toBeNull();
    expect(await realBalance(t, u.userId, 'USDT')).toBe('250.5');
    // More blocks: the exchange told the chain to stop; nothing changes.
    await sim.mine('TRX', 5);
    await until(async () => pushes.some((p) => p.state === 'AVAILABLE'));
    expect(pushes.map((p) => p.state)).toEqual(
      expect.arrayContaining(['CONFIRMING', 'UNAVAILABLE', 'AVAILABLE']),
    );
    expect(pushes.some((p) => p.state === 'CONFIRMING' && p.confirmations === 1)).toBe(true);
    await until(() => refreshes.length > 0);
    expect(refreshes[0]).toEqual({ assets: ['USDT'] });
    const { email } = await t.app.db.user.findUniqueOrThrow({ where: { id: u.userId } });
    const mail = await eventually(
      () => t.mail.messagesTo(email),
      (list) => list.length > 0,
    );
    expect(mail[0]?.subject).toBe('Deposit credited: 250.5 USDT');
    expect(mail[0]?.text).toContain('250.5 USDT');
    const notified = await t.app.db.notification.findMany({ where: { userId: u.userId } });
    expect(notified.map((n) => [n.type, n.params])).toEqual([
      [
        'DEPOSIT_CREDITED',
        { mode: 0, asset: 'USDT', amount: '250.5', channel: 'CRYPTO', reference: sent.txId },
      ],
    ]);
    expect(
      await t.app.db.ledgerEntry.count({
        where: { refType: 'CRYPTO_DEPOSIT', refId: done?.id ?? '' },
      }),
    ).toBe(2);
    await expectLedgerBalanced(t);
  });

  it('disappears with a reorganisation before its confirmations and is never credited', async () => {
    const u = await signIn(t, { kycLevel: 1 });
    const { address } = await addressOf(u.token, 'BTC', 'BTC');
    await sim.send('BTC', address, '0.5');
    await sim.mine('BTC', 1);
    await eventually(
      () => deposits(t, u.token),
      (list) => list[0]?.state === 'CONFIRMING',
    );
    await sim.reorg('BTC', 1);
    await eventually(
      () => deposits(t, u.token),
      (list) => list[0]?.state === 'DROPPED',
    );
    await sim.mine('BTC', 3);
    await new Promise((r) => setTimeout(r, 300));
    expect((await deposits(t, u.token))[0]?.state).toBe('DROPPED');
    expect(await realBalance(t, u.userId, 'BTC')).toBe('0');
    await expectLedgerBalanced(t);
  });
});

describe('networks', () => {
  it("lists each coin's networks connected, and follows the chain's coin status", async () => {
    const list = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/v1/wallet/crypto/public/networks?asset=USDT' })
      ).json<{
        data: AssetNetwork[];
      }>().data;
    const usdt = await list();
    expect(usdt.map((n) => n.network)).toEqual(['TRX', 'ETH']);
    expect(usdt[0]).toMatchObject({
      name: 'Tron (TRC20)',
      tokenStandard: 'TRC20',
      coinStatus: 'STABLE',
      connection: 'CONNECTED',
      canDeposit: true,
      minWithdrawal: '10',
      withdrawalGasFee: '1',
    });
    await sim.call('POST', '/coin-status', { network: 'ETH', coinStatus: 'MAINTENANCE' });
    await until(async () =>
      (await t.app.db.assetNetwork.findMany({ where: { network: 'ETH' } })).every(
        (n) => n.coinStatus === 'MAINTENANCE',
      ),
    );
    expect((await list()).find((n) => n.network === 'ETH')).toMatchObject({
      coinStatus: 'MAINTENANCE',
      canDeposit: false,
      canWithdraw: false,
    });
    const u = await signIn(t, { kycLevel: 1 });
    expect(
      (await get(u.token, '/v1/wallet/crypto/deposit/address?asset=USDT&network=ETH')).json().code,
    ).toBe('5009');
    await sim.call('POST', '/coin-status', { network: 'ETH', coinStatus: 'STABLE' });
    // The Tron node stops answering: the list says so (within the few seconds it caches).
    await sim.call('POST', '/connection', { network: 'TRX', connected: false });
    const trx = await eventually(
      async () => (await list()).find((n) => n.network === 'TRX'),
      (n) => n?.connection === 'DISCONNECTED',
      8000,
      250,
    );
    expect(trx).toMatchObject({ canDeposit: false, canWithdraw: false });
    await sim.call('POST', '/connection', { network: 'TRX', connected: true });
  });
});
