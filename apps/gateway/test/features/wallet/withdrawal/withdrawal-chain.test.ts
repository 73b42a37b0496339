import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tronAddress, type WithdrawalStatus } from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';
import { startChainSim, type ChainSimProcess } from '../../../helpers/chain-sim.js';
import { freePort } from '../../../helpers/kyc-sim.js';
import { eventually } from '../../../helpers/wait.js';
import { account, balance, credit, expectAuditClean } from './setup.js';

/**
 * Withdrawals through the simulated chains as their own process, over the HTTP chain adapter
 * and the signed callbacks, as `npm start` runs them. The review takes no time here.
 */
let t: TestApp;
let sim: ChainSimProcess;
beforeAll(async () => {
  const [gatewayPort, simPort] = [await freePort(), await freePort()];
  t = await build({
    CHAIN_API_URL: `http://127.0.0.1:${simPort}`,
    CHAIN_CALLBACK_URL: `http://127.0.0.1:${gatewayPort}/v1/wallet/crypto/public/chain/callback`,
    WITHDRAWAL_REVIEW_MIN_SECONDS: '0',
    WITHDRAWAL_REVIEW_MAX_SECONDS: '0',
  });
  await t.app.listen({ port: gatewayPort, host: '127.0.0.1' });
  sim = await startChainSim({
    port: simPort,
    secret: t.env.CHAIN_CALLBACK_SECRET,
    callbackUrl: `http://127.0.0.1:${gatewayPort}/v1/wallet/crypto/public/chain/callback`,
  });
}, 60_000);
afterAll(async () => {
  await sim?.stop();
  await t?.close();
});

const status = async (id: string) =>
  (await t.app.db.cryptoWithdrawal.findUniqueOrThrow({ where: { id } })).status as WithdrawalStatus;
const reaches = (id: string, want: WithdrawalStatus) =>
  eventually(
    () => status(id),
    (s) => s === want,
    15_000,
    100,
  );

describe('withdrawals on the simulated chain', () => {
  it('broadcast, mined, confirmed by the signed callback: completed once', async () => {
    t.clock.set(Date.UTC(2026, 0, 5, 3)); // 11:00 Hong Kong time: no batch wait
    const a = await account(t, { authenticator: false });
    await credit(t, a.userId, 'USDT', '500');
    const w = await t.app.withdrawals.request(a.userId, 0, {
      clientRequestId: 'chain-withdrawal-1',
      asset: 'USDT',
      network: 'TRX',
      address: tronAddress(new Uint8Array(20).fill(3)),
      amount: '200',
    });
    await reaches(w.id, 'BROADCAST');
    const row = await t.app.db.cryptoWithdrawal.findUniqueOrThrow({ where: { id: w.id } });
    expect(row.txId).toMatch(/^[0-9a-f]{64}$/);
    await sim.mine('TRX', 30);
    await reaches(w.id, 'COMPLETED');
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '300', frozen: '0' });
    await expectAuditClean(t);
  });

  it('a withdrawal the chain fails returns the funds', async () => {
    const a = await account(t, { authenticator: false });
    await credit(t, a.userId, 'USDT', '500');
    const w = await t.app.withdrawals.request(a.userId, 0, {
      clientRequestId: 'chain-withdrawal-2',
      asset: 'USDT',
      network: 'TRX',
      address: tronAddress(new Uint8Array(20).fill(4)),
      amount: '200',
    });
    await reaches(w.id, 'BROADCAST');
    await sim.call('POST', '/fail-withdrawal', { withdrawalId: w.id, reason: 'Out of energy' });
    await reaches(w.id, 'FAILED');
    expect(await balance(t, a.userId, 'USDT')).toEqual({ available: '500', frozen: '0' });
    await expectAuditClean(t);
  });
});
