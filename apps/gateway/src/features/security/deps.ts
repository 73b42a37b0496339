import type { SecretBox } from '../../lib/secret-box.js';
import type { AuthDeps } from '../auth/auth-service.js';

/** What the security settings use: the auth feature's (mail, sessions) and the secret box. */
export interface SecurityDeps extends Omit<AuthDeps, 'secondFactor'> {
  /** Seals Authenticator secrets (TOTP_ENCRYPTION_KEY). */
  box: SecretBox;
}
