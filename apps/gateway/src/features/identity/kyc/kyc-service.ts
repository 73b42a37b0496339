import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  KYC_SUBMITTABLE_STATUSES,
  individualAdvancedViolations,
  individualBasicViolations,
  institutionDocumentsViolations,
  institutionInformationViolations,
  type EntityType,
  type IndividualAdvancedDraft,
  type IndividualBasicDraft,
  type IndividualDraft,
  type InstitutionDocumentsDraft,
  type InstitutionDraft,
  type InstitutionInformationDraft,
  type KycApplicationView,
  type KycDraftView,
  type KycFilePlace,
  type KycProviderCallback,
  type KycStatus,
  type KycStepState,
  type KycViolation,
  type NotifyInput,
} from '@exchange/contracts';
import type { Prisma, Db } from '../../../db/client.js';
import type { KycApplication } from '../../../db/generated/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import type { FileCheck } from './kyc-files.js';
import type { KycProvider } from './kyc-provider.js';

export interface KycDeps {
  db: Db;
  clock: Clock;
  provider: KycProvider;
  /** Where the provider posts its decision (the public callback route). */
  callbackUrl: string;
  checkFiles: FileCheck;
  /** Tells the user of a decision (after its commit); absent: nobody is told. */
  notify?: (input: NotifyInput) => Promise<unknown>;
}

type Application = KycApplication;

const json = (value: unknown) => value as Prisma.InputJsonValue;

// ---- reading ----

async function loadUser(db: Db, userId: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, entityType: true, kycLevel: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

function stepState(app: Application | null, step: 1 | 2): KycStepState {
  if (!app) return 'PENDING';
  if (app.status === 'PASS') return 'APPROVED';
  if (step === 1) return app.step1 === null ? 'PENDING' : 'SUBMITTED';
  return app.status === 'AFOOT' ? 'SUBMITTED' : 'PENDING';
}

export function toView(
  app: Application | null,
  user: { entityType: EntityType; kycLevel: number | null },
): KycApplicationView {
  const status: KycStatus = app?.status ?? 'NOT_SUBMITTED';
  const first = stepState(app, 1);
  const second = stepState(app, 2);
  return {
    id: app?.id ?? null,
    kind: user.entityType,
    status,
    level: user.kycLevel,
    reason: app?.reason ?? null,
    canSubmit:
      user.kycLevel !== null && user.kycLevel >= 0 && KYC_SUBMITTABLE_STATUSES.includes(status),
    steps:
      user.entityType === 'INDIVIDUAL'
        ? [
            { step: 'BASIC', state: first },
            { step: 'ADVANCED', state: second },
          ]
        : [
            { step: 'BASIC_INFORMATION', state: first },
            { step: 'DOCUMENTS', state: second },
            { step: 'BANK_ACCOUNT', state: app?.bankLinkedAt ? 'LINKED' : 'PENDING' },
            { step: 'DEPOSIT', state: app?.depositedAt ? 'DEPOSITED' : 'PENDING' },
          ],
    submittedAt: app?.submittedAt?.toISOString() ?? null,
    decidedAt: app?.decidedAt?.toISOString() ?? null,
  };
}

export async function getApplication(opts: {
  db: Db;
  userId: string;
}): Promise<KycApplicationView> {
  // The application before the account: a decision commits both together, so an application
  // read as decided is always followed by the level that decision set.
  const app = await opts.db.kycApplication.findUnique({ where: { userId: opts.userId } });
  const user = await loadUser(opts.db, opts.userId);
  return toView(app, user);
}

/** The account's own form only: an institution cannot use the individual form, and the reverse. */
function assertKind(user: { entityType: EntityType }, kind: EntityType): void {
  if (user.entityType !== kind) throw new AppError('KYC_WRONG_ACCOUNT_TYPE');
}

export async function getDraft(opts: {
  db: Db;
  userId: string;
  kind: EntityType;
}): Promise<KycDraftView> {
  const user = await loadUser(opts.db, opts.userId);
  assertKind(user, opts.kind);
  const app = await opts.db.kycApplication.findUnique({ where: { userId: opts.userId } });
  return {
    kind: opts.kind,
    data: (app?.draft ?? {}) as IndividualDraft | InstitutionDraft,
    updatedAt: app?.draftUpdatedAt?.toISOString() ?? null,
  };
}

// ---- writing ----

/**
 * Who may change their verification now: the account's own kind, having chosen to verify
 * (kycLevel 0; not opted out, not undecided), and not under review or approved.
 */
async function editable(db: Db, userId: string, kind: EntityType) {
  const user = await loadUser(db, userId);
  assertKind(user, kind);
  if (user.kycLevel === -1) throw new AppError('KYC_OPTED_OUT_ACCOUNT');
  if (user.kycLevel === null) throw new AppError('KYC_NOT_CHOSEN');
  if (user.kycLevel > 0) throw new AppError('KYC_ALREADY_VERIFIED');
  const app = await application(db, userId, kind);
  if (app.status === 'AFOOT') throw new AppError('KYC_UNDER_REVIEW');
  if (app.status === 'PASS') throw new AppError('KYC_ALREADY_VERIFIED');
  return { user, app };
}

/**
 * The user's application, created by the first write. Two writes of one user at once (the form
 * saves as the user types, beside its "Next") can both find none and both create it: the one the
 * unique index refuses reads the other's row instead of failing (Prisma's upsert is a read then a
 * write here, and failed so under load with 1012).
 */
async function application(db: Db, userId: string, kind: EntityType) {
  const found = await db.kycApplication.findUnique({ where: { userId } });
  if (found) return found;
  try {
    return await db.kycApplication.create({ data: { userId, kind } });
  } catch (err) {
    if ((err as { code?: string }).code !== 'P2002') throw err;
    return db.kycApplication.findUniqueOrThrow({ where: { userId } });
  }
}

/** Saves what the user typed so far (whole replacement); nothing is checked but the shape. */
export async function saveDraft(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  kind: EntityType;
  data: IndividualDraft | InstitutionDraft;
}): Promise<KycDraftView> {
  const { app } = await editable(opts.db, opts.userId, opts.kind);
  const at = opts.clock.date();
  await opts.db.kycApplication.update({
    where: { id: app.id },
    data: { draft: json(opts.data), draftUpdatedAt: at },
  });
  return { kind: opts.kind, data: opts.data, updatedAt: at.toISOString() };
}

