import { KYC_TEXT_MAX_LENGTH, SHAREHOLDER_ID_THRESHOLD_PERCENT } from './constants.js';
import type { ErrorName } from './errors.js';
import {
  FINANCIAL_INSTITUTION_DOCUMENTS,
  INSTITUTION_DOCUMENT_TYPES,
  KYC_DATE_MAX,
  KYC_DATE_MIN,
  KYC_FILE_COUNTS,
  KYC_MAX_AGE_YEARS,
  KYC_MIN_AGE_YEARS,
  REQUIRED_INSTITUTION_DOCUMENTS,
  isCountryCode,
  isRefusedKycCountry,
  type AddressParts,
  type IndividualAdvancedDraft,
  type IndividualBasicDraft,
  type InstitutionDocumentsDraft,
  type InstitutionInformationDraft,
  type KycFilePlace,
} from './kyc.js';

/**
 * The KYC field rules of spec trading-account-domain section 5, once for the forms (each field's
 * message) and the gateway (which refuses a submission breaking any, answering the first with
 * all of them in `data.violations`). `field` is the path in the submitted object, e.g.
 * `livingAddress.city` or `shareholders.1.idFileIds`.
 *
 * Rules chosen where the spec leaves them open:
 * - English only: printable ASCII (letters, digits, spaces and ASCII punctuation); full-width and
 *   other scripts are refused, and so are control characters. Text fields: at most 100
 *   characters (business scope and scenario: 500).
 * - No spaces at all: ID number, passport number, phone area code and number, postal codes, tax
 *   identification and registration numbers.
 * - Pairs that may not both be empty: ID number and passport number (the one of the chosen ID
 *   type is then required); the document's validity date and its long-term flag; the mailing
 *   address and "same as living address"; the business registration expiry and its
 *   permanent-validity flag.
 * - Birth date: 18 to 100 years old on the day of submission. Every date inside the date
 *   picker's range 1900-01-01..2099-12-31; a validity or expiry date after today.
 */
export interface KycViolation {
  field: string;
  error: ErrorName;
  params: Record<string, string>;
}

export const KYC_TEXT_MAX = KYC_TEXT_MAX_LENGTH;
export const KYC_LONG_TEXT_MAX = 500;
export const KYC_POSTAL_CODE_MAX = 20;
export const KYC_PHONE_AREA_CODE = { min: 1, max: 4 } as const;
export const KYC_PHONE_NUMBER = { min: 4, max: 20 } as const;
export const KYC_DOCUMENT_NUMBER = { min: 4, max: 30 } as const;

const ENGLISH = /^[\x20-\x7E]*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

class Collector {
  readonly out: KycViolation[] = [];
  fail(field: string, error: ErrorName, params: Record<string, string> = {}): void {
    if (!this.out.some((v) => v.field === field)) this.out.push({ field, error, params });
  }
  has(field: string): boolean {
    return this.out.some((v) => v.field === field);
  }
}

const isEmpty = (v: string | undefined | null): v is undefined | null | '' =>
  v === undefined || v === null || v.trim() === '';

/** Free text: required or not, English only, a maximum length, optionally without spaces. */
function textField(
  c: Collector,
  field: string,
  value: string | undefined,
  opts: { required?: boolean; max?: number; min?: number; noSpaces?: boolean } = {},
): boolean {
  const { required = true, max = KYC_TEXT_MAX, min, noSpaces = false } = opts;
  if (isEmpty(value)) {
    if (required) c.fail(field, 'KYC_FIELD_REQUIRED', { field });
    return false;
  }
  if (!ENGLISH.test(value)) {
    c.fail(field, 'KYC_ENGLISH_ONLY', { field });
    return false;
  }
  if (noSpaces && /\s/.test(value)) {
    c.fail(field, 'KYC_NO_SPACES', { field });
    return false;
  }
  if (min !== undefined && value.length < min) {
    c.fail(field, 'KYC_FIELD_LENGTH_RANGE', { field, min: String(min), max: String(max) });
    return false;
  }
  if (value.length > max) {
    if (min !== undefined)
      c.fail(field, 'KYC_FIELD_LENGTH_RANGE', { field, min: String(min), max: String(max) });
    else c.fail(field, 'KYC_FIELD_TOO_LONG', { field, max: String(max) });
    return false;
  }
  return true;
}

function digits(
  c: Collector,
  field: string,
  value: string | undefined,
  range: { min: number; max: number },
): void {
  if (isEmpty(value)) return c.fail(field, 'KYC_FIELD_REQUIRED', { field });
  if (!new RegExp(`^\\d{${range.min},${range.max}}$`).test(value))
    c.fail(field, 'KYC_DIGITS_ONLY', { field, min: String(range.min), max: String(range.max) });
}

