import {
  STORAGE_KEYS,
  bitcoinP2wpkhAddress,
  toChecksumAddress,
  tronAddress,
  type AssetNetwork,
} from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n';
import { availability, coinsOf, networksOf } from './availability';
import { markGuide, readGuide, readLastChoice, writeLastChoice } from './guide';
import {
  addressError,
  amountError,
  excess,
  feePreview,
  maxAmount,
  noteError,
  ratePercent,
  uidError,
} from './rules';
import { depositStateText, shortTx, withdrawalTone } from './states';

const t = i18n.t.bind(i18n) as TFunction;
const bytes = (n: number) => Uint8Array.from({ length: 20 }, (_, i) => (i * 7 + n) % 256);
const ETH = toChecksumAddress(bytes(1));
const BTC = bitcoinP2wpkhAddress(bytes(2));
const TRX = tronAddress(bytes(3));

/** A one-character change that keeps the address's alphabet: only the checksum catches it. */
function typo(address: string): string {
  const i = address.length - 3;
  const c = address[i] as string;
  const swap = /\d/.test(c) ? (c === '2' ? '3' : '2') : c === 'q' ? 'p' : c === 'a' ? 'b' : 'a';
  return address.slice(0, i) + swap + address.slice(i + 1);
}

describe('the withdrawal fee preview', () => {
  const terms = { feeRate: '0.01', gasFee: '0.5', decimals: 6 };

  it('takes the limited-time 1 % of the amount, then the gas fee, and shows what arrives', () => {
    expect(feePreview('100', terms)).toEqual({
      amount: '100.000000',
      fee: '1.000000',
      gas: '0.500000',
      receive: '98.500000',
      positive: true,
    });
  });

  it('rounds the fee up to the coin places (never less than the rate) and stays exact', () => {
    const p = feePreview('0.123457', terms);
    // 1 % of 0.123457 is 0.00123457: rounded up to 0.001235.
    expect(p?.fee).toBe('0.001235');
    expect(feePreview('0.3', { feeRate: '0.01', gasFee: '0.1', decimals: 8 })?.receive).toBe(
      '0.19700000',
    );
  });

  it('says when nothing is left after the fees, and has no preview without a positive number', () => {
    expect(feePreview('0.5', terms)).toMatchObject({ receive: '0.000000', positive: false });
    expect(feePreview('', terms)).toBeNull();
    expect(feePreview('abc', terms)).toBeNull();
    expect(feePreview('0', terms)).toBeNull();
  });

  it('labels the rate as a percentage', () => {
    expect(ratePercent('0.01')).toBe('1%');
    expect(ratePercent('0.005')).toBe('0.5%');
    expect(ratePercent('0.1000')).toBe('10%');
  });
});

describe('the amount', () => {
  const limits = { available: '10.5', minimum: '0.01', decimals: 4, coin: 'ETH' };

  it('answers the spec message when empty and refuses what is not a number', () => {
    expect(amountError('', limits, t)).toBe('Withdrawal amount required.');
    expect(amountError('1,5', limits, t)).toBe('Enter an amount greater than 0.');
    expect(amountError('0', limits, t)).toBe('Enter an amount greater than 0.');
  });

  it('checks the places, the minimum and the available balance', () => {
    expect(amountError('1.23456', limits, t)).toBe('At most 4 decimal places.');
    expect(amountError('1.23450', limits, t)).toBeNull();
    expect(amountError('0.001', limits, t)).toBe('The minimum is 0.01 ETH.');
    expect(amountError('10.5001', limits, t)).toBe('Insufficient available balance.');
    expect(amountError('10.5', limits, t)).toBeNull();
  });

  it('refuses an amount the fees eat up', () => {
    const preview = feePreview('0.02', { feeRate: '0.01', gasFee: '0.05', decimals: 4 });
    expect(amountError('0.02', limits, t, preview)).toBe(
      'The amount does not cover the fee and the network fee.',
    );
  });

  it('Max is everything available, cut to the coin places', () => {
    expect(maxAmount('10.123456789', 4)).toBe('10.1234');
    expect(maxAmount('7.50000000', 8)).toBe('7.5');
    expect(maxAmount('0', 8)).toBe('0');
  });

  it('tells how much of the balance recent deposits still hold back', () => {
    expect(excess('5', '3.25', 4)).toBe('1.7500');
    expect(excess('3', '3', 4)).toBeNull();
  });
});