/** Refuses a form breaking a rule: the first violation's code, all of them in `violations`. */
function refuse(violations: KycViolation[]): void {
  const [first] = violations;
  if (!first) return;
  throw new AppError(first.error, {
    ...first.params,
    field: first.params.field ?? first.field,
    violations: violations.map((v) => ({
      field: v.field,
      code: ErrorCode[v.error].code,
      params: v.params,
    })),
  });
}

function today(clock: Clock): string {
  return clock.date().toISOString().slice(0, 10);
}

/** Submits the first step (individual basic, institution information) and keeps it in the draft. */
async function submitFirst(
  deps: Pick<KycDeps, 'db' | 'clock'>,
  userId: string,
  kind: EntityType,
  data: IndividualBasicDraft | InstitutionInformationDraft,
  draftKey: 'basic' | 'information',
): Promise<KycApplicationView> {
  const { user, app } = await editable(deps.db, userId, kind);
  refuse(
    kind === 'INDIVIDUAL'
      ? individualBasicViolations(data as IndividualBasicDraft, today(deps.clock))
      : institutionInformationViolations(data as InstitutionInformationDraft, today(deps.clock)),
  );
  const at = deps.clock.date();
  const updated = await deps.db.kycApplication.update({
    where: { id: app.id },
    data: {
      step1: json(data),
      step1SubmittedAt: at,
      draft: json({ ...(app.draft as object), [draftKey]: data }),
      draftUpdatedAt: at,
    },
  });
  return toView(updated, user);
}

export function submitIndividualBasic(
  deps: Pick<KycDeps, 'db' | 'clock'>,
  userId: string,
  data: IndividualBasicDraft,
): Promise<KycApplicationView> {
  return submitFirst(deps, userId, 'INDIVIDUAL', data, 'basic');
}

