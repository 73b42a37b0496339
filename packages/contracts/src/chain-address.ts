import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';

/**
 * Address formats of the three network kinds, with their checksums, by audited libraries
 * (@scure/base for bech32/bech32m and base58check, @noble/hashes for SHA-256 and Keccak-256).
 * Shared by the gateway (withdrawal addresses, whitelists), the simulated chain (the deposit
 * addresses it derives) and the web client (the form checks before sending).
 *
 * - BITCOIN: mainnet formats (the simulated chain uses them so the pages look as in production):
 *   bech32 segwit v0 `bc1q...` (P2WPKH 20 bytes, P2WSH 32 bytes), bech32m v1 taproot `bc1p...`,
 *   and legacy base58check P2PKH `1...` / P2SH `3...`. Deposit addresses are P2WPKH.
 * - EVM: `0x` and 40 hex digits with the EIP-55 mixed-case checksum. An all-lowercase address
 *   carries no checksum and is accepted as wallets print it; a mixed-case one must match.
 * - TRON: base58check of 0x41 and the 20-byte account, `T...` (34 characters).
 * - SOLANA: the 32-byte Ed25519 public key in base58 (32 to 44 characters).
 * - XRPL: the XRP Ledger's classic address, base58check in Ripple's alphabet of 0x00 and the
 *   20-byte account id, `r...` (25 to 35 characters).
 */
export const NETWORK_KINDS = ['BITCOIN', 'EVM', 'TRON', 'SOLANA', 'XRPL'] as const;
export type NetworkKind = (typeof NETWORK_KINDS)[number];

const base58check = createBase58check(sha256);
/** The XRP Ledger's base58check: the same double SHA-256 checksum in Ripple's alphabet. */
const base58checkXrp = {
  encode(payload: Uint8Array): string {
    const check = sha256(sha256(payload)).slice(0, 4);
    return base58xrp.encode(Uint8Array.from([...payload, ...check]));
  },
  decode(text: string): Uint8Array {
    const all = base58xrp.decode(text);
    if (all.length < 5) throw new Error('too short');
    const payload = all.slice(0, -4);
    const check = sha256(sha256(payload)).slice(0, 4);
    if (check.some((b, i) => b !== all[all.length - 4 + i])) throw new Error('bad checksum');
    return payload;
  },
};
export const BITCOIN_HRP = 'bc';
const TRON_PREFIX = 0x41;

/** Bitcoin P2WPKH address (bech32, witness v0) of a 20-byte public key hash. */
export function bitcoinP2wpkhAddress(pubKeyHash: Uint8Array): string {
  if (pubKeyHash.length !== 20) throw new Error('P2WPKH needs a 20-byte hash');
  return bech32.encode(BITCOIN_HRP, [0, ...bech32.toWords(pubKeyHash)]);
}

/** EIP-55 checksummed form of a 20-byte account (or of a lowercase/uppercase hex address). */
export function toChecksumAddress(account: Uint8Array | string): string {
  const hex =
    typeof account === 'string' ? account.replace(/^0x/i, '').toLowerCase() : bytesToHex(account);
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error('An EVM account is 20 bytes');
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex)));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    const c = hex[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** Tron address (base58check of 0x41 + the 20-byte account). */
export function tronAddress(account: Uint8Array): string {
  if (account.length !== 20) throw new Error('A Tron account is 20 bytes');
  return base58check.encode(Uint8Array.from([TRON_PREFIX, ...account]));
}

/** Solana address (base58 of the 32-byte Ed25519 public key). */
export function solanaAddress(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('A Solana public key is 32 bytes');
  return base58.encode(publicKey);
}

/** XRP Ledger classic address (base58check, Ripple alphabet, of 0x00 + the 20-byte account id). */
export function xrplAddress(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('An XRP Ledger account id is 20 bytes');
  return base58checkXrp.encode(Uint8Array.from([0x00, ...accountId]));
}

function validSolana(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

function validXrpl(address: string): boolean {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(address)) return false;
  try {
    const payload = base58checkXrp.decode(address);
    return payload.length === 21 && payload[0] === 0x00;
  } catch {
    return false;
  }
}

function validBitcoin(address: string): boolean {
  if (/^(bc1|BC1)/.test(address)) {
    // Mixed case is invalid in bech32; the decoders check the checksum and the charset.
    if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
    const lower = address.toLowerCase();
    const v0 = bech32.decodeUnsafe(lower, 90);
    if (v0 && v0.prefix === BITCOIN_HRP && v0.words[0] === 0) {
      const program = bech32.fromWordsUnsafe(v0.words.slice(1));
      return !!program && (program.length === 20 || program.length === 32);
    }
    const v1 = bech32m.decodeUnsafe(lower, 90);
    if (v1 && v1.prefix === BITCOIN_HRP && (v1.words[0] ?? 0) >= 1 && (v1.words[0] ?? 0) <= 16) {
      const program = bech32m.fromWordsUnsafe(v1.words.slice(1));
      return !!program && program.length >= 2 && program.length <= 40;
    }
    return false;
  }
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  } catch {
    return false;
  }
}

function validEvm(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase()) return true;
  return toChecksumAddress(address) === address;
}

function validTron(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && payload[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

/** Whether `address` is well-formed, with a valid checksum, for the network kind. */
export function isValidAddress(kind: NetworkKind, address: string): boolean {
  switch (kind) {
    case 'BITCOIN':
      return validBitcoin(address);
    case 'EVM':
      return validEvm(address);
    case 'TRON':
      return validTron(address);
    case 'SOLANA':
      return validSolana(address);
    case 'XRPL':
      return validXrpl(address);
  }
}

/**
 * The form an address is stored and compared in: bech32 lowercased, EVM checksummed (so one
 * account is one string whatever case it was typed in), base58 as is (it is case-sensitive).
 */
export function canonicalAddress(kind: NetworkKind, address: string): string {
  if (kind === 'BITCOIN' && /^bc1/i.test(address)) return address.toLowerCase();
  if (kind === 'EVM') return toChecksumAddress(address);
  return address;
}
