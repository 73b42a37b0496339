import { Decimal } from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  PARTNER_BANK_CURRENCIES,
  PARTNER_BANK_DETAILS,
  PARTNER_BANK_FEE_CURRENCY,
  PARTNER_BANK_MONTHLY_FEE_USD,
  PARTNER_BANK_OPENING_FEE_USD,
  RuntimeMode,
  type BankAccountEvent,
  type NotifyInput,
  type PartnerBankAccountView,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { PartnerBankAccount } from '../../../db/generated/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { assertAccountOpen, requirePermission } from '../../../lib/permissions.js';
import { privateTopic, type Fanout } from '../../platform/socket/fanout.js';
import type { PartnerBank } from './bank-adapter.js';
import { collectOwedFees, levyFee } from './fees.js';

export interface FiatBankDeps {
  db: Db;
  clock: Clock;
  bank: PartnerBank;
  fanout: Fanout;
  log: FastifyBaseLogger;
  /** Tells the user after commit (platform/notifications); a dedupeKey makes a repeat silent. */
  notify(input: NotifyInput): Promise<void>;
  /** Where the bank's e-KYC page sends the user back (the exchange's page). */
  returnUrl: string;
}

/** The account's partner-bank account as the user sees it (NONE before any application). */
export async function getBankAccountView(
  deps: Pick<FiatBankDeps, 'db' | 'clock'>,
  userId: string,
): Promise<PartnerBankAccountView> {
  const row = await deps.db.partnerBankAccount.findUnique({ where: { userId } });
  const fees = row
    ? await deps.db.partnerBankFee.findMany({
        where: { accountId: row.id },
        orderBy: [{ createdAt: 'desc' }, { period: 'desc' }],
        take: 24,
      })
    : [];
  const now = deps.clock.now();
  const expired = !!row?.ekycExpiresAt && row.ekycExpiresAt.getTime() <= now;
  const owed = fees
    .filter((f) => f.state === 'OWED')
    .reduce((sum, f) => sum.plus(f.amount.toFixed()), new Decimal(0));
  return {
    state: (row?.status ?? 'NONE') as PartnerBankAccountView['state'],
    currencies: [...PARTNER_BANK_CURRENCIES],
    accountNumber: row?.accountNumber ?? null,
    accountName: row?.accountName ?? null,
    bank: { ...PARTNER_BANK_DETAILS },
    failureReason: row?.failureReason ?? null,
    ekyc:
      row?.ekycUrl && row.ekycExpiresAt && row.status !== 'ACTIVE'
        ? { url: row.ekycUrl, expiresAt: row.ekycExpiresAt.toISOString(), expired }
        : null,
    canRegenerateLink:
      row?.status === 'EKYC_FAILED' ||
      (row?.status === 'EKYC_PENDING' && (!row.ekycUrl || expired)),
    fees: {
      currency: PARTNER_BANK_FEE_CURRENCY,
      opening: PARTNER_BANK_OPENING_FEE_USD,
      monthly: PARTNER_BANK_MONTHLY_FEE_USD,
      owed: owed.toFixed(),
      history: fees.map((f) => ({
        kind: f.kind as 'OPENING' | 'MONTHLY',
        period: f.kind === 'MONTHLY' ? f.period : null,
        currency: f.currency,
        amount: f.amount.toFixed(),
        state: f.state as 'CHARGED' | 'OWED' | 'DEDUCTED',
        createdAt: f.createdAt.toISOString(),
        settledAt: f.settledAt?.toISOString() ?? null,
      })),
    },
    openedAt: row?.openedAt?.toISOString() ?? null,
    activatedAt: row?.activatedAt?.toISOString() ?? null,
  };
}

/** Verified (KYC PASS), Real mode, account not cancelled: the only users the bank serves. */
async function eligibleUser(db: Db, userId: string, mode: RuntimeMode) {
  if (mode !== RuntimeMode.REAL) throw new AppError('PARTNER_BANK_REAL_ONLY');
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      kycLevel: true,
      cancellationUnderReview: true,
      cancelledAt: true,
      kycApplication: true,
    },
  });
  requirePermission(user, mode, 'FIAT_DEPOSIT');
  assertAccountOpen(user);
  return user;
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The verified identity's summary the bank needs (never documents). */
function identityOf(app: { kind: string; step1: unknown; step2: unknown } | null, userId: string) {
  const s1 = (app?.step1 ?? {}) as Json;
  const s2 = (app?.step2 ?? {}) as Json;
  const basic = (s1.basic as Json | undefined) ?? s1;
  const advanced = (s2.advanced as Json | undefined) ?? s2;
  const institution = app?.kind === 'INSTITUTION';
  const name = institution
    ? str(basic.institutionFullName)
    : [basic.firstName, basic.middleName, basic.lastName].map(str).filter(Boolean).join(' ');
  const idNumber = str(advanced.idNumber) ?? str(advanced.passportNumber);
  return {
    name: name || `Customer ${userId.slice(0, 8)}`,
    identity: {
      kind: institution ? ('INSTITUTION' as const) : ('INDIVIDUAL' as const),
      nationality: str(basic.nationality) ?? str(basic.taxNationality),
      country: str(basic.country) ?? str(basic.registrationCountry),
      birthDate: str(basic.birthDate),
      idType: str(advanced.idType),
      idNumberLast4: idNumber ? idNumber.slice(-4) : null,
    },
  };
}

