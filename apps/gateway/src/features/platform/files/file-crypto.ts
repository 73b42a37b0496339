import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest: AES-256-GCM with a key per file, derived (HKDF-SHA256) from the master key
 * of the environment and the file's storage key, which is also the additional authenticated data,
 * so a blob moved under another key does not decrypt. Layout: magic, 12-byte IV, ciphertext,
 * 16-byte tag.
 */
const MAGIC = Buffer.from('EXF1', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class FileCipher {
  readonly #master: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('the file encryption key must be 32 bytes');
    this.#master = masterKey;
  }

  #keyFor(storageKey: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#master, storageKey, 'exchange stored file v1', 32));
  }

  encrypt(storageKey: string, plain: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#keyFor(storageKey), iv);
    cipher.setAAD(Buffer.from(storageKey, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([MAGIC, iv, body, cipher.getAuthTag()]);
  }

  /** The plaintext, only once the tag has been checked (nothing unauthenticated leaves). */
  decrypt(storageKey: string, sealed: Buffer): Buffer {
    if (sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES || !sealed.subarray(0, 4).equals(MAGIC))
      throw new Error('not an encrypted file of this exchange');
    const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    const body = sealed.subarray(MAGIC.length + IV_BYTES, sealed.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#keyFor(storageKey), iv);
    decipher.setAAD(Buffer.from(storageKey, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  }
}
