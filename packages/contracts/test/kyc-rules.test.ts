import { describe, expect, it } from 'vitest';
import {
  individualAdvancedViolations,
  individualBasicViolations,
  institutionDocumentsViolations,
  institutionInformationViolations,
} from '../src/kyc-rules.js';
import {
  validIndividualAdvanced,
  validIndividualBasic,
  validInstitutionDocuments,
  validInstitutionInformation,
} from '../src/testing/kyc-samples.js';
import { kycAccessFor, kycPermissionsFor } from '../src/user.js';
import { RuntimeMode } from '../src/runtime-mode.js';
import { errorByCode, ErrorCode } from '../src/errors.js';
import { ERROR_TRANSLATIONS } from '../src/i18n/index.js';

const today = '2026-11-24';
const firstOf = (vs: { field: string; error: string }[]) =>
  vs[0] && { field: vs[0].field, error: vs[0].error };

describe('individual KYC rules', () => {
  it('accepts the samples', () => {
    expect(individualBasicViolations(validIndividualBasic(), today)).toEqual([]);
    expect(individualAdvancedViolations(validIndividualAdvanced(), today)).toEqual([]);
  });

  it.each([
    ['an empty first name', { firstName: '  ' }, 'firstName', 'KYC_FIELD_REQUIRED'],
    ['a Chinese last name', { lastName: '张' }, 'lastName', 'KYC_ENGLISH_ONLY'],
    ['a full-width letter', { firstName: 'Ａnna' }, 'firstName', 'KYC_ENGLISH_ONLY'],
    ['a control character', { firstName: 'An\u0007na' }, 'firstName', 'KYC_ENGLISH_ONLY'],
    ['a 101-character name', { firstName: 'a'.repeat(101) }, 'firstName', 'KYC_FIELD_TOO_LONG'],
    ['a US resident', { country: 'US' }, 'country', 'KYC_COUNTRY_NOT_SERVED'],
    ['a Mainland China resident', { country: 'CN' }, 'country', 'KYC_COUNTRY_NOT_SERVED'],
    ['a made-up country', { nationality: 'XX' }, 'nationality', 'KYC_ONLY_ACCEPT'],
    ['a minor', { birthDate: '2008-11-25' }, 'birthDate', 'KYC_AGE_RANGE'],
    ['someone over 100', { birthDate: '1926-11-23' }, 'birthDate', 'KYC_AGE_RANGE'],
    ['a date outside the picker', { birthDate: '1899-12-31' }, 'birthDate', 'KYC_DATE_INVALID'],
    ['no such date', { birthDate: '1990-02-30' }, 'birthDate', 'KYC_DATE_INVALID'],
    ['letters in the phone', { phoneNumber: '12ab5678' }, 'phoneNumber', 'KYC_DIGITS_ONLY'],
    [
      'a space in the postal code',
      { livingAddress: { ...validIndividualBasic().livingAddress, code: '10 115' } },
      'livingAddress.code',
      'KYC_NO_SPACES',
    ],
    [
      'no mailing address and not the same as living',
      { mailingSameAsLiving: false, mailingAddress: {} },
      'mailingAddress',
      'KYC_PAIR_REQUIRED',
    ],
  ])('refuses %s', (_name, patch, field, error) => {
    expect(
      firstOf(individualBasicViolations({ ...validIndividualBasic(), ...patch }, today)),
    ).toEqual({ field, error });
  });

  it('accepts exactly 18 years and exactly 100 years', () => {
    expect(
      individualBasicViolations({ ...validIndividualBasic(), birthDate: '2008-11-24' }, today),
    ).toEqual([]);
    expect(
      individualBasicViolations({ ...validIndividualBasic(), birthDate: '1926-11-24' }, today),
    ).toEqual([]);
  });

  it.each([
    ['neither number', { idNumber: '', passportNumber: '' }, 'idNumber', 'KYC_PAIR_REQUIRED'],
    ['a space in the ID number', { idNumber: 'AB 12345' }, 'idNumber', 'KYC_NO_SPACES'],
    [
      'no validity and not long term',
      { validDate: '', validLongTerm: false },
      'validDate',
      'KYC_PAIR_REQUIRED',
    ],
    ['an expired document', { validDate: '2026-11-24' }, 'validDate', 'KYC_DOCUMENT_EXPIRED'],
    ['no ID back for an ID card', { idBackFileIds: [] }, 'idBackFileIds', 'KYC_FIELD_REQUIRED'],
    [
      'three ID front photos',
      { idFrontFileIds: ['a', 'b', 'c'] },
      'idFrontFileIds',
      'KYC_FILE_COUNT',
    ],
  ])('refuses %s', (_name, patch, field, error) => {
    expect(
      firstOf(individualAdvancedViolations({ ...validIndividualAdvanced(), ...patch }, today)),
    ).toEqual({ field, error });
  });

  it('asks a passport for its number and no ID back', () => {
    const passport = {
      ...validIndividualAdvanced(),
      idType: 'PASSPORT' as const,
      idBackFileIds: [],
    };
    expect(firstOf(individualAdvancedViolations(passport, today))).toEqual({
      field: 'passportNumber',
      error: 'KYC_FIELD_REQUIRED',
    });
    expect(
      individualAdvancedViolations({ ...passport, passportNumber: 'P1234567' }, today),
    ).toEqual([]);
  });

  it('takes a long-term document without a date', () => {
    expect(
      individualAdvancedViolations(
        { ...validIndividualAdvanced(), validDate: '', validLongTerm: true },
        today,
      ),
    ).toEqual([]);
  });
});

