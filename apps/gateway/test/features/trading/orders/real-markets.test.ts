import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositAddress, Order } from '@exchange/contracts';
import { signIn, type TestApp } from '../../../helpers/build.js';
import type { ChainSimProcess } from '../../../helpers/chain-sim.js';
import { startEngine } from '../../../helpers/engine.js';
import { trading, until } from '../../../helpers/trading.js';
import {
  chainExchange,
  expectLedgerBalanced,
  realBalance,
} from '../../wallet/crypto-deposit/chain-setup.js';

/**
 * Every catalogue pair trades in Real: SOL and XRP arrive on their own chains, the tokenised
 * HKRE and PCRED as ERC-20 tokens, and what arrived trades on the Real book.
 */
let t: TestApp;
let sim: ChainSimProcess;
let close: () => Promise<void>;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  ({ t, sim, close } = await chainExchange());
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  await close();
});

const { place } = trading(() => t);
const REAL = '0';

async function deposit(
  u: { token: string; userId: string },
  asset: string,
  network: 'SOL' | 'XRP' | 'ETH' | 'TRX',
  amount: string,
): Promise<DepositAddress> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/wallet/crypto/deposit/address?asset=${asset}&network=${network}`,
    headers: { authorization: `Bearer ${u.token}`, 'runtime-mode': REAL },
  });
  expect(res.json()).toMatchObject({ code: '200' });
  const address = res.json<{ data: DepositAddress }>().data;
  const before = await realBalance(t, u.userId, asset);
  await sim.send(network, address.address, amount, asset);
  await sim.mine(network, address.confirmations);
  await until(async () => (await realBalance(t, u.userId, asset)) !== before, 20_000);
  return address;
}

describe('Real markets for every catalogue pair', () => {
  it('credits SOL and XRP from their own chains, in their address formats', async () => {
    const u = await signIn(t, { kycLevel: 1 });
    const sol = await deposit(u, 'SOL', 'SOL', '2.5');
    expect(sol).toMatchObject({ kind: 'SOLANA', confirmations: 32 });
    expect(sol.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const xrp = await deposit(u, 'XRP', 'XRP', '120.25');
    expect(xrp).toMatchObject({ kind: 'XRPL', confirmations: 1 });
    expect(xrp.address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    expect(await realBalance(t, u.userId, 'SOL')).toBe('2.5');
    expect(await realBalance(t, u.userId, 'XRP')).toBe('120.25');
  });

  it('trades a deposited tokenised asset on the Real book, exactly', async () => {
    const seller = await signIn(t, { kycLevel: 1 });
    const buyer = await signIn(t, { kycLevel: 1 });
    const hkre = await deposit(seller, 'HKRE', 'ETH', '40');
    expect(hkre).toMatchObject({ kind: 'EVM' });
    await deposit(buyer, 'USDT', 'TRX', '500');
    const sell = await place(
      seller.token,
      { symbol: 'HKRE_USDT', side: 'SELL', type: 'LIMIT', price: '5.25', amount: '40' },
      REAL,
    );
    expect(sell.json()).toMatchObject({ code: '200', data: { status: 'NEW' } });
    const buy = await place(
      buyer.token,
      { symbol: 'HKRE_USDT', side: 'BUY', type: 'LIMIT', price: '5.25', amount: '20' },
      REAL,
    );
    expect(buy.json()).toMatchObject({ code: '200' });
    const buyId = buy.json<{ data: Order }>().data.id;
    await until(async () => {
      const o = await t.app.inject({
        method: 'GET',
        url: `/v1/spot-order/order/${buyId}`,
        headers: { authorization: `Bearer ${buyer.token}`, 'runtime-mode': REAL },
      });
      return o.json<{ data: Order }>().data.status === 'FILLED';
    }, 20_000);
    await until(async () => (await realBalance(t, buyer.userId, 'HKRE')) === '20', 20_000);
    expect(await realBalance(t, buyer.userId, 'USDT')).toBe('395');
    await until(async () => (await realBalance(t, seller.userId, 'USDT')) === '105', 20_000);
    await expectLedgerBalanced(t);
  });
});
