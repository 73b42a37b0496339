import {
  FIAT_AGREEMENT_KINDS,
  FIAT_AGREEMENT_VERSION,
  KycPermission,
  RuntimeMode,
  type FiatAgreementStatus,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { assertAccountOpen, requirePermission } from '../../../lib/permissions.js';

/**
 * Who may deposit fiat: Real mode only (Demo and Trial have simulated funds), an open account,
 * identity-verified (opted-out accounts are refused fiat deposit: spec section 6).
 */
export async function assertFiatDepositor(db: Db, userId: string, mode: RuntimeMode) {
  if (mode !== RuntimeMode.REAL) throw new AppError('FIAT_REAL_MODE_ONLY');
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { uid: true, kycLevel: true, cancellationUnderReview: true, cancelledAt: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  assertAccountOpen(user);
  requirePermission(user, mode, KycPermission.FIAT_DEPOSIT);
  return user;
}

export async function agreementStatus(db: Db, userId: string): Promise<FiatAgreementStatus> {
  const rows = await db.fiatAgreement.findMany({
    where: { userId, version: FIAT_AGREEMENT_VERSION },
  });
  const at = (kind: string) => rows.find((r) => r.kind === kind)?.acceptedAt.toISOString() ?? null;
  const accepted = { TRUST: at('TRUST'), FUND_TRANSFER: at('FUND_TRANSFER') };
  return {
    version: FIAT_AGREEMENT_VERSION,
    accepted,
    complete: FIAT_AGREEMENT_KINDS.every((k) => accepted[k] !== null),
  };
}

/** Records the acceptance (time and address) of the current version, once per agreement. */
export async function acceptAgreements(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: RuntimeMode;
  version: string;
  kinds: readonly string[];
  ip: string | null;
}): Promise<FiatAgreementStatus> {
  await assertFiatDepositor(opts.db, opts.userId, opts.mode);
  if (opts.version !== FIAT_AGREEMENT_VERSION)
    throw new AppError('FIAT_AGREEMENT_VERSION_OUTDATED');
  await opts.db.fiatAgreement.createMany({
    data: [...new Set(opts.kinds)].map((kind) => ({
      userId: opts.userId,
      kind,
      version: FIAT_AGREEMENT_VERSION,
      acceptedAt: opts.clock.date(),
      ip: opts.ip,
    })),
    skipDuplicates: true,
  });
  return agreementStatus(opts.db, opts.userId);
}

export async function assertAgreementsAccepted(db: Db, userId: string): Promise<void> {
  if (!(await agreementStatus(db, userId)).complete) throw new AppError('FIAT_AGREEMENTS_REQUIRED');
}
