import {
  ANNUAL_AMOUNT_BANDS_USD,
  ANNUAL_TRANSACTION_COUNT_BANDS,
  INSTITUTION_DOCUMENT_TYPES,
  REQUIRED_INSTITUTION_DOCUMENTS,
  FINANCIAL_INSTITUTION_DOCUMENTS,
  SHAREHOLDER_ID_THRESHOLD_PERCENT,
  accountPurpose,
  fundSource,
  industryCategory,
  institutionDocumentsViolations,
  institutionInformationViolations,
  taxDocumentType,
  type InstitutionDocumentType,
  type InstitutionDocumentsDraft,
  type InstitutionDraft,
  type InstitutionInformationDraft,
} from '@exchange/contracts';
import { mergeDraft } from './draft-store';
import { fileIds, storedFiles, type UploadedFile } from '../../../lib/files';
import { pick, toErrors, type Errors } from './rules';

export const FUND_SOURCES = fundSource.options;
export const ACCOUNT_PURPOSES = accountPurpose.options;
export const TAX_DOCUMENT_TYPES = taxDocumentType.options;
export const INDUSTRIES = industryCategory.options;
export const TRANSACTION_COUNT_BANDS = ANNUAL_TRANSACTION_COUNT_BANDS;
export const ANNUAL_AMOUNT_BANDS = ANNUAL_AMOUNT_BANDS_USD;
export const DOCUMENT_TYPES = INSTITUTION_DOCUMENT_TYPES;
export type DocumentType = InstitutionDocumentType;
export const SHAREHOLDER_ID_THRESHOLD = SHAREHOLDER_ID_THRESHOLD_PERCENT;

/** Whether a document type must be uploaded (three more for a financial institution). */
export const isRequiredDocument = (type: DocumentType, financial: boolean) =>
  REQUIRED_INSTITUTION_DOCUMENTS.includes(type) ||
  (financial && FINANCIAL_INSTITUTION_DOCUMENTS.includes(type));

export interface InstitutionBasic {
  institutionFullName: string;
  dbaName: string;
  phoneAreaCode: string;
  phoneNumber: string;
  fundSource: string;
  fundSourceOther: string;
  accountPurposes: string[];
  taxNationality: string;
  taxDocumentType: string;
  taxIdentificationNumber: string;
  taxIssueDate: string;
  taxExpiryDate: string;
  isFinancialInstitution: boolean;
  industryCategory: string;
  actualBusinessCountry: string;
  fundsSourceCountry: string;
  fundsDestinationCountry: string;
  annualTransactionCount: string;
  annualAmountUsd: string;
  businessScenario: string;
}

export interface InstitutionRegistration {
  registrationNumber: string;
  registrationDate: string;
  registrationCountry: string;
  registrationState: string;
  registrationCity: string;
  registrationAddress1: string;
  registrationAddress2: string;
  registrationExpiryDate: string;
  registrationPermanent: boolean;
}

export interface InstitutionOperation {
  mainBusinessScope: string;
  operationState: string;
  operationCity: string;
  operationAddress: string;
  operationAddress2: string;
  operationPostalCode: string;
}

export interface Shareholder {
  name: string;
  ownershipPercent: string;
  idFiles: UploadedFile[];
}

export interface InstitutionInformation {
  basic: InstitutionBasic;
  registration: InstitutionRegistration;
  operation: InstitutionOperation;
}

export interface InstitutionDocuments {
  documents: Partial<Record<DocumentType, UploadedFile[]>>;
  shareholders: Shareholder[];
}

export const emptyShareholder = (): Shareholder => ({
  name: '',
  ownershipPercent: '',
  idFiles: [],
});

export const emptyInformation = (): InstitutionInformation => ({
  basic: {
    institutionFullName: '',
    dbaName: '',
    phoneAreaCode: '',
    phoneNumber: '',
    fundSource: '',
    fundSourceOther: '',
    accountPurposes: [],
    taxNationality: '',
    taxDocumentType: '',
    taxIdentificationNumber: '',
    taxIssueDate: '',
    taxExpiryDate: '',
    isFinancialInstitution: false,
    industryCategory: '',
    actualBusinessCountry: '',
    fundsSourceCountry: '',
    fundsDestinationCountry: '',
    annualTransactionCount: '',
    annualAmountUsd: '',
    businessScenario: '',
  },
  registration: {
    registrationNumber: '',
    registrationDate: '',
    registrationCountry: '',
    registrationState: '',
    registrationCity: '',
    registrationAddress1: '',
    registrationAddress2: '',
    registrationExpiryDate: '',
    registrationPermanent: false,
  },
  operation: {
    mainBusinessScope: '',
    operationState: '',
    operationCity: '',
    operationAddress: '',
    operationAddress2: '',
    operationPostalCode: '',
  },
});

