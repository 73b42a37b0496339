import { describe, expect, it } from 'vitest';
import { shouldOpenIdentityCentre } from './access';
import { KYC_ACCOUNT_STORE, mergeDraft, readLocalDraft, writeLocalDraft } from './draft-store';
import { fileProblem, type UploadedFile } from '../../../lib/files';
import {
  emptyAdvanced,
  emptyBasic,
  toAdvancedDraft,
  validateAdvanced,
  validateBasic,
  type IndividualAdvanced,
  type IndividualBasic,
} from './individual';
import {
  emptyDocuments,
  emptyInformation,
  validateInstitutionStep,
  type InstitutionDocuments,
} from './institution';

const TODAY = '2026-11-24';
const file = (id: string): UploadedFile => ({
  id,
  name: `${id}.png`,
  mime: 'image/png',
  size: 1000,
});

const validBasic = (): IndividualBasic => ({
  ...emptyBasic(),
  title: 'MS',
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'FEMALE',
  nationality: 'GB',
  country: 'HK',
  birthDate: '1990-05-01',
  phoneAreaCode: '+852',
  phoneNumber: '55512345',
  livingAddress: {
    country: 'HK',
    state: 'Hong Kong Island',
    city: 'Hong Kong',
    code: '999077',
    address1: '1 Queen Road',
    address2: '',
  },
});

const validAdvanced = (): IndividualAdvanced => ({
  ...emptyAdvanced(),
  idType: 'ID_CARD',
  idNumber: 'A1234567',
  validDate: '2030-01-01',
  addressProof: [file('proof')],
  idFront: [file('front')],
  idBack: [file('back')],
  holdingId: [file('holding')],
});

const codes = (errors: Record<string, { code: number } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.code]));

describe('individual verification: field rules', () => {
  it('accepts a complete form', () => {
    expect(validateBasic(validBasic(), TODAY)).toEqual({});
    expect(validateAdvanced(validAdvanced(), TODAY)).toEqual({});
  });

  it('names every empty required field with "cannot be empty" (7007)', () => {
    const errors = codes(validateBasic(emptyBasic(), TODAY));
    for (const field of [
      'title',
      'firstName',
      'lastName',
      'gender',
      'nationality',
      'country',
      'birthDate',
      'phoneAreaCode',
      'phoneNumber',
      'livingAddress.city',
      'livingAddress.address1',
    ]) {
      expect(errors[field], field).toBe(7007);
    }
    expect(errors.middleName).toBeUndefined();
    expect(errors['livingAddress.address2']).toBeUndefined();
  });

  it('refuses other scripts, over-long text and an under-age birth date', () => {
    const errors = codes(
      validateBasic(
        { ...validBasic(), firstName: '艾达', lastName: 'L'.repeat(101), birthDate: '2015-01-01' },
        TODAY,
      ),
    );
    expect(errors.firstName).toBe(7008);
    expect(errors.lastName).toBe(7009);
    expect(errors.birthDate).toBe(7014);
  });

  it('refuses residents of Mainland China and the US with the clear message (7017)', () => {
    expect(codes(validateBasic({ ...validBasic(), country: 'CN' }, TODAY)).country).toBe(7017);
    const living = { ...validBasic().livingAddress, country: 'US' };
    expect(
      codes(validateBasic({ ...validBasic(), livingAddress: living }, TODAY))[
        'livingAddress.country'
      ],
    ).toBe(7017);
    // Hong Kong, Macao and Taiwan are served; a US national living in Hong Kong too.
    expect(validateBasic({ ...validBasic(), nationality: 'US', country: 'TW' }, TODAY)).toEqual({});
  });

  it('needs the mailing address unless it is the living one (pair rule)', () => {
    expect(
      codes(validateBasic({ ...validBasic(), mailingSameAsLiving: false }, TODAY)).mailingAddress,
    ).toBe(7012);
  });

  it('needs the number of the chosen document, and a validity date or long-term (pair rules)', () => {
    const noNumber = codes(validateAdvanced({ ...validAdvanced(), idNumber: '' }, TODAY));
    expect(noNumber.idNumber).toBe(7012);
    const passport = codes(
      validateAdvanced({ ...validAdvanced(), idType: 'PASSPORT', passportNumber: '' }, TODAY),
    );
    expect(passport.passportNumber).toBe(7012);
    expect(codes(validateAdvanced({ ...validAdvanced(), validDate: '' }, TODAY)).validDate).toBe(
      7012,
    );
    expect(
      validateAdvanced({ ...validAdvanced(), validDate: '', validLongTerm: true }, TODAY),
    ).toEqual({});
    expect(
      codes(validateAdvanced({ ...validAdvanced(), validDate: '2026-11-24' }, TODAY)).validDate,
    ).toBe(7016);
    expect(
      codes(validateAdvanced({ ...validAdvanced(), idNumber: 'A12 345' }, TODAY)).idNumber,
    ).toBe(7011);
  });

  it('needs every photo; a passport has no back side', () => {
    const errors = codes(
      validateAdvanced({ ...validAdvanced(), idBack: [], holdingId: [] }, TODAY),
    );
    expect(errors).toMatchObject({ idBack: 7007, holdingId: 7007 });
    const passport: IndividualAdvanced = {
      ...validAdvanced(),
      idType: 'PASSPORT',
      idNumber: 'left-over',
      passportNumber: 'P1234567',
      idBack: [],
    };
    expect(validateAdvanced(passport, TODAY)).toEqual({});
    // The abandoned ID card number is not sent with a passport.
    expect(toAdvancedDraft(passport)).toMatchObject({ idNumber: '', idBackFileIds: [] });
  });
});

