import type { BankTransferEvent, BankTransferRequest } from '@exchange/contracts';
import { BANK_CALLBACK_PATHS } from '@exchange/contracts';
import {
  BankRefused,
  type BankPort,
} from '../../../../src/features/fiat/fiat-withdrawal/bank-port.js';
import { signText } from '@exchange/contracts/signed-request';
import type { TestApp } from '../../../helpers/build.js';
import { account, type Account } from '../../wallet/withdrawal/setup.js';

/** A bank that answers like the simulated one: one transfer per request id, recorded. */
export class FakeBank implements BankPort {
  readonly requests: BankTransferRequest[] = [];
  readonly transfers = new Map<string, string>();
  refuse: string | null = null;
  down = false;
  /** How long the bank takes to answer (ms). */
  delayMs = 0;

  async sendTransfer(req: BankTransferRequest) {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.down) throw new Error('bank unreachable');
    if (this.refuse) throw new BankRefused(this.refuse);
    this.requests.push(req);
    const known = this.transfers.get(req.requestId);
    if (known) return { transferId: known };
    const transferId = `BT-${req.requestId.slice(0, 8)}`;
    this.transfers.set(req.requestId, transferId);
    return { transferId };
  }
}

export const HOLDER = { firstName: 'Tai Man', lastName: 'Chan' };
export const COMPANY = 'Harbour Trading Limited';

/** A verified individual (or institution) whose identity names the holder. */
export async function person(
  t: TestApp,
  opts: { kind?: 'INDIVIDUAL' | 'INSTITUTION'; authenticator?: boolean } = {},
): Promise<Account> {
  const a = await account(t, { authenticator: opts.authenticator ?? true });
  const kind = opts.kind ?? 'INDIVIDUAL';
  await t.app.db.user.update({ where: { id: a.userId }, data: { entityType: kind } });
  await t.app.db.kycApplication.create({
    data: {
      userId: a.userId,
      kind,
      status: 'PASS',
      step1:
        kind === 'INDIVIDUAL'
          ? { title: 'MR', ...HOLDER }
          : { basic: { institutionFullName: COMPANY, dbaName: 'Harbour Trading' } },
      decidedAt: t.clock.date(),
    },
  });
  return a;
}

let serial = 0;
/** A fresh valid Hong Kong account number (12 digits), unique per call. */
export function accountNumber(): string {
  serial += 1;
  return `004${String(Date.now() % 1_000_000).padStart(6, '0')}${String(serial).padStart(3, '0')}`;
}

export function bankAccountBody(over: Record<string, unknown> = {}) {
  return {
    holderName: 'CHAN TAI MAN',
    accountNumber: accountNumber(),
    bankName: 'The Hongkong and Shanghai Banking Corporation Limited',
    bankCode: '004',
    swiftCode: 'HSBCHKHHHKH',
    bankAddress: '1 Queen Road Central, Hong Kong',
    currencies: ['USD'],
    ...over,
  };
}

export function withdrawalBody(over: Record<string, unknown> = {}) {
  serial += 1;
  return {
    clientRequestId: `fiat-${Date.now()}-${serial}`,
    currency: 'USD',
    amount: '1000',
    accountName: 'Chan Tai Man',
    swiftCode: 'HSBCHKHHHKH',
    bankCity: 'Hong Kong',
    recipientAddress: 'Flat 1, 2 Nathan Road',
    recipientCity: 'Kowloon',
    recipientZip: '000000',
    ...over,
  };
}

export function transferCallback(
  t: TestApp,
  body: BankTransferEvent | Record<string, unknown>,
  opts: { secret?: string; ageSeconds?: number } = {},
) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0);
  return t.app.inject({
    method: 'POST',
    url: BANK_CALLBACK_PATHS.transfers,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': String(ts),
      'x-signature': signText(opts.secret ?? t.env.BANK_CALLBACK_SECRET, ts, raw),
    },
    payload: raw,
  });
}
