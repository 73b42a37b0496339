import {
  individualAdvancedViolations,
  individualBasicViolations,
  type AddressParts,
  type IndividualAdvancedDraft,
  type IndividualBasicDraft,
  type IndividualDraft,
} from '@exchange/contracts';
import { mergeDraft } from './draft-store';
import { fileIds, storedFiles, type UploadedFile } from '../../../lib/files';
import { toErrors, type Errors } from './rules';

export const TITLES = ['MR', 'MS', 'MRS', 'DR'] as const;
export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export const ID_TYPES = ['ID_CARD', 'PASSPORT'] as const;

export type Address = AddressParts;

export const emptyAddress = (): Address => ({
  country: '',
  state: '',
  city: '',
  code: '',
  address1: '',
  address2: '',
});

/** The basic step as the form holds it: who the person is and where they live. */
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
  livingAddress: Address;
  mailingSameAsLiving: boolean;
  mailingAddress: Address;
}

/** The advanced step: the identity document and the photos (with their names for previews). */
export interface IndividualAdvanced {
  idType: string;
  idNumber: string;
  passportNumber: string;
  validDate: string;
  validLongTerm: boolean;
  addressProof: UploadedFile[];
  idFront: UploadedFile[];
  idBack: UploadedFile[];
  holdingId: UploadedFile[];
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
  livingAddress: emptyAddress(),
  mailingSameAsLiving: true,
  mailingAddress: emptyAddress(),
});

export const emptyAdvanced = (): IndividualAdvanced => ({
  idType: 'ID_CARD',
  idNumber: '',
  passportNumber: '',
  validDate: '',
  validLongTerm: false,
  addressProof: [],
  idFront: [],
  idBack: [],
  holdingId: [],
});

const opt = <T extends string>(v: string): T | undefined => (v === '' ? undefined : (v as T));

/** The contract's basic draft: empty choices left out, the area code without its "+". */
export function toBasicDraft(b: IndividualBasic): IndividualBasicDraft {
  return {
    title: opt(b.title),
    firstName: b.firstName,
    middleName: b.middleName,
    lastName: b.lastName,
    gender: opt(b.gender),
    nationality: b.nationality,
    country: b.country,
    birthDate: b.birthDate,
    phoneAreaCode: b.phoneAreaCode.trim().replace(/^\+/, ''),
    phoneNumber: b.phoneNumber.trim(),
    livingAddress: b.livingAddress,
    mailingSameAsLiving: b.mailingSameAsLiving,
    ...(b.mailingSameAsLiving ? {} : { mailingAddress: b.mailingAddress }),
  };
}

export function toAdvancedDraft(a: IndividualAdvanced): IndividualAdvancedDraft {
  const passport = a.idType === 'PASSPORT';
  return {
    idType: opt(a.idType),
    // Only the chosen document's number: the other may hold an abandoned value.
    idNumber: passport ? '' : a.idNumber,
    passportNumber: passport ? a.passportNumber : '',
    validDate: a.validLongTerm ? '' : a.validDate,
    validLongTerm: a.validLongTerm,
    addressProofFileIds: fileIds(a.addressProof),
    idFrontFileIds: fileIds(a.idFront),
    idBackFileIds: passport ? [] : fileIds(a.idBack),
    holdingIdFileIds: fileIds(a.holdingId),
  };
}

export const toIndividualDraft = (b: IndividualBasic, a: IndividualAdvanced): IndividualDraft => ({
  basic: toBasicDraft(b),
  advanced: toAdvancedDraft(a),
});

/** The contracts' rules of the basic step, by the form's field names. */
export const validateBasic = (b: IndividualBasic, today: string): Errors =>
  toErrors(individualBasicViolations(toBasicDraft(b), today));

/** The advanced step's rules; file fields are named without the contract's `FileIds`. */
export function validateAdvanced(a: IndividualAdvanced, today: string): Errors {
  const errors = toErrors(individualAdvancedViolations(toAdvancedDraft(a), today));
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/FileIds$/, ''), v]));
}

/** The form's values from the server's draft (files known by id only until re-chosen). */
export function fromIndividualDraft(
  data: unknown,
  base: { step: number; basicInfo: IndividualBasic; advancedInfo: IndividualAdvanced },
) {
  const d = (typeof data === 'object' && data !== null ? data : {}) as IndividualDraft;
  const adv = d.advanced ?? {};
  const basicInfo = mergeDraft(base.basicInfo, d.basic);
  const advancedInfo: IndividualAdvanced = {
    ...mergeDraft(base.advancedInfo, adv),
    addressProof: storedFiles(adv.addressProofFileIds),
    idFront: storedFiles(adv.idFrontFileIds),
    idBack: storedFiles(adv.idBackFileIds),
    holdingId: storedFiles(adv.holdingIdFileIds),
  };
  const started = Object.values(adv).some((v) => (Array.isArray(v) ? v.length > 0 : Boolean(v)));
  return { step: started ? 1 : 0, basicInfo, advancedInfo };
}