export const emptyDocuments = (): InstitutionDocuments => ({
  documents: {},
  shareholders: [emptyShareholder()],
});

/** The form's five steps; the first three are the contract's "basic information" step. */
export const INSTITUTION_FORM_STEPS = [
  'basic',
  'registration',
  'operation',
  'documents',
  'shareholders',
] as const;
export type InstitutionFormStep = (typeof INSTITUTION_FORM_STEPS)[number];

const opt = <T extends string>(v: string): T | undefined => (v === '' ? undefined : (v as T));

export function toInformationDraft(i: InstitutionInformation): InstitutionInformationDraft {
  const b = i.basic;
  return {
    basic: {
      ...b,
      phoneAreaCode: b.phoneAreaCode.trim().replace(/^\+/, ''),
      fundSource: opt(b.fundSource),
      fundSourceOther: b.fundSource === 'OTHER' ? b.fundSourceOther : '',
      accountPurposes: b.accountPurposes as (typeof ACCOUNT_PURPOSES)[number][],
      taxDocumentType: opt(b.taxDocumentType),
      industryCategory: opt(b.industryCategory),
      annualTransactionCount: opt(b.annualTransactionCount),
      annualAmountUsd: opt(b.annualAmountUsd),
    },
    registration: {
      ...i.registration,
      registrationExpiryDate: i.registration.registrationPermanent
        ? ''
        : i.registration.registrationExpiryDate,
    },
    operation: i.operation,
  };
}

export function toDocumentsDraft(d: InstitutionDocuments): InstitutionDocumentsDraft {
  return {
    documents: Object.fromEntries(
      Object.entries(d.documents)
        .filter(([, files]) => (files ?? []).length > 0)
        .map(([type, files]) => [type, fileIds(files ?? [])]),
    ),
    shareholders: d.shareholders.map((s) => ({
      name: s.name,
      ownershipPercent: s.ownershipPercent.trim(),
      idFileIds: fileIds(s.idFiles),
    })),
  };
}

export const toInstitutionDraft = (
  i: InstitutionInformation,
  d: InstitutionDocuments,
): InstitutionDraft => ({ information: toInformationDraft(i), documents: toDocumentsDraft(d) });

/**
 * The contracts' rules of one step of the form, by field path (`basic.dbaName`,
 * `documents.BOARD_RESOLUTION`, `shareholders.0.idFiles`).
 */
export function validateInstitutionStep(
  step: InstitutionFormStep,
  info: InstitutionInformation,
  docs: InstitutionDocuments,
  today: string,
): Errors {
  if (step === 'basic' || step === 'registration' || step === 'operation') {
    return pick(toErrors(institutionInformationViolations(toInformationDraft(info), today)), [
      step,
    ]);
  }
  const errors = toErrors(
    institutionDocumentsViolations(toDocumentsDraft(docs), {
      isFinancialInstitution: info.basic.isFinancialInstitution,
    }),
  );
  const renamed: Errors = Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k.replace(/idFileIds$/, 'idFiles'), v]),
  );
  return pick(renamed, [step]);
}

export const needsShareholderId = (s: Shareholder) =>
  Number(s.ownershipPercent) > SHAREHOLDER_ID_THRESHOLD;

/** The form's values from the server's draft. */
export function fromInstitutionDraft(
  data: unknown,
  base: { step: number; basicInfo: InstitutionInformation; advancedInfo: InstitutionDocuments },
) {
  const d = (typeof data === 'object' && data !== null ? data : {}) as InstitutionDraft;
  const info = d.information ?? {};
  const docs = d.documents ?? {};
  const basicInfo: InstitutionInformation = {
    basic: mergeDraft(base.basicInfo.basic, info.basic),
    registration: mergeDraft(base.basicInfo.registration, info.registration),
    operation: mergeDraft(base.basicInfo.operation, info.operation),
  };
  const advancedInfo: InstitutionDocuments = {
    documents: Object.fromEntries(
      Object.entries(docs.documents ?? {}).map(([type, ids]) => [type, storedFiles(ids)]),
    ),
    shareholders:
      docs.shareholders && docs.shareholders.length > 0
        ? docs.shareholders.map((s) => ({
            name: s.name ?? '',
            ownershipPercent: s.ownershipPercent ?? '',
            idFiles: storedFiles(s.idFileIds),
          }))
        : base.advancedInfo.shareholders,
  };
  return { step: 0, basicInfo, advancedInfo };
}
