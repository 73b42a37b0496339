import { holderMatches } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { verifiedNames } from '../fiat-withdrawal/identity.js';

/**
 * Whether a bank deposit's payer is the account's own identity: the same comparison as a
 * whitelisted bank account's holder (contracts `holderMatches`: case, accents, titles, company
 * forms and word order do not matter).
 */
export function payerMatches(payer: string, identities: readonly string[]): boolean {
  return holderMatches(payer, [...identities]);
}

/**
 * The names the verified identity goes by (the whitelist's `verifiedNames`: an individual's name
 * with and without the middle name, an institution's full and trading names) and the name the
 * partner bank holds the virtual account in.
 */
export async function identityNames(db: Db, userId: string): Promise<string[]> {
  const [verified, account] = await Promise.all([
    verifiedNames(db, userId),
    db.partnerBankAccount.findUnique({ where: { userId }, select: { accountName: true } }),
  ]);
  return [...(verified?.names ?? []), ...(account?.accountName ? [account.accountName] : [])];
}
