/**
 * The card processor's side of the signed exchange with the gateway: the same scheme as the KYC
 * provider (HMAC-SHA256 of `<unix seconds>.<raw body>`), under the processor's own secret
 * (CARD_CALLBACK_SECRET).
 */
export { SIGNATURE_HEADER, TIMESTAMP_HEADER, sign, signedHeaders, verify } from '../kyc/signer.js';
