import type { NotifyInput } from '@exchange/contracts';
import type { Env } from '../../../config/env.js';
import { SecretBox } from '../../../lib/secret-box.js';
import type { AuthDeps } from '../auth/auth-service.js';

/** What the security settings use: the auth feature's (mail, sessions) and the secret box. */
export interface SecurityDeps extends Omit<AuthDeps, 'secondFactor'> {
  /** Seals Authenticator secrets (TOTP_ENCRYPTION_KEY). */
  box: SecretBox;
  /** Puts the change in the user's notifications (after it is stored); absent: only the mail. */
  notify?: (input: NotifyInput) => Promise<unknown>;
}

/** The box of Authenticator secrets, sealed with TOTP_ENCRYPTION_KEY (required in every mode). */
export function totpSecretBox(env: Pick<Env, 'TOTP_ENCRYPTION_KEY'>): SecretBox {
  return SecretBox.fromHex(env.TOTP_ENCRYPTION_KEY);
}