/**
 * Applies for the partner-bank account, or again after the bank refused it: the bank answers its
 * reference now and its decision later (`account.opened` / `account.open_failed`).
 */
export async function openBankAccount(
  deps: FiatBankDeps,
  opts: { userId: string; mode: RuntimeMode },
): Promise<PartnerBankAccountView> {
  const user = await eligibleUser(deps.db, opts.userId, opts.mode);
  const existing = await deps.db.partnerBankAccount.findUnique({ where: { userId: user.id } });
  if (existing && existing.status !== 'OPEN_FAILED') {
    // A lost answer (OPENING without a reference) may ask again; anything else is done.
    if (existing.status !== 'OPENING' || existing.bankReference)
      throw new AppError('PARTNER_BANK_ACCOUNT_EXISTS');
  }
  const now = deps.clock.date();
  // Claim the application first (one per user), so two clicks make one application.
  const claimed = existing
    ? await deps.db.partnerBankAccount.updateMany({
        where: { id: existing.id, status: existing.status, updatedAt: existing.updatedAt },
        data: {
          status: 'OPENING',
          bankReference: null,
          failureReason: null,
          updatedAt: now,
        },
      })
    : await deps.db.partnerBankAccount.createMany({
        data: [{ userId: user.id, status: 'OPENING', createdAt: now, updatedAt: now }],
        skipDuplicates: true,
      });
  if (claimed.count === 0) throw new AppError('PARTNER_BANK_ACCOUNT_EXISTS');
  const who = identityOf(user.kycApplication, user.id);
  let bankReference: string;
  try {
    ({ bankReference } = await deps.bank.openAccount({
      userRef: user.id,
      name: who.name,
      identity: who.identity,
      currencies: [...PARTNER_BANK_CURRENCIES],
    }));
  } catch (err) {
    // The bank did not take it: back to where the user can try again.
    await deps.db.partnerBankAccount.update({
      where: { userId: user.id },
      data: { status: 'OPEN_FAILED', failureReason: null, updatedAt: deps.clock.date() },
    });
    throw err;
  }
  const row = await deps.db.partnerBankAccount.update({
    where: { userId: user.id },
    data: { bankReference, updatedAt: deps.clock.date() },
  });
  await announce(deps, row);
  return getBankAccountView(deps, user.id);
}

/**
 * The e-KYC link of the opened account: the current one while it is valid (the bank answers the
 * same), a new one after it expired or e-KYC failed (the spec: interrupted -> wait for expiry,
 * then regenerate).
 */
export async function ekycLink(
  deps: FiatBankDeps,
  opts: { userId: string; mode: RuntimeMode },
): Promise<PartnerBankAccountView> {
  await eligibleUser(deps.db, opts.userId, opts.mode);
  const row = await deps.db.partnerBankAccount.findUnique({ where: { userId: opts.userId } });
  if (!row || row.status === 'OPEN_FAILED') throw new AppError('PARTNER_BANK_ACCOUNT_NOT_OPEN');
  if (row.status === 'OPENING') throw new AppError('PARTNER_BANK_ACCOUNT_OPENING');
  if (row.status === 'ACTIVE') throw new AppError('EKYC_ALREADY_PASSED');
  const now = deps.clock.now();
  const valid =
    row.status === 'EKYC_PENDING' &&
    row.ekycUrl &&
    row.ekycExpiresAt &&
    row.ekycExpiresAt.getTime() > now;
  if (valid) return getBankAccountView(deps, opts.userId);
  const link = await deps.bank.createEkycLink(row.bankReference ?? '', deps.returnUrl);
  const updated = await deps.db.partnerBankAccount.update({
    where: { id: row.id },
    data: {
      status: 'EKYC_PENDING',
      ekycUrl: link.url,
      ekycExpiresAt: new Date(link.expiresAt),
      ekycLinks: { increment: row.ekycUrl === link.url ? 0 : 1 },
      failureReason: null,
      updatedAt: deps.clock.date(),
    },
  });
  await announce(deps, updated);
  return getBankAccountView(deps, opts.userId);
}

/**
 * A callback of the bank's accounts family. Idempotent on the event id (FiatCallbackEvent, in
 * the same transaction as the change) and on the account's state: a repeat changes nothing.
 * Answers whether it applied.
 */
