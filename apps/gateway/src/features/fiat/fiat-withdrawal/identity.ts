import type { IndividualBasicDraft, InstitutionInformationDraft } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';

/**
 * The names a whitelisted bank account's holder may carry: an individual's verified name (first
 * and last, with and without the middle name), an institution's full name (and its trading
 * name). Null while the identity step holding the name was never submitted.
 */
export async function verifiedNames(
  db: Db,
  userId: string,
): Promise<{ kind: 'INDIVIDUAL' | 'INSTITUTION'; names: string[]; display: string } | null> {
  const app = await db.kycApplication.findUnique({
    where: { userId },
    select: { kind: true, step1: true },
  });
  if (!app?.step1) return null;
  if (app.kind === 'INDIVIDUAL') {
    const d = app.step1 as IndividualBasicDraft;
    const first = d.firstName?.trim() ?? '';
    const middle = d.middleName?.trim() ?? '';
    const last = d.lastName?.trim() ?? '';
    if (!first && !last) return null;
    const full = [first, middle, last].filter(Boolean).join(' ');
    const short = [first, last].filter(Boolean).join(' ');
    return { kind: 'INDIVIDUAL', names: [full, short], display: full };
  }
  const d = (app.step1 as InstitutionInformationDraft).basic;
  const full = d?.institutionFullName?.trim() ?? '';
  if (!full) return null;
  const dba = d?.dbaName?.trim();
  return { kind: 'INSTITUTION', names: dba ? [full, dba] : [full], display: full };
}
