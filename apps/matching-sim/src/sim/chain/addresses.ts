import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import {
  bitcoinP2wpkhAddress,
  toChecksumAddress,
  solanaAddress,
  tronAddress,
  xrplAddress,
  type NetworkKind,
} from '@exchange/contracts';

/**
 * Deposit addresses derived from one HD seed (BIP 32), as a custody wallet does: the exchange's
 * account index is the last path step, so an index always gives the same address and nobody
 * needs to store a key per user.
 * - BITCOIN: BIP 84 m/84'/0'/0'/0/i, P2WPKH (bech32 `bc1q...`).
 * - EVM: BIP 44 m/44'/60'/0'/0/i, the Keccak-256 of the public key, EIP-55 checksummed.
 * - TRON: BIP 44 m/44'/195'/0'/0/i, the same account form with Tron's 0x41 in base58check.
 * - XRPL: BIP 44 m/44'/144'/0'/0/i, RIPEMD-160 of SHA-256 of the compressed key (the account
 *   id) in the XRP Ledger's base58check. One account per user, as the chains here have no
 *   destination tags.
 * - SOLANA: SLIP-0010 Ed25519 m/44'/501'/i'/0' (every step hardened, as Ed25519 requires; the
 *   path Solana wallets use), the public key in base58.
 */
export const DERIVATION_PATHS: Record<Exclude<NetworkKind, 'SOLANA'>, string> = {
  BITCOIN: "m/84'/0'/0'/0",
  EVM: "m/44'/60'/0'/0",
  TRON: "m/44'/195'/0'/0",
  XRPL: "m/44'/144'/0'/0",
};

const HARDENED = 0x80000000;

/** SLIP-0010 Ed25519: the private key at a path of hardened steps (the master key from the seed). */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let i = hmac(sha512, utf8ToBytes('ed25519 seed'), seed);
  for (const step of path) {
    const data = new Uint8Array(37);
    data.set(i.slice(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (step | HARDENED) >>> 0);
    i = hmac(sha512, i.slice(32), data);
  }
  return i.slice(0, 32);
}

/** A public seed for the chain's own unit tests; the chain process refuses it (a published secret). */
export const DEV_HD_SEED =
  '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f';

export class AddressBook {
  private readonly roots: Record<keyof typeof DERIVATION_PATHS, HDKey>;
  private readonly seed: Uint8Array;

  constructor(seedHex: string) {
    if (!/^([0-9a-f]{2}){16,64}$/i.test(seedHex))
      throw new Error('CHAIN_HD_SEED must be 16 to 64 bytes in hex');
    this.seed = hexToBytes(seedHex.toLowerCase());
    const master = HDKey.fromMasterSeed(this.seed);
    this.roots = {
      BITCOIN: master.derive(DERIVATION_PATHS.BITCOIN),
      EVM: master.derive(DERIVATION_PATHS.EVM),
      TRON: master.derive(DERIVATION_PATHS.TRON),
      XRPL: master.derive(DERIVATION_PATHS.XRPL),
    };
  }

  address(kind: NetworkKind, index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= 0x80000000)
      throw new Error('An address index is a non-hardened BIP 32 index');
    if (kind === 'SOLANA')
      return solanaAddress(ed25519.getPublicKey(slip10Ed25519(this.seed, [44, 501, index, 0])));
    const key = this.roots[kind].deriveChild(index);
    const compressed = key.publicKey;
    if (!compressed) throw new Error('no public key');
    if (kind === 'BITCOIN') return bitcoinP2wpkhAddress(ripemd160(sha256(compressed)));
    if (kind === 'XRPL') return xrplAddress(ripemd160(sha256(compressed)));
    const account = accountOf(compressed);
    return kind === 'EVM' ? toChecksumAddress(account) : tronAddress(account);
  }
}

/** The 20-byte account of a secp256k1 key (EVM and Tron): the last 20 bytes of its Keccak. */
function accountOf(compressed: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressed).toBytes(false);
  return keccak_256(uncompressed.slice(1)).slice(12);
}
