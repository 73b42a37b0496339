import { generateSync } from 'otplib';
import { expect } from 'vitest';
import { FlowType, RuntimeMode, type AuthenticatorSetup } from '@exchange/contracts';
import { createEmailCode } from '../../../../src/features/identity/auth/email-code-service.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { post, SYSTEM } from '../../../../src/features/wallet/ledger/ledger-service.js';
import {
  ChainRefused,
  type WithdrawalChain,
} from '../../../../src/features/wallet/withdrawal/withdrawal-deps.js';
import { bearer } from '../../../helpers/auth.js';
import { signIn, type TestApp } from '../../../helpers/build.js';
import { hashToken, newToken } from '../../../../src/features/identity/auth/token.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export type Answer<T = unknown> = { code: string; data: T; message: string };

export interface Account {
  token: string;
  userId: string;
  uid: string;
  email: string;
  secret: string | null;
}

export async function call<T = unknown>(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  mode: number = RuntimeMode.REAL,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'runtime-mode': String(mode) },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<Answer<T>>() };
}

/** A verified account (kycLevel 1) with Google Authenticator linked unless `authenticator: false`. */
export async function account(
  t: TestApp,
  opts: { kycLevel?: number | null; authenticator?: boolean } = {},
): Promise<Account> {
  const { token, userId } = await signIn(t, {
    kycLevel: opts.kycLevel === undefined ? 1 : opts.kycLevel,
  });
  const user = await t.app.db.user.findUniqueOrThrow({ where: { id: userId } });
  let secret: string | null = null;
  if (opts.authenticator !== false) {
    const setup = (
      await call<AuthenticatorSetup>(t, token, 'POST', '/v1/security/authenticator/setup')
    ).body.data;
    const linked = await call(t, token, 'POST', '/v1/security/authenticator/link', {
      googleCode: totp(t, setup.secret),
    });
    expect(linked.body.code).toBe('200');
    secret = setup.secret;
  }
  return { token, userId, uid: user.uid, email: user.email, secret };
}

export const totp = (t: TestApp, secret: string) =>
  generateSync({ secret, epoch: Math.floor(t.clock.now() / 1000) });

/**
 * Fresh step-up codes: the clock moves to the next 30-second step (a Google code is accepted once
 * per step) and past the one-a-minute e-mail limit; the e-mail code is created as the mail would
 * carry it.
 */
export async function codes(
  t: TestApp,
  a: Account,
): Promise<{ googleCode: string; emailCode: string }> {
  t.clock.advance(MINUTE);
  const emailCode = await createEmailCode({
    db: t.app.db,
    clock: t.clock,
    secret: t.env.AUTH_SECRET,
    email: a.email,
    purpose: 'STEP_UP',
  });
  return { googleCode: totp(t, a.secret ?? ''), emailCode };
}

/** Real-mode funds from outside (as a deposit would credit them). */
export async function credit(t: TestApp, userId: string, asset: string, amount: string) {
  await t.app.db.$transaction((tx) =>
    post(tx, {
      mode: RuntimeMode.REAL,
      flowType: FlowType.DEV_CREDIT,
      refType: 'TEST_CREDIT',
      refId: userId,
      at: t.clock.date(),
      legs: [
        { accountId: SYSTEM.external, asset, bucket: 'AVAILABLE', amount: `-${amount}` },
        { accountId: userId, asset, bucket: 'AVAILABLE', amount },
      ],
    }),
  );
}

export async function balance(t: TestApp, userId: string, asset: string) {
  const row = await t.app.db.balance.findUnique({
    where: { accountId_mode_asset: { accountId: userId, mode: RuntimeMode.REAL, asset } },
  });
  return {
    available: row ? row.available.toFixed() : '0',
    frozen: row ? row.frozen.toFixed() : '0',
  };
}

export async function expectAuditClean(t: TestApp) {
  const audit = await auditLedger(t.app.db);
  expect(audit).toMatchObject({ ok: true, unbalanced: [], mismatched: [], negative: 0 });
}

/** A chain that answers like the simulated one: one transaction per withdrawal id. */
export class FakeChain implements WithdrawalChain {
  readonly sent = new Map<
    string,
    { txId: string; amount: string; address: string; calls: number }
  >();
  refuse: string | null = null;
  down = false;

  async broadcast(req: Parameters<WithdrawalChain['broadcast']>[0]) {
    if (this.down) throw new Error('node unreachable');
    if (this.refuse) throw new ChainRefused(this.refuse);
    const known = this.sent.get(req.withdrawalId);
    if (known) {
      known.calls += 1;
      return { txId: known.txId };
    }
    const txId = `0x${Buffer.from(req.withdrawalId).toString('hex').slice(0, 64).padEnd(64, '0')}`;
    this.sent.set(req.withdrawalId, { txId, amount: req.amount, address: req.address, calls: 1 });
    return { txId };
  }
}

/** A new session for the account (after the clock jumped past the access token's hour). */
export async function relogin(t: TestApp, a: Account): Promise<void> {
  const token = newToken();
  await t.app.db.session.create({
    data: {
      userId: a.userId,
      accessTokenHash: hashToken(token),
      accessExpiresAt: new Date(t.clock.now() + 3_600_000),
    },
  });
  a.token = token;
}