export function submitInstitutionInformation(
  deps: Pick<KycDeps, 'db' | 'clock'>,
  userId: string,
  data: InstitutionInformationDraft,
): Promise<KycApplicationView> {
  return submitFirst(deps, userId, 'INSTITUTION', data, 'information');
}

/** Every uploaded file of the step must be the user's, uploaded for its place. */
async function checkFiles(
  deps: KycDeps,
  userId: string,
  fields: [string, string[] | undefined, KycFilePlace][],
): Promise<void> {
  for (const [field, ids, place] of fields) {
    if (!ids || ids.length === 0) continue;
    try {
      await deps.checkFiles(deps.db, userId, ids, place);
    } catch (cause) {
      throw new AppError('KYC_FILES_INVALID', { field }, { cause });
    }
  }
}

/**
 * Submits the second step (individual advanced, institution documents) and hands the whole
 * application to the provider: the status turns AFOOT with a new reference first, so a decision
 * can only match this submission; if the provider cannot take it, the status goes back and the
 * user is told to try again (7033).
 */
async function submitSecond(
  deps: KycDeps,
  userId: string,
  kind: EntityType,
  data: IndividualAdvancedDraft | InstitutionDocumentsDraft,
  files: [string, string[] | undefined, KycFilePlace][],
): Promise<KycApplicationView> {
  const { user, app } = await editable(deps.db, userId, kind);
  if (app.step1 === null) throw new AppError('KYC_STEP_FIRST');
  const first = app.step1 as IndividualBasicDraft | InstitutionInformationDraft;
  refuse(
    kind === 'INDIVIDUAL'
      ? individualAdvancedViolations(data as IndividualAdvancedDraft, today(deps.clock))
      : institutionDocumentsViolations(data as InstitutionDocumentsDraft, {
          isFinancialInstitution:
            (first as InstitutionInformationDraft).basic?.isFinancialInstitution === true,
        }),
  );
  await checkFiles(deps, userId, files);

  const at = deps.clock.date();
  const reference = randomUUID();
  const draftKey = kind === 'INDIVIDUAL' ? 'advanced' : 'documents';
  const { count } = await deps.db.kycApplication.updateMany({
    where: { id: app.id, status: { in: [...KYC_SUBMITTABLE_STATUSES] } },
    data: {
      status: 'AFOOT',
      step2: json(data),
      submittedAt: at,
      reference,
      reason: null,
      decidedAt: null,
      attempts: { increment: 1 },
      draft: json({ ...(app.draft as object), [draftKey]: data }),
      draftUpdatedAt: at,
    },
  });
  if (count === 0) throw new AppError('KYC_UNDER_REVIEW');
  try {
    await deps.provider.submit({
      applicationId: app.id,
      reference,
      kind,
      data:
        kind === 'INDIVIDUAL'
          ? {
              basic: first as IndividualBasicDraft,
              advanced: data as IndividualAdvancedDraft,
            }
          : {
              information: first as InstitutionInformationDraft,
              documents: data as InstitutionDocumentsDraft,
            },
      callbackUrl: deps.callbackUrl,
    });
  } catch (err) {
    await deps.db.kycApplication.updateMany({
      where: { id: app.id, reference },
      data: { status: app.status, reference: app.reference, submittedAt: app.submittedAt },
    });
    throw err instanceof AppError
      ? err
      : new AppError('KYC_PROVIDER_UNAVAILABLE', null, { cause: err });
  }
  const updated = await deps.db.kycApplication.findUniqueOrThrow({ where: { id: app.id } });
  return toView(updated, user);
}

export function submitIndividualAdvanced(
  deps: KycDeps,
  userId: string,
  data: IndividualAdvancedDraft,
): Promise<KycApplicationView> {
  return submitSecond(deps, userId, 'INDIVIDUAL', data, [
    ['addressProofFileIds', data.addressProofFileIds, 'KYC_ADDRESS_PROOF'],
    ['idFrontFileIds', data.idFrontFileIds, 'KYC_ID_IMAGE'],
    ['idBackFileIds', data.idType === 'PASSPORT' ? [] : data.idBackFileIds, 'KYC_ID_IMAGE'],
    ['holdingIdFileIds', data.holdingIdFileIds, 'KYC_ID_IMAGE'],
  ]);
}

