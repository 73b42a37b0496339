import { z } from 'zod';
import { ANNUAL_AMOUNT_BANDS_USD, ANNUAL_TRANSACTION_COUNT_BANDS } from './constants.js';
import { text } from './text.js';
import { get, post, put } from './endpoint.js';
import type { KycPermission } from './user.js';

/**
 * Identity verification (KYC) shapes shared by the gateway, the web client and the simulated KYC
 * provider (spec trading-account-domain sections 3-6 and 9; platform-shell sections 2-4).
 *
 * The zod schemas here check shape only (types, enums, a generous length bound) so that a draft
 * with empty or half-typed fields can be saved as the user goes. The spec's field rules (required,
 * English only, lengths, pairs that may not both be empty, dates, refused countries, file counts,
 * shareholders above 25 %) are in `kyc-rules.ts`, once for the form (every field's message) and
 * the gateway (which re-checks them on submission).
 */

// ---- countries ----

/** ISO 3166-1 alpha-2 codes; the client shows names with `Intl.DisplayNames`. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);
export function isCountryCode(code: string): boolean {
  return COUNTRY_SET.has(code);
}

/**
 * Residents of Mainland China (CN; Hong Kong HK, Macao MO and Taiwan TW are separate codes and
 * served) and of the United States (US) are not served for identity verification (spec section
 * 1). Residence is the individual's country of residence and living-address country, and the
 * institution's registration and actual business countries. Refused with 7017.
 */
export const REFUSED_KYC_COUNTRIES: readonly string[] = ['CN', 'US'];
export function isRefusedKycCountry(code: string | undefined | null): boolean {
  return code !== undefined && code !== null && REFUSED_KYC_COUNTRIES.includes(code);
}

// ---- common parts ----

/** Loose bound of a draft's text fields; the rules set the real limits (mostly 100). */
const DRAFT_TEXT_MAX = 2000;
const draftText = text().max(DRAFT_TEXT_MAX);
/** Calendar dates travel as `YYYY-MM-DD`; the rules check they exist and are in range. */
const draftDate = text().max(10);
const draftCountry = text().max(2);
/** Ids of files uploaded with `POST /v1/files/upload?place=<place>`. */
const fileIds = z.array(text().max(64)).max(10);

export const addressParts = z.strictObject({
  country: draftCountry,
  state: draftText,
  city: draftText,
  code: draftText.describe('Postal code'),
  address1: draftText,
  address2: draftText,
});
export type AddressParts = z.infer<typeof addressParts>;
const addressDraft = addressParts.partial();

/** Where each kind of file is uploaded (the uploads module's `place`). */
export const KycFilePlace = {
  ID_IMAGE: 'KYC_ID_IMAGE',
  ADDRESS_PROOF: 'KYC_ADDRESS_PROOF',
  COMPANY_DOCUMENT: 'KYC_COMPANY_DOCUMENT',
  SHAREHOLDER_ID: 'KYC_SHAREHOLDER_ID',
} as const;
export type KycFilePlace = (typeof KycFilePlace)[keyof typeof KycFilePlace];

/** How many files each place takes per field (the uploads module enforces types and sizes). */
export const KYC_FILE_COUNTS: Record<KycFilePlace, { min: number; max: number }> = {
  KYC_ID_IMAGE: { min: 1, max: 2 },
  KYC_ADDRESS_PROOF: { min: 1, max: 3 },
  KYC_COMPANY_DOCUMENT: { min: 1, max: 3 },
  KYC_SHAREHOLDER_ID: { min: 1, max: 2 },
};

// ---- individual identity ----

export const personTitle = z.enum(['MR', 'MS', 'MRS', 'DR']);
/** Display forms of the titles (the same in every language). */
export const PERSON_TITLE_LABELS: Record<z.infer<typeof personTitle>, string> = {
  MR: 'Mr.',
  MS: 'Ms.',
  MRS: 'Mrs.',
  DR: 'Dr.',
};
export const gender = z.enum(['MALE', 'FEMALE', 'OTHER']);
export const idType = z.enum(['ID_CARD', 'PASSPORT']);
export type IdType = z.infer<typeof idType>;

/** Adults only: 18 to 100 years old on the day of submission (inside the date picker's range). */
export const KYC_MIN_AGE_YEARS = 18;
export const KYC_MAX_AGE_YEARS = 100;
/** The date picker's range (platform-shell section 5). */
export const KYC_DATE_MIN = '1900-01-01';
export const KYC_DATE_MAX = '2099-12-31';

