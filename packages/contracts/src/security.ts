import { z } from 'zod';
import { GOOGLE_CODE_LENGTH } from './constants.js';
import { AUTH_ENDPOINTS, loginResponse, newPassword, oauthLinkResponse } from './auth.js';
import { verificationKind } from './user.js';
import { get, post, pathsOf } from './endpoint.js';

/**
 * Security settings (spec trading-account-domain sections 2, 4, 5): Google Authenticator, password
 * and e-mail change, the 24-hour security lock and the security level, under /v1/security.
 * Formats are checked by the service so each rule answers its own catalogue code.
 */
const code = z.string().max(16);
const password = z.string().max(128);
const email = z.string().max(254);

/** A 6-digit Google code (RFC 6238, 30-second steps). */
export function isGoogleCodeFormat(value: string): boolean {
  return new RegExp(`^\\d{${GOOGLE_CODE_LENGTH}}$`).test(value.trim());
}

/** The lock after a password change, e-mail change or Authenticator unlink; null when none. */
export const securityLock = z.object({
  lockedUntil: z.string().describe('ISO time when withdrawals and transfers open again'),
  remainingMinutes: z.number().int().describe('Whole minutes left, rounded up'),
});
export type SecurityLock = z.infer<typeof securityLock>;

export const securityStatus = z.object({
  email: z.string(),
  securityLevel: z.number().int().min(1).describe('Number of linked verifications, at least 1'),
  verifications: z.array(verificationKind),
  authenticatorLinked: z.boolean(),
  authenticatorLinkedAt: z.string().nullable(),
  hasPassword: z.boolean(),
  lock: securityLock.nullable(),
});
export type SecurityStatus = z.infer<typeof securityStatus>;

/** E-mailed codes a signed-in user may ask for; each is checked only by its own action. */
export const securityCodePurpose = z.enum([
  'CHANGE_PASSWORD',
  'CHANGE_EMAIL_OLD',
  'CHANGE_EMAIL_NEW',
  'UNLINK_AUTHENTICATOR',
  'STEP_UP',
]);
export type SecurityCodePurpose = z.infer<typeof securityCodePurpose>;

export const securityEmailCodeRequest = z.strictObject({
  purpose: securityCodePurpose,
  email: email.optional().describe('The new address; only with CHANGE_EMAIL_NEW'),
});

export const authenticatorSetupResponse = z.object({
  secret: z.string().describe('Base32 secret to type into the app if the QR code cannot be read'),
  otpauthUrl: z.string().describe('otpauth:// URI for the QR code'),
  expiresInSeconds: z.number().int(),
});
export type AuthenticatorSetup = z.infer<typeof authenticatorSetupResponse>;

export const authenticatorLinkRequest = z.strictObject({ googleCode: code });
export const authenticatorUnlinkRequest = z.strictObject({ googleCode: code, emailCode: code });

export const changePasswordRequest = z.strictObject({
  oldPassword: password,
  password: newPassword,
  confirmPassword: newPassword,
  emailCode: code,
  googleCode: code.optional().describe('Required while Google Authenticator is linked'),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const changeEmailRequest = z.strictObject({
  newEmail: email,
  oldEmailCode: code,
  newEmailCode: code,
  googleCode: code.optional().describe('Required while Google Authenticator is linked'),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequest>;

/** The login's second step: a short-lived single-use ticket from the password step, and a code. */
export const loginTotpRequest = z.strictObject({ ticket: z.string().max(128), googleCode: code });

/** The password step's answer when Google Authenticator is linked: no session yet. */
export const loginSecondStepResponse = z.object({
  twoFactorRequired: z.literal(true),
  ticket: z.string().describe('Single use; send it with the Google code to login/google'),
  expiresInSeconds: z.number().int(),
});
export type LoginSecondStep = z.infer<typeof loginSecondStepResponse>;

/** What the password login answers: a session, or the ticket for the Google code step. */
export const passwordLoginResponse = z.union([loginSecondStepResponse, loginResponse]);
export type PasswordLoginResponse = z.infer<typeof passwordLoginResponse>;

export function needsSecondStep(answer: PasswordLoginResponse): answer is LoginSecondStep {
  return 'twoFactorRequired' in answer && answer.twoFactorRequired;
}

/** The routes of the security settings. */
export const SECURITY_ENDPOINTS = {
  status: get('/v1/security/status'),
  emailCode: post('/v1/security/email-code'),
  authenticatorSetup: post('/v1/security/authenticator/setup'),
  authenticatorLink: post('/v1/security/authenticator/link'),
  authenticatorUnlink: post('/v1/security/authenticator/unlink'),
  changePassword: post('/v1/security/password/change'),
  changeEmail: post('/v1/security/email/change'),
} as const;
export const SECURITY_PATHS = {
  ...pathsOf(SECURITY_ENDPOINTS),
  loginGoogle: AUTH_ENDPOINTS.loginGoogle.path,
} as const;

/** The provider-link answer: a session, or (Authenticator linked) the ticket for the code step. */
export const oauthLinkAnswer = z.union([
  loginSecondStepResponse.extend({
    redirectPath: z.string().describe('Path to open after the code step'),
  }),
  oauthLinkResponse,
]);
export type OAuthLinkAnswer = z.infer<typeof oauthLinkAnswer>;
