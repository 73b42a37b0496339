import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { tronAddress, type ChainCallback, type CryptoDeposit } from '@exchange/contracts';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { signText } from '@exchange/contracts/signed-request';
import type { DepositRiskCheck } from '../../../../src/features/wallet/crypto-deposit/deposit-flow.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startChainSim, type ChainSimProcess } from '../../../helpers/chain-sim.js';
import { freePort } from '../../../helpers/kyc-sim.js';

/**
 * The risk review as the test decides it: PASS or HOLD, and optionally held open (the review
 * job waits in it) until `release()`, so a test sees the deposit under review.
 */
export function riskGate() {
  let verdict: 'PASS' | 'HOLD' = 'PASS';
  let open: Promise<void> = Promise.resolve();
  let release = () => {};
  const calls: string[] = [];
  const check: DepositRiskCheck = async (d) => {
    calls.push(d.id);
    await open;
    return verdict;
  };
  return {
    check,
    calls,
    set(v: 'PASS' | 'HOLD') {
      verdict = v;
    },
    hold() {
      open = new Promise((r) => (release = r));
    },
    release() {
      release();
      open = Promise.resolve();
    },
  };
}

/**
 * A gateway listening on a real port (the chain calls it back) and the simulated chains as their
 * own process, whose blocks come on command. Reviews start at once (no 1-2 minute wait).
 */
export async function chainExchange(gate = riskGate()): Promise<{
  t: TestApp;
  sim: ChainSimProcess;
  gate: ReturnType<typeof riskGate>;
  close: () => Promise<void>;
}> {
  const [gatewayPort, simPort] = [await freePort(), await freePort()];
  const callbackUrl = `http://127.0.0.1:${gatewayPort}/v1/wallet/crypto/public/chain/callback`;
  const t = await build(
    {
      CHAIN_API_URL: `http://127.0.0.1:${simPort}`,
      CHAIN_CALLBACK_URL: callbackUrl,
      CRYPTO_DEPOSIT_REVIEW_SECONDS: '0-0',
    },
    { cryptoWallet: { riskCheck: gate.check } },
  );
  await t.app.listen({ port: gatewayPort, host: '127.0.0.1' });
  const sim = await startChainSim({
    port: simPort,
    secret: t.env.CHAIN_CALLBACK_SECRET,
    callbackUrl,
  });
  return {
    t,
    sim,
    gate,
    close: async () => {
      gate.release();
      await sim.stop();
      await t.close();
    },
  };
}

/** A verified user with a Tron deposit address. */
export async function depositor(t: TestApp) {
  const user = await signIn(t, { kycLevel: 1 });
  const address = tronAddress(randomBytes(20));
  await t.app.db.depositAddress.create({
    data: { userId: user.userId, kind: 'TRON', userIndex: 1, address },
  });
  return { ...user, address };
}

/** A random transaction id. */
export const txId = () => randomBytes(32).toString('hex');

/** A signed chain callback sent to the gateway, as the chain sends it. */
export function chainCallback(
  t: TestApp,
  body: ChainCallback | Record<string, unknown>,
  opts: { secret?: string; ageSeconds?: number; signature?: string } = {},
) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0);
  return t.app.inject({
    method: 'POST',
    url: '/v1/wallet/crypto/public/chain/callback',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(ts),
      'x-signature':
        opts.signature ?? signText(opts.secret ?? t.env.CHAIN_CALLBACK_SECRET, ts, raw),
    },
    payload: raw,
  });
}

/** A `deposit.update` of a transfer (a new event id each time, as for each block). */
export function depositUpdate(
  over: Partial<Extract<ChainCallback, { type: 'deposit.update' }>> & {
    address: string;
    txId: string;
  },
): ChainCallback {
  return {
    eventId: randomUUID(),
    type: 'deposit.update',
    network: 'TRX',
    height: 100,
    at: new Date().toISOString(),
    asset: 'USDT',
    outputIndex: 0,
    amount: '250.5',
    blockHeight: 90,
    blockHash: 'a'.repeat(64),
    confirmations: 1,
    ...over,
  };
}

/** The user's deposits (Real mode). */
export async function deposits(t: TestApp, token: string): Promise<CryptoDeposit[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/wallet/crypto/deposits',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { result: CryptoDeposit[] } }>().data.result;
}

/** The user's Real balance of an asset. */
export async function realBalance(t: TestApp, userId: string, asset: string): Promise<string> {
  const b = await t.app.db.balance.findUnique({
    where: { accountId_mode_asset: { accountId: userId, mode: 0, asset } },
  });
  return b?.available.toFixed() ?? '0';
}

export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  const audit = await auditLedger(t.app.db);
  expect(audit.unbalanced).toEqual([]);
  expect(audit.mismatched).toEqual([]);
  expect(audit.negative).toBe(0);
}
