import { randomBytes } from 'node:crypto';
import { SECRET_SETTINGS, secretProblem, type SecretName } from '@exchange/contracts/secrets';

/** 32 random bytes as hex that the gateway accepts as a secret (generated at run time). */
export function randomSecret(): string {
  for (;;) {
    const value = randomBytes(32).toString('hex');
    if (secretProblem(value, 'hex32') === null) return value;
  }
}

/** A fresh set of every secret the gateway needs: no test ever uses a value written down. */
export function testSecrets(): Record<SecretName, string> {
  const names = Object.keys(SECRET_SETTINGS) as SecretName[];
  return Object.fromEntries(names.map((name) => [name, randomSecret()])) as Record<
    SecretName,
    string
  >;
}