describe('institution KYC rules', () => {
  it('accepts the samples', () => {
    expect(institutionInformationViolations(validInstitutionInformation(), today)).toEqual([]);
    expect(
      institutionDocumentsViolations(validInstitutionDocuments(), {
        isFinancialInstitution: false,
      }),
    ).toEqual([]);
  });

  it('refuses a US-registered institution and needs fundSourceOther for OTHER', () => {
    const info = validInstitutionInformation();
    expect(
      firstOf(
        institutionInformationViolations(
          { ...info, registration: { ...info.registration, registrationCountry: 'US' } },
          today,
        ),
      ),
    ).toEqual({ field: 'registration.registrationCountry', error: 'KYC_COUNTRY_NOT_SERVED' });
    expect(
      firstOf(
        institutionInformationViolations(
          { ...info, basic: { ...info.basic, fundSource: 'OTHER' } },
          today,
        ),
      ),
    ).toEqual({ field: 'basic.fundSourceOther', error: 'KYC_FIELD_REQUIRED' });
  });

  it('needs an ID for every shareholder above 25 % and not at 25 %', () => {
    const docs = validInstitutionDocuments();
    const v = institutionDocumentsViolations(
      {
        ...docs,
        shareholders: [
          { name: 'Alpha Holdings', ownershipPercent: '25', idFileIds: [] },
          { name: 'Beta Partners', ownershipPercent: '25.01' },
        ],
      },
      { isFinancialInstitution: false },
    );
    expect(v.map((x) => [x.field, x.error])).toEqual([
      ['shareholders.1.idFileIds', 'KYC_SHAREHOLDER_ID_REQUIRED'],
    ]);
  });

  it('refuses more than 100 % in total and a bad percentage', () => {
    const v = institutionDocumentsViolations(
      {
        ...validInstitutionDocuments(),
        shareholders: [
          { name: 'A', ownershipPercent: '60', idFileIds: ['f1'] },
          { name: 'B', ownershipPercent: '40.01', idFileIds: ['f2'] },
          { name: 'C', ownershipPercent: '1.234' },
        ],
      },
      { isFinancialInstitution: false },
    );
    expect(v.map((x) => [x.field, x.error])).toEqual([
      ['shareholders.2.ownershipPercent', 'KYC_OWNERSHIP_INVALID'],
      ['shareholders', 'KYC_OWNERSHIP_TOTAL'],
    ]);
  });

  it('asks a financial institution for its licence, AML policy and compliance officer CV', () => {
    const v = institutionDocumentsViolations(validInstitutionDocuments(), {
      isFinancialInstitution: true,
    });
    expect(v.map((x) => x.field)).toEqual([
      'documents.LICENCE_SCAN',
      'documents.AML_CDD_POLICY',
      'documents.COMPLIANCE_OFFICER_CV',
    ]);
  });
});

describe('permissions by verification and mode', () => {
  it('follows the account-type table', () => {
    expect(kycAccessFor(1, RuntimeMode.REAL, 'FIAT_DEPOSIT')).toBe('FULL');
    expect(kycAccessFor(-1, RuntimeMode.REAL, 'FIAT_DEPOSIT')).toBe('OPTED_OUT');
    expect(kycAccessFor(-1, RuntimeMode.REAL, 'FIAT_WITHDRAWAL')).toBe('OPTED_OUT');
    expect(kycAccessFor(-1, RuntimeMode.REAL, 'SPOT_TRADE')).toBe('LIMITED');
    expect(kycAccessFor(-1, RuntimeMode.DEMO, 'SPOT_TRADE')).toBe('FULL');
    expect(kycAccessFor(0, RuntimeMode.REAL, 'SPOT_TRADE')).toBe('INSUFFICIENT');
    expect(kycAccessFor(null, RuntimeMode.REAL, 'SPOT_TRADE')).toBe('INSUFFICIENT');
    expect(kycAccessFor(0, RuntimeMode.TRIAL, 'SPOT_TRADE')).toBe('FULL');
    expect(kycPermissionsFor(-1, RuntimeMode.REAL)).not.toContain('FIAT_DEPOSIT');
    expect(kycPermissionsFor(-1, RuntimeMode.REAL)).toContain('SPOT_TRADE');
    expect(kycPermissionsFor(0, RuntimeMode.REAL)).toEqual([]);
  });
});

describe('KYC error codes', () => {
  it('stay in 7001-7059 and have a text in every language', () => {
    const kyc = Object.values(ErrorCode).filter((e) => e.code >= 7000 && e.code < 8000);
    for (const e of kyc) {
      expect(e.code).toBeLessThanOrEqual(7059);
      expect(errorByCode(e.code)).toBeDefined();
      for (const table of Object.values(ERROR_TRANSLATIONS))
        expect(table[`error_${e.code}`], `error_${e.code}`).toBeTruthy();
    }
  });
});
