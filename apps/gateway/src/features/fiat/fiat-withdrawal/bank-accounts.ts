import {
  BANK_ACCOUNTS_MAX,
  BANK_FIELD_MAX,
  FIAT_WITHDRAWAL_FINAL,
  KycPermission,
  RuntimeMode,
  canonicalAccountNumber,
  holderMatches,
  isJointHolder,
  isUnsupportedRail,
  isValidAccountNumber,
  isValidBankCode,
  isValidSwift,
  maskAccountNumber,
  type BankAccount,
  type BankAccountCurrenciesRequest,
  type BankAccountCheckRequest,
  type BankAccountRequest,
  type StepUpFields,
} from '@exchange/contracts';
import type { BankAccount as Row, BankAccountCurrency } from '../../../db/generated/client.js';
import { AppError } from '../../../lib/app-error.js';
import { requirePermission } from '../../../lib/permissions.js';
import { markInstitutionStep } from '../../identity/kyc/kyc-service.js';
import { requireStepUp } from '../../identity/security/step-up.js';
import { privateTopic } from '../../platform/socket/fanout.js';
import { isUniqueViolation } from '../../wallet/withdrawal/money-out-checks.js';
import type { FiatOutDeps } from './fiat-withdrawal-deps.js';
import { verifiedNames } from './identity.js';

type Deps = Pick<FiatOutDeps, 'db' | 'clock' | 'redis' | 'env' | 'box' | 'fanout'>;
type WithCurrencies = Row & { currencies: BankAccountCurrency[] };

const stepUp = (deps: Deps, userId: string, codes: StepUpFields) =>
  requireStepUp(deps, userId, { totp: codes.googleCode, emailCode: codes.emailCode });

