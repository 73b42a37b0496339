import argon2 from 'argon2';

export interface PasswordCost {
  memoryKiB: number;
  iterations: number;
}

export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: cost.memoryKiB,
    timeCost: cost.iterations,
    parallelism: 1,
  });
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the time of one verification, so
 * the answer's timing does not tell whether an e-mail is registered.
 */
export async function verifyPassword(
  hash: string | null | undefined,
  password: string,
  cost: PasswordCost,
): Promise<boolean> {
  if (!hash) {
    dummy ??= hashPassword('timing-equaliser-Aa1!', cost);
    await argon2.verify(await dummy, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