/** The basic step: who the person is and where they live. */
export const individualBasicDraft = z.strictObject({
  title: personTitle.optional(),
  firstName: draftText.optional(),
  middleName: draftText.optional(),
  lastName: draftText.optional(),
  gender: gender.optional(),
  nationality: draftCountry.optional(),
  country: draftCountry.optional().describe('Country of residence'),
  birthDate: draftDate.optional(),
  phoneAreaCode: draftText.optional().describe('Digits only, without "+"'),
  phoneNumber: draftText.optional(),
  livingAddress: addressDraft.optional(),
  mailingSameAsLiving: z.boolean().optional(),
  mailingAddress: addressDraft.optional(),
});
export type IndividualBasicDraft = z.infer<typeof individualBasicDraft>;

/** The advanced step: the identity document and the photos. */
export const individualAdvancedDraft = z.strictObject({
  idType: idType.optional(),
  idNumber: draftText.optional().describe('Required for ID_CARD'),
  passportNumber: draftText.optional().describe('Required for PASSPORT'),
  validDate: draftDate.optional().describe('Expiry of the document; or validLongTerm'),
  validLongTerm: z.boolean().optional(),
  addressProofFileIds: fileIds.optional(),
  idFrontFileIds: fileIds.optional(),
  idBackFileIds: fileIds.optional().describe('Required for ID_CARD only'),
  holdingIdFileIds: fileIds.optional(),
});
export type IndividualAdvancedDraft = z.infer<typeof individualAdvancedDraft>;

export const individualDraft = z.strictObject({
  basic: individualBasicDraft.optional(),
  advanced: individualAdvancedDraft.optional(),
});
export type IndividualDraft = z.infer<typeof individualDraft>;

// ---- institution identity ----

export const fundSource = z.enum([
  'DEBT',
  'DEBT_CAPITAL',
  'DIRECTORS_CAPITAL',
  'EQUITY_CAPITAL',
  'TERM_LOAN',
  'VENTURE_FUNDING',
  'OTHER',
]);
export const accountPurpose = z.enum([
  'CASH_DEPOSIT',
  'CASH_WITHDRAWAL',
  'FOREX',
  'LOAN_PAYMENTS',
  'ONLINE_PAYMENT',
  'FLASH_REMITTANCE',
]);
/** Industry categories offered (the spec names the field, not its values). */
export const industryCategory = z.enum([
  'BANKING_FINANCE',
  'ASSET_MANAGEMENT',
  'TECHNOLOGY',
  'MANUFACTURING',
  'TRADING_COMMERCE',
  'REAL_ESTATE',
  'PROFESSIONAL_SERVICES',
  'LOGISTICS',
  'RETAIL',
  'HEALTHCARE',
  'ENERGY',
  'OTHER',
]);
/** Estimated annual transaction count bands (spec section 9). */
export const annualCountBand = z.enum(ANNUAL_TRANSACTION_COUNT_BANDS);
/** Estimated annual amount bands in USD (spec section 9). */
export const annualAmountBand = z.enum(ANNUAL_AMOUNT_BANDS_USD);
export const taxDocumentType = z.enum([
  'TAX_REGISTRATION_CERTIFICATE',
  'BUSINESS_REGISTRATION',
  'TAX_RETURN',
  'OTHER',
]);

export const institutionBasicDraft = z.strictObject({
  institutionFullName: draftText.optional(),
  dbaName: draftText.optional().describe('Trading ("doing business as") name'),
  phoneAreaCode: draftText.optional(),
  phoneNumber: draftText.optional(),
  fundSource: fundSource.optional(),
  fundSourceOther: draftText.optional().describe('Required when fundSource is OTHER'),
  accountPurposes: z.array(accountPurpose).max(6).optional(),
  taxNationality: draftCountry.optional(),
  taxDocumentType: taxDocumentType.optional(),
  taxIdentificationNumber: draftText.optional(),
  taxIssueDate: draftDate.optional(),
  taxExpiryDate: draftDate.optional(),
  isFinancialInstitution: z.boolean().optional(),
  industryCategory: industryCategory.optional(),
  actualBusinessCountry: draftCountry.optional(),
  fundsSourceCountry: draftCountry.optional(),
  fundsDestinationCountry: draftCountry.optional(),
  annualTransactionCount: annualCountBand.optional(),
  annualAmountUsd: annualAmountBand.optional(),
  businessScenario: draftText.optional(),
});
export type InstitutionBasicDraft = z.infer<typeof institutionBasicDraft>;

