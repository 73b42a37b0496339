import { z } from 'zod';
import {
  ACCOUNT_CANCELLATION_REVIEW_BUSINESS_DAYS,
  addHkBusinessDays,
  cancellationNoteOk,
  hkInstant,
  type CancellationConditionKey,
  type CancellationDecision,
  type CancellationPreview,
  type CancellationReason,
  type CancellationView,
} from '@exchange/contracts';
import type { AccountCancellation } from '../../../db/generated/client.js';
import type { JobDefinition } from '../../../jobs/jobs.js';
import { AppError } from '../../../lib/app-error.js';
import { assertOwnedFiles } from '../../platform/files/file-service.js';
import type { SecurityDeps } from '../security/security-deps.js';
import { requireStepUp } from '../security/step-up.js';
import { assertMoneyConditions, checkConditions, MONEY_CONDITIONS } from './conditions.js';
import { cancellationResultMail } from '../../platform/mail/account-mails.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Account cancellation (for the operator's command). */
    cancellation: CancellationDeps;
  }
}

export interface CancellationDeps extends SecurityDeps {
  /** The review's end, enqueued at each request (set by `cancellationReviewJob`). */
  reviewJob?: JobDefinition<typeof reviewPayload>;
}

/** The simulated review decides at this local time of the 7th Hong Kong business day. */
export const REVIEW_DECISION_HOUR_HK = 10;
/** The latest end the page shows: this local time of the 15th business day. */
export const REVIEW_LATEST_HOUR_HK = 18;

export const reviewPayload = z.object({ id: z.uuid() });

/** The e-mail a closed account keeps, so its address is free for a new registration. */
export const tombstoneEmail = (userId: string) => `cancelled.${userId}@cancelled.invalid`;

function toView(row: AccountCancellation): CancellationView {
  const detail = (row.failureDetail ?? {}) as {
    conditions?: CancellationConditionKey[];
    note?: string;
  };
  return {
    id: row.id,
    status: row.status as CancellationView['status'],
    reason: row.reason as CancellationReason,
    note: row.note,
    proofFileIds: row.proofFileIds,
    submittedAt: row.submittedAt.toISOString(),
    decideAt: row.decideAt.toISOString(),
    latestAt: row.latestAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    failureReason: (row.failureReason as CancellationView['failureReason']) ?? null,
    failedConditions: detail.conditions ?? [],
    reviewerNote: detail.note ?? null,
  };
}

async function latest(deps: Pick<CancellationDeps, 'db'>, userId: string) {
  return deps.db.accountCancellation.findFirst({
    where: { userId },
    orderBy: { submittedAt: 'desc' },
  });
}

/** The page: every condition with its state, whether a request may be sent, the latest request. */
export async function preview(
  deps: CancellationDeps,
  userId: string,
): Promise<CancellationPreview> {
  const [conditions, row] = await Promise.all([
    checkConditions(deps, userId),
    latest(deps, userId),
  ]);
  return {
    conditions,
    canSubmit: conditions.every((c) => c.met) && row?.status !== 'UNDER_REVIEW',
    current: row ? toView(row) : null,
  };
}

/**
 * Asks for the account to be closed. Checked in this order, each with its own answer and nothing
 * changed on a refusal: the note (2105), no request under review (2103), the proof files (the
 * uploads' codes), the money conditions (2100-2102), then the step-up (8001, 8002, 8006, codes).
 */
export async function submit(
  deps: CancellationDeps,
  userId: string,
  input: {
    reason: CancellationReason;
    note?: string | undefined;
    proofFileIds: string[];
    googleCode: string;
    emailCode: string;
  },
): Promise<CancellationView> {
  if (!cancellationNoteOk(input.reason, input.note))
    throw new AppError('CANCELLATION_NOTE_REQUIRED');
  const current = await latest(deps, userId);
  if (current?.status === 'UNDER_REVIEW') throw new AppError('CANCELLATION_UNDER_REVIEW');
  const proof = [...new Set(input.proofFileIds)];
  if (proof.length > 0) await assertOwnedFiles(deps.db, userId, proof, 'CANCELLATION_PROOF');
  assertMoneyConditions(await checkConditions(deps, userId));
  await requireStepUp(deps, userId, { totp: input.googleCode, emailCode: input.emailCode });

  const now = deps.clock.date();
  const { min, max } = ACCOUNT_CANCELLATION_REVIEW_BUSINESS_DAYS;
  const decideAt = hkInstant(addHkBusinessDays(now, min), REVIEW_DECISION_HOUR_HK);
  const latestAt = hkInstant(addHkBusinessDays(now, max), REVIEW_LATEST_HOUR_HK);
  let row: AccountCancellation;
  try {
    row = await deps.db.$transaction(async (tx) => {
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      const created = await tx.accountCancellation.create({
        data: {
          userId,
          status: 'UNDER_REVIEW',
          reason: input.reason,
          note: input.note?.trim() || null,
          proofFileIds: proof,
          email: user.email,
          submittedAt: now,
          decideAt,
          latestAt,
        },
      });
      await tx.user.update({ where: { id: userId }, data: { cancellationUnderReview: true } });
      return created;
    });
  } catch (err) {
    // Two requests racing: the partial unique index keeps one under review.
    if ((err as { code?: string }).code === 'P2002')
      throw new AppError('CANCELLATION_UNDER_REVIEW');
    throw err;
  }
  if (deps.reviewJob)
    await deps.jobs.enqueue(
      deps.reviewJob,
      { id: row.id },
      { delayMs: decideAt.getTime() - now.getTime() },
    );
  return toView(row);
}

