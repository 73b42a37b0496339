import type { UploadedFile } from './files';
import {
  areaCode,
  collect,
  dateInRange,
  documentNumber,
  englishRequired,
  englishText,
  expiryRange,
  isBlank,
  pastRange,
  phoneNumber,
  required,
  residenceCountry,
  type Errors,
  type FieldError,
} from './rules';

export const FUND_SOURCES = [
  'DEBT',
  'DEBT_CAPITAL',
  'DIRECTORS_CAPITAL',
  'EQUITY_CAPITAL',
  'TERM_LOAN',
  'VENTURE_FUNDING',
  'OTHER',
] as const;
export const ACCOUNT_PURPOSES = [
  'CASH_DEPOSIT',
  'CASH_WITHDRAWAL',
  'FOREX',
  'LOAN_PAYMENTS',
  'ONLINE_PAYMENT',
  'FLASH_REMITTANCE',
] as const;
export const TAX_DOCUMENT_TYPES = ['TIN', 'VAT', 'BUSINESS_REGISTRATION', 'OTHER'] as const;
export const INDUSTRIES = [
  'FINANCIAL_SERVICES',
  'TECHNOLOGY',
  'TRADING',
  'MANUFACTURING',
  'REAL_ESTATE',
  'PROFESSIONAL_SERVICES',
  'OTHER',
] as const;
/** Spec section 9: annual transaction count and annual amount (USD) bands. */
export const TRANSACTION_COUNT_BANDS = ['1_99', '100_199', '200_PLUS'] as const;
export const ANNUAL_AMOUNT_BANDS = [
  'UNDER_100K',
  '100K_500K',
  '500K_1M',
  '1M_3M',
  '3M_5M',
  'ABOVE_5M',
] as const;