export const institutionRegistrationDraft = z.strictObject({
  registrationNumber: draftText.optional(),
  registrationDate: draftDate.optional(),
  registrationCountry: draftCountry.optional(),
  registrationState: draftText.optional(),
  registrationCity: draftText.optional(),
  registrationAddress1: draftText.optional(),
  registrationAddress2: draftText.optional(),
  registrationExpiryDate: draftDate.optional(),
  registrationPermanent: z.boolean().optional(),
});
export type InstitutionRegistrationDraft = z.infer<typeof institutionRegistrationDraft>;

export const institutionOperationDraft = z.strictObject({
  mainBusinessScope: draftText.optional(),
  operationState: draftText.optional(),
  operationCity: draftText.optional(),
  operationAddress: draftText.optional(),
  operationAddress2: draftText.optional(),
  operationPostalCode: draftText.optional(),
});
export type InstitutionOperationDraft = z.infer<typeof institutionOperationDraft>;

/** Every company document the spec names; JPG, PNG or PDF, 5 MB, 1-3 files each. */
export const INSTITUTION_DOCUMENT_TYPES = [
  'COMPANY_REGISTRATION_CERTIFICATE',
  'BUSINESS_REGISTRATION_CERTIFICATE',
  'ARTICLES_OF_ASSOCIATION',
  'BOARD_RESOLUTION',
  'DIRECTOR_ADDRESS_PROOF',
  'SHAREHOLDER_LIST',
  'ORGANIZATION_STRUCTURE_CHART',
  'LEGAL_PERSON_ID',
  'ULTIMATE_BENEFICIARY_ID',
  'LICENCE_SCAN',
  'OFFICE_LEASE_AGREEMENT',
  'INTERNAL_ORG_CHART',
  'AML_CDD_POLICY',
  'COMPLIANCE_OFFICER_CV',
  'SUPPLEMENTARY_DOCUMENTS',
  'BANK_ACCOUNT_PROOF',
] as const;
export const institutionDocumentType = z.enum(INSTITUTION_DOCUMENT_TYPES);
export type InstitutionDocumentType = z.infer<typeof institutionDocumentType>;

/** Required of every institution. */
export const REQUIRED_INSTITUTION_DOCUMENTS: readonly InstitutionDocumentType[] = [
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
];
/** Also required when the institution says it is a financial institution (regulated). */
export const FINANCIAL_INSTITUTION_DOCUMENTS: readonly InstitutionDocumentType[] = [
  'LICENCE_SCAN',
  'AML_CDD_POLICY',
  'COMPLIANCE_OFFICER_CV',
];

export const MAX_SHAREHOLDERS = 20;

export const shareholderDraft = z.strictObject({
  name: draftText.optional(),
  ownershipPercent: text().max(12).optional().describe('Decimal text, 0-100, 2 decimals'),
  idFileIds: fileIds.optional().describe('Required above 25 %'),
});
export type ShareholderDraft = z.infer<typeof shareholderDraft>;

export const institutionDocumentsDraft = z.strictObject({
  documents: z.partialRecord(institutionDocumentType, fileIds).optional(),
  shareholders: z.array(shareholderDraft).max(MAX_SHAREHOLDERS).optional(),
});
export type InstitutionDocumentsDraft = z.infer<typeof institutionDocumentsDraft>;

/** The institution's "basic information" step: basic, registration and operation parts. */
export const institutionInformationDraft = z.strictObject({
  basic: institutionBasicDraft.optional(),
  registration: institutionRegistrationDraft.optional(),
  operation: institutionOperationDraft.optional(),
});
export type InstitutionInformationDraft = z.infer<typeof institutionInformationDraft>;

export const institutionDraft = z.strictObject({
  information: institutionInformationDraft.optional(),
  documents: institutionDocumentsDraft.optional(),
});
export type InstitutionDraft = z.infer<typeof institutionDraft>;

// ---- the application ----

export const kycKind = z.enum(['INDIVIDUAL', 'INSTITUTION']);
export type KycKind = z.infer<typeof kycKind>;

/**
 * NOT_SUBMITTED (shown as Pending), AFOOT (under review), PASS (approved), REJECT (with a reason;
 * the user corrects and resubmits), FAILED (the review could not verify; resubmit).
 */
export const KycStatus = {
  NOT_SUBMITTED: 'NOT_SUBMITTED',
  AFOOT: 'AFOOT',
  PASS: 'PASS',
  REJECT: 'REJECT',
  FAILED: 'FAILED',
} as const;
export type KycStatus = (typeof KycStatus)[keyof typeof KycStatus];
export const kycStatus = z.enum(['NOT_SUBMITTED', 'AFOOT', 'PASS', 'REJECT', 'FAILED']);

