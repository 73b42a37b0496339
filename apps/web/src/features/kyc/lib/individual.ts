import {
  areaCode,
  birthDateRange,
  collect,
  dateInRange,
  documentNumber,
  englishRequired,
  englishText,
  expiryRange,
  isBlank,
  phoneNumber,
  required,
  residenceCountry,
  type Errors,
  type FieldError,
} from './rules';
import type { UploadedFile } from './files';

export const TITLES = ['MR', 'MS', 'MRS', 'DR'] as const;
export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export const ID_TYPES = ['ID_CARD', 'PASSPORT'] as const;

export interface Address {
  country: string;
  state: string;
  city: string;
  code: string;
  address1: string;
  address2: string;
}

export const emptyAddress = (): Address => ({
  country: '',
  state: '',
  city: '',
  code: '',
  address1: '',
  address2: '',
});

/** Basic verification: who the person is and the document that proves it. */
export interface IndividualBasic {
  title: string;
  firstName: string;
  middleName: string;
  lastName: string;
  gender: string;
  nationality: string;
  country: string;
  birthDate: string;
  phoneAreaCode: string;
  phoneNumber: string;
  idType: string;
  idNum: string;
  passportNum: string;
  validDate: string;
  longTerm: boolean;
}

/** Advanced verification: where the person lives and the photos of the document. */
export interface IndividualAdvanced {
  living: Address;
  mailingSameAsLiving: boolean;
  mailing: Address;
  addressProof: UploadedFile[];
  idFront: UploadedFile[];
  idBack: UploadedFile[];
  idHolding: UploadedFile[];
}

export const emptyBasic = (): IndividualBasic => ({
  title: '',
  firstName: '',
  middleName: '',
  lastName: '',
  gender: '',
  nationality: '',
  country: '',
  birthDate: '',
  phoneAreaCode: '',
  phoneNumber: '',
  idType: 'ID_CARD',
  idNum: '',
  passportNum: '',
  validDate: '',
  longTerm: false,
});

export const emptyAdvanced = (): IndividualAdvanced => ({
  living: emptyAddress(),
  mailingSameAsLiving: true,
  mailing: emptyAddress(),
  addressProof: [],
  idFront: [],
  idBack: [],
  idHolding: [],
});

export type BasicField = keyof IndividualBasic;
export type AddressField = `living.${keyof Address}` | `mailing.${keyof Address}`;
export type AdvancedField =
  | AddressField
  | 'addressProof'
  | 'idFront'
  | 'idBack'
  | 'idHolding';

export function validateBasic(v: IndividualBasic, today: string): Errors<BasicField> {
  const checks: [BasicField, FieldError | null][] = [
    ['title', required(v.title)],
    ['firstName', englishRequired(v.firstName)],
    ['middleName', englishText(v.middleName)],
    ['lastName', englishRequired(v.lastName)],
    ['gender', required(v.gender)],
    ['nationality', required(v.nationality)],
    ['country', residenceCountry(v.country)],
    ['birthDate', dateInRange(v.birthDate, birthDateRange(today))],
    ['phoneAreaCode', areaCode(v.phoneAreaCode)],
    ['phoneNumber', phoneNumber(v.phoneNumber)],
    ['idType', required(v.idType)],
    ['idNum', documentNumber(v.idNum)],
    ['passportNum', documentNumber(v.passportNum)],
    // The document's own number: an ID card needs its number, a passport the passport number.
    [
      v.idType === 'PASSPORT' ? 'passportNum' : 'idNum',
      isBlank(v.idType === 'PASSPORT' ? v.passportNum : v.idNum) ? { key: 'required' } : null,
    ],
    ['validDate', v.longTerm ? null : dateInRange(v.validDate, expiryRange(today))],
  ];
  return collect(checks);
}

function addressErrors(prefix: 'living' | 'mailing', a: Address): [AdvancedField, FieldError | null][] {
  return [
    [`${prefix}.country`, prefix === 'living' ? residenceCountry(a.country) : required(a.country)],
    [`${prefix}.state`, englishText(a.state)],
    [`${prefix}.city`, englishRequired(a.city)],
    [`${prefix}.code`, englishText(a.code, 20)],
    [`${prefix}.address1`, englishRequired(a.address1)],
    [`${prefix}.address2`, englishText(a.address2)],
    // A state or a postal code: one of the pair may be empty, not both.
    [
      `${prefix}.state`,
      isBlank(a.state) && isBlank(a.code)
        ? { key: 'pairRequired', params: { other: 'code' } }
        : null,
    ],
  ];
}

export function validateAdvanced(v: IndividualAdvanced, idType: string): Errors<AdvancedField> {
  const files = (list: UploadedFile[]): FieldError | null =>
    list.length === 0 ? { key: 'filesRequired' } : null;
  return collect<AdvancedField>([
    ...addressErrors('living', v.living),
    ...(v.mailingSameAsLiving ? [] : addressErrors('mailing', v.mailing)),
    ['addressProof', files(v.addressProof)],
    ['idFront', files(v.idFront)],
    // A passport has one page to show; an ID card has two sides.
    ['idBack', idType === 'PASSPORT' ? null : files(v.idBack)],
    ['idHolding', files(v.idHolding)],
  ]);
}

/** The mailing address the server receives: the living one when the box is ticked. */
export function mailingAddress(v: IndividualAdvanced): Address {
  return v.mailingSameAsLiving ? { ...v.living } : v.mailing;
}