/** Every document type of the spec, the required ones first. */
export const DOCUMENT_TYPES = [
  'COMPANY_REGISTRATION_CERTIFICATE',
  'BUSINESS_REGISTRATION_CERTIFICATE',
  'ARTICLES_OF_ASSOCIATION',
  'BOARD_RESOLUTION',
  'DIRECTOR_ADDRESS_PROOF',
  'SHAREHOLDER_LIST',
  'ORGANIZATION_STRUCTURE_CHART',
  'LEGAL_PERSON_ID',
  'ULTIMATE_BENEFICIARY_ID',
  'BANK_ACCOUNT_PROOF',
  'LICENCE_SCAN',
  'OFFICE_LEASE_AGREEMENT',
  'INTERNAL_ORG_CHART',
  'AML_CDD_POLICY',
  'COMPLIANCE_OFFICER_CV',
  'SUPPLEMENTARY_DOCUMENTS',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const REQUIRED_DOCUMENTS: readonly DocumentType[] = DOCUMENT_TYPES.slice(0, 10);

/** Shareholders above this share (percent) must show an ID (spec section 5). */
export const SHAREHOLDER_ID_THRESHOLD = 25;

export interface InstitutionBasic {
  institutionFullName: string;
  dbaName: string;
  phoneAreaCode: string;
  phoneNumber: string;
  fundSource: string;
  accountPurposes: string[];
  taxNationality: string;
  taxDocumentType: string;
  taxIdentificationNumber: string;
  taxIssueDate: string;
  taxExpiryDate: string;
  financialInstitution: boolean;
  industryCategory: string;
  businessCountry: string;
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
  registrationExpiry: string;
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
  percent: string;
  idFiles: UploadedFile[];
}

export interface InstitutionForm {
  basic: InstitutionBasic;
  registration: InstitutionRegistration;
  operation: InstitutionOperation;
  documents: Partial<Record<DocumentType, UploadedFile[]>>;
  shareholders: Shareholder[];
}

export const emptyShareholder = (): Shareholder => ({ name: '', percent: '', idFiles: [] });

export const emptyInstitution = (): InstitutionForm => ({
  basic: {
    institutionFullName: '',
    dbaName: '',
    phoneAreaCode: '',
    phoneNumber: '',
    fundSource: '',
    accountPurposes: [],
    taxNationality: '',
    taxDocumentType: '',
    taxIdentificationNumber: '',
    taxIssueDate: '',
    taxExpiryDate: '',
    financialInstitution: false,
    industryCategory: '',
    businessCountry: '',
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
    registrationExpiry: '',
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
  documents: {},
  shareholders: [emptyShareholder()],
});

export const INSTITUTION_STEPS = [
  'basic',
  'registration',
  'operation',
  'documents',
  'shareholders',
] as const;
export type InstitutionStep = (typeof INSTITUTION_STEPS)[number];

export function validateInstitutionBasic(
  v: InstitutionBasic,
  today: string,
): Errors<keyof InstitutionBasic> {
  return collect<keyof InstitutionBasic>([
    ['institutionFullName', englishRequired(v.institutionFullName)],
    ['dbaName', englishText(v.dbaName)],
    ['phoneAreaCode', areaCode(v.phoneAreaCode)],
    ['phoneNumber', phoneNumber(v.phoneNumber)],
    ['fundSource', required(v.fundSource)],
    ['accountPurposes', v.accountPurposes.length === 0 ? { key: 'required' } : null],
    ['taxNationality', required(v.taxNationality)],
    ['taxDocumentType', required(v.taxDocumentType)],
    ['taxIdentificationNumber', required(v.taxIdentificationNumber)],
    ['taxIdentificationNumber', documentNumber(v.taxIdentificationNumber)],
    ['taxIssueDate', dateInRange(v.taxIssueDate, pastRange(today))],
    ['taxExpiryDate', dateInRange(v.taxExpiryDate, expiryRange(today), false)],
    ['industryCategory', required(v.industryCategory)],
    ['businessCountry', residenceCountry(v.businessCountry)],
    ['fundsSourceCountry', required(v.fundsSourceCountry)],
    ['fundsDestinationCountry', required(v.fundsDestinationCountry)],
    ['annualTransactionCount', required(v.annualTransactionCount)],
    ['annualAmountUsd', required(v.annualAmountUsd)],
    ['businessScenario', englishRequired(v.businessScenario, 500)],
  ]);
}

export function validateRegistration(
  v: InstitutionRegistration,
  today: string,
): Errors<keyof InstitutionRegistration> {
  return collect<keyof InstitutionRegistration>([
    ['registrationNumber', required(v.registrationNumber)],
    ['registrationNumber', documentNumber(v.registrationNumber)],
    ['registrationDate', dateInRange(v.registrationDate, pastRange(today))],
    ['registrationCountry', residenceCountry(v.registrationCountry)],
    ['registrationState', englishText(v.registrationState)],
    ['registrationCity', englishRequired(v.registrationCity)],
    ['registrationAddress1', englishRequired(v.registrationAddress1)],
    ['registrationAddress2', englishText(v.registrationAddress2)],
    // An expiry date or permanent validity: the pair may not both be empty.
    [
      'registrationExpiry',
      v.registrationPermanent
        ? null
        : isBlank(v.registrationExpiry)
          ? { key: 'pairRequired', params: { other: 'registrationPermanent' } }
          : dateInRange(v.registrationExpiry, expiryRange(today)),
    ],
  ]);
}

export function validateOperation(v: InstitutionOperation): Errors<keyof InstitutionOperation> {
  return collect<keyof InstitutionOperation>([
    ['mainBusinessScope', englishRequired(v.mainBusinessScope, 500)],
    ['operationState', englishText(v.operationState)],
    ['operationCity', englishRequired(v.operationCity)],
    ['operationAddress', englishRequired(v.operationAddress)],
    ['operationAddress2', englishText(v.operationAddress2)],
    ['operationPostalCode', englishText(v.operationPostalCode, 20)],
  ]);
}

export function validateDocuments(
  docs: InstitutionForm['documents'],
): Errors<DocumentType> {
  return collect<DocumentType>(
    REQUIRED_DOCUMENTS.map((type) => [
      type,
      (docs[type]?.length ?? 0) === 0 ? { key: 'filesRequired' } : null,
    ]),
  );
}

export type ShareholderField = `${number}.name` | `${number}.percent` | `${number}.idFiles` | 'total';

/**
 * Each shareholder has a name and a share above 0 and at most 100 percent; the shares add up to
 * at most 100; a shareholder above 25 % must show an ID.
 */
export function validateShareholders(list: Shareholder[]): Errors<ShareholderField> {
  const checks: [ShareholderField, FieldError | null][] = [];
  let total = 0;
  list.forEach((s, i) => {
    checks.push([`${i}.name`, englishRequired(s.name)]);
    const pct = Number(s.percent);
    const validPct = !isBlank(s.percent) && /^\d+(\.\d{1,2})?$/.test(s.percent.trim()) && pct > 0 && pct <= 100;
    checks.push([
      `${i}.percent`,
      isBlank(s.percent) ? { key: 'required' } : validPct ? null : { key: 'percent' },
    ]);
    if (validPct) total += pct;
    checks.push([
      `${i}.idFiles`,
      validPct && pct > SHAREHOLDER_ID_THRESHOLD && s.idFiles.length === 0
        ? { key: 'shareholderId', params: { threshold: SHAREHOLDER_ID_THRESHOLD } }
        : null,
    ]);
  });
  if (list.length === 0) checks.push(['total', { key: 'required' }]);
  // Hundredths as integers, so 33.33 + 33.33 + 33.34 is exactly 100.
  if (Math.round(total * 100) > 10000) checks.push(['total', { key: 'shareTotal', params: { total: total.toFixed(2) } }]);
  return collect(checks);
}

export const needsShareholderId = (s: Shareholder) => Number(s.percent) > SHAREHOLDER_ID_THRESHOLD;