function required<T>(c: Collector, field: string, value: T | undefined | null): value is T {
  if (value === undefined || value === null) {
    c.fail(field, 'KYC_FIELD_REQUIRED', { field });
    return false;
  }
  return true;
}

/** A served country code; `residence` also refuses Mainland China and the United States. */
function country(
  c: Collector,
  field: string,
  value: string | undefined,
  opts: { residence?: boolean } = {},
): void {
  if (isEmpty(value)) return c.fail(field, 'KYC_FIELD_REQUIRED', { field });
  if (!isCountryCode(value)) return c.fail(field, 'KYC_ONLY_ACCEPT', { field, accepted: 'ISO' });
  if (opts.residence && isRefusedKycCountry(value)) c.fail(field, 'KYC_COUNTRY_NOT_SERVED', {});
}

/** Days since 1970 of a real `YYYY-MM-DD` date, or null. */
export function kycDateDays(value: string): number | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    return null;
  return t / 86_400_000;
}

/** `today` shifted by whole years (29 February falls back to 28). */
function yearsBefore(today: string, years: number): string {
  const [y = '0', rest = ''] = [today.slice(0, 4), today.slice(4)];
  const shifted = `${String(Number(y) - years).padStart(4, '0')}${rest}`;
  return kycDateDays(shifted) === null ? shifted.replace(/-29$/, '-28') : shifted;
}

function date(
  c: Collector,
  field: string,
  value: string | undefined,
  opts: { required?: boolean } = {},
): number | null {
  if (isEmpty(value)) {
    if (opts.required !== false) c.fail(field, 'KYC_FIELD_REQUIRED', { field });
    return null;
  }
  const days = kycDateDays(value);
  if (days === null || value < KYC_DATE_MIN || value > KYC_DATE_MAX) {
    c.fail(field, 'KYC_DATE_INVALID', { field, min: KYC_DATE_MIN, max: KYC_DATE_MAX });
    return null;
  }
  return days;
}

function files(c: Collector, field: string, ids: string[] | undefined, place: KycFilePlace): void {
  const { min, max } = KYC_FILE_COUNTS[place];
  const n = ids?.filter((id) => id.trim() !== '').length ?? 0;
  if (n === 0) return c.fail(field, 'KYC_FIELD_REQUIRED', { field });
  if (n < min || n > max || n !== ids?.length)
    c.fail(field, 'KYC_FILE_COUNT', { field, min: String(min), max: String(max) });
}

function address(
  c: Collector,
  prefix: string,
  a: { [K in keyof AddressParts]?: string | undefined } | undefined,
  residence: boolean,
): void {
  const p = (k: string) => `${prefix}.${k}`;
  country(c, p('country'), a?.country, { residence });
  textField(c, p('state'), a?.state);
  textField(c, p('city'), a?.city);
  textField(c, p('code'), a?.code, { max: KYC_POSTAL_CODE_MAX, noSpaces: true });
  textField(c, p('address1'), a?.address1);
  textField(c, p('address2'), a?.address2, { required: false });
}

/** The individual's basic step. `today` is `YYYY-MM-DD` on the server's clock (UTC). */
export function individualBasicViolations(d: IndividualBasicDraft, today: string): KycViolation[] {
  const c = new Collector();
  required(c, 'title', d.title);
  textField(c, 'firstName', d.firstName);
  textField(c, 'middleName', d.middleName, { required: false });
  textField(c, 'lastName', d.lastName);
  required(c, 'gender', d.gender);
  country(c, 'nationality', d.nationality);
  country(c, 'country', d.country, { residence: true });
  const birth = date(c, 'birthDate', d.birthDate);
  if (birth !== null && d.birthDate !== undefined) {
    const youngest = yearsBefore(today, KYC_MIN_AGE_YEARS);
    const oldest = yearsBefore(today, KYC_MAX_AGE_YEARS);
    if (d.birthDate > youngest || d.birthDate < oldest)
      c.fail('birthDate', 'KYC_AGE_RANGE', {
        minAge: String(KYC_MIN_AGE_YEARS),
        maxAge: String(KYC_MAX_AGE_YEARS),
      });
  }
  digits(c, 'phoneAreaCode', d.phoneAreaCode, KYC_PHONE_AREA_CODE);
  digits(c, 'phoneNumber', d.phoneNumber, KYC_PHONE_NUMBER);
  address(c, 'livingAddress', d.livingAddress, true);
  if (d.mailingSameAsLiving !== true) {
    const m = d.mailingAddress;
    const blank = !m || Object.values(m).every((v) => isEmpty(v));
    if (blank)
      c.fail('mailingAddress', 'KYC_PAIR_REQUIRED', {
        field: 'mailingAddress',
        other: 'mailingSameAsLiving',
      });
    else address(c, 'mailingAddress', m, false);
  }
  return c.out;
}

