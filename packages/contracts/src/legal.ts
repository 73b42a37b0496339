import { z } from 'zod';
import { get, post } from './endpoint.js';

/**
 * The exchange's own legal and about pages, whose text the operator sets per language
 * (`npm run ops -- legal ...`). The footer links here when no office website is configured.
 */
export const LEGAL_DOCUMENTS = [
  'service-terms',
  'privacy-policy',
  'trading-rules',
  'about-us',
  'law-enforcement',
] as const;
export const legalDocumentSlug = z.enum(LEGAL_DOCUMENTS);
export type LegalDocumentSlug = z.infer<typeof legalDocumentSlug>;

/**
 * The documents a user agrees to when signing up. A new version of one (the operator's
 * `legal publish --new-version`) asks every user to agree again before going on.
 */
export const AGREEMENTS = ['service-terms', 'privacy-policy'] as const;
export const agreementSlug = z.enum(AGREEMENTS);
export type AgreementSlug = z.infer<typeof agreementSlug>;

export const legalDocument = z.object({
  slug: legalDocumentSlug,
  version: z.number().int().positive(),
  language: z.string().describe('The language of the text: the reader’s, or English'),
  fallback: z.boolean().describe('True when the reader’s language has no text of this version'),
  title: z.string(),
  body: z.string().describe('Paragraphs separated by blank lines; "## " headings; "- " items'),
  publishedAt: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocument>;

export const legalDocumentParams = z.strictObject({ slug: legalDocumentSlug });

/** One agreement at one version: what a user agreed to. */
export const agreementVersion = z.strictObject({
  slug: agreementSlug,
  version: z.number().int().positive(),
});
export type AgreementVersion = z.infer<typeof agreementVersion>;

/** The agreements in force, with their titles in the reader's language (for the sign-up form). */
export const currentAgreements = z.array(agreementVersion.extend({ title: z.string() }).strip());
export type CurrentAgreements = z.infer<typeof currentAgreements>;

/** The agreements in force that the user has not agreed to yet (empty: nothing to ask). */
export const pendingAgreements = z.array(
  agreementVersion
    .extend({
      title: z.string(),
      agreedVersion: z
        .number()
        .int()
        .nullable()
        .describe('The newest earlier version the user agreed to; null: none (a new account)'),
    })
    .strip(),
);
export type PendingAgreements = z.infer<typeof pendingAgreements>;

export const acceptAgreementsRequest = z.strictObject({
  accepted: z.array(agreementVersion).min(1).max(AGREEMENTS.length),
});

export const LEGAL_ENDPOINTS = {
  document: get('/v1/legal/public/documents/:slug'),
  agreements: get('/v1/legal/public/agreements'),
  pending: get('/v1/legal/agreements/pending'),
  accept: post('/v1/legal/agreements/accept'),
} as const;
