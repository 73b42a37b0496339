import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../src/errors.js';
import { ERROR_TRANSLATIONS } from '../src/i18n/index.js';
import {
  WITHDRAWAL_CANCELLABLE,
  WITHDRAWAL_FINAL,
  internalTransferRequest,
  whitelistAddressRequest,
  withdrawalRequest,
  withdrawalStatus,
} from '../src/withdrawal.js';

describe('withdrawal, transfer and whitelist contracts', () => {
  it('keep their own error codes in 5200-5399 with a text in every language', () => {
    const mine = Object.values(ErrorCode).filter((e) => e.code >= 5200 && e.code <= 5399);
    expect(mine.length).toBe(20);
    for (const e of mine)
      for (const [language, table] of Object.entries(ERROR_TRANSLATIONS))
        expect(table[`error_${e.code}`], `${language} error_${e.code}`).toBeTruthy();
  });

  it('split the states into cancellable, in flight and final', () => {
    expect(WITHDRAWAL_CANCELLABLE.every((s) => !WITHDRAWAL_FINAL.includes(s))).toBe(true);
    expect(withdrawalStatus.options).toHaveLength(8);
  });

  it('refuse amounts that are not plain positive decimals and unknown fields', () => {
    const base = {
      clientRequestId: 'request-1',
      asset: 'USDT',
      network: 'TRX',
      address: 'T',
      amount: '1',
    };
    expect(withdrawalRequest.safeParse(base).success).toBe(true);
    for (const amount of ['-1', '1e3', '0x10', '', ' 1'])
      expect(withdrawalRequest.safeParse({ ...base, amount }).success, amount).toBe(false);
    expect(withdrawalRequest.safeParse({ ...base, fee: '0' }).success).toBe(false);
    expect(
      internalTransferRequest.safeParse({
        clientRequestId: 'short',
        uid: '1',
        asset: 'USDT',
        amount: '1',
      }).success,
    ).toBe(false);
    expect(
      whitelistAddressRequest.safeParse({
        asset: 'USDT',
        network: 'TRX',
        address: 'T\u0000',
        note: 'ab',
      }).success,
    ).toBe(false);
  });
});