/** "Cancel the cancellation": the request under review ends as WITHDRAWN. */
export async function withdraw(deps: CancellationDeps, userId: string): Promise<CancellationView> {
  const now = deps.clock.date();
  const row = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.accountCancellation.updateMany({
      where: { userId, status: 'UNDER_REVIEW' },
      data: { status: 'WITHDRAWN', withdrawnAt: now },
    });
    if (count !== 1) throw new AppError('CANCELLATION_NOT_UNDER_REVIEW');
    await tx.user.update({ where: { id: userId }, data: { cancellationUnderReview: false } });
    return tx.accountCancellation.findFirstOrThrow({
      where: { userId },
      orderBy: { submittedAt: 'desc' },
    });
  });
  return toView(row);
}

/**
 * The end of a review. Without an operator's decision (the review job on the 7th business day)
 * the money conditions are checked again: all met, SUCCESS; otherwise FAILED with the unmet
 * ones. An operator may decide any time while under review. Idempotent: a request no longer
 * under review is left as it is (answers null).
 */
export async function decide(
  deps: CancellationDeps,
  id: string,
  forced?: CancellationDecision,
): Promise<CancellationView | null> {
  const row = await deps.db.accountCancellation.findUnique({ where: { id } });
  if (!row || row.status !== 'UNDER_REVIEW') return null;
  let failed: { reason: string; detail: object } | null = null;
  if (forced?.decision === 'FAILED') {
    failed = { reason: 'REVIEWER_REJECTED', detail: { note: forced.note } };
  } else {
    // Success, forced or not, only with every money condition met: nothing left behind.
    const unmet = (await checkConditions(deps, row.userId))
      .filter((c) => !c.met && MONEY_CONDITIONS.includes(c.key))
      .map((c) => c.key);
    if (unmet.length > 0) failed = { reason: 'CONDITIONS_NOT_MET', detail: { conditions: unmet } };
  }
  const now = deps.clock.date();
  const done = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.accountCancellation.updateMany({
      where: { id, status: 'UNDER_REVIEW' },
      data: failed
        ? {
            status: 'FAILED',
            decidedAt: now,
            failureReason: failed.reason,
            failureDetail: failed.detail,
          }
        : { status: 'SUCCESS', decidedAt: now },
    });
    if (count !== 1) return false;
    await tx.user.update({
      where: { id: row.userId },
      data: failed
        ? { cancellationUnderReview: false }
        : {
            cancellationUnderReview: false,
            cancelledAt: now,
            cancelledEmail: row.email,
            email: tombstoneEmail(row.userId),
          },
    });
    return true;
  });
  if (!done) return null;
  if (!failed) await deps.sessions.revokeAll(row.userId, 'ACCOUNT_CANCELLED');
  const owner = await deps.db.user.findUnique({
    where: { id: row.userId },
    select: { language: true },
  });
  await deps.jobs.enqueue(deps.mailJob, {
    to: row.email,
    ...cancellationResultMail(owner?.language, Boolean(failed)),
  });
  const updated = await deps.db.accountCancellation.findUniqueOrThrow({ where: { id } });
  return toView(updated);
}

/** The review's end as a job on the shared clock: decides when due, waits again if early. */
export function cancellationReviewJob(deps: CancellationDeps): JobDefinition<typeof reviewPayload> {
  const job: JobDefinition<typeof reviewPayload> = {
    name: 'account-cancellation-review',
    payload: reviewPayload,
    async handle({ id }) {
      const row = await deps.db.accountCancellation.findUnique({ where: { id } });
      if (!row || row.status !== 'UNDER_REVIEW') return;
      const early = row.decideAt.getTime() - deps.clock.now();
      if (early > 0) {
        await deps.jobs.enqueue(job, { id }, { delayMs: early });
        return;
      }
      await decide(deps, id);
    },
  };
  deps.reviewJob = job;
  return job;
}

/** The operator's decision by the account's UID (`npm run cancellation:decide`). */
export async function decideByUid(
  deps: CancellationDeps,
  uid: string,
  decision: CancellationDecision,
): Promise<CancellationView> {
  const user = await deps.db.user.findUnique({ where: { uid }, select: { id: true } });
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  const row = await latest(deps, user.id);
  if (row?.status !== 'UNDER_REVIEW') throw new AppError('CANCELLATION_NOT_UNDER_REVIEW');
  const view = await decide(deps, row.id, decision);
  if (!view) throw new AppError('CANCELLATION_NOT_UNDER_REVIEW');
  return view;
}
