import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  CHAIN_NETWORKS,
  ErrorCode,
  canonicalAddress,
  chainCallback,
  isValidAddress,
  solanaAddress,
  toChecksumAddress,
  xrplAddress,
} from '../src/index.js';

describe('crypto wallet contracts', () => {
  it('keeps the crypto wallet codes in 5100-5199', () => {
    const codes = Object.entries(ErrorCode)
      .filter(([name]) => /^(CRYPTO_|CHAIN_)/.test(name))
      .map(([, d]) => d.code);
    expect(codes.length).toBeGreaterThan(5);
    for (const code of codes) {
      expect(code).toBeGreaterThanOrEqual(5100);
      expect(code).toBeLessThanOrEqual(5199);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('maps every network to its address kind', () => {
    expect(CHAIN_NETWORKS).toEqual({
      BTC: 'BITCOIN',
      ETH: 'EVM',
      TRX: 'TRON',
      SOL: 'SOLANA',
      XRP: 'XRPL',
    });
  });

  it('reads Solana and XRP Ledger addresses as their wallets print them', () => {
    // The system program (32 zero bytes) and the SPL token program.
    expect(solanaAddress(new Uint8Array(32))).toBe('11111111111111111111111111111111');
    expect(
      isValidAddress('SOLANA', ['TokenkegQfeZyiNwAJbNb', 'GKPFXCWuBvf9Ss623VQ5DA'].join('')),
    ).toBe(true);
    expect(
      isValidAddress('SOLANA', ['TokenkegQfeZyiNwAJbNbGK', 'PFXCWuBvf9Ss623VQ5D'].join('')),
    ).toBe(false);
    expect(
      isValidAddress('SOLANA', ['0TokenkegQfeZyiNwAJbNbGK', 'PFXCWuBvf9Ss623VQ5'].join('')),
    ).toBe(false);
    // The XRP Ledger's genesis account, from its account id.
    expect(xrplAddress(hexToBytes('b5f762798a53d543a014caf8b297cff8f2f937e8'))).toBe(
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    );
    expect(isValidAddress('XRPL', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe(true);
    // One character changed breaks the checksum; a Bitcoin-alphabet address is not an XRPL one.
    expect(isValidAddress('XRPL', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTj')).toBe(false);
    expect(isValidAddress('XRPL', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(canonicalAddress('XRPL', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe(
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    );
  });

  it('checks addresses with their checksums and keeps one canonical form', () => {
    const eth = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    expect(toChecksumAddress(eth.toLowerCase())).toBe(eth);
    expect(canonicalAddress('EVM', eth.toLowerCase())).toBe(eth);
    expect(canonicalAddress('BITCOIN', 'BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU')).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(isValidAddress('BITCOIN', 'BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU')).toBe(true);
    // Mixed case is never valid bech32.
    expect(isValidAddress('BITCOIN', 'bc1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU')).toBe(false);
    // A testnet address is not a mainnet one.
    expect(isValidAddress('BITCOIN', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
    expect(isValidAddress('TRON', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH ')).toBe(false);
    expect(isValidAddress('EVM', '')).toBe(false);
  });

  it('reads each chain callback by its type and refuses unknown fields', () => {
    const base = { eventId: 'e1', network: 'TRX', height: 5, at: '2026-01-05T01:00:00.000Z' };
    expect(
      chainCallback.parse({ ...base, type: 'network.status', coinStatus: 'UNSTABLE' }).type,
    ).toBe('network.status');
    expect(
      chainCallback.safeParse({ ...base, type: 'network.status', coinStatus: 'BROKEN' }).success,
    ).toBe(false);
    expect(
      chainCallback.safeParse({ ...base, type: 'network.status', coinStatus: 'STABLE', x: 1 })
        .success,
    ).toBe(false);
    expect(
      chainCallback.safeParse({
        ...base,
        type: 'deposit.update',
        asset: 'USDT',
        address: 'T',
        txId: 'a',
        outputIndex: 0,
        amount: '1e3',
        blockHeight: 1,
        blockHash: 'h',
        confirmations: 1,
      }).success,
    ).toBe(false);
  });
});