/** The individual's advanced step: the identity document and the photos. */
export function individualAdvancedViolations(
  d: IndividualAdvancedDraft,
  today: string,
): KycViolation[] {
  const c = new Collector();
  required(c, 'idType', d.idType);
  const docNumber = { min: KYC_DOCUMENT_NUMBER.min, max: KYC_DOCUMENT_NUMBER.max, noSpaces: true };
  if (isEmpty(d.idNumber) && isEmpty(d.passportNumber)) {
    c.fail(d.idType === 'PASSPORT' ? 'passportNumber' : 'idNumber', 'KYC_PAIR_REQUIRED', {
      field: 'idNumber',
      other: 'passportNumber',
    });
  } else {
    textField(c, 'idNumber', d.idNumber, { ...docNumber, required: d.idType === 'ID_CARD' });
    textField(c, 'passportNumber', d.passportNumber, {
      ...docNumber,
      required: d.idType === 'PASSPORT',
    });
  }
  if (d.validLongTerm !== true) {
    if (isEmpty(d.validDate))
      c.fail('validDate', 'KYC_PAIR_REQUIRED', { field: 'validDate', other: 'validLongTerm' });
    else {
      const days = date(c, 'validDate', d.validDate);
      const now = kycDateDays(today);
      if (days !== null && now !== null && days <= now)
        c.fail('validDate', 'KYC_DOCUMENT_EXPIRED', { field: 'validDate' });
    }
  }
  files(c, 'addressProofFileIds', d.addressProofFileIds, 'KYC_ADDRESS_PROOF');
  files(c, 'idFrontFileIds', d.idFrontFileIds, 'KYC_ID_IMAGE');
  if (d.idType !== 'PASSPORT') files(c, 'idBackFileIds', d.idBackFileIds, 'KYC_ID_IMAGE');
  files(c, 'holdingIdFileIds', d.holdingIdFileIds, 'KYC_ID_IMAGE');
  return c.out;
}

/** The institution's basic-information step: basic, registration and operation parts. */
export function institutionInformationViolations(
  d: InstitutionInformationDraft,
  today: string,
): KycViolation[] {
  const c = new Collector();
  const now = kycDateDays(today);
  const b = d.basic ?? {};
  textField(c, 'basic.institutionFullName', b.institutionFullName);
  textField(c, 'basic.dbaName', b.dbaName, { required: false });
  digits(c, 'basic.phoneAreaCode', b.phoneAreaCode, KYC_PHONE_AREA_CODE);
  digits(c, 'basic.phoneNumber', b.phoneNumber, KYC_PHONE_NUMBER);
  if (required(c, 'basic.fundSource', b.fundSource) && b.fundSource === 'OTHER')
    textField(c, 'basic.fundSourceOther', b.fundSourceOther);
  if (!b.accountPurposes || b.accountPurposes.length === 0)
    c.fail('basic.accountPurposes', 'KYC_FIELD_REQUIRED', { field: 'basic.accountPurposes' });
  country(c, 'basic.taxNationality', b.taxNationality);
  required(c, 'basic.taxDocumentType', b.taxDocumentType);
  textField(c, 'basic.taxIdentificationNumber', b.taxIdentificationNumber, {
    max: 50,
    noSpaces: true,
  });
  const issued = date(c, 'basic.taxIssueDate', b.taxIssueDate);
  if (issued !== null && now !== null && issued > now)
    c.fail('basic.taxIssueDate', 'KYC_DATE_ORDER', { field: 'basic.taxIssueDate', other: today });
  const expires = date(c, 'basic.taxExpiryDate', b.taxExpiryDate, { required: false });
  if (expires !== null && issued !== null && expires < issued)
    c.fail('basic.taxExpiryDate', 'KYC_DATE_ORDER', {
      field: 'basic.taxIssueDate',
      other: 'basic.taxExpiryDate',
    });
  else if (expires !== null && now !== null && expires <= now)
    c.fail('basic.taxExpiryDate', 'KYC_DOCUMENT_EXPIRED', { field: 'basic.taxExpiryDate' });
  required(c, 'basic.isFinancialInstitution', b.isFinancialInstitution);
  required(c, 'basic.industryCategory', b.industryCategory);
  country(c, 'basic.actualBusinessCountry', b.actualBusinessCountry, { residence: true });
  country(c, 'basic.fundsSourceCountry', b.fundsSourceCountry);
  country(c, 'basic.fundsDestinationCountry', b.fundsDestinationCountry);
  required(c, 'basic.annualTransactionCount', b.annualTransactionCount);
  required(c, 'basic.annualAmountUsd', b.annualAmountUsd);
  textField(c, 'basic.businessScenario', b.businessScenario, { max: KYC_LONG_TEXT_MAX });

  const r = d.registration ?? {};
  textField(c, 'registration.registrationNumber', r.registrationNumber, {
    max: 50,
    noSpaces: true,
  });
  const registered = date(c, 'registration.registrationDate', r.registrationDate);
  if (registered !== null && now !== null && registered > now)
    c.fail('registration.registrationDate', 'KYC_DATE_ORDER', {
      field: 'registration.registrationDate',
      other: today,
    });
  country(c, 'registration.registrationCountry', r.registrationCountry, { residence: true });
  textField(c, 'registration.registrationState', r.registrationState);
  textField(c, 'registration.registrationCity', r.registrationCity);
  textField(c, 'registration.registrationAddress1', r.registrationAddress1);
  textField(c, 'registration.registrationAddress2', r.registrationAddress2, { required: false });
  if (r.registrationPermanent !== true) {
    if (isEmpty(r.registrationExpiryDate))
      c.fail('registration.registrationExpiryDate', 'KYC_PAIR_REQUIRED', {
        field: 'registration.registrationExpiryDate',
        other: 'registration.registrationPermanent',
      });
    else {
      const days = date(c, 'registration.registrationExpiryDate', r.registrationExpiryDate);
      if (days !== null && now !== null && days <= now)
        c.fail('registration.registrationExpiryDate', 'KYC_DOCUMENT_EXPIRED', {
          field: 'registration.registrationExpiryDate',
        });
    }
  }

  const o = d.operation ?? {};
  textField(c, 'operation.mainBusinessScope', o.mainBusinessScope, { max: KYC_LONG_TEXT_MAX });
  textField(c, 'operation.operationState', o.operationState);
  textField(c, 'operation.operationCity', o.operationCity);
  textField(c, 'operation.operationAddress', o.operationAddress);
  textField(c, 'operation.operationAddress2', o.operationAddress2, { required: false });
  textField(c, 'operation.operationPostalCode', o.operationPostalCode, {
    max: KYC_POSTAL_CODE_MAX,
    noSpaces: true,
  });
  return c.out;
}