export async function applyAccountEvent(
  deps: FiatBankDeps,
  event: BankAccountEvent,
): Promise<{ duplicate: boolean }> {
  const at = deps.clock.date();
  const result = await deps.db.$transaction(async (tx) => {
    const recorded = await tx.fiatCallbackEvent.createMany({
      data: [{ party: 'BANK', eventId: event.eventId, type: event.type, receivedAt: at }],
      skipDuplicates: true,
    });
    if (recorded.count === 0) return null;
    const row = await tx.partnerBankAccount.findFirst({
      where:
        event.type === 'account.opened' || event.type === 'account.open_failed'
          ? { OR: [{ bankReference: event.bankReference }, { userId: event.userRef }] }
          : { bankReference: event.bankReference },
    });
    if (!row) {
      deps.log.warn({ event }, 'bank callback for an unknown account');
      return null;
    }
    // An answer about an earlier application (refused, then applied again) changes nothing.
    if (row.bankReference && row.bankReference !== event.bankReference) return null;
    switch (event.type) {
      case 'account.opened': {
        if (row.status !== 'OPENING') return null;
        const opened = await tx.partnerBankAccount.update({
          where: { id: row.id },
          data: {
            status: 'EKYC_PENDING',
            bankReference: event.bankReference,
            accountNumber: event.accountNumber,
            accountName: event.accountName,
            openedAt: at,
            failureReason: null,
            updatedAt: at,
          },
        });
        const fee = await levyFee(tx, {
          userId: row.userId,
          accountId: row.id,
          kind: 'OPENING',
          period: 'OPENING',
          at,
        });
        if (fee === 'CHARGED')
          await tx.partnerBankAccount.update({
            where: { id: row.id },
            data: { openingFeeChargedAt: at },
          });
        return { row: opened, notice: 'OPENED' as const, fee };
      }
      case 'account.open_failed': {
        if (row.status !== 'OPENING') return null;
        const failed = await tx.partnerBankAccount.update({
          where: { id: row.id },
          data: { status: 'OPEN_FAILED', failureReason: event.reason, updatedAt: at },
        });
        return { row: failed, notice: 'OPEN_FAILED' as const, fee: null };
      }
      case 'ekyc.passed': {
        if (row.status !== 'EKYC_PENDING' && row.status !== 'EKYC_FAILED') return null;
        const active = await tx.partnerBankAccount.update({
          where: { id: row.id },
          data: { status: 'ACTIVE', activatedAt: at, failureReason: null, updatedAt: at },
        });
        return { row: active, notice: 'EKYC_PASSED' as const, fee: null };
      }
      case 'ekyc.failed': {
        if (row.status !== 'EKYC_PENDING') return null;
        const failed = await tx.partnerBankAccount.update({
          where: { id: row.id },
          data: { status: 'EKYC_FAILED', failureReason: event.reason, updatedAt: at },
        });
        return { row: failed, notice: 'EKYC_FAILED' as const, fee: null };
      }
    }
  });
  if (!result) return { duplicate: true };
  await announce(deps, result.row);
  if (result.fee === 'CHARGED') await refreshBalance(deps, result.row.userId);
  await deps.notify({
    userId: result.row.userId,
    type: 'BANK_ACCOUNT',
    params: {
      event: result.notice,
      accountNumber: result.row.accountNumber,
      reason: result.row.failureReason,
    },
    dedupeKey: `bank-account:${event.eventId}`,
  });
  return { duplicate: false };
}

/** After a USD credit has committed: deducts owed fees the balance now covers. */
export async function afterUsdCredit(deps: FiatBankDeps, userId: string): Promise<void> {
  const n = await collectOwedFees(deps.db, { userId, at: deps.clock.date() });
  if (!n) return;
  await refreshBalance(deps, userId);
  const row = await deps.db.partnerBankAccount.findUnique({ where: { userId } });
  if (row) await announce(deps, row);
}

/** Pushes the account's new view on its private `bankAccount` channel (best effort). */
export async function announce(deps: FiatBankDeps, row: PartnerBankAccount): Promise<void> {
  try {
    await deps.fanout.publish(
      privateTopic('bankAccount', row.userId, RuntimeMode.REAL),
      await getBankAccountView(deps, row.userId),
    );
  } catch (err) {
    deps.log.warn({ err, userId: row.userId }, 'bank account state not pushed');
  }
}

async function refreshBalance(deps: FiatBankDeps, userId: string): Promise<void> {
  try {
    await deps.fanout.publish(privateTopic('refreshAsset', userId, RuntimeMode.REAL), {
      assets: [PARTNER_BANK_FEE_CURRENCY],
    });
  } catch (err) {
    deps.log.warn({ err, userId }, 'balance refresh not pushed');
  }
}