describe('institution verification: shareholders and documents', () => {
  const docs = (shareholders: InstitutionDocuments['shareholders']): InstitutionDocuments => ({
    ...emptyDocuments(),
    shareholders,
  });
  const step = (d: InstitutionDocuments) =>
    codes(validateInstitutionStep('shareholders', emptyInformation(), d, TODAY));

  it('needs an ID from every shareholder above 25 % (7026), not at 25 % or below', () => {
    const errors = step(
      docs([
        { name: 'Big Holder', ownershipPercent: '25.01', idFiles: [] },
        { name: 'Quarter Holder', ownershipPercent: '25', idFiles: [] },
      ]),
    );
    expect(errors['shareholders.0.idFiles']).toBe(7026);
    expect(errors['shareholders.1.idFiles']).toBeUndefined();
    expect(
      step(docs([{ name: 'Big Holder', ownershipPercent: '60', idFiles: [file('id')] }])),
    ).toEqual({});
  });

  it('refuses shares above 100 % in total (7028) and a malformed share (7027)', () => {
    expect(
      step(
        docs([
          { name: 'A', ownershipPercent: '20', idFiles: [] },
          { name: 'B', ownershipPercent: '20', idFiles: [] },
          { name: 'C', ownershipPercent: '20', idFiles: [] },
          { name: 'D', ownershipPercent: '20', idFiles: [] },
          { name: 'E', ownershipPercent: '20.01', idFiles: [] },
        ]),
      ).shareholders,
    ).toBe(7028);
    expect(step(docs([{ name: 'A', ownershipPercent: '12.345', idFiles: [] }]))).toMatchObject({
      'shareholders.0.ownershipPercent': 7027,
    });
  });

  it('needs the ten required documents, three more for a financial institution', () => {
    const info = emptyInformation();
    const errors = codes(validateInstitutionStep('documents', info, emptyDocuments(), TODAY));
    expect(Object.keys(errors)).toHaveLength(10);
    expect(errors['documents.BOARD_RESOLUTION']).toBe(7007);
    const financial = { ...info, basic: { ...info.basic, isFinancialInstitution: true } };
    const more = codes(validateInstitutionStep('documents', financial, emptyDocuments(), TODAY));
    expect(Object.keys(more)).toHaveLength(13);
    expect(more['documents.AML_CDD_POLICY']).toBe(7007);
  });

  it('checks only the fields of the step shown, and refuses a US registration', () => {
    const info = emptyInformation();
    info.registration.registrationCountry = 'US';
    const registration = codes(
      validateInstitutionStep('registration', info, emptyDocuments(), TODAY),
    );
    expect(registration['registration.registrationCountry']).toBe(7017);
    expect(registration['registration.registrationExpiryDate']).toBe(7012);
    expect(Object.keys(registration).every((k) => k.startsWith('registration.'))).toBe(true);
  });
});

