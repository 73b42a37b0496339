import { Decimal } from 'decimal.js';
import { RuntimeMode } from '@exchange/contracts';
import { signedPost } from '@exchange/contracts/signed-request';
import type { Db } from '../../../db/client.js';
import {
  ekycLink,
  openBankAccount,
  type FiatBankDeps,
} from '../../fiat/fiat-bank/account-service.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';

/** The bank account the operator's treasury pays the house accounts' USD from. */
export const TREASURY_PAYER_ACCOUNT = '392000000000';

/**
 * Where the operator's treasury sends fiat from. Locally the simulated partner bank's sandbox
 * (`npm run sim:bank -- deposit`), and the bank's e-KYC page completed the way the account
 * holder's browser does; in production an operator wires the money from the exchange's own bank
 * account and completes the bank's e-KYC in person, and this is off.
 */
export interface FiatTreasurySource {
  /** An incoming transfer to a virtual account. */
  deposit(req: {
    accountNumber: string;
    currency: string;
    amount: string;
    payerName: string;
    payerAccountNumber: string;
  }): Promise<void>;
  /** The holder completes the bank's e-KYC page at `url` (passed). */
  passEkyc(url: string): Promise<void>;
}

/** The simulated bank's sandbox over its signed API, and its e-KYC page as a browser uses it. */
export function simulatedBankTreasury(o: { baseUrl: string; secret: string }): FiatTreasurySource {
  return {
    async deposit(req) {
      const res = await signedPost(
        new URL('/sandbox/incoming', o.baseUrl),
        { ...req, reference: 'House account float' },
        o.secret,
        { timeoutMs: 10_000 },
      );
      if (!res.ok) throw new Error(`bank sandbox: ${res.status} ${await res.text()}`);
    },
    async passEkyc(url) {
      const res = await fetch(`${url}/pass`, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status >= 400) throw new Error(`bank e-KYC page: ${res.status}`);
    },
  };
}

/** The institution name a house account's identity record carries (and its bank account). */
export const houseName = (uid: string) => `Exchange House Account ${uid}`;

/**
 * The identity record of a house account, as an operator enters it: an institution named as the
 * exchange's house account, passed by the operator (reference `HOUSE-<uid>`, audited), never a
 * user's KYC faked. The partner bank opens virtual accounts for verified identities only, and a
 * bank deposit's payer must carry the identity's name. Idempotent.
 */
export async function ensureHouseIdentity(deps: { db: Db; at: Date }, userId: string) {
  const user = await deps.db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { uid: true, isHouse: true, kycApplication: { select: { status: true } } },
  });
  if (!user.isHouse) throw new Error('only a house account gets an operator identity record');
  const name = houseName(user.uid);
  if (user.kycApplication?.status === 'PASS') return name;
  const identity = {
    basic: {
      institutionFullName: name,
      dbaName: 'House account',
      registrationCountry: 'HK',
      taxNationality: 'HK',
    },
  };
  await deps.db.$transaction(async (tx) => {
    await tx.kycApplication.upsert({
      where: { userId },
      create: {
        userId,
        kind: 'INSTITUTION',
        status: 'PASS',
        step1: identity,
        step1SubmittedAt: deps.at,
        step2: { house: true },
        submittedAt: deps.at,
        decidedAt: deps.at,
        reference: `HOUSE-${user.uid}`,
      },
      update: { kind: 'INSTITUTION', status: 'PASS', step1: identity, decidedAt: deps.at },
    });
    await tx.user.update({
      where: { id: userId },
      data: { entityType: 'INSTITUTION', kycLevel: 1 },
    });
    await writeAudit(tx, {
      actor: 'treasury',
      entity: 'house',
      entityKey: user.uid,
      action: 'identity',
      before: user.kycApplication ?? null,
      after: { kind: 'INSTITUTION', status: 'PASS', ...identity },
      at: deps.at,
    });
  });
  return name;
}

/**
 * Moves a house account's USD funding one step on, the way a customer's goes: an identity record,
 * a partner-bank account applied for through the bank adapter, its e-KYC link completed on the
 * bank's page, then (once ACTIVE) an incoming transfer from the treasury for what is missing of
 * `target` (counting bank deposits under review). The bank's callbacks, the deposit's review and
 * its FIAT_DEPOSIT posting credit it, so the Real ledger stays conserved. Called every round
 * until funded; each step waits for the bank's callback of the one before. Answers the state.
 */
export async function fundUsd(o: {
  bank: FiatBankDeps;
  source: FiatTreasurySource;
  userId: string;
  target: Decimal;
}): Promise<'WAITING' | 'SENT' | 'FUNDED'> {
  const { db, clock, log } = o.bank;
  const name = await ensureHouseIdentity({ db, at: clock.date() }, o.userId);
  const account = await db.partnerBankAccount.findUnique({ where: { userId: o.userId } });
  const real = { userId: o.userId, mode: RuntimeMode.REAL };
  if (!account || account.status === 'OPEN_FAILED') {
    await openBankAccount(o.bank, real);
    log.info({ userId: o.userId }, 'house partner-bank account applied for');
    return 'WAITING';
  }
  if (account.status === 'OPENING') return 'WAITING';
  if (account.status === 'EKYC_PENDING' || account.status === 'EKYC_FAILED') {
    // Passed already, the bank's callback on its way: the bank answers no new link meanwhile.
    const view = await ekycLink(o.bank, real).catch(() => null);
    if (view?.ekyc && !view.ekyc.expired) await o.source.passEkyc(view.ekyc.url);
    return 'WAITING';
  }
  if (account.status !== 'ACTIVE' || !account.accountNumber) return 'WAITING';
  const [balance, pending] = await Promise.all([
    db.balance.findUnique({
      where: {
        accountId_mode_asset: { accountId: o.userId, mode: RuntimeMode.REAL, asset: 'USD' },
      },
    }),
    db.fiatDeposit.aggregate({
      where: { userId: o.userId, currency: 'USD', state: 'REVIEW' },
      _sum: { amount: true },
    }),
  ]);
  const have = new Decimal(balance?.available.toFixed() ?? 0)
    .plus(balance?.frozen.toFixed() ?? 0)
    .plus(pending._sum.amount?.toFixed() ?? 0);
  if (have.gte(o.target.dividedBy(2))) return 'FUNDED';
  const amount = o.target.minus(have).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  await o.source.deposit({
    accountNumber: account.accountNumber,
    currency: 'USD',
    amount: amount.toFixed(2),
    payerName: name,
    payerAccountNumber: TREASURY_PAYER_ACCOUNT,
  });
  log.info(
    { userId: o.userId, amount: amount.toFixed(2) },
    'house account funded by bank transfer',
  );
  return 'SENT';
}