/** Statuses from which the user may (re)submit. */
export const KYC_SUBMITTABLE_STATUSES: readonly KycStatus[] = ['NOT_SUBMITTED', 'REJECT', 'FAILED'];

/**
 * Steps: an individual submits BASIC then ADVANCED (the review starts with ADVANCED). An
 * institution submits BASIC_INFORMATION then DOCUMENTS (the review starts with DOCUMENTS), then
 * links a bank account (BANK_ACCOUNT) and deposits any amount (DEPOSIT); those two are completed
 * by the fiat channel.
 */
export const kycStep = z.enum([
  'BASIC',
  'ADVANCED',
  'BASIC_INFORMATION',
  'DOCUMENTS',
  'BANK_ACCOUNT',
  'DEPOSIT',
]);
export type KycStep = z.infer<typeof kycStep>;
export const INDIVIDUAL_STEPS: readonly KycStep[] = ['BASIC', 'ADVANCED'];
export const INSTITUTION_STEPS: readonly KycStep[] = [
  'BASIC_INFORMATION',
  'DOCUMENTS',
  'BANK_ACCOUNT',
  'DEPOSIT',
];
/** Step states of the spec: pending, submitted, linked (bank), deposited (deposit), approved. */
export const kycStepState = z.enum(['PENDING', 'SUBMITTED', 'LINKED', 'DEPOSITED', 'APPROVED']);
export type KycStepState = z.infer<typeof kycStepState>;

export const kycStepView = z.object({ step: kycStep, state: kycStepState });

