import { randomUUID } from 'node:crypto';
import type { Withdrawal } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { applyDecision } from '../../identity/kyc/kyc-service.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';
import type { OpsDeps } from './ops-deps.js';

export interface KycReviewRow {
  applicationId: string;
  uid: string;
  email: string;
  kind: string;
  status: string;
  submittedAt: string | null;
}

/** Applications under review (AFOOT), oldest first. */
export async function listKycReviews(deps: Pick<OpsDeps, 'db'>): Promise<KycReviewRow[]> {
  const rows = await deps.db.kycApplication.findMany({
    where: { status: 'AFOOT' },
    orderBy: { submittedAt: 'asc' },
    include: { user: { select: { uid: true, email: true, entityType: true } } },
  });
  return rows.map((r) => ({
    applicationId: r.id,
    uid: r.user.uid,
    email: r.user.email,
    kind: r.user.entityType,
    status: r.status,
    submittedAt: r.submittedAt?.toISOString() ?? null,
  }));
}

const KYC_DECISIONS = { pass: 'PASS', reject: 'REJECT', fail: 'FAILED' } as const;

/**
 * The operator decides an application under review instead of the (simulated) provider: the
 * same `applyDecision` its signed callback runs, as an event of the operator's, so the
 * provider's later answer for the same submission is recorded and ignored. The user is told
 * (notification and mail) as for the provider's decision. `key` is the application id or the
 * account's UID or e-mail.
 */
export async function decideKyc(
  deps: OpsDeps,
  input: { key: string; decision: string; reason?: string | undefined },
): Promise<{ applicationId: string; status: string }> {
  const decision = KYC_DECISIONS[input.decision.toLowerCase() as keyof typeof KYC_DECISIONS];
  if (!decision) throw new AppError('OPS_INVALID', { reason: 'decision is pass, reject or fail' });
  if (decision !== 'PASS' && !input.reason?.trim())
    throw new AppError('OPS_INVALID', {
      reason: 'a rejection or failure needs a reason for the user',
    });
  const app = await deps.db.kycApplication.findFirst({
    where: {
      OR: [
        ...(/^[0-9a-f-]{36}$/i.test(input.key) ? [{ id: input.key }] : []),
        { user: { uid: input.key } },
        { user: { email: input.key.toLowerCase() } },
      ],
    },
  });
  if (!app) throw new AppError('OPS_NOT_FOUND', { entity: 'KYC application', key: input.key });
  if (app.status !== 'AFOOT' || !app.reference)
    throw new AppError('OPS_INVALID', {
      reason: `the application is ${app.status}, not under review`,
    });
  const before = { status: app.status, reason: app.reason };
  const reason = decision === 'PASS' ? undefined : input.reason?.trim();
  const result = await applyDecision({
    db: deps.db,
    clock: deps.clock,
    callback: {
      eventId: `ops-${randomUUID()}`,
      applicationId: app.id,
      reference: app.reference,
      decision,
      reason: reason ?? null,
      decidedAt: deps.clock.date().toISOString(),
    },
  });
  if (!result.applied)
    throw new AppError('OPS_INVALID', { reason: 'the application was decided meanwhile' });
  await writeAudit(deps.db, {
    actor: deps.actor,
    entity: 'kyc',
    entityKey: app.id,
    action: `decide-${decision.toLowerCase()}`,
    before,
    after: { status: decision, reason: reason ?? null },
    at: deps.clock.date(),
  });
  if (deps.notify)
    await deps.notify({
      userId: app.userId,
      type: 'KYC_RESULT',
      dedupeKey: `kyc:${app.reference}`,
      params: {
        status: decision,
        kycLevel: decision === 'PASS' ? 1 : null,
        reason: reason ?? null,
      },
    });
  return { applicationId: app.id, status: decision };
}

/**
 * The operator's decision on a crypto withdrawal's risk review (the withdrawal service's own
 * `decide`): refuse returns the funds at once, approve ends the review now.
 */
export async function decideWithdrawal(
  deps: OpsDeps,
  input: { id: string; decision: string; reason?: string | undefined },
): Promise<Withdrawal> {
  if (!deps.withdrawals) throw new Error('withdrawals are not wired');
  const decision =
    input.decision === 'approve' ? 'APPROVE' : input.decision === 'refuse' ? 'REFUSE' : null;
  if (!decision) throw new AppError('OPS_INVALID', { reason: 'decision is approve or refuse' });
  const row = await deps.db.cryptoWithdrawal.findUnique({ where: { id: input.id } });
  if (!row) throw new AppError('OPS_NOT_FOUND', { entity: 'withdrawal', key: input.id });
  const after = await deps.withdrawals.decide(
    input.id,
    decision,
    input.reason?.trim() || undefined,
  );
  await writeAudit(deps.db, {
    actor: deps.actor,
    entity: 'withdrawal',
    entityKey: input.id,
    action: decision === 'APPROVE' ? 'approve' : 'refuse',
    before: { status: row.status, reason: row.reason },
    after: { status: after.status, reason: after.reason ?? null },
    at: deps.clock.date(),
  });
  return after;
}

export async function listOpenWithdrawals(deps: Pick<OpsDeps, 'db'>) {
  const rows = await deps.db.cryptoWithdrawal.findMany({
    where: { status: { in: ['REVIEW', 'WAITING_BATCH', 'BROADCASTING', 'BROADCAST'] } },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    amount: r.amount.toFixed(),
    asset: r.asset,
    network: r.network,
    address: r.address,
    createdAt: r.createdAt.toISOString(),
  }));
}