export function bankAccountView(row: WithCurrencies): BankAccount {
  const currencies = row.currencies.map((c) => c.currency).sort();
  return {
    id: row.id,
    holderName: row.holderName,
    accountNumber: row.accountNumber,
    maskedAccountNumber: maskAccountNumber(row.accountNumber),
    bankName: row.bankName,
    bankCode: row.bankCode,
    swiftCode: row.swiftCode,
    bankAddress: row.bankAddress,
    currencies,
    linked: row.linked && currencies.length > 0,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    linkLocked: row.firstTransferAt !== null,
    firstTransferAt: row.firstTransferAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Printable ASCII only (bank wires carry no other characters), at most BANK_FIELD_MAX. */
export function checkField(field: string, value: string | undefined, required = true): string {
  const v = (value ?? '').trim().replace(/\s+/g, ' ');
  if (!v) {
    if (required) throw new AppError('BANK_FIELD_REQUIRED', { field });
    return '';
  }
  if (v.length > BANK_FIELD_MAX || !/^[\x20-\x7e]+$/.test(v))
    throw new AppError('BANK_FIELD_INVALID', { field, max: BANK_FIELD_MAX });
  return v;
}

export async function listBankAccounts(deps: Pick<Deps, 'db'>, userId: string) {
  const rows = await deps.db.bankAccount.findMany({
    where: { userId },
    include: { currencies: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return rows.map(bankAccountView);
}

/** The account linked to the currency (6002 when none), verified (6006 when not). */
export async function linkedAccount(
  deps: Pick<Deps, 'db'>,
  userId: string,
  currency: string,
  opts: { requireVerified: boolean } = { requireVerified: true },
): Promise<WithCurrencies> {
  const link = await deps.db.bankAccountCurrency.findUnique({
    where: { userId_currency: { userId, currency } },
    include: { bankAccount: { include: { currencies: true } } },
  });
  if (!link || !link.bankAccount.linked) throw new AppError('NO_ACTIVE_BANK_CARD');
  if (opts.requireVerified && !link.bankAccount.verifiedAt)
    throw new AppError('BANK_ACCOUNT_UNVERIFIED');
  return link.bankAccount;
}

/** Verified identity, no joint holder, the verified name. */
async function checkHolder(deps: Deps, userId: string, holder: string): Promise<void> {
  if (isJointHolder(holder)) throw new AppError('BANK_JOINT_ACCOUNT');
  const identity = await verifiedNames(deps.db, userId);
  if (!identity) throw new AppError('KYC_UNCOMPLETED');
  if (!holderMatches(holder, identity.names))
    throw new AppError('BANK_HOLDER_MISMATCH', { expected: identity.display });
}

async function assertMayManage(deps: Deps, userId: string) {
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { kycLevel: true, entityType: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  requirePermission(user, RuntimeMode.REAL, KycPermission.FIAT_WITHDRAWAL);
  return user;
}

/** Currencies already served by another of the user's accounts: one account per currency. */
async function assertCurrenciesFree(
  deps: Deps,
  userId: string,
  currencies: string[],
  exceptAccountId: string | null,
) {
  const taken = await deps.db.bankAccountCurrency.findMany({
    where: { userId, currency: { in: currencies } },
  });
  const other = taken.find((t) => t.bankAccountId !== exceptAccountId);
  if (other) throw new AppError('BANK_CURRENCY_TAKEN', { currency: other.currency });
}

async function publish(
  deps: Pick<Deps, 'fanout'>,
  userId: string,
  view: BankAccount & { deleted?: boolean },
) {
  await deps.fanout.publish(privateTopic('bankCard', userId, RuntimeMode.REAL), view);
}

/** An approved institution's "link a bank account" step, once it has a linked account. */
async function markLinked(deps: Deps, userId: string, entityType: string) {
  if (entityType !== 'INSTITUTION') return;
  const app = await deps.db.kycApplication.findUnique({
    where: { userId },
    select: { status: true, bankLinkedAt: true },
  });
  if (app?.status !== 'PASS' || app.bankLinkedAt) return;
  await markInstitutionStep({ db: deps.db, clock: deps.clock, userId, event: 'BANK_LINKED' });
}

/**
 * Every rule of a new whitelisted bank account but the step-up, in the order a user should hear
 * of them: the fields, the SWIFT/BIC and the account number formats, the payment rail (banks
 * only), no joint holder, the holder is the verified identity, the account is not already
 * whitelisted (by this user, or by anyone else: only one's own account), and each currency is
 * free (one account per currency). Answers the account's fields as they will be stored. The form
 * calls it (checkBankAccount) before it asks for the codes.
 */
export async function checkBankAccount(deps: Deps, userId: string, req: BankAccountCheckRequest) {
  const user = await assertMayManage(deps, userId);
  const holderName = checkField('holderName', req.holderName);
  const accountNumberText = checkField('accountNumber', req.accountNumber);
  const bankName = checkField('bankName', req.bankName);
  const bankCodeText = checkField('bankCode', req.bankCode);
  const swiftText = checkField('swiftCode', req.swiftCode);
  const bankAddress = checkField('bankAddress', req.bankAddress);
  const swiftCode = swiftText.replace(/\s/g, '').toUpperCase();
  if (!isValidSwift(swiftCode)) throw new AppError('BANK_SWIFT_INVALID');
  if (!isValidAccountNumber(accountNumberText)) throw new AppError('BANK_ACCOUNT_NUMBER_INVALID');
  if (!isValidBankCode(bankCodeText)) throw new AppError('BANK_CODE_INVALID');
  if (isUnsupportedRail(bankName, swiftCode)) throw new AppError('BANK_RAIL_UNSUPPORTED');
  await checkHolder(deps, userId, holderName);
  const accountNumber = canonicalAccountNumber(accountNumberText);
  const currencies = [...new Set(req.currencies)];
  const count = await deps.db.bankAccount.count({ where: { userId } });
  if (count >= BANK_ACCOUNTS_MAX)
    throw new AppError('BANK_ACCOUNTS_FULL', { max: BANK_ACCOUNTS_MAX });
  const same = await deps.db.bankAccount.findFirst({ where: { accountNumber, swiftCode } });
  if (same)
    throw new AppError(same.userId === userId ? 'BANK_ACCOUNT_EXISTS' : 'BANK_ACCOUNT_OTHER_OWNER');
  await assertCurrenciesFree(deps, userId, currencies, null);
  return {
    user,
    holderName,
    accountNumber,
    bankName,
    bankCodeText,
    swiftCode,
    bankAddress,
    currencies,
  };
}

/**
 * Adds a bank account to the whitelist: every rule (checkBankAccount) before the step-up, so a
 * mistake spends no code. Unverified until a deposit from it is credited.
 */
export async function addBankAccount(
  deps: Deps,
  userId: string,
  req: BankAccountRequest,
): Promise<BankAccount> {
  const {
    user,
    holderName,
    accountNumber,
    bankName,
    bankCodeText,
    swiftCode,
    bankAddress,
    currencies,
  } = await checkBankAccount(deps, userId, req);
  await stepUp(deps, userId, req);

  const at = deps.clock.date();
  let row: WithCurrencies;
  try {
    row = await deps.db.$transaction(async (tx) => {
      const created = await tx.bankAccount.create({
        data: {
          userId,
          holderName,
          accountNumber,
          bankName,
          bankCode: canonicalAccountNumber(bankCodeText),
          swiftCode,
          bankAddress,
          linked: currencies.length > 0,
          createdAt: at,
          updatedAt: at,
        },
      });
      if (currencies.length)
        await tx.bankAccountCurrency.createMany({
          data: currencies.map((currency) => ({
            userId,
            currency,
            bankAccountId: created.id,
            createdAt: at,
          })),
        });
      return tx.bankAccount.findUniqueOrThrow({
        where: { id: created.id },
        include: { currencies: true },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await deps.db.bankAccount.findFirst({ where: { accountNumber, swiftCode } });
      if (again)
        throw new AppError(
          again.userId === userId ? 'BANK_ACCOUNT_EXISTS' : 'BANK_ACCOUNT_OTHER_OWNER',
        );
      throw new AppError('BANK_CURRENCY_TAKEN', { currency: currencies.join(', ') });
    }
    throw err;
  }
  if (currencies.length) await markLinked(deps, userId, user.entityType);
  const view = bankAccountView(row);
  await publish(deps, userId, view);
  return view;
}

/** Refuses changes to an account with a transfer behind it or a withdrawal on its way to it. */
async function assertChangeable(deps: Deps, row: Row) {
  if (row.firstTransferAt) throw new AppError('BANK_LINK_LOCKED');
  const pending = await deps.db.fiatWithdrawal.count({
    where: { bankAccountId: row.id, status: { notIn: [...FIAT_WITHDRAWAL_FINAL] } },
  });
  if (pending > 0) throw new AppError('BANK_ACCOUNT_IN_USE');
}

/**
 * Sets the currencies an account serves (link, unlink: [] unlinks it). Refused after the first
 * transfer (the link is fixed), while a withdrawal to it is under way, or when another account
 * already serves one of the currencies.
 */
export async function setBankAccountCurrencies(
  deps: Deps,
  userId: string,
  id: string,
  req: BankAccountCurrenciesRequest,
): Promise<BankAccount> {
  const user = await assertMayManage(deps, userId);
  const row = await deps.db.bankAccount.findFirst({ where: { id, userId } });
  if (!row) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
  await assertChangeable(deps, row);
  const currencies = [...new Set(req.currencies)];
  await assertCurrenciesFree(deps, userId, currencies, id);
  await stepUp(deps, userId, req);
  const at = deps.clock.date();
  let updated: WithCurrencies;
  try {
    updated = await deps.db.$transaction(async (tx) => {
      // Locks the row so a concurrent first transfer or second change waits for this one.
      await tx.$queryRaw`SELECT id FROM bank_account WHERE id = ${id}::uuid FOR UPDATE`;
      const fresh = await tx.bankAccount.findUniqueOrThrow({ where: { id } });
      if (fresh.firstTransferAt) throw new AppError('BANK_LINK_LOCKED');
      await tx.bankAccountCurrency.deleteMany({ where: { bankAccountId: id } });
      if (currencies.length)
        await tx.bankAccountCurrency.createMany({
          data: currencies.map((currency) => ({
            userId,
            currency,
            bankAccountId: id,
            createdAt: at,
          })),
        });
      return tx.bankAccount.update({
        where: { id },
        data: { linked: currencies.length > 0, updatedAt: at },
        include: { currencies: true },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('BANK_CURRENCY_TAKEN', { currency: currencies.join(', ') });
    throw err;
  }
  if (currencies.length) await markLinked(deps, userId, user.entityType);
  const view = bankAccountView(updated);
  await publish(deps, userId, view);
  return view;
}

/** Removes an account from the whitelist: only one that never had a transfer (history keeps it). */
export async function deleteBankAccount(
  deps: Deps,
  userId: string,
  id: string,
  codes: StepUpFields,
): Promise<void> {
  const row = await deps.db.bankAccount.findFirst({
    where: { id, userId },
    include: { currencies: true },
  });
  if (!row) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
  await assertChangeable(deps, row);
  const used = await deps.db.fiatWithdrawal.count({ where: { bankAccountId: id } });
  if (used > 0) throw new AppError('BANK_LINK_LOCKED');
  await stepUp(deps, userId, codes);
  await deps.db.$transaction(async (tx) => {
    await tx.bankAccountCurrency.deleteMany({ where: { bankAccountId: id } });
    await tx.bankAccount.deleteMany({ where: { id, userId, firstTransferAt: null } });
  });
  await publish(deps, userId, { ...bankAccountView({ ...row, currencies: [] }), deleted: true });
}