describe('files', () => {
  it('refuses a wrong type, an oversized file and one file too many before sending', () => {
    expect(fileProblem('KYC_ID_IMAGE', { type: 'application/pdf', size: 10 }, 0)?.key).toBe(
      'fileType',
    );
    expect(fileProblem('KYC_ID_IMAGE', { type: 'image/png', size: 3 * 1024 * 1024 }, 0)?.key).toBe(
      'fileSize',
    );
    expect(fileProblem('KYC_ID_IMAGE', { type: 'image/png', size: 10 }, 2)?.key).toBe('fileCount');
    expect(
      fileProblem('KYC_COMPANY_DOCUMENT', { type: 'application/pdf', size: 10 }, 0),
    ).toBeNull();
  });
});

describe('cross-type rule', () => {
  it('sends an institution away from the individual page and the reverse, not its own type', () => {
    expect(shouldOpenIdentityCentre({ entityType: 'INSTITUTION' }, 'INDIVIDUAL')).toBe(true);
    expect(shouldOpenIdentityCentre({ entityType: 'INDIVIDUAL' }, 'INSTITUTION')).toBe(true);
    expect(shouldOpenIdentityCentre({ entityType: 'INDIVIDUAL' }, 'INDIVIDUAL')).toBe(false);
    expect(shouldOpenIdentityCentre(null, 'INDIVIDUAL')).toBe(false);
  });
});

describe('kycAccountStore', () => {
  it('keeps a draft per user and kind, and ignores wrongly typed stored values', () => {
    const store = new Map<string, string>();
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
    const empty = { basicInfo: emptyBasic(), advancedInfo: emptyAdvanced() };
    writeLocalDraft({ owner: 'u1', kind: 'INDIVIDUAL', step: 1, ...empty });
    expect(JSON.parse(store.get(KYC_ACCOUNT_STORE)!)).toHaveProperty('basicInfo');
    expect(readLocalDraft('u1', 'INDIVIDUAL', empty)?.step).toBe(1);
    expect(readLocalDraft('u2', 'INDIVIDUAL', empty)).toBeNull();
    expect(readLocalDraft('u1', 'INSTITUTION', empty)).toBeNull();
    expect(mergeDraft(emptyBasic(), { firstName: 42, lastName: 'Lovelace' })).toMatchObject({
      firstName: '',
      lastName: 'Lovelace',
    });
  });
});

describe("the gateway's refusal of a step", () => {
  it('lands on the form fields it names, the first per field, and nothing else does', async () => {
    const { serverErrors } = await import('./rules');
    const { ApiError } = await import('../../../lib/api-client');
    const refused = new ApiError({
      code: '7008',
      message: 'refused',
      status: 400,
      data: {
        field: 'idFrontFileIds',
        violations: [
          { field: 'idFrontFileIds', code: 7008, params: {} },
          { field: 'idFrontFileIds', code: 7009, params: {} },
          { field: 'firstName', code: 7010, params: { max: '100' } },
        ],
      },
    });
    expect(serverErrors(refused, (f) => f.replace(/FileIds$/, ''))).toEqual({
      idFront: { code: 7008, params: {} },
      firstName: { code: 7010, params: { max: '100' } },
    });
    const plain = new ApiError({ code: '1000', message: 'busy', status: 503, data: null });
    expect(serverErrors(plain, (f) => f)).toBeNull();
    expect(serverErrors(new Error('x'), (f) => f)).toBeNull();
  });
});
