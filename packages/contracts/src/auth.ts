import { z } from 'zod';
import { text } from './text.js';
import {
  PASSWORD_EMAIL_PART_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.js';
import { entityType, userInfo } from './user.js';
import { languageCode } from './catalogue.js';
import { AGREEMENTS, agreementVersion } from './legal.js';
import { get, post } from './endpoint.js';

/**
 * The spec's password rule (trading-account-domain section 5): 8 to 20 characters with at least
 * one lowercase letter, one uppercase letter, one number and one symbol, no spaces. Every new
 * password (registration, reset, change) follows it; the server also refuses the e-mail address
 * inside it and passwords on the breached list.
 */
export function passwordRuleChecks(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    symbol: /[^A-Za-z0-9\s]/.test(password),
    noSpace: !/\s/.test(password),
  };
}

/** Whether a new password follows the spec's rule (every check of passwordRuleChecks). */
export function isValidPassword(password: string): boolean {
  return Object.values(passwordRuleChecks(password)).every(Boolean);
}

/** The rule in words, for the API description of every new password. */
export const PASSWORD_RULE_TEXT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters with a lowercase letter, an uppercase letter, a number and a symbol`;

/**
 * Whether the password is, or contains, the e-mail address or its local part (any case): the
 * first thing anyone guessing an account's password tries. Shared by the server's policy and the
 * forms; the server also refuses passwords on a list of breached ones.
 */
export function passwordContainsEmail(password: string, email: string): boolean {
  const secret = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (!address) return false;
  const local = address.split('@')[0] ?? '';
  return (
    secret.includes(address) ||
    (local.length >= PASSWORD_EMAIL_PART_MIN_LENGTH && secret.includes(local))
  );
}

/** A pragmatic address check (the server also lower-cases and trims it). */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Formats are checked by the service so each rule answers its own catalogue code. */
const email = text().max(254);
const password = text().max(128);
/**
 * A new password (registration, reset, change): the rule is checked by the service so that a
 * password breaking it answers 2006 "Invalid password format", naming the rule. A login takes any
 * password up to 128 characters, so an account whose password predates the rule can still sign in
 * (and change it).
 */
export const newPassword = text().max(128).describe(`The spec's rule: ${PASSWORD_RULE_TEXT}`);

export const puzzleScene = z.enum(['LOGIN', 'REGISTER', 'RESET_PASSWORD']);
export type PuzzleScene = z.infer<typeof puzzleScene>;

export const puzzleQuery = z.strictObject({ scene: puzzleScene });
export const puzzleChallenge = z.object({
  puzzleId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int().describe('Width and height of the piece image'),
  pieceY: z.number().int().describe('Top of the piece; the user slides it horizontally'),
  background: z.string().describe('WebP data URL: the picture with the gap and decoy holes'),
  piece: z.string().describe('WebP data URL of the piece, with transparency'),
  expiresInSeconds: z.number().int(),
});

/** The puzzle picture's width and the piece's square, in CSS pixels (the slider's scale). */
export const PUZZLE_WIDTH = 300;
export const PUZZLE_PIECE = 56;

/** The most points a drag trace may carry; clients thin longer drags. */
export const PUZZLE_TRACE_MAX_POINTS = 300;
export const puzzleTracePoint = z.strictObject({
  t: z
    .number()
    .finite()
    .nonnegative()
    .describe('Milliseconds since the client received the puzzle'),
  x: z.number().finite().describe('Left edge of the piece, in image pixels'),
});
export type PuzzleTracePoint = z.infer<typeof puzzleTracePoint>;
export const puzzleVerifyRequest = z.strictObject({
  puzzleId: text().max(64),
  trace: z
    .array(puzzleTracePoint)
    .min(2)
    .max(PUZZLE_TRACE_MAX_POINTS)
    .describe(
      'The drag from grabbing the piece to releasing it, in time order; the last point is the answer',
    ),
});
export type PuzzleVerifyRequest = z.infer<typeof puzzleVerifyRequest>;
export const puzzleVerifyResponse = z.object({
  puzzleToken: z.string().describe('Proves one solved puzzle for its scene, once'),
  expiresInSeconds: z.number().int(),
});

export const emailCodeRequest = z.strictObject({ email, puzzleToken: text().max(128) });
export const emailCodeResponse = z.object({
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});