const PERCENT = /^(\d{1,3})(\.\d{1,2})?$/;
/** Hundredths of a percent, or null when not a percentage from 0 to 100 with 2 decimals. */
function hundredths(value: string): number | null {
  if (!PERCENT.test(value)) return null;
  const n = Math.round(Number(value) * 100);
  return n >= 0 && n <= 10_000 ? n : null;
}

/**
 * The institution's documents step: required documents (10 for every institution, 3 more for a
 * financial institution), 1-3 files each; at least one shareholder; every shareholder above 25 %
 * needs an ID document; ownership at most 100 % in total.
 */
export function institutionDocumentsViolations(
  d: InstitutionDocumentsDraft,
  opts: { isFinancialInstitution: boolean },
): KycViolation[] {
  const c = new Collector();
  const docs = d.documents ?? {};
  const needed = new Set([
    ...REQUIRED_INSTITUTION_DOCUMENTS,
    ...(opts.isFinancialInstitution ? FINANCIAL_INSTITUTION_DOCUMENTS : []),
  ]);
  for (const type of INSTITUTION_DOCUMENT_TYPES) {
    const ids = docs[type];
    if (needed.has(type) || (ids && ids.length > 0))
      files(c, `documents.${type}`, ids, 'KYC_COMPANY_DOCUMENT');
  }
  const holders = d.shareholders ?? [];
  if (holders.length === 0) c.fail('shareholders', 'KYC_FIELD_REQUIRED', { field: 'shareholders' });
  let total = 0;
  holders.forEach((h, i) => {
    const p = (k: string) => `shareholders.${i}.${k}`;
    textField(c, p('name'), h.name);
    if (isEmpty(h.ownershipPercent))
      return c.fail(p('ownershipPercent'), 'KYC_FIELD_REQUIRED', { field: p('ownershipPercent') });
    const share = hundredths(h.ownershipPercent);
    if (share === null)
      return c.fail(p('ownershipPercent'), 'KYC_OWNERSHIP_INVALID', {
        field: p('ownershipPercent'),
      });
    total += share;
    const needsId = share > SHAREHOLDER_ID_THRESHOLD_PERCENT * 100;
    const ids = h.idFileIds ?? [];
    if (needsId && ids.length === 0)
      c.fail(p('idFileIds'), 'KYC_SHAREHOLDER_ID_REQUIRED', {
        threshold: String(SHAREHOLDER_ID_THRESHOLD_PERCENT),
      });
    else if (ids.length > 0) files(c, p('idFileIds'), ids, 'KYC_SHAREHOLDER_ID');
  });
  if (total > 10_000) c.fail('shareholders', 'KYC_OWNERSHIP_TOTAL', {});
  return c.out;
}
