import {
  PARTNER_BANK_DETAILS,
  PARTNER_BANK_CURRENCIES,
  maskAccount,
  type BankDepositInstructions,
  type RuntimeMode,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { assertAgreementsAccepted, assertFiatDepositor } from './access.js';

/**
 * What the user's bank needs to send a deposit: the virtual account at the partner bank (shown
 * once it is ACTIVE; before that its state, so the page can send the user to open it), the
 * partner bank's details, the reference, and the whitelisted account per currency.
 */
export async function bankInstructions(opts: {
  db: Db;
  userId: string;
  mode: RuntimeMode;
}): Promise<BankDepositInstructions> {
  const user = await assertFiatDepositor(opts.db, opts.userId, opts.mode);
  await assertAgreementsAccepted(opts.db, opts.userId);
  const account = await opts.db.partnerBankAccount.findUnique({ where: { userId: opts.userId } });
  const links = await opts.db.bankAccountCurrency.findMany({
    where: { userId: opts.userId, bankAccount: { linked: true } },
    include: { bankAccount: true },
    orderBy: { currency: 'asc' },
  });
  const active = account?.status === 'ACTIVE';
  return {
    status: (account?.status ?? 'NOT_OPEN') as BankDepositInstructions['status'],
    accountNumber: active ? account.accountNumber : null,
    accountName: active ? account.accountName : null,
    bankName: PARTNER_BANK_DETAILS.bankName,
    swiftCode: PARTNER_BANK_DETAILS.swiftCode,
    bankCode: PARTNER_BANK_DETAILS.bankCode,
    bankAddress: PARTNER_BANK_DETAILS.bankAddress,
    currencies: [...PARTNER_BANK_CURRENCIES],
    reference: user.uid,
    linkedAccounts: links
      .filter((l) => (PARTNER_BANK_CURRENCIES as readonly string[]).includes(l.currency))
      .map((l) => ({
        currency: l.currency,
        holderName: l.bankAccount.holderName,
        accountNumberMasked: maskAccount(l.bankAccount.accountNumber) ?? '',
        bankName: l.bankAccount.bankName,
        verified: l.bankAccount.verifiedAt !== null,
      })),
  };
}
