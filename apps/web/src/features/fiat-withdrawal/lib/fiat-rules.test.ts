import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n';
import {
  accountNumberError,
  amountError,
  bankCodeError,
  holderError,
  railError,
  swiftError,
  textError,
} from './rules';

const t = i18n.t.bind(i18n) as TFunction;

describe('the bank-account form', () => {
  it('says what is wrong with each field before any code is asked for', () => {
    expect(textError('', t)).toBe('This field is required.');
    expect(textError('', t, false)).toBeNull();
    expect(textError('汇丰银行', t)).toMatch(/^Only English letters/);
    expect(holderError('Ada Lovelace & Charles Babbage', t)).toMatch(/^Joint accounts/);
    expect(holderError('Ada Lovelace', t)).toBeNull();
    expect(swiftError('HSBCHKHH', t)).toBeNull();
    expect(swiftError('hsbc hk hh xxx', t)).toBeNull(); // spaces and case are tidied
    expect(swiftError('HSBCZZHH', t)).toMatch(/^Enter a SWIFT\/BIC code/);
    expect(swiftError('', t, false)).toBeNull();
    expect(accountNumberError('DE89 3704 0044 0532 0130 00', t)).toBeNull();
    expect(accountNumberError('12', t)).toMatch(/^Enter 6-34/);
    expect(bankCodeError('004', t)).toBeNull();
    expect(bankCodeError('0', t)).toMatch(/^The bank code/);
    expect(railError('PayPal Europe', 'DEUTDEFF', t)).toMatch(/^E-wallets/);
    expect(railError('Deutsche Bank', 'DEUTDEFF', t)).toBeNull();
  });
});

describe('the withdrawal amount', () => {
  it('is positive, has the currency decimals, at least the minimum, within the balance', () => {
    expect(amountError('', 'USD', '5000', t)).toBe('Enter the amount to withdraw.');
    expect(amountError('abc', 'USD', '5000', t)).toMatch(/at most 2 decimals/);
    expect(amountError('100.001', 'USD', '5000', t)).toMatch(/at most 2 decimals/);
    expect(amountError('99.99', 'USD', '5000', t)).toBe('The minimum withdrawal is 100 USD.');
    expect(amountError('5000.01', 'USD', '5000', t)).toBe('Insufficient available balance.');
    expect(amountError('5000', 'USD', '5000', t)).toBeNull();
    expect(amountError('150', 'EUR', null, t)).toBeNull();
  });
});