export const registerRequest = z.strictObject({
  email,
  code: text().max(16),
  password: newPassword,
  confirmPassword: newPassword,
  entityType: entityType.default('INDIVIDUAL'),
  acceptedAgreements: z
    .array(agreementVersion)
    .max(AGREEMENTS.length)
    .default([])
    .describe('The versions of the Terms of Service and the Privacy Policy the user agreed to'),
});

export const loginRequest = z.strictObject({ email, password, puzzleToken: text().max(128) });

export const loginResponse = z.object({
  token: z.string().describe('Access token; also set as the HttpOnly `token` cookie'),
  refreshToken: z.string(),
  expiresInSeconds: z.number().int(),
  user: userInfo,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** A browser sends no body: its refresh token is the HttpOnly refresh cookie. */
export const refreshRequest = z.strictObject({ refreshToken: text().max(256).optional() });

export const resetPasswordRequest = z.strictObject({
  email,
  code: text().max(16),
  password: newPassword,
  confirmPassword: newPassword,
});

export const accountTypeQuery = z.strictObject({
  isKyc: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
});
export const changeLanguageQuery = z.strictObject({ language: languageCode });

export const oauthProvider = z.enum(['google', 'apple']);
export type OAuthProvider = z.infer<typeof oauthProvider>;
export const oauthStartQuery = z.strictObject({
  redirectPath: text()
    .max(512)
    .regex(/^\/(?!\/)/, 'must be a path on this site')
    .optional(),
});
export const oauthStartResponse = z.object({ authorizationUrl: z.string() });
export const oauthLinkRequest = z.strictObject({ linkToken: text().max(128), password });
/** The login answer, plus the page the sign-in started from (kept with the link token). */
export const oauthLinkResponse = loginResponse.extend({
  redirectPath: z.string().describe('Path to open after linking, as given to the start call'),
});

/** Header that must echo the `csrf_token` cookie on state-changing requests authenticated by cookie. */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'csrf_token';

/**
 * The cookies of a browser session: the access token and the refresh token (both HttpOnly; the
 * refresh cookie is sent only to the refresh call) and the readable CSRF token, which also tells
 * the client that a session exists. Served over HTTPS the gateway uses the `__Host-` names
 * (Secure, Path=/, no Domain: neither a sibling subdomain nor a network attacker can plant them),
 * or `__Secure-` when COOKIE_DOMAIN shares them with subdomains; over plain http (development)
 * the plain names.
 */
export const SESSION_COOKIE_NAMES = {
  plain: { token: 'token', csrf: CSRF_COOKIE, refresh: 'refresh_token' },
  host: { token: '__Host-token', csrf: '__Host-csrf_token', refresh: '__Secure-refresh_token' },
  domain: {
    token: '__Secure-token',
    csrf: '__Secure-csrf_token',
    refresh: '__Secure-refresh_token',
  },
} as const;
export type SessionCookieNames = (typeof SESSION_COOKIE_NAMES)[keyof typeof SESSION_COOKIE_NAMES];

/** Where the client looks for the readable CSRF cookie, most specific first. */
export const CSRF_COOKIE_NAMES: readonly string[] = [
  SESSION_COOKIE_NAMES.host.csrf,
  SESSION_COOKIE_NAMES.domain.csrf,
  SESSION_COOKIE_NAMES.plain.csrf,
];

/** The one path the refresh cookie is sent to. */
export const REFRESH_PATH = '/v1/auth/public/token/refresh';

/** Sign-in, registration, password reset and the session (under /v1/auth). */
export const AUTH_ENDPOINTS = {
  puzzle: get('/v1/auth/public/puzzle'),
  puzzleVerify: post('/v1/auth/public/puzzle/verify'),
  registerCode: post('/v1/auth/public/register/code'),
  register: post('/v1/auth/public/register'),
  login: post('/v1/auth/public/login'),
  /** The second step of a sign-in with Google Authenticator. */
  loginGoogle: post('/v1/auth/public/login/google'),
  refresh: post('/v1/auth/public/token/refresh'),
  resetCode: post('/v1/auth/public/password/code'),
  reset: post('/v1/auth/public/password/reset'),
  logout: post('/v1/auth/oauth/logout'),
  /** Google or Apple sign-in: where the browser goes, then the provider's answer (GET or POST). */
  oauthStart: get('/v1/auth/public/oauth/:provider/start'),
  oauthCallback: get('/v1/auth/public/oauth/:provider/callback'),
  oauthCallbackPost: post('/v1/auth/public/oauth/:provider/callback'),
  oauthLink: post('/v1/auth/public/oauth/link'),
} as const;
