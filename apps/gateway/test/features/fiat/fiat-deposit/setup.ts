import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  EXCHANGE_RATES_KEY,
  FIAT_AGREEMENT_VERSION,
  FIAT_DEPOSIT_PATHS,
  type BankDepositEvent,
  type CardDepositPreview,
  type FiatAgreementStatus,
  type FiatDeposit,
  type FiatHistoryItem,
} from '@exchange/contracts';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { signText } from '@exchange/contracts/signed-request';
import { signIn, type TestApp } from '../../../helpers/build.js';

/** The envelope of any fiat route's answer, loosely typed for assertions. */
export type Env = {
  code: string;
  message: string;
  data: FiatDeposit &
    FiatAgreementStatus &
    CardDepositPreview & { result: FiatHistoryItem[]; received: boolean; applied: boolean };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The feed's reference rates (HKD per 100 units), as the price feed leaves them in Redis. */
export async function publishRates(t: TestApp, rates: Record<string, string>) {
  await t.app.redis.commands.set(
    EXCHANGE_RATES_KEY,
    JSON.stringify({ ts: Date.now(), quote: 'HKD', units: 100, rates }),
  );
}

/** A verified individual who accepted both agreements. */
export async function depositor(t: TestApp, opts: { accept?: boolean } = {}) {
  const user = await signIn(t, { kycLevel: 1 });
  if (opts.accept !== false) {
    const res = await t.app.inject({
      method: 'POST',
      url: FIAT_DEPOSIT_PATHS.agreements,
      headers: bearer(user.token),
      payload: { version: FIAT_AGREEMENT_VERSION, kinds: ['TRUST', 'FUND_TRANSFER'] },
    });
    expect(res.json<Env>().data.complete).toBe(true);
  }
  return user;
}

/** The user's Real balance of an asset (available), as a string. */
export async function available(t: TestApp, userId: string, asset: string): Promise<string> {
  const row = await t.app.db.balance.findFirst({
    where: { accountId: userId, asset, mode: 0 },
  });
  return row ? row.available.toFixed() : '0';
}

export async function expectAuditClean(t: TestApp) {
  const audit = await auditLedger(t.app.db);
  expect(audit.unbalanced).toEqual([]);
  expect(audit.mismatched).toEqual([]);
}

/** A signed callback to a fiat callback route, as the bank or the processor sends it. */
export function fiatCallback(
  t: TestApp,
  url: string,
  body: unknown,
  opts: { secret?: string; ageSeconds?: number } = {},
) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0);
  const secret =
    opts.secret ??
    (url.includes('/card/') ? t.env.CARD_CALLBACK_SECRET : t.env.BANK_CALLBACK_SECRET);
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(ts),
      'x-signature': signText(secret, ts, raw),
    },
    payload: raw,
  });
}

export function transferReceived(over: Partial<BankDepositEvent> & { accountNumber: string }) {
  return {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    type: 'transfer.received' as const,
    transferId: `tr_${randomUUID()}`,
    currency: 'USD',
    amount: '2500.00',
    payerName: 'Ada Lovelace',
    payerAccountNumber: '12345678901',
    payerSwiftCode: 'HSBCHKHH',
    ...over,
  };
}