export function submitInstitutionDocuments(
  deps: KycDeps,
  userId: string,
  data: InstitutionDocumentsDraft,
): Promise<KycApplicationView> {
  const files: [string, string[] | undefined, KycFilePlace][] = [
    ...Object.entries(data.documents ?? {}).map(
      ([type, ids]): [string, string[] | undefined, KycFilePlace] => [
        `documents.${type}`,
        ids,
        'KYC_COMPANY_DOCUMENT',
      ],
    ),
    ...(data.shareholders ?? []).map((h, i): [string, string[] | undefined, KycFilePlace] => [
      `shareholders.${i}.idFileIds`,
      h.idFileIds,
      'KYC_SHAREHOLDER_ID',
    ]),
  ];
  return submitSecond(deps, userId, 'INSTITUTION', data, files);
}

// ---- the provider's decision ----

/**
 * Applies a verified callback once: the event id is recorded in the same transaction, so a
 * repeat finds it and changes nothing. A decision for another submission than the one under
 * review (an old reference) is recorded and ignored. PASS verifies the account (kycLevel 1, and
 * with it every permission); REJECT and FAILED keep the data for a resubmission.
 */
export async function applyDecision(opts: {
  db: Db;
  clock: Clock;
  callback: KycProviderCallback;
}): Promise<{ duplicate: boolean; applied: boolean; userId?: string }> {
  const { callback: cb } = opts;
  return opts.db.$transaction(async (tx) => {
    const { count } = await tx.kycProviderEvent.createMany({
      data: [
        {
          eventId: cb.eventId,
          applicationId: cb.applicationId,
          reference: cb.reference,
          decision: cb.decision,
          receivedAt: opts.clock.date(),
        },
      ],
      skipDuplicates: true,
    });
    if (count === 0) return { duplicate: true, applied: false };
    const app = await tx.kycApplication.findUnique({ where: { reference: cb.reference } });
    if (!app || app.id !== cb.applicationId || app.status !== 'AFOOT')
      return { duplicate: false, applied: false };
    const at = opts.clock.date();
    await tx.kycApplication.update({
      where: { id: app.id },
      data: {
        status: cb.decision,
        reason: cb.decision === 'PASS' ? null : (cb.reason ?? null),
        decidedAt: at,
      },
    });
    if (cb.decision === 'PASS')
      await tx.user.updateMany({
        where: { id: app.userId, kycLevel: { gte: 0 } },
        data: { kycLevel: 1 },
      });
    return { duplicate: false, applied: true, userId: app.userId };
  });
}

// ---- institution steps completed by the fiat channel ----

export type InstitutionStepEvent = 'BANK_LINKED' | 'DEPOSITED';

/**
 * The fiat channel's call when an approved institution has linked its bank account
 * (BANK_LINKED), then deposited any amount (DEPOSITED). Idempotent: a step done stays done with
 * its first time. Out of order (not approved yet, or a deposit before the link) it throws 7023.
 */
export async function markInstitutionStep(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  event: InstitutionStepEvent;
}): Promise<KycApplicationView> {
  const user = await loadUser(opts.db, opts.userId);
  assertKind(user, 'INSTITUTION');
  const app = await opts.db.kycApplication.findUnique({ where: { userId: opts.userId } });
  if (!app || app.status !== 'PASS') throw new AppError('KYC_STEP_FIRST');
  const at = opts.clock.date();
  if (opts.event === 'BANK_LINKED') {
    await opts.db.kycApplication.updateMany({
      where: { id: app.id, bankLinkedAt: null },
      data: { bankLinkedAt: at },
    });
  } else {
    if (!app.bankLinkedAt) throw new AppError('KYC_STEP_FIRST');
    await opts.db.kycApplication.updateMany({
      where: { id: app.id, depositedAt: null },
      data: { depositedAt: at },
    });
  }
  const updated = await opts.db.kycApplication.findUniqueOrThrow({ where: { id: app.id } });
  return toView(updated, user);
}