describe('addresses, UIDs and notes', () => {
  it('accepts each network kind’s real format and catches a mistyped checksum', () => {
    expect(addressError(ETH, 'EVM', t)).toBeNull();
    expect(addressError(ETH.toLowerCase(), 'EVM', t)).toBeNull();
    expect(addressError(BTC, 'BITCOIN', t)).toBeNull();
    expect(addressError(TRX, 'TRON', t)).toBeNull();
    for (const [kind, good] of [
      ['EVM', ETH],
      ['BITCOIN', BTC],
      ['TRON', TRX],
    ] as const) {
      expect(addressError(typo(good), kind, t), kind).toBe('The address format is incorrect.');
    }
    expect(addressError(TRX, 'EVM', t)).toBe('The address format is incorrect.');
    expect(addressError('  ', 'EVM', t)).toBe('Address is required.');
  });

  it('takes a UID of digits that is not the user’s own', () => {
    expect(uidError('', '10001', t)).toBe('UID is required.');
    expect(uidError('12ab', '10001', t)).toBe('A UID is made of digits only.');
    expect(uidError('10001', '10001', t)).toBe('This is your own UID.');
    expect(uidError(' 10002 ', '10001', t)).toBeNull();
  });

  it('asks for a 2-30 character note, with the spec’s message beyond 100 characters', () => {
    expect(noteError('a', t)).toBe('Please enter 2-30 character Note.');
    expect(noteError('ab', t)).toBeNull();
    expect(noteError('x'.repeat(30), t)).toBeNull();
    expect(noteError('x'.repeat(31), t)).toBe('Please enter 2-30 character Note.');
    expect(noteError('x'.repeat(101), t)).toBe('Note cannot exceed 100 characters.');
    // Characters, not UTF-16 units: 30 emoji are 30 characters.
    expect(noteError('🙂'.repeat(30), t)).toBeNull();
  });
});

const network = (over: Partial<AssetNetwork> = {}): AssetNetwork => ({
  asset: 'USDT',
  network: 'ETH',
  name: 'Ethereum (ERC20)',
  kind: 'EVM',
  tokenStandard: 'ERC20',
  contract: null,
  depositEnabled: true,
  withdrawEnabled: true,
  coinStatus: 'STABLE',
  connection: 'CONNECTED',
  confirmations: 12,
  minDeposit: '1',
  minWithdrawal: '10',
  withdrawalGasFee: '1.5',
  chainDecimals: 6,
  canDeposit: true,
  canWithdraw: true,
  ...over,
});

describe('what a network allows', () => {
  it('stops everything under maintenance or without a connection, and says which', () => {
    expect(availability(network(), 'deposit')).toEqual({
      allowed: true,
      blocker: null,
      unstable: false,
    });
    expect(availability(network({ coinStatus: 'MAINTENANCE' }), 'withdraw').blocker).toBe(
      'maintenance',
    );
    expect(availability(network({ connection: 'DISCONNECTED' }), 'deposit').blocker).toBe(
      'disconnected',
    );
    expect(availability(network({ connection: 'CONNECTING' }), 'deposit').blocker).toBe(
      'connecting',
    );
  });

  it('lets an unstable network work with a warning, and a closed side stay closed', () => {
    expect(availability(network({ coinStatus: 'UNSTABLE' }), 'deposit')).toEqual({
      allowed: true,
      blocker: null,
      unstable: true,
    });
    const closed = network({ withdrawEnabled: false });
    expect(availability(closed, 'deposit').allowed).toBe(true);
    expect(availability(closed, 'withdraw').blocker).toBe('withdrawDisabled');
  });

  it('lists each coin once and its networks', () => {
    const list = [
      network(),
      network({ network: 'TRX', name: 'Tron (TRC20)' }),
      network({ asset: 'BTC', network: 'BTC' }),
    ];
    expect(coinsOf(list)).toEqual(['USDT', 'BTC']);
    expect(networksOf(list, 'USDT').map((n) => n.network)).toEqual(['ETH', 'TRX']);
  });
});

describe('states', () => {
  it('shows confirmations as n/N and the review as "Under review"', () => {
    const d = { confirmations: 3, confirmationsRequired: 12 };
    expect(depositStateText({ ...d, state: 'CONFIRMING' }, t)).toBe('Confirming 3/12');
    expect(depositStateText({ ...d, confirmations: 14, state: 'CONFIRMING' }, t)).toBe(
      'Confirming 12/12',
    );
    expect(depositStateText({ ...d, state: 'UNAVAILABLE' }, t)).toBe('Under review');
    expect(depositStateText({ ...d, state: 'AVAILABLE' }, t)).toBe('Available');
  });

  it('colours withdrawals by where the money is', () => {
    expect(withdrawalTone('REVIEW')).toBe('moving');
    expect(withdrawalTone('COMPLETED')).toBe('done');
    expect(withdrawalTone('REFUSED')).toBe('returned');
    expect(shortTx('0x1234567890abcdef1234567890')).toBe('0x123456…567890');
  });
});

describe('the beginner guidance flags', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
  });

  it('keeps each step seen under depositGuide / withdrawGuide', () => {
    expect(readGuide('deposit')).toEqual({ flow: false, netWork: false, address: false });
    markGuide('deposit', 'netWork');
    expect(JSON.parse(store.get(STORAGE_KEYS.depositGuide) ?? '{}')).toEqual({
      flow: false,
      netWork: true,
      address: false,
    });
    expect(readGuide('withdraw').netWork).toBe(false);
  });

  it('remembers the last coin and network', () => {
    writeLastChoice('USDT', 'TRX');
    expect(readLastChoice()).toEqual({ coin: 'USDT', network: 'TRX' });
    expect(store.get(STORAGE_KEYS.coinCode)).toBe('"USDT"');
  });
});