export const kycApplicationView = z.object({
  id: z.string().nullable().describe('null before anything was saved'),
  kind: kycKind,
  status: kycStatus,
  level: z.number().int().nullable().describe("The account's kycLevel"),
  reason: z.string().nullable().describe('Why the review rejected or failed'),
  canSubmit: z.boolean().describe('A (re)submission is allowed now'),
  steps: z.array(kycStepView),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type KycApplicationView = z.infer<typeof kycApplicationView>;

// ---- requests and answers ----

export const kycKindParams = z.strictObject({ kind: kycKind });
export const kycDraftView = z.object({
  kind: kycKind,
  data: z.union([individualDraft, institutionDraft]),
  updatedAt: z.string().nullable(),
});
export type KycDraftView = z.infer<typeof kycDraftView>;

/** PUT /v1/kyc/individual/draft (saved as the user goes; whole replacement). */
export const saveIndividualDraftRequest = individualDraft;
/** PUT /v1/kyc/institution/draft */
export const saveInstitutionDraftRequest = institutionDraft;

/** POST /v1/kyc/individual/basic */
export const submitIndividualBasicRequest = individualBasicDraft;
/** POST /v1/kyc/individual/advanced */
export const submitIndividualAdvancedRequest = individualAdvancedDraft;
/** POST /v1/kyc/institution/information */
export const submitInstitutionInformationRequest = institutionInformationDraft;
/** POST /v1/kyc/institution/documents */
export const submitInstitutionDocumentsRequest = institutionDocumentsDraft;

/** The gateway's answer to a form that breaks a rule: the first in `code`, all of them here. */
export const kycViolationsData = z.object({
  field: z.string(),
  violations: z.array(
    z.object({
      field: z.string(),
      code: z.number().int(),
      params: z.record(z.string(), z.string()),
    }),
  ),
});

// ---- the KYC provider (gateway <-> simulated provider) ----

export const kycDecision = z.enum(['PASS', 'REJECT', 'FAILED']);
export type KycDecision = z.infer<typeof kycDecision>;

/** What the gateway sends the provider (POST <provider>/applications). */
export const kycProviderSubmission = z.object({
  applicationId: z.string(),
  /** A new reference per submission, so a resubmission is a new review. */
  reference: z.string(),
  kind: kycKind,
  /** Everything the user submitted, to review. */
  data: z.union([
    z.object({ basic: individualBasicDraft, advanced: individualAdvancedDraft }),
    z.object({ information: institutionInformationDraft, documents: institutionDocumentsDraft }),
  ]),
  /** Where the provider posts its decision. */
  callbackUrl: z.string(),
});
export type KycProviderSubmission = z.infer<typeof kycProviderSubmission>;
export const kycProviderAccepted = z.object({
  reference: z.string(),
  status: z.literal('RECEIVED'),
});

/** `POST <provider>/decisions` (the `sim:kyc` command): decides an open review now. */
export const kycDecideRequest = z.object({
  id: z.string().min(1),
  decision: kycDecision,
  reason: z.string().max(500).nullable().optional(),
});

/** The provider's signed callback body (POST /v1/kyc/public/provider/callback). */
export const kycProviderCallback = z.strictObject({
  eventId: text().min(1).max(128),
  applicationId: z.uuid(),
  reference: text().max(128),
  decision: kycDecision,
  reason: text().max(500).nullable(),
  decidedAt: text().max(40),
});
export type KycProviderCallback = z.infer<typeof kycProviderCallback>;
export const kycCallbackAck = z.object({ received: z.boolean(), duplicate: z.boolean() });

/**
 * How the simulated provider decides (deterministic, so tests and demos choose the outcome): a
 * last name (individual) or institution full name containing "Reject" rejects with a reason, one
 * containing "Fail" fails, anything else passes; `npm run sim:kyc -- decide` overrides it.
 */
export const SIM_KYC_REJECT_MARKER = 'Reject';
export const SIM_KYC_FAIL_MARKER = 'Fail';

// ---- permissions of opted-out accounts ----

/**
 * Opted-out accounts (kycLevel -1) may spot trade in Real mode up to this value in USD per
 * rolling 24 hours (the "limited" of the account-type modal); fiat deposit and withdrawal are
 * prohibited. The order's value is its total in the quote asset, converted to USD.
 */
export const OPTED_OUT_SPOT_LIMIT_USD_24H = '1000';

/**
 * What an opted-out account may do per rolling 24 hours in Real mode, in USD, per limited
 * feature (the account-type modal's "limited"; fiat deposit and withdrawal are prohibited).
 * Each has its own budget: spot orders by the value they freeze or sell (Rapid Buy is a spot
 * market buy and counts there), crypto withdrawals and internal transfers by the amount sent,
 * foreign exchange by the amount exchanged, flash remittances by the amount sent, crypto
 * deposits by the amount credited (a deposit past the limit waits in review). Assets are
 * valued at the price feed's rates (USD, USDT and USDC 1:1).
 */
export const OPTED_OUT_LIMITS_USD_24H = {
  SPOT_TRADE: OPTED_OUT_SPOT_LIMIT_USD_24H,
  CRYPTO_DEPOSIT: '1000',
  CRYPTO_WITHDRAWAL: '1000',
  FOREIGN_EXCHANGE: '1000',
  FLASH_REMITTANCE: '1000',
  INTERNAL_TRANSFER: '1000',
} as const satisfies Partial<Record<KycPermission, string>>;
export type LimitedPermission = keyof typeof OPTED_OUT_LIMITS_USD_24H;
export const LIMITED_PERMISSIONS = Object.keys(OPTED_OUT_LIMITS_USD_24H) as LimitedPermission[];
/** The budget a limited feature draws on (Rapid Buy: spot trading's). */
export function optedOutBudgetOf(permission: KycPermission): LimitedPermission | null {
  if (permission === 'RAPID_BUY') return 'SPOT_TRADE';
  return (LIMITED_PERMISSIONS as string[]).includes(permission)
    ? (permission as LimitedPermission)
    : null;
}

/** `GET /v1/kyc/opted-out-limits`: each limited feature's budget of the signed-in account. */
export const optedOutLimit = z.object({
  permission: z.enum(LIMITED_PERMISSIONS as [LimitedPermission, ...LimitedPermission[]]),
  limitUsd: z.string(),
  usedUsd: z.string(),
  remainingUsd: z.string(),
});
export type OptedOutLimit = z.infer<typeof optedOutLimit>;
export const optedOutLimits = z.array(optedOutLimit);

/** Identity verification (under /v1/kyc); the drafts are per kind of account. */
export const KYC_ENDPOINTS = {
  optedOutLimits: get('/v1/kyc/opted-out-limits'),
  selectIndividual: get('/v1/kyc/individual/select'),
  application: get('/v1/kyc/application'),
  individualDraft: get('/v1/kyc/individual/draft'),
  saveIndividualDraft: put('/v1/kyc/individual/draft'),
  institutionDraft: get('/v1/kyc/institution/draft'),
  saveInstitutionDraft: put('/v1/kyc/institution/draft'),
  individualBasic: post('/v1/kyc/individual/basic'),
  individualAdvanced: post('/v1/kyc/individual/advanced'),
  institutionInformation: post('/v1/kyc/institution/information'),
  institutionDocuments: post('/v1/kyc/institution/documents'),
  /** The verification provider's signed callback. */
  providerCallback: post('/v1/kyc/public/provider/callback'),
} as const;
