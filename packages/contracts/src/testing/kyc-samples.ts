import type {
  IndividualAdvancedDraft,
  IndividualBasicDraft,
  InstitutionDocumentsDraft,
  InstitutionInformationDraft,
} from '../kyc.js';

/**
 * Complete, valid KYC forms for tests on every side (rules, gateway, simulated provider, web).
 * File ids are placeholders: a gateway test replaces them with ids it uploaded.
 */
export function validIndividualBasic(): IndividualBasicDraft & {
  livingAddress: NonNullable<IndividualBasicDraft['livingAddress']>;
} {
  return {
    title: 'MS',
    firstName: 'Anna',
    middleName: 'Maria',
    lastName: 'Schmidt',
    gender: 'FEMALE',
    nationality: 'DE',
    country: 'DE',
    birthDate: '1990-05-17',
    phoneAreaCode: '49',
    phoneNumber: '15112345678',
    livingAddress: {
      country: 'DE',
      state: 'Berlin',
      city: 'Berlin',
      code: '10115',
      address1: 'Invalidenstrasse 1',
      address2: '',
    },
    mailingSameAsLiving: true,
  };
}

export function validIndividualAdvanced(): IndividualAdvancedDraft {
  return {
    idType: 'ID_CARD',
    idNumber: 'L01X00T47',
    validDate: '2031-05-16',
    validLongTerm: false,
    addressProofFileIds: ['file-address'],
    idFrontFileIds: ['file-front'],
    idBackFileIds: ['file-back'],
    holdingIdFileIds: ['file-holding'],
  };
}

export function validInstitutionInformation(): InstitutionInformationDraft & {
  basic: NonNullable<InstitutionInformationDraft['basic']>;
  registration: NonNullable<InstitutionInformationDraft['registration']>;
} {
  return {
    basic: {
      institutionFullName: 'Harbour Lights Trading Limited',
      dbaName: 'Harbour Lights',
      phoneAreaCode: '852',
      phoneNumber: '21234567',
      fundSource: 'EQUITY_CAPITAL',
      accountPurposes: ['FOREX', 'ONLINE_PAYMENT'],
      taxNationality: 'HK',
      taxDocumentType: 'BUSINESS_REGISTRATION',
      taxIdentificationNumber: '12345678-000',
      taxIssueDate: '2020-03-01',
      isFinancialInstitution: false,
      industryCategory: 'TRADING_COMMERCE',
      actualBusinessCountry: 'HK',
      fundsSourceCountry: 'HK',
      fundsDestinationCountry: 'SG',
      annualTransactionCount: '100-199',
      annualAmountUsd: '1M_3M',
      businessScenario: 'Settling invoices with suppliers in Singapore and hedging currency risk.',
    },
    registration: {
      registrationNumber: '2938475',
      registrationDate: '2020-02-14',
      registrationCountry: 'HK',
      registrationState: 'Hong Kong Island',
      registrationCity: 'Hong Kong',
      registrationAddress1: '1 Harbour Road',
      registrationAddress2: 'Floor 20',
      registrationPermanent: true,
    },
    operation: {
      mainBusinessScope: 'Wholesale trade of electronic components.',
      operationState: 'Kowloon',
      operationCity: 'Hong Kong',
      operationAddress: '8 Canton Road',
      operationAddress2: '',
      operationPostalCode: '999077',
    },
  };
}

export function validInstitutionDocuments(): InstitutionDocumentsDraft {
  return {
    documents: {
      COMPANY_REGISTRATION_CERTIFICATE: ['doc-1'],
      BUSINESS_REGISTRATION_CERTIFICATE: ['doc-2'],
      ARTICLES_OF_ASSOCIATION: ['doc-3'],
      BOARD_RESOLUTION: ['doc-4'],
      DIRECTOR_ADDRESS_PROOF: ['doc-5'],
      SHAREHOLDER_LIST: ['doc-6'],
      ORGANIZATION_STRUCTURE_CHART: ['doc-7'],
      LEGAL_PERSON_ID: ['doc-8'],
      ULTIMATE_BENEFICIARY_ID: ['doc-9'],
      BANK_ACCOUNT_PROOF: ['doc-10'],
    },
    shareholders: [
      { name: 'Wong Family Holdings', ownershipPercent: '60', idFileIds: ['sh-1'] },
      { name: 'Lee Capital', ownershipPercent: '25', idFileIds: [] },
      { name: 'Staff Trust', ownershipPercent: '15' },
    ],
  };
}
