import type { Schema } from '../../../lib/api-client';
import type { UploadedFile } from '../lib/files';

/**
 * The answers of the KYC and upload routes as the client reads them. Until the contracts carry
 * their schemas (issue 17's backend branch), these checks stand in for them at the boundary.
 */
export const REVIEW_STATUSES = ['PENDING', 'AFOOT', 'PASS', 'REJECT', 'FAILED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const INSTITUTION_STEP_STATES = [
  'PENDING',
  'SUBMITTED',
  'LINKED',
  'DEPOSITED',
  'APPROVED',
] as const;
export type InstitutionStepState = (typeof INSTITUTION_STEP_STATES)[number];

export interface KycStatus {
  status: ReviewStatus;
  level: number;
  reason: string | null;
  /** Institutions only: the state of each step of the spec (basic, documents, bank, deposit). */
  steps: {
    basic: InstitutionStepState;
    documents: InstitutionStepState;
    bankAccount: InstitutionStepState;
    deposit: InstitutionStepState;
  } | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(what: string): never {
  throw new Error(`unexpected ${what}`);
}

const stepState = (v: unknown): InstitutionStepState =>
  (INSTITUTION_STEP_STATES as readonly unknown[]).includes(v)
    ? (v as InstitutionStepState)
    : fail('step state');

export const kycStatusSchema: Schema<KycStatus> = {
  parse(input) {
    if (!isObject(input)) fail('status');
    const status = (REVIEW_STATUSES as readonly unknown[]).includes(input.status)
      ? (input.status as ReviewStatus)
      : fail('review status');
    const steps = isObject(input.steps)
      ? {
          basic: stepState(input.steps.basic),
          documents: stepState(input.steps.documents),
          bankAccount: stepState(input.steps.bankAccount),
          deposit: stepState(input.steps.deposit),
        }
      : null;
    return {
      status,
      level: typeof input.level === 'number' ? input.level : 0,
      reason: typeof input.reason === 'string' ? input.reason : null,
      steps,
    };
  },
};

export interface ServerDraft {
  step: number;
  basicInfo: unknown;
  advancedInfo: unknown;
  updatedAt: string | null;
}

export const serverDraftSchema: Schema<ServerDraft | null> = {
  parse(input) {
    if (input === null) return null;
    if (!isObject(input)) fail('draft');
    return {
      step: typeof input.step === 'number' ? input.step : 0,
      basicInfo: input.basicInfo ?? null,
      advancedInfo: input.advancedInfo ?? null,
      updatedAt: typeof input.updatedAt === 'string' ? input.updatedAt : null,
    };
  },
};

function uploadedFile(v: unknown): UploadedFile {
  if (
    !isObject(v) ||
    typeof v.id !== 'string' ||
    typeof v.name !== 'string' ||
    typeof v.mime !== 'string' ||
    typeof v.size !== 'number'
  ) {
    fail('uploaded file');
  }
  return { id: v.id, name: v.name, mime: v.mime, size: v.size };
}

export const uploadResponse: Schema<{ files: UploadedFile[] }> = {
  parse(input) {
    if (!isObject(input) || !Array.isArray(input.files)) fail('upload answer');
    return { files: input.files.map(uploadedFile) };
  },
};

export const anything: Schema<unknown> = { parse: (input) => input };

export type { UploadedFile };
